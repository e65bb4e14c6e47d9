"""Hand-built All Hands on Deck! views in the brief's exact format, for the render tests,
the bench and the sample images."""

from __future__ import annotations

import copy
from typing import Any

NAMES6 = ["Anne Bonny", "Blackbeard", "Calico Jack", "Mary Read", "Ching Shih", "Henry Morgan"]


def player(
    status: str = "waiting", bid_cards: int = 0, immune: bool = False, skip: bool = False
) -> dict[str, Any]:
    return {"status": status, "bid_cards": bid_cards, "immune": immune, "skip_deal": skip}


def base(n: int = 4, **over: Any) -> dict[str, Any]:
    """A spectator view in the middle of a bidding round."""
    v: dict[str, Any] = {
        "game": "all-hands",
        "seat": None,
        "n": n,
        "hand_no": 1,
        "hands_total": 1,
        "round": 3,
        "round_limit": 100,
        "longer_game": False,
        "scores": [0] * n,
        "target": None,
        "dealer": 0,
        "phase": "bid",
        "to_act": [2 % n],
        "auction_card": "SS7",
        "deck": 61,
        "discard": ["ST2", "RUM", "BV9"],
        "players": [player() for _ in range(n)],
        "bids": None,
        "resolved": [],
        "pending": None,
        "pending_seat": None,
        "last_auction": {
            "card": "BV4",
            "winner": 1,
            "text": "Blackbeard won Black Viper 4 Carpenter with a bid of 9.",
        },
        "log": ["Blackbeard won Black Viper 4 Carpenter with a bid of 9."],
        "result": None,
        "names": NAMES6[:n],
    }
    v["players"][1] = player("bid", 2)
    if n > 3:
        v["players"][3] = player("waiting", immune=True)
    v.update(over)
    return v


def bidding(n: int = 4) -> dict[str, Any]:
    return base(n)


def revealed(n: int = 4) -> dict[str, Any]:
    """After the reveal: bids face up, a Shady Deal choice pending."""
    v = base(
        n,
        phase="resolve",
        to_act=[2 % n],
        pending="{name} chooses a card to give for the Shady Deal",
        pending_seat=2 % n,
    )
    v["players"] = [player("passed") for _ in range(n)]
    v["players"][0] = player("bid", 3)
    v["players"][1] = player("bid", 2, skip=True)
    v["players"][2 % n] = player("bid", 1)
    v["bids"] = [
        {"seat": 0, "cards": ["SS5", "ST8", "SHADY"], "value": 18},
        {"seat": 1, "cards": ["SS9", "BRAWL"], "value": 18},
        {"seat": 2 % n, "cards": ["BV2"], "value": 2},
    ]
    v["resolved"] = [
        "Blackbeard's Tavern Brawl: Anne Bonny is dealt no card and may not bid next round."
    ]
    v["players"][0]["skip_deal"] = True
    v["players"][1]["skip_deal"] = False
    return v


def discard(n: int = 4) -> dict[str, Any]:
    v = base(n, phase="discard", to_act=list(range(n)), auction_card=None, round=7)
    v["players"] = [player("passed") for _ in range(n)]
    v["players"][0] = player("bid", 2)
    v["bids"] = [{"seat": 0, "cards": ["ST8", "RUM"], "value": 8}]
    v["resolved"] = [
        "Anne Bonny's Rum wins the auction outright.",
        "Anne Bonny took Sea Sabre 7 Navigator.",
    ]
    v["last_auction"] = None
    return v


def over(n: int = 4, longer: bool = True) -> dict[str, Any]:
    v = base(n, phase="over", to_act=[], auction_card=None, round=12)
    v["longer_game"] = longer
    v["hands_total"] = 5 if longer else 1
    v["hand_no"] = 3 if longer else 1
    v["target"] = 250 if longer else None
    v["scores"] = [262, 140, 98, 187, 75, 33][:n] if longer else [0] * n
    v["result"] = {
        "winners": [0],
        "scores": v["scores"],
        "reason": "Anne Bonny reached 250 points first."
        if longer
        else "Anne Bonny mustered seven Stormsail crew in a row: ALL HANDS ON DECK!",
    }
    return v


def six() -> dict[str, Any]:
    v = base(
        6, longer_game=True, hands_total=5, hand_no=2, target=250, scores=[44, 120, 12, 87, 0, 65]
    )
    v["players"][4] = player("brawled")
    v["players"][5] = player("passed")
    v["players"][0] = player("bid", 4, immune=True)
    v["dealer"] = 5
    return v


def seat_view(
    public: dict[str, Any],
    seat: int,
    hand: list[str],
    my_bid: list[str] | None = None,
    choice: dict[str, Any] | None = None,
) -> dict[str, Any]:
    v = copy.deepcopy(public)
    v["seat"] = seat
    v["hand"] = hand
    v["my_bid"] = my_bid or []
    v["choice"] = choice
    v["hand_size"] = len(hand)
    return v


HAND14 = [
    "ST4",
    "ST6",
    "ST7",
    "ST7",
    "SS2",
    "SS3",
    "SS5",
    "SS9",
    "BV6",
    "BV7",
    "BV8",
    "MONKEY",
    "RUM",
    "KING",
]


def big_hand() -> dict[str, Any]:
    return seat_view(base(4), 2, HAND14, my_bid=["SS5", "RUM"])


def choice_hand() -> dict[str, Any]:
    return seat_view(
        revealed(4),
        2,
        ["ST1", "ST2", "ST3", "SS10", "BV5", "EIGHT"],
        choice={
            "kind": "give",
            "prompt": "Choose a card to give to Anne Bonny for her Shady Deal.",
            "cards": ["ST1", "ST2", "ST3", "SS10", "BV5", "EIGHT"],
        },
    )

"""Game night without typing (issue 14). Autocomplete lists what was typed at the start first
("3" lists 3, 30-39 before 23), then what holds it elsewhere, each group in the game's own
order: the move lists and the games' own lists of cards, tiles and figures alike. And the
turn prompts point to the **My hand / act** button first, the command as the shortcut."""

from __future__ import annotations

import time

import engine
from cogs.games.neuroshima import ADAPTER as hex_adapter
from cogs.games.pirate_tricks import ADAPTER as tricks_adapter
from cogs.games.seafarers import ADAPTER as catan_adapter
from cogs.games.sewer_pirats import ADAPTER as sewer_adapter
from cogs.look.actions import choices
from engine.all_hands.cards import ALL_CODES as ALL_HANDS_CODES
from engine.core import Action
from engine.pirate_tricks.cards import sort_cards as sort_tricks
from engine.table import Table
from tests.cogs.flows import boards, open_table, table_of, waiting_user
from tests.cogs.harness import FakeUser, Harness
from tests.cogs.test_neuroshima import open_hex
from tests.cogs.test_pirate_tricks import open_tricks
from tests.cogs.test_seafarers import open_catan
from tests.cogs.test_sewer_pirats import open_sewer

ALL_HANDS = engine.get_game("all-hands")
CREW = [f"{s}{r}" for s in ("ST", "SS", "BV") for r in range(1, 11)]


def bids(most: int) -> list[Action]:
    return [Action("bid", {"amount": k}, f"Bid {k} loon (sealed)") for k in range(most + 1)]


def test_typing_3_lists_3_and_30_to_39_before_13_and_23() -> None:
    names = [name for name, _ in choices(bids(45), "3")]
    assert names[:11] == ["Bid 3 loon (sealed)"] + [f"Bid {k} loon (sealed)" for k in range(30, 40)]
    assert names[11:] == ["Bid 13 loon (sealed)", "Bid 23 loon (sealed)", "Bid 43 loon (sealed)"]


def test_a_label_that_starts_with_the_typed_word_comes_first() -> None:
    moves = [Action("send", {}, "Send the offer"),
             Action("discard", {}, "Discard the Legend"),
             Action("end", {}, "End your turn")]
    assert [n for n, _ in choices(moves, "end")] == \
        ["End your turn", "Send the offer", "Discard the Legend"]
    assert [n for n, _ in choices(moves, "the leg")] == ["Discard the Legend"]
    assert [n for n, _ in choices(moves, "")] == [a.label for a in moves]


def test_the_first_25_are_the_best_matches_not_the_first_found() -> None:
    many = [Action("bid", {"amount": k}, f"Bid {k}") for k in range(100, 140)]
    many += [Action("bid", {"amount": 9}, "Bid 9")]
    assert choices(many, "9")[0][0] == "Bid 9"
    assert len(choices(many, "1")) == 25


# -- through Discord: the games' own lists of cards, tiles and figures -----------------------
#
# Each test deals a seat the cards or tiles it names (taken from where they lie, the seat's
# old ones put back, so no card is doubled or lost) and types what a player types.


def _take(card: str, piles: list[list[str]]) -> str:
    """Remove one ``card`` from the first pile that holds it."""
    pile = next(p for p in piles if card in p)
    pile.remove(card)
    return card


async def _deal_all_hands(h: Harness, user: FakeUser, cards: list[str]) -> None:
    """All Hands on Deck!: ``user`` holds exactly ``cards``; the old hand goes to the deck."""
    table = await table_of(h)
    seat = table.seat_of(str(user.id))

    def deal(t: Table) -> None:
        s = t.state
        s.deck.extend(s.hands[seat])
        piles = [s.deck, s.discard] + [hand for k, hand in enumerate(s.hands) if k != seat]
        s.hands[seat] = [_take(c, piles) for c in cards]

    await h.bot.store.mutate(table.key, deal, time.time())


async def test_typing_r_in_ahod_bid_lists_rum_first(h: Harness) -> None:
    alice, bob = h.user("alice"), h.user("bob")
    await open_table(h, alice, bob)
    first = await waiting_user(h, alice, bob)
    await _deal_all_hands(h, first, ["ST2", "SS7", "BV9", "MERMAID", "MONKEY", "RUM"])
    offered = await h.autocomplete(first, "ahod bid", "cards", "r")
    # Rum starts with r; Stormsail 2 Swabbie, Sea Sabre 7 Navigator, Black Viper 9
    # Quartermaster, Mermaid and Pirate Monkey only hold an r, so they follow in hand order
    assert [c["value"] for c in offered] == ["RUM", "ST2", "SS7", "BV9", "MERMAID", "MONKEY"]
    assert offered[0]["name"].startswith("Rum (value")


async def test_typing_t_in_ahod_discard_with_all_40_cards_lists_the_pirate_king_near_the_top(
    h: Harness,
) -> None:
    """The 25 shown used to be the first 25 cards holding a t (Stormsail...), never The
    Pirate King; now the names starting with t come first: Tavern Brawl, The Pirate King."""
    alice, bob = h.user("alice"), h.user("bob")
    await open_table(h, alice, bob)
    first = await waiting_user(h, alice, bob)
    other = bob if first is alice else alice
    hand = (await table_of(h)).view(ALL_HANDS, (await table_of(h)).seat_of(str(first.id)))
    crew = next(c for c in hand["hand"] if c in CREW)
    assert (await h.slash(first, "ahod bid", cards=crew)).text.startswith("Done:")
    assert (await h.slash(other, "ahod pass")).text.startswith("Done:")
    assert (await table_of(h)).state.phase == "discard"
    await _deal_all_hands(h, first, list(ALL_HANDS_CODES))
    offered = await h.autocomplete(first, "ahod discard", "cards", "t")
    values = [c["value"] for c in offered]
    assert len(values) == 25 and values[:2] == ["BRAWL", "KING"]
    assert offered[1]["name"] == "The Pirate King"


async def test_typing_3_in_tricks_reveal_lists_green_3_before_red_13(h: Harness) -> None:
    """Five players (cards 1 to 20) zero-tie every row; Alice, holding red 13, green 3 and
    no red 3, reveals a card for the tie-break."""
    people = [h.user(n) for n in ("alice", "bob", "carol", "dave", "erin")]
    alice = people[0]
    await open_tricks(h, *people, bots=0)
    for _ in range(20):
        if (await table_of(h)).state.phase == "reveal":
            break
        for user in people:
            if user.id in boards(h)[-1].mentions:
                assert (await h.slash(user, "tricks bid", amount=0)).text.startswith("Done:")
    table = await table_of(h)
    assert table.state.phase == "reveal"
    seat = table.seat_of(str(alice.id))

    def deal(t: Table) -> None:
        s = t.state
        others = [hand for k, hand in enumerate(s.hands) if k != seat] + s.ups + s.downs
        hand = s.hands[seat]
        for want in ("G3", "R13"):
            if want not in hand:
                pile = next(p for p in others if want in p)
                out = next(c for c in hand if c not in ("G3", "R13"))
                pile[pile.index(want)], hand[hand.index(out)] = out, want
        if "R3" in hand:
            pile = next(p for p in others if any(c not in ("R3", "G3", "R13") for c in p))
            swap = next(c for c in pile if c not in ("R3", "G3", "R13"))
            pile[pile.index(swap)], hand[hand.index("R3")] = "R3", swap
        s.hands[seat] = sort_tricks(hand)

    await h.bot.store.mutate(table.key, deal, time.time())
    offered = [c["value"] for c in await h.autocomplete(alice, "tricks reveal", "card", "3")]
    assert offered[0] == "G3" and offered.index("G3") < offered.index("R13"), offered


async def _alice_discards_from(h: Harness, alice: FakeUser, tiles: list[str]) -> None:
    """Neuroshima Hex!: Alice's HQ placed, her first turn ended, and her second turn begun
    with ``tiles`` in hand (three tiles: she must discard one)."""
    await open_hex(h, alice)
    assert (await h.slash(alice, "hex place", tile="HQ", space="W1", rotation=0)).text \
        .startswith("Done:")
    for _ in range(10):
        table = await table_of(h)
        if table.state["phase"] == "discard":
            break
        assert (await h.slash(alice, "hex end")).text.startswith("Done:")
    seat = table.seat_of(str(alice.id))
    assert table.state["phase"] == "discard" and table.state["turn"] == seat

    def deal(t: Table) -> None:
        s = t.state
        s["piles"][seat].extend(s["hands"][seat])
        s["hands"][seat] = [_take(k, [s["piles"][seat]]) for k in tiles]

    await h.bot.store.mutate(table.key, deal, time.time())


async def test_typing_s_in_hex_discard_lists_the_smuggler_before_the_fisherman(
    h: Harness,
) -> None:
    alice = h.user("alice")
    await _alice_discards_from(h, alice, ["p_crocodile", "p_fisherman", "p_smuggler"])
    offered = await h.autocomplete(alice, "hex discard", "tile", "s")
    assert [c["name"] for c in offered] == ["Smuggler", "Fisherman"]


async def test_typing_s_in_hex_place_lists_the_smuggler_before_the_fisherman(
    h: Harness,
) -> None:
    alice = h.user("alice")
    await _alice_discards_from(h, alice, ["p_crocodile", "p_fisherman", "p_smuggler"])
    assert (await h.slash(alice, "hex discard", tile="Crocodile")).text.startswith("Done:")
    offered = await h.autocomplete(alice, "hex place", "tile", "s")
    assert [c["name"] for c in offered] == ["Smuggler", "Fisherman"]
    # and a space list keeps the board's order among equal matches: "w1" lists W1, W10-W12
    spaces = await h.autocomplete(alice, "hex place", "space", "w1", tile="p_smuggler")
    assert [c["name"] for c in spaces] == [s for s in ("W1", "W10", "W11", "W12")
                                           if s in {c["name"] for c in spaces}]


async def test_typing_r_in_sewer_hire_lists_the_raccoon_and_rats_before_the_weasel(
    h: Harness,
) -> None:
    """Every stool's line holds an r ("from the front"): the tribes starting with r come
    first, then the rest, each in the bar's order."""
    alice, bob = h.user("alice"), h.user("bob")
    await open_sewer(h, alice, bob, bots=0, variant="auction")
    bar = (await table_of(h)).state.auction["bar"]
    assert not bar[0].startswith("r"), "the front stool holds no r tribe in this deal"
    first = await waiting_user(h, alice, bob)
    offered = await h.autocomplete(first, "sewer hire", "figure", "r")
    tribes = [c["name"].split(" on stool")[0] for c in offered]
    assert tribes == [t for t in bar if t.startswith("r")] + [t for t in bar if not t.startswith("r")]
    assert offered[0]["value"] == str(bar.index(tribes[0]))


# -- the turn prompts: the panel first, the command as the shortcut ---------------------------

PANEL_FIRST = "(**My hand / act**, or `/"
PROMPT_VIEWS = {
    "pirate-tricks": (tricks_adapter, [
        {"phase": p, "bidding": {"row": 0}}
        for p in ("bid", "reveal", "choose", "ditch", "predict", "play", "other")]),
    "sewer-pirats": (sewer_adapter, [
        {"phase": "tribe"}, {"phase": "auction", "auction": {"paying": True}},
        {"phase": "auction", "auction": {"lot": None}}, {"phase": "auction", "auction": {"lot": 2}},
        {"phase": "play"}]),
    "seafarers": (catan_adapter, [{"phase": p} for p in (
        "harbours", "setup_settlement", "setup_route", "roll", "main", "discard", "gold",
        "robber", "steal", "free_routes", "plenty", "offer", "answers", "confirm", "chip",
        "other")]),
    "neuroshima": (hex_adapter, [{"phase": p} for p in (
        "discard", "drift", "choose", "play")]),
}


def test_every_turn_prompt_names_the_my_hand_act_button_before_the_command() -> None:
    for game, (look, views) in PROMPT_VIEWS.items():
        for view in views:
            prompt = look.prompt(view)
            assert PANEL_FIRST in prompt and prompt.endswith(")."), (game, view, prompt)
    hq = hex_adapter.prompt({"phase": "hq"})
    assert hq.index("**My hand / act**") < hq.index("`/hex place`")


async def test_the_pirate_tricks_turn_message_and_panel_point_to_my_hand_act_first(
    h: Harness,
) -> None:
    alice, bob = h.user("alice"), h.user("bob")
    await open_tricks(h, alice, bob)
    asked = "place your sealed bid on **row 1** (**My hand / act**, or `/tricks bid`)."
    assert asked in boards(h)[-1].content
    panel = (await h.click(alice, boards(h)[-1], "My hand / act")).message
    # after "It is your turn." the sentence begins with a capital (issue 22, words)
    assert f"**It is your turn.** P{asked[1:]}" in panel.content


async def test_the_sewer_pirats_turn_message_points_to_my_hand_act(h: Harness) -> None:
    """The engine's own sentence says what is asked (every Sewer Pirats phase has one);
    the turn message then names the button to answer it with."""
    alice, bob = h.user("alice"), h.user("bob")
    await open_sewer(h, alice, bob, bots=0, variant="auction")
    line = next(x for x in boards(h)[-1].content.splitlines() if x.startswith("⏳"))
    assert line.endswith("(**My hand / act**)."), line


async def test_the_seafarers_turn_message_points_to_my_hand_act(h: Harness) -> None:
    alice, bob, carol = h.user("alice"), h.user("bob"), h.user("carol")
    await open_catan(h, alice, bob, carol, bots=0)
    line = next(x for x in boards(h)[-1].content.splitlines() if x.startswith("⏳"))
    assert "founds a start settlement (**My hand / act**)." in line, line
    waiting = alice if alice.id in boards(h)[-1].mentions else bob
    panel = (await h.click(waiting, boards(h)[-1], "My hand / act")).message
    assert "founds a start settlement." in panel.content, "no pointer to the panel in it"
    assert "(**My hand / act**)" not in panel.content

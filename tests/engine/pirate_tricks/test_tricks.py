"""Rulebook "Trick-Taking Time" and "Trick-Taking Rules"."""

from __future__ import annotations

import pytest

from engine.core import IllegalAction
from engine.pirate_tricks import GAME
from engine.pirate_tricks.cards import trick_winner
from engine.pirate_tricks.state import State

from .helpers import act, ditch_first_two, position, to_tricks


def playing(hands: dict[int, list[str]], n: int = 3, leader: int = 0, **kw) -> State:
    """Trick play with these ten-card hands (the rest of the deck ditched or in rows is
    irrelevant: the hands are set directly), ``leader`` holding the Go First marker."""
    s = position(n, **kw)
    to_tricks(s)
    ditch_first_two(s)
    held = {c for h in hands.values() for c in h}
    for t in range(n):
        s.hands[t] = sorted(hands.get(t, s.hands[t]))
        assert not (set(s.hands[t]) & held) or t in hands
    s.marker = s.leader = s.turn = leader
    return s


def test_the_go_first_marker_leads_the_first_trick() -> None:
    s = position(3)
    to_tricks(s, {0: 1, 1: 0, 2: 2})
    assert s.marker == 1
    ditch_first_two(s)
    assert s.phase == "play" and GAME.to_act(s) == {1}
    assert GAME.view(s, None)["pending"] == "{name} leads trick 1"


def test_you_must_follow_the_colour_led_if_you_can() -> None:
    s = playing({0: ["G20", "R9"], 1: ["G9", "B20", "R20"], 2: ["B9", "B10"]})
    act(s, 0, "play", card="G20")
    assert [a.args["card"] for a in GAME.legal_actions(s, 1)] == ["G9"]
    with pytest.raises(IllegalAction, match="You must follow green: you hold green cards"):
        act(s, 1, "play", card="R20")


def test_if_you_cannot_follow_you_may_play_any_card_red_included() -> None:
    s = playing({0: ["G20", "R9"], 1: ["G9", "B20", "R20"], 2: ["B9", "R10"]})
    act(s, 0, "play", card="G20")
    act(s, 1, "play", card="G9")
    assert sorted(a.args["card"] for a in GAME.legal_actions(s, 2)) == ["B9", "R10"]
    act(s, 2, "play", card="R10")
    assert s.tricks == [0, 0, 1]


def test_red_may_be_led() -> None:
    s = playing({0: ["R9", "G20"], 1: ["R12", "G9"], 2: ["B9", "B10"]})
    act(s, 0, "play", card="R9")
    assert [a.args["card"] for a in GAME.legal_actions(s, 1)] == ["R12"]


def test_the_highest_card_of_the_colour_led_takes_a_trick_without_red() -> None:
    """A higher card of another colour does not win: only the colour led counts."""
    assert trick_winner([[0, "G10"], [1, "B20"], [2, "G12"]]) == 2
    assert trick_winner([[0, "B3"], [1, "G20"], [2, "B2"]]) == 0


def test_red_always_trumps_and_the_highest_red_wins() -> None:
    assert trick_winner([[0, "G20"], [1, "R1"], [2, "G19"]]) == 1
    assert trick_winner([[0, "B20"], [1, "R5"], [2, "R14"], [3, "B19"]]) == 2


def test_the_winner_of_a_trick_leads_the_next() -> None:
    s = playing({0: ["G20", "R9"], 1: ["G9", "B20", "R20"], 2: ["B9", "R10"]})
    act(s, 0, "play", card="G20")
    act(s, 1, "play", card="G9")
    act(s, 2, "play", card="B9")
    assert s.tricks == [1, 0, 0] and GAME.to_act(s) == {0}
    assert s.captured[0] == ["G20", "G9", "B9"]
    assert GAME.view(s, None)["last_trick"] == {"no": 1, "winner": 0,
                                               "plays": [[0, "G20"], [1, "G9"], [2, "B9"]]}


def test_play_goes_to_the_left() -> None:
    s = playing({}, n=4, leader=2)
    act(s, 2, "play", card=s.hands[2][0])
    assert GAME.to_act(s) == {3}
    act(s, 3, "play", card=GAME.legal_actions(s, 3)[0].args["card"])
    assert GAME.to_act(s) == {0}


def test_there_are_ten_tricks_in_a_round() -> None:
    s = position(3)
    to_tricks(s)
    ditch_first_two(s)
    assert all(len(h) == 10 for h in s.hands)
    while s.round == 1:
        seat = next(iter(GAME.to_act(s)))
        GAME.apply(s, seat, GAME.legal_actions(s, seat)[0])
    assert sum(s.last_round["tricks"]) == 10


def test_only_the_player_to_play_may_play() -> None:
    s = playing({0: ["G20", "R9"], 1: ["G9", "B20", "R20"], 2: ["B9", "R10"]})
    with pytest.raises(IllegalAction, match="another player's turn to play"):
        act(s, 1, "play", card="G9")


def test_the_last_trick_is_played_for_everyone_as_each_holds_one_card() -> None:
    """Issue 22: in the last trick every captain's only card is forced, so it is played for
    them, in turn from the leader, the moment the ninth trick is taken."""
    import random

    from engine.pirate_tricks.cards import TRICKS

    s = position(3)
    to_tricks(s)
    ditch_first_two(s)
    rng = random.Random(9)
    while not (len(s.winners) == TRICKS - 2 and len(s.trick) == s.n - 1):
        seat = sorted(GAME.to_act(s))[0]
        GAME.apply(s, seat, rng.choice(GAME.legal_actions(s, seat)))
    seat = sorted(GAME.to_act(s))[0]
    card = GAME.legal_actions(s, seat)[0]
    left = {t: [c for c in h if t != seat or c != card.args["card"]]
            for t, h in enumerate(s.hands)}
    assert all(len(h) == 1 for h in left.values()), "one card each for the last trick"
    events = GAME.apply(s, seat, card)
    assert [e.data["no"] for e in events if e.kind == "trick"] == [TRICKS - 1, TRICKS]
    last = [(e.data["seat"], e.data["card"]) for e in events if e.kind == "play"][1:]
    leader = next(e.data["winner"] for e in events if e.kind == "trick")
    assert [t for t, _ in last] == [(leader + i) % s.n for i in range(s.n)]
    assert all([c] == left[t] for t, c in last), "each plays the card they held"
    assert any(e.kind == "score" for e in events), "and the round is scored"

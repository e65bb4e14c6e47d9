"""Trading with the other players (catan-base.md "A turn" 3; engine/seafarers/offers.py):
who acts when an offer is on the table (issue 22, "Formalities hold everyone").

Seat 0 is on turn after the roll; it offers 1 wood for 1 ore. Seats 1 and 2 hold ore,
seat 3 holds none."""

from __future__ import annotations

import json
import random

import pytest

from engine.core import Action, IllegalAction, fill_names
from engine.seafarers import GAME
from engine.seafarers.game import TURN_BOUND
from engine.seafarers.offers import DECISIONS
from engine.seafarers.state import Phase
from tests.contract import canon, check_no_leak, check_round_trip, replay

from .helpers import (
    act,
    build,
    coastal_corner,
    counter,
    give,
    hand,
    kinds,
    main_hexes,
    main_state,
    moves,
)

NAMES = ["Anne", "Bart", "Cora", "Dirk"]


def _offer_wood_for_ore():
    s = main_state(seed="offers")
    give(s, 0, wood=2, wool=1)
    give(s, 1, ore=1, grain=1)
    give(s, 2, ore=2)
    give(s, 3, brick=3)
    act(s, 0, "offer")
    act(s, 0, "offer_give", res="wood")
    act(s, 0, "offer_get", res="ore")
    act(s, 0, "offer_send")
    return s


def test_an_offer_waits_for_nobody_but_the_player_who_made_it() -> None:
    """Nobody else is named, pinged or timed for an offer: the game waits for seat 0
    alone, as in any main phase."""
    s = _offer_wood_for_ore()
    assert s.phase == Phase.MAIN and s.offer is not None
    assert GAME.to_act(s) == frozenset({0})
    assert GAME.view(s, None)["to_act"] == [0] and GAME.view(s, None)["pending_seat"] == 0


def test_answering_is_optional_and_those_who_hold_what_is_asked_may_answer() -> None:
    s = _offer_wood_for_ore()
    for seat in (1, 2):
        assert kinds(s, seat) == {"accept", "decline", "counter"}
    accept = next(a for a in GAME.legal_actions(s, 1) if a.kind == "accept")
    assert accept.label == "Accept: give 1 ore for 1 wood"


def test_a_player_who_cannot_give_what_is_asked_has_nothing_to_answer() -> None:
    """Seat 3 holds no ore: it could never take the offer, so it is offered no accept, no
    decline, nothing; a typed "accept" gets the reason."""
    s = _offer_wood_for_ore()
    assert GAME.legal_actions(s, 3) == []
    before = GAME.dump(s)
    with pytest.raises(IllegalAction, match="You do not hold what this offer asks for"):
        GAME.apply(s, 3, Action("accept", {}))
    assert GAME.dump(s) == before


def test_the_offerer_trades_with_the_one_who_accepted() -> None:
    s = _offer_wood_for_ore()
    act(s, 1, "accept")
    assert [a["seat"] for a in moves(s, 0, "trade")] == [1]
    assert "withdraw" in kinds(s, 0) and "end" in kinds(s, 0)  # he may also go on
    events = act(s, 0, "trade", seat=1)
    assert hand(s, 0)["wood"] == 1 and hand(s, 0)["ore"] == 1
    assert hand(s, 1)["wood"] == 1 and hand(s, 1)["ore"] == 0
    assert s.offer is None and s.phase == Phase.MAIN and GAME.to_act(s) == frozenset({0})
    assert [e.text for e in events] == ["{p0} trades 1 wood for 1 ore with {p1}."]


def test_the_offerer_picks_among_several_who_accepted() -> None:
    s = _offer_wood_for_ore()
    act(s, 1, "accept")
    act(s, 2, "accept")
    assert [a["seat"] for a in moves(s, 0, "trade")] == [1, 2]
    act(s, 0, "trade", seat=2)
    assert hand(s, 2) == {"wood": 1, "brick": 0, "wool": 0, "grain": 0, "ore": 1}
    assert hand(s, 1)["ore"] == 1  # seat 1 keeps its ore: the offer is over
    assert GAME.legal_actions(s, 1) == []


def test_the_offerer_trades_on_a_counter_offer() -> None:
    s = _offer_wood_for_ore()
    counter(s, 2, {"ore": 2}, {"wood": 2})
    assert [a["seat"] for a in moves(s, 0, "trade")] == [2]
    act(s, 0, "trade", seat=2)
    assert hand(s, 0)["ore"] == 2 and hand(s, 0)["wood"] == 0


def test_the_offerer_may_withdraw_the_offer() -> None:
    s = _offer_wood_for_ore()
    act(s, 1, "accept")
    events = act(s, 0, "withdraw")
    assert s.offer is None and [e.text for e in events] == ["{p0} withdraws the offer."]
    assert GAME.legal_actions(s, 2) == []
    with pytest.raises(IllegalAction, match="no trade offer open"):
        GAME.apply(s, 2, Action("decline", {}))


@pytest.mark.parametrize(("kind", "args"), [
    ("bank", {"give": "wood", "get": "brick"}),  # (4 wood below)
    ("end", {}),
    ("offer", {}),
])
def test_going_on_with_the_turn_ends_the_offer(kind: str, args: dict) -> None:
    """Any other move of the offerer (a bank trade, the end of his turn, a new offer)
    ends the offer first: nobody can take it any more."""
    s = _offer_wood_for_ore()
    give(s, 0, wood=2)
    act(s, 1, "accept")
    events = act(s, 0, kind, **args)
    assert events[0].text == "{p0} goes on: the trade offer is closed."
    assert s.offer is None or s.offer["answers"][1] is None  # a new offer starts afresh
    for seat in (1, 2):
        assert not kinds(s, seat) & {"accept", "decline", "counter"}
    assert "trade" not in kinds(s, 0)
    if kind == "end":
        assert s.phase == Phase.ROLL and s.turn == 1


def test_a_player_answers_an_offer_once() -> None:
    s = _offer_wood_for_ore()
    act(s, 1, "decline")
    assert GAME.legal_actions(s, 1) == []
    with pytest.raises(IllegalAction, match="answered this offer already"):
        GAME.apply(s, 1, Action("accept", {}))


def test_a_counter_offer_being_put_together_ends_with_the_offer() -> None:
    s = _offer_wood_for_ore()
    act(s, 2, "counter")
    act(s, 2, "counter_give", res="ore")
    assert GAME.to_act(s) == frozenset({0})  # still nobody but the offerer is waited for
    act(s, 0, "withdraw")
    with pytest.raises(IllegalAction, match="no trade offer open"):
        GAME.apply(s, 2, Action("counter_send", {}))


def test_the_offer_in_words_says_what_is_given_and_asked_by_whom_and_the_answers() -> None:
    """The line that says what the game waits for carries the offer (the turn message,
    the private panel where others answer it, the board)."""
    s = _offer_wood_for_ore()
    act(s, 1, "accept")
    counter(s, 2, {"ore": 2}, {"wood": 2})
    v = GAME.view(s, 3)
    text = fill_names(v["pending"], NAMES, v["pending_seat"])
    assert text.startswith("Anne offers 1 wood for 1 ore (Bart accepts; Cora counters "
                           "with 2 ore for 2 wood). Anyone holding 1 ore may accept")
    assert "if they wish" in text and "withdraws or goes on" in text
    assert v["offer"]["answers"] == ["offerer", "accept", "counter", None]


def test_the_house_rule_answers_at_once_for_those_who_ended_their_turn_so() -> None:
    """A player who ended his turn letting the house rule answer (as computer players
    do) has the offer answered the moment it is sent, in the open; a plain end takes him
    out of it."""
    s = main_state(seed="house")
    for seat in range(4):
        kind = "end_auto" if seat in (1, 2) else "end"
        s.turn, s.phase = seat, Phase.MAIN
        act(s, seat, kind)
    assert s.house_rule == [False, True, True, False]
    assert GAME.view(s, None)["players"][1]["house_rule"]
    s.turn, s.phase = 0, Phase.MAIN
    give(s, 0, ore=1)
    give(s, 1, wool=1)  # seat 1 saves for a development card: it needs its one wool
    build(s, 2, coastal_corner(s, main_hexes(s)))
    give(s, 2, grain=2, ore=2, wool=2)  # seat 2 lacks an ore for a city, wool is spare
    give(s, 3, wool=1)  # seat 3 answers for itself
    act(s, 0, "offer")
    act(s, 0, "offer_give", res="ore")
    act(s, 0, "offer_get", res="wool")
    events = [e.text for e in act(s, 0, "offer_send")]
    assert s.offer["answers"][1:] == ["decline", "accept", None]
    assert events == ["{p0} offers 1 ore for 1 wool.", "{p2} accepts the offer."]
    assert kinds(s, 3) == {"accept", "decline", "counter"}
    assert GAME.to_act(s) == frozenset({0})
    s.turn, s.phase, s.offer = 1, Phase.MAIN, None
    act(s, 1, "end")
    assert not s.house_rule[1]


def test_our_decisions_on_offers_are_in_the_game_rules() -> None:
    text = GAME.rules_text({})
    for line in DECISIONS:
        assert line in text


def test_a_game_saved_while_an_offer_waited_for_every_answer_loads_with_it_open() -> None:
    """Schema 2 waited for every answer ("answers") and then for the offerer ("confirm"):
    such a game loads in the main phase with the offer open and its answers kept."""
    s = _offer_wood_for_ore()
    act(s, 1, "accept")
    old = GAME.dump(s)
    old["schema"] = 2
    old["phase"] = "answers"
    del old["house_rule"]
    loaded = GAME.load(json.loads(canon(old)))
    assert loaded.phase == Phase.MAIN and loaded.house_rule == [False] * 4
    assert GAME.to_act(loaded) == frozenset({0})
    assert [a["seat"] for a in moves(loaded, 0, "trade")] == [1]
    old["phase"] = "confirm"
    assert GAME.load(json.loads(canon(old))).phase == Phase.MAIN


def _play_with_answers(n: int, seed: str) -> tuple[object, list[tuple[int, Action]]]:
    """A random game in which, besides the seats waited for, every other seat with an
    optional answer gives one at random most of the time; the contract's checks on the way
    whenever an offer is open (dump/load, views, the leak test)."""
    s = GAME.setup(n, {}, seed)
    rnd = random.Random(seed)
    log: list[tuple[int, Action]] = []
    checked = 0
    while GAME.result(s) is None:
        waiting = sorted(GAME.to_act(s))
        assert len(waiting) >= 1
        optional = [p for p in range(n) if p not in waiting and GAME.legal_actions(s, p)]
        seat = rnd.choice(optional) if optional and rnd.random() < 0.8 else rnd.choice(waiting)
        legal = GAME.legal_actions(s, seat)
        if seat != s.turn and any(a.kind == "counter_give" for a in legal):
            # putting a counter-offer together: it is seldom dropped, and sent once whole
            legal = [a for a in legal if a.kind != "decline"] or legal
            legal = [a for a in legal if a.kind == "counter_send"] or legal
        action = rnd.choice(legal)
        GAME.apply(s, seat, action)
        log.append((seat, action))
        if s.offer is not None and checked < 40:
            checked += 1
            check_round_trip(GAME, s, n)
            check_no_leak(GAME, s, n, rnd)
        assert len(log) < GAME.max_actions
    return s, log


@pytest.mark.parametrize("n", [3, 4])
def test_random_games_with_optional_answers_end_and_replay(n: int) -> None:
    """Random games end within the bound and replay from their log, with every kind of
    answer given along the way (a few games, until each has been met)."""
    met: set[str] = set()
    for k in range(8):
        seed = f"answers-{n}-{k}"
        s, log = _play_with_answers(n, seed)
        assert GAME.result(s) is not None and len(log) < s.round * n * TURN_BOUND
        assert canon(GAME.dump(replay(GAME, n, seed, {}, log))) == canon(GAME.dump(s))
        met |= {a.kind for _, a in log}
        if {"accept", "decline", "counter_send", "trade", "withdraw"} <= met:
            break
    assert {"accept", "decline", "counter_send", "trade", "withdraw"} <= met

"""The discard step (rulebook "7. DISCARD": "all Captains have the option to discard any
number of cards from their hand as desired ... play cannot continue until they all finish")
and issue 22, "Formalities hold everyone": keeping every card is one move, and a captain may
choose once for all to skip his discard steps unless he opens one.

Captains are seats; in these two- and three-seat positions seat 0 deals, so seat 1 bids
first and the dealer last.
"""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from engine.all_hands import GAME
from engine.all_hands.ai import ai_action
from engine.all_hands.cards import build_deck
from engine.all_hands.state import BID, DISCARD, all_cards
from engine.core import Action
from tests.contract import check_no_leak, check_round_trip, replay

from .helpers import act, canon, kinds, pass_, position, private, refused

SETTINGS = {"auto_keep_on", "auto_keep_off", "open_discard"}


def _to_discard_step(s) -> None:
    """Every captain passes: the auction card is discarded and the discard step begins."""
    while s.phase == BID:
        (seat,) = GAME.to_act(s)
        pass_(s, seat)


def _label(s, seat: int, kind: str) -> str:
    return next(a.label for a in GAME.legal_actions(s, seat) if a.kind == kind)


# -- one click keeps everything ------------------------------------------------------------


def test_keeping_all_my_cards_is_one_move_that_ends_my_discard() -> None:
    s = position(3, {1: ["SS5", "SS6"], 2: ["BV1"], 0: ["ST2"]}, auction="BV9")
    _to_discard_step(s)
    assert s.phase == DISCARD and GAME.to_act(s) == {0, 1, 2}
    assert _label(s, 1, "discard_done") == "Keep all my cards"
    act(s, 1, "discard_done")
    assert GAME.to_act(s) == {0, 2}
    assert s.hands[1] == ["SS5", "SS6"]
    assert "discard_done" not in kinds(s, 1) and "discard" not in kinds(s, 1)


def test_after_discarding_some_cards_keep_all_my_cards_keeps_the_rest() -> None:
    s = position(2, {1: ["SS5", "SS6", "BV1"], 0: ["ST2"]}, auction="BV9")
    _to_discard_step(s)
    act(s, 1, "discard", card="BV1")
    act(s, 1, "discard_done")
    assert s.hands[1] == ["SS5", "SS6"] and GAME.to_act(s) == {0}


def test_the_discard_step_still_waits_for_every_captain_who_has_not_finished() -> None:
    s = position(3, {1: ["SS5"], 2: ["BV1"], 0: ["ST2"]}, auction="BV9")
    _to_discard_step(s)
    act(s, 1, "discard_done")
    act(s, 2, "discard_done")
    assert s.phase == DISCARD and GAME.to_act(s) == {0}, "play cannot continue until all finish"
    act(s, 0, "discard_done")
    assert s.phase == BID and s.round == 2


# -- the standing choice ----------------------------------------------------------------------


def test_the_standing_choice_is_offered_beside_keep_all_my_cards_in_the_discard_step() -> None:
    s = position(3, {1: ["SS5"], 2: ["BV1"], 0: ["ST2"]}, auction="BV9")
    assert not kinds(s, 1) & SETTINGS, "a captain who never uses it sees no more moves"
    _to_discard_step(s)
    assert _label(s, 2, "auto_keep_on") == \
        "Keep all my cards, and skip my discard steps from now on"


def test_the_standing_choice_keeps_my_cards_now_and_skips_my_next_discard_steps() -> None:
    s = position(3, {1: ["SS5", "SS6"], 2: ["BV1"], 0: ["ST2"]}, auction="BV9")
    _to_discard_step(s)
    events = act(s, 1, "auto_keep_on")
    assert private(events, 1) and s.auto_keep[1]
    assert GAME.to_act(s) == {0, 2} and s.hands[1] == ["SS5", "SS6"], "kept, one click"
    for round_no in (2, 3, 4):
        act(s, 0, "discard_done")
        act(s, 2, "discard_done")
        _to_discard_step(s)
        assert s.round == round_no and s.phase == DISCARD
        assert GAME.to_act(s) == {0, 2}, "seat 1 keeps their cards without being asked"
    assert s.hands[1][:2] == ["SS5", "SS6"] and len(s.hands[1]) == 5  # 2 + 3 dealt


def test_when_every_captain_skips_the_discard_step_the_next_round_is_dealt_at_once() -> None:
    s = position(2, {1: ["SS5"], 0: ["ST2"]}, auction="BV9",
                 deck=["BV1", "ST9", "RUM", "BV3", "SS9", "MERMAID"])
    _to_discard_step(s)
    act(s, 1, "auto_keep_on")
    act(s, 0, "auto_keep_on")
    assert s.phase == BID and s.round == 2
    pass_(s, 0)  # seat 1 deals round 2: seat 0 bids first
    pass_(s, 1)
    assert s.phase == BID and s.round == 3 and len(s.hands[1]) == 3


def _choice_on(s, seat: int) -> None:
    """Seat turns the standing choice on in this round's discard step; the others keep
    their cards, and the next round's bidding begins."""
    _to_discard_step(s)
    act(s, seat, "auto_keep_on")
    for t in sorted(GAME.to_act(s)):
        act(s, t, "discard_done")
    assert s.phase == BID


def test_the_standing_choice_can_be_undone_on_my_turn_to_bid_and_i_am_asked_again() -> None:
    s = position(3, {1: ["SS5"], 2: ["BV1"], 0: ["ST2"]}, auction="BV9")
    _choice_on(s, 1)
    while 1 not in GAME.to_act(s):
        pass_(s, min(GAME.to_act(s)))
    assert "auto_keep_on" not in kinds(s, 1)
    assert _label(s, 1, "auto_keep_off") == "Ask me at every discard step again"
    act(s, 1, "auto_keep_off")
    assert not s.auto_keep[1]
    _to_discard_step(s)
    assert GAME.to_act(s) == {0, 1, 2}


# -- opening a discard step -------------------------------------------------------------------


def test_opening_the_discard_step_when_the_choice_is_on_lets_me_discard() -> None:
    s = position(3, {1: ["SS5", "BV1"], 2: ["BV2"], 0: ["ST2"]}, auction="BV9")
    s.auto_keep[1] = True  # chosen in an earlier round
    assert _label(s, 1, "open_discard") == "Open my discard step this round"
    act(s, 1, "open_discard")
    assert "open_discard" not in kinds(s, 1)
    _to_discard_step(s)
    assert 1 in GAME.to_act(s)
    act(s, 1, "discard", card="BV1")
    act(s, 1, "discard_done")
    assert s.hands[1] == ["SS5"] and "BV1" in s.discard


def test_an_opened_discard_step_is_for_that_round_only() -> None:
    s = position(2, {1: ["SS5"], 0: ["ST2"]}, auction="BV9")
    s.auto_keep[1] = True  # chosen in an earlier round
    act(s, 1, "open_discard")
    _to_discard_step(s)
    assert GAME.to_act(s) == {0, 1}
    act(s, 1, "discard_done")
    act(s, 0, "discard_done")
    assert s.round == 2 and s.auto_keep[1] and not s.opened[1]
    _to_discard_step(s)
    assert GAME.to_act(s) == {0}, "the choice is still on: the next step is skipped again"


def test_a_skipped_discard_step_can_be_opened_after_all_while_others_still_discard() -> None:
    s = position(3, {1: ["SS5", "BV1"], 2: ["BV2"], 0: ["ST2"]}, auction="BV9")
    s.auto_keep[1] = True  # chosen in an earlier round
    _to_discard_step(s)
    assert GAME.to_act(s) == {0, 2}
    assert kinds(s, 1) == {"open_discard", "auto_keep_off"}, "not waited for, but he may open it"
    assert _label(s, 1, "open_discard") == "Open my discard step after all"
    act(s, 1, "open_discard")
    assert GAME.to_act(s) == {0, 1, 2}
    act(s, 1, "discard", card="BV1")
    act(s, 1, "discard_done")
    assert s.auto_keep[1], "the standing choice stays on for the next rounds"


def test_asking_to_be_asked_again_reopens_a_skipped_step_that_still_runs() -> None:
    s = position(3, {1: ["SS5"], 2: ["BV2"], 0: ["ST2"]}, auction="BV9")
    s.auto_keep[1] = True  # chosen in an earlier round
    _to_discard_step(s)
    assert _label(s, 1, "auto_keep_off") == \
        "Ask me at every discard step again, starting with this one"
    act(s, 1, "auto_keep_off")
    assert GAME.to_act(s) == {0, 1, 2}


def test_the_settings_wait_for_their_moment_and_say_why() -> None:
    s = position(3, {1: ["SS5"], 2: ["BV2"], 0: ["ST2"]}, auction="BV9")
    assert refused(s, 1, "auto_keep_on").startswith(
        "You can choose to skip your discard steps in a discard step you are in.")
    assert refused(s, 1, "open_discard").startswith(
        "You are asked at every discard step already.")
    s.auto_keep = [True, True, True]
    assert refused(s, 1, "auto_keep_on").startswith(
        "Your discard steps are already skipped unless you open one.")
    assert refused(s, 2, "auto_keep_off").startswith(
        "You can change how you discard on your turn to bid.")
    act(s, 1, "open_discard")
    assert refused(s, 1, "open_discard").startswith(
        "You have opened your discard step this round already.")
    assert "malformed" in refused(s, 1, "auto_keep_off", now=True)


# -- the choice is the captain's own ----------------------------------------------------------


def test_my_discard_settings_are_mine_alone_until_the_step_starts() -> None:
    s = position(3, {1: ["SS5", "BV1"], 2: ["BV2"], 0: ["ST2"]}, auction="BV9")
    s.auto_keep[1] = True  # chosen in an earlier round
    seen = {seat: canon(GAME.view(s, seat)) for seat in (None, 0, 2)}
    events = act(s, 1, "open_discard")
    assert all(e.to == frozenset({1}) for e in events), "nothing public"
    assert {seat: canon(GAME.view(s, seat)) for seat in (None, 0, 2)} == seen
    mine = GAME.view(s, 1)
    assert mine["auto_keep"] is True and mine["discard_opened"] is True
    check_no_leak(GAME, s, 3, random.Random(1))
    world = GAME.determinize(s, 2, random.Random(2))
    assert world.auto_keep == [False, False, False] and world.opened == [False] * 3
    own = GAME.determinize(s, 1, random.Random(3))
    assert own.auto_keep[1] and own.opened[1]


def test_keep_all_with_the_standing_choice_looks_like_keep_all_to_the_others() -> None:
    plain = position(3, {1: ["SS5"], 2: ["BV2"], 0: ["ST2"]}, auction="BV9")
    chosen = GAME.clone(plain)
    _to_discard_step(plain)
    _to_discard_step(chosen)
    events = act(chosen, 1, "auto_keep_on")
    assert all(e.to == frozenset({1}) for e in events), "nothing public"
    assert not act(plain, 1, "discard_done")
    for seat in (None, 0, 2):
        assert canon(GAME.view(chosen, seat)) == canon(GAME.view(plain, seat))


def test_the_others_learn_who_still_discards_when_the_step_starts() -> None:
    s = position(3, {1: ["SS5"], 2: ["BV2"], 0: ["ST2"]}, auction="BV9")
    s.auto_keep[1] = True  # chosen in an earlier round
    _to_discard_step(s)
    assert GAME.view(s, None)["to_act"] == [0, 2]
    check_no_leak(GAME, s, 3, random.Random(4))


def test_the_settings_are_not_taken_back_by_consent_but_changed_back_by_their_owner() -> None:
    from engine import undo

    s = position(3, {1: ["SS5"], 2: ["BV2"], 0: ["ST2"]}, auction="BV9")
    _to_discard_step(s)
    why = undo.refusal(GAME, s, 1, Action("auto_keep_on", {}), 3)
    assert why == ("That move cannot be taken back: it is a setting of yours: change it "
                   "back yourself with the opposite button.")


# -- the computer captain ---------------------------------------------------------------------


def test_the_computer_captain_leaves_the_settings_alone() -> None:
    s = position(3, {1: ["SS5", "BV1"], 2: ["BV2", "ST9"], 0: ["ST2", "SS1"]}, auction="BV9")
    rng = random.Random(5)
    s.auto_keep[1] = True  # a person's seat, now played by the computer
    while GAME.result(s) is None and s.round < 4:
        for seat in range(3):
            action = ai_action(s, seat, rng)
            if seat not in GAME.to_act(s):
                assert action is None or action.kind == "call_cheat"
                continue
            assert action is not None and action.kind not in SETTINGS
        seat = min(GAME.to_act(s))
        GAME.apply(s, seat, ai_action(s, seat, rng))
    assert s.auto_keep == [False, True, False]


# -- random games ---------------------------------------------------------------------------


def _playout(n: int, seed: str, choice: str) -> int:
    """A random game to its end. ``choice``: "on" (every captain turns the standing choice on
    at his first discard step), "off" (nobody does) or "random" (the settings are random
    moves like any other, and captains skipped in a discard step now and then open it)."""
    s = GAME.setup(n, {"round_limit": 50}, seed)
    rng = random.Random(seed)
    log: list[tuple[int, Action]] = []
    steps = 0
    while GAME.result(s) is None:
        waiting = sorted(GAME.to_act(s))
        assert waiting, "not over, but waiting for nobody"
        seat = rng.choice(waiting)
        legal = GAME.legal_actions(s, seat)
        if choice == "random" and s.phase == DISCARD and rng.random() < 0.2:
            skipped = [t for t in range(n) if t not in waiting and GAME.legal_actions(s, t)]
            if skipped:
                seat = rng.choice(skipped)
                legal = GAME.legal_actions(s, seat)
        if choice == "on" and Action("auto_keep_on", {}) in legal:
            action = Action("auto_keep_on", {})
        elif choice == "off" or (choice == "on" and s.phase != DISCARD):
            action = ai_action(s, seat, rng, "easy") if rng.random() < 0.5 else None
            action = action or rng.choice([a for a in legal if a.kind not in SETTINGS])
        else:
            action = rng.choice(legal)
        assert action in legal
        GAME.apply(s, seat, action)
        log.append((seat, action))
        assert Counter(all_cards(s)) == Counter(build_deck())
        steps += 1
        if steps % 97 == 0:
            check_round_trip(GAME, s, n)
            check_no_leak(GAME, s, n, rng)
        assert steps <= GAME.max_actions
    if choice == "on":
        assert all(s.auto_keep)
        assert not [a for _, a in log if a.kind in ("discard", "discard_done")], \
            "nobody was ever asked to discard"
    if choice == "off":
        assert any(a.kind == "discard_done" for _, a in log)
    assert canon(GAME.dump(replay(GAME, n, seed, {"round_limit": 50}, log))) == \
        canon(GAME.dump(s))
    json.dumps(GAME.view(s, None))
    return steps


@pytest.mark.parametrize("choice", ["on", "off", "random"])
@pytest.mark.parametrize("n", [2, 4, 6])
def test_random_games_with_the_standing_choice_on_and_off_end(n: int, choice: str) -> None:
    for k in range(3):
        _playout(n, f"discard-{choice}-{n}-{k}", choice)

"""What each seat may see, the worlds re-dealt for it, and random games' invariants."""

from __future__ import annotations

import json
import random

from engine.pirate_tricks import GAME
from engine.pirate_tricks.cards import deck_for
from engine.pirate_tricks.decisions import DECISIONS
from engine.pirate_tricks.scorecards import CARDS
from engine.pirate_tricks.state import State, round_cards

from .helpers import bids, position


def test_loon_is_behind_the_screen_only_its_owner_sees_it() -> None:
    s = position(3, loon=[12, 31, 5])
    assert "loon" not in GAME.view(s, None)
    assert GAME.view(s, 1)["loon"] == 31
    assert "31" not in json.dumps(GAME.view(s, 0))


def test_the_face_down_cards_of_a_row_are_seen_only_by_its_taker() -> None:
    s = position(3, downs={0: ["B20", "G19"]})
    bids(s, {0: 0, 1: 3, 2: 0})
    assert {"B20", "G19"} <= set(GAME.view(s, 1)["hand"])
    for seat in (None, 0, 2):
        text = json.dumps(GAME.view(s, seat))
        assert "B20" not in text and "G19" not in text
    assert GAME.view(s, None)["rows"][0] == {"up": s.ups[0], "down": 0, "loon": 0, "owner": 1}


def test_the_hand_is_sorted_by_colour_and_number() -> None:
    s = position(3, hands={0: ["B9", "R20", "G10", "R9", "G9"]})
    assert GAME.view(s, 0)["hand"] == ["R9", "R20", "G9", "G10", "B9"]


def test_a_players_view_shows_what_his_hand_scores_on_the_recruitment_cards_now() -> None:
    s = position(3, hands={0: ["R9", "R10", "G9", "B11", "B12"]},
                 recruit=("gang_of_two", "partners"))
    assert GAME.view(s, 0)["recruit_now"] == [
        {"card": "gang_of_two", "loon": 2, "cards": ["R9", "R10", "B11", "B12"]},
        {"card": "partners", "loon": 2, "cards": ["R9", "G9"]},
    ]


def test_hand_sizes_are_public_but_hands_are_not() -> None:
    s = position(3)
    bids(s, {0: 2, 1: 0, 2: 0})
    v = GAME.view(s, None)
    assert v["hand_sizes"] == [12, 5, 5] and "hand" not in v


def _check_world(s: State, w: State, seat: int | None) -> None:
    """A world keeps what ``seat`` knows and what everybody knows, and all the cards."""
    assert sorted(round_cards(w)) == sorted(deck_for(s.n))
    for t in range(s.n):
        assert len(w.hands[t]) == len(s.hands[t]) and len(w.ditched[t]) == len(s.ditched[t])
        if t == seat:
            assert w.hands[t] == s.hands[t] and w.ditched[t] == s.ditched[t]
        assert set(s.shown[t]) <= set(w.hands[t])
        assert set(s.known[t]) <= set(w.hands[t]) | set(w.ditched[t])
        assert not any(c[0] in s.voids[t] for c in w.hands[t]), "a void colour was dealt"
    assert w.ups == s.ups and w.loon == s.loon


def test_worlds_keep_known_cards_voids_and_card_counts() -> None:
    rng = random.Random(11)
    checked = 0
    for k in range(12):
        n = 3 + k % 3
        s = GAME.setup(n, {}, f"worlds-{k}")
        step = 0
        while GAME.result(s) is None:
            if step % 5 == 0:
                for seat in [None, *range(n)]:
                    _check_world(s, GAME.determinize(s, seat, rng), seat)
                    checked += 1
            seat = rng.choice(sorted(GAME.to_act(s)))
            GAME.apply(s, seat, rng.choice(GAME.legal_actions(s, seat)))
            step += 1
    assert checked > 500


def test_worlds_redraw_the_sealed_bids_of_others() -> None:
    s = position(3)
    bids(s, {0: 9})
    rng = random.Random(2)
    seen = {GAME.determinize(s, 1, rng).bids[0] for _ in range(40)}
    assert len(seen) > 3 and all(0 <= b <= 12 for b in seen)
    assert {GAME.determinize(s, 0, rng).bids[0] for _ in range(5)} == {9}


def test_random_games_conserve_cards_and_never_owe_loon() -> None:
    rng = random.Random(5)
    for k in range(15):
        n = 3 + k % 3
        s = GAME.setup(n, {"rounds": 3 + k % 3}, f"invariants-{k}")
        while GAME.result(s) is None:
            assert sorted(round_cards(s)) == sorted(deck_for(n))
            assert min(s.loon) >= 0
            seat = rng.choice(sorted(GAME.to_act(s)))
            GAME.apply(s, seat, rng.choice(GAME.legal_actions(s, seat)))


def test_the_rules_text_lists_every_score_card_and_every_decision() -> None:
    text = GAME.rules_text({"rounds": 5})
    assert "after **5 rounds**" in text
    for card in CARDS.values():
        assert card.name in text
    for decision in DECISIONS:
        assert decision in text

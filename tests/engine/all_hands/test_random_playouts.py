"""Random playouts for 2-6 captains, both game lengths: invariants at every step.

Seats play random legal moves, some seats play the heuristic captain (so hands are also won
by a crew, not only by the round limit), and now and then a captain who is not being waited
for calls a Pirate Cheat. At every step: all 108 cards are somewhere, the dump round-trips,
and a move that is not legal raises IllegalAction and changes nothing.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from engine.all_hands import GAME
from engine.all_hands.ai import ai_action
from engine.all_hands.cards import ALL_CODES, build_deck
from engine.all_hands.state import all_cards
from engine.core import Action, IllegalAction

FULL = Counter(build_deck())
KINDS = ("bid_add", "bid_remove", "discard", "give", "tribute", "plunder", "resolve",
         "mermaid_keep", "king_keep", "cheat_keep", "honor_keep")


def _illegal_move(s, seat: int, rng: random.Random) -> Action:
    legal = set(GAME.legal_actions(s, seat))
    for _ in range(50):
        r = rng.random()
        if r < 0.4:
            action = Action(rng.choice(KINDS), {"card": rng.choice(ALL_CODES)})
        elif r < 0.6:
            action = Action(rng.choice(("call_cheat", "brawl")), {"target": rng.randrange(-1, 8)})
        elif r < 0.8:
            action = Action(rng.choice(("cutpurse", "eight")),
                            {"seat": rng.randrange(s.n), "card": rng.choice(ALL_CODES)})
        else:
            action = Action(rng.choice(("pass", "bid_confirm", "forfeit", "discard_done",
                                        "king_done", "cutpurse_none", "cheat_keep_none")), {})
        if action not in legal:
            return action
    return Action("no-such-move", {})


def play(n: int, longer: bool, seed: str) -> tuple[int, str]:
    s = GAME.setup(n, {"longer": longer, "round_limit": 50}, seed)
    rng = random.Random(seed)
    ai_seats = {t for t in range(n) if rng.random() < 0.5}
    steps = 0
    while GAME.result(s) is None:
        waiting = sorted(GAME.to_act(s))
        assert waiting, "not over, but waiting for nobody"
        seat = rng.choice(waiting)
        if rng.random() < 0.03:
            others = [t for t in range(n) if t not in waiting and GAME.legal_actions(s, t)]
            if others:
                seat = rng.choice(others)
        legal = GAME.legal_actions(s, seat)
        assert legal and all(a.label for a in legal)
        # a move that is not legal changes nothing
        dumped = GAME.dump(s)
        bad = _illegal_move(s, seat, rng)
        with pytest.raises(IllegalAction):
            GAME.apply(s, seat, bad)
        assert GAME.dump(s) == dumped
        assert GAME.dump(GAME.load(dumped)) == dumped
        if seat in ai_seats and seat in waiting:
            action = ai_action(s, seat, rng, "easy")
            assert action in legal
        else:
            action = rng.choice(legal)
        GAME.apply(s, seat, action)
        assert Counter(all_cards(s)) == FULL
        steps += 1
        assert steps <= GAME.max_actions
    assert GAME.to_act(s) == frozenset()
    result = GAME.result(s)
    assert result["winners"] and len(result["scores"]) == n
    return steps, result["reason"]


@pytest.mark.parametrize("longer", [False, True], ids=["short", "longer"])
@pytest.mark.parametrize("n", range(2, 7))
def test_random_playouts_conserve_cards_round_trip_and_refuse_illegal_moves(
    n: int, longer: bool
) -> None:
    endings = []
    for k in range(6 if not longer else 2):
        steps, reason = play(n, longer, f"playout-{n}-{longer}-{k}")
        endings.append(reason)
    assert all(endings)

"""The generic platform checks for 2 to 5 players in all three variants: random playouts to
the end with the contract checked on the way (legal moves apply, others are refused and
change nothing, views and dumps are JSON, dump/load round trips, nothing hidden in any
view), replay of the action log, and the components conserved at every step."""

from __future__ import annotations

import random

import pytest

from engine.sewer_pirats import GAME
from engine.sewer_pirats.state import PLAY, all_cards, all_tokens
from tests.contract import canon, check_no_leak, play_random, replay

from .helpers import position

VARIANTS = ("standard", "landlubber", "auction")
CASES = [(v, n) for v in VARIANTS for n in range(2, 6)]


@pytest.mark.parametrize(("variant", "n"), CASES)
def test_random_playouts_end_keep_the_contract_and_hide_what_is_hidden(
    variant: str, n: int
) -> None:
    state, log = play_random(GAME, n, f"platform-{variant}-{n}", {"variant": variant},
                             check_every=9, leak_every=11)
    assert GAME.result(state)["winners"]
    assert len(log) < GAME.max_actions
    again = replay(GAME, n, f"platform-{variant}-{n}", {"variant": variant}, log)
    assert canon(GAME.dump(again)) == canon(GAME.dump(state))


@pytest.mark.parametrize("variant", VARIANTS)
def test_cards_tokens_and_figures_are_conserved_at_every_step(variant: str) -> None:
    for n in (2, 5):
        s = GAME.setup(n, {"variant": variant}, f"conserve-{variant}-{n}")
        rng = random.Random(n)
        while GAME.result(s) is None:
            seat = min(GAME.to_act(s))
            GAME.apply(s, seat, rng.choice(GAME.legal_actions(s, seat)))
            assert all_cards(s) == [18, 18, 18]
            assert len(all_tokens(s)) == 56
            assert all(min(h) >= 0 for h in s.hands)
            if s.phase == PLAY:
                aboard = sum(1 for sp in s.ships for f in sp if f is not None)
                assert aboard + sum(len(h) for h in s.home) == 4 * n
                captains = [sp[3][0] for sp in s.ships if sp[3] is not None]
                assert len(captains) == len(set(captains))  # never two captains


def test_the_others_see_how_many_treasure_tokens_a_player_has_never_which() -> None:
    s = position(3, groups={ship: [["fries-1", "fries-1", "noodles-2", "chili"]] * 2
                            for ship in ("cat", "bird", "fish")})
    s.treasure[1] = ["can-9", "opener", "fries-2"]
    spectator = GAME.view(s, None)
    other = GAME.view(s, 0)
    assert spectator["players"][1]["booty"] == 2 and spectator["players"][1]["bonus"] == 1
    for v in (spectator, other):
        text = canon(v)
        assert "can-9" not in text and "opener" not in text
        assert "treasure" not in v or v["seat"] == 0
    own = GAME.view(s, 1)
    assert own["treasure"] == ["fries-2", "can-9", "opener"]
    assert own["score"]["total"] == 9 + 2


def test_talisman_hands_are_private_only_their_sizes_show() -> None:
    s = GAME.setup(4, {}, "hands")
    for seat in range(4):
        v = GAME.view(s, seat)
        assert sorted(v["hand"]) == sorted(["cat"] * s.hands[seat][0] + ["bird"] *
                                           s.hands[seat][1] + ["fish"] * s.hands[seat][2])
        assert [p["hand"] for p in v["players"]] == [3, 3, 4, 4]
    assert "hand" not in GAME.view(s, None)
    check_no_leak(GAME, s, 4, random.Random(3))


def test_determinized_worlds_keep_every_count_the_seat_can_see() -> None:
    s, _ = play_random(GAME, 4, "worlds", {}, check_every=10_000)
    s = GAME.setup(4, {}, "worlds")
    rng = random.Random(7)
    for _ in range(60):
        seat = min(GAME.to_act(s))
        GAME.apply(s, seat, rng.choice(GAME.legal_actions(s, seat)))
    w = GAME.determinize(s, 2, random.Random(1))
    assert w.hands[2] == s.hands[2] and w.treasure[2] == s.treasure[2]
    assert [sum(h) for h in w.hands] == [sum(h) for h in s.hands]
    assert len(w.deck) == len(s.deck) and sum(w.discard) == sum(s.discard)
    assert all_cards(w) == [18, 18, 18] and sorted(all_tokens(w)) == sorted(all_tokens(s))
    assert w.seed != s.seed

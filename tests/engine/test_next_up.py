"""Who is next (the Game contract's optional ``next_up`` hook, issue 24's heads-up): for each
of the five games, in random games from fixed seeds, whenever the hook names a seat, the
next player to hold a turn of their own after the one on turn now is that seat; it names
nobody while several seats act at once; and a game without the hook answers None.

Whose turn it is depends on each game's own turn holder (the seat a round of bids, the
tricks, a Catan turn or a Neuroshima turn is at), read from the state below: the steps
inside a turn that ask someone else (a 7's discards, a sailing's seizures, a tie bid) are
not turns."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

from engine import GAMES
from engine.core import next_up
from engine.seafarers.state import Phase


def _all_hands(s: Any) -> int | None:
    return s.turn if s.phase == "bid" and s.pending is None and s.turn >= 0 else None


def _pirate_tricks(s: Any) -> int | None:
    return s.turn if s.phase in ("predict", "play") else None


def _sewer_pirats(s: Any) -> int | None:
    return s.turn if s.phase in ("play", "tribe") and s.pending is None else None


def _seafarers(s: Any) -> int | None:
    return None if s.phase in (Phase.DISCARD, Phase.GOLD, Phase.OVER) else s.turn


def _neuroshima(s: Any) -> int | None:
    return s["turn"] if s["phase"] in ("hq", "play", "discard") else None


#: game, player count, options, the turn holder
CASES: list[tuple[str, int, dict, Callable[[Any], int | None]]] = [
    ("all-hands", 4, {}, _all_hands),
    ("pirate-tricks", 4, {}, _pirate_tricks),
    ("sewer-pirats", 4, {}, _sewer_pirats),
    ("sewer-pirats", 3, {"variant": "landlubber"}, _sewer_pirats),
    ("seafarers", 3, {}, _seafarers),
    ("seafarers", 4, {"scenario": "new_world"}, _seafarers),
    ("neuroshima", 2, {}, _neuroshima),
]


def _random_game(game_id: str, n: int, options: dict, seed: str, limit: int
                 ) -> list[tuple[int | None, frozenset[int], Any]]:
    """(next_up, to_act, a copy of the state) at each of the first ``limit`` steps of a
    random game."""
    game = GAMES[game_id]
    state = game.setup(n, options, seed)
    rng = random.Random(seed)
    out = []
    for _ in range(limit):
        waiting = game.to_act(state)
        if not waiting:
            break
        out.append((next_up(game, state), waiting, game.clone(state)))
        seat = rng.choice(sorted(waiting))
        game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
    return out


@pytest.mark.parametrize(("game_id", "n", "options", "holder"), CASES,
                         ids=[f"{c[0]}-{c[1]}-{'-'.join(map(str, c[2].values())) or 'std'}"
                              for c in CASES])
def test_the_seat_named_next_is_the_next_to_hold_a_turn(
    game_id: str, n: int, options: dict, holder: Callable[[Any], int | None],
) -> None:
    named = 0
    for seed in ("next-1", "next-2", "next-3"):
        steps = _random_game(game_id, n, options, seed, 1_500)
        holders = [holder(state) for _, _, state in steps]
        for i, (nxt, waiting, _state) in enumerate(steps):
            if nxt is None:
                continue
            assert len(waiting) == 1, "a seat named next while several act at once"
            now = holders[i]
            assert now is not None and waiting == {now}, (seed, i)
            named += 1
            if nxt == now:  # the snake's turn: the same player founds twice in a row
                continue
            later = next((h for h in holders[i + 1:] if h is not None and h != now), None)
            if later is not None:  # None: the game ended first
                assert later == nxt, (seed, i, now, nxt, later)
    assert named > 20, "the hook named someone in these games"


def test_sealed_bids_and_discards_name_nobody() -> None:
    """Pirate Tricks' rows are bid on by every player at once ("all players then
    simultaneously hold out their hands"), and every player ditches two cards together."""
    game = GAMES["pirate-tricks"]
    for _, _, state in _random_game("pirate-tricks", 4, {}, "sealed", 400):
        if state.phase in ("bid", "ditch", "reveal"):
            assert next_up(game, state) is None


def test_pirate_tricks_after_the_last_prediction_the_go_first_marker_leads() -> None:
    """Rulebook: "The player with the Go First marker leads the first card"."""
    game = GAMES["pirate-tricks"]
    for _, _, state in _random_game("pirate-tricks", 3, {}, "predict", 600):
        if state.phase == "predict" and \
                state.predictions[(state.turn + 1) % state.n] is not None:
            assert next_up(game, state) == state.marker
            return
    raise AssertionError("no last prediction met")


def test_the_last_card_of_a_trick_names_nobody() -> None:
    """The trick's winner leads the next: not known before the last card is played."""
    game = GAMES["pirate-tricks"]
    seen = 0
    for _, _, state in _random_game("pirate-tricks", 3, {}, "trick", 600):
        if state.phase == "play" and len(state.trick) == state.n - 1:
            assert next_up(game, state) is None
            seen += 1
    assert seen


def test_seafarers_founding_goes_in_snake_order_then_the_first_player_rolls() -> None:
    """"1..N, then again N..1": with three players 0 1 2 2 1 0, then seat 0's first turn."""
    named = {}
    for nxt, _, state in _random_game("seafarers", 3, {}, "snake", 40):
        if state.phase in (Phase.SETUP_SETTLE, Phase.SETUP_ROUTE):
            named[state.setup_step] = nxt
    assert named == {0: 1, 1: 2, 2: 2, 3: 1, 4: 0, 5: 0}


def test_neuroshima_the_other_player_is_next_until_the_last_turn_before_the_battle() -> None:
    game = GAMES["neuroshima"]
    state = game.setup(2, {}, "hq")
    assert next_up(game, state) == 1  # the starting player places the HQ, then the other
    state["phase"], state["turn"], state["turns_left"] = "play", 0, 1
    assert next_up(game, state) is None


def test_a_game_without_the_hook_names_nobody() -> None:
    class NoHook:
        pass

    assert next_up(NoHook(), object()) is None  # type: ignore[arg-type]

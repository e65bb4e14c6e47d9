"""The All Hands on Deck! renderer on views from real games: random legal moves from
``GAME.setup(n, {}, seed)`` at 2 to 6 captains, images and text twins drawn in every phase."""

from __future__ import annotations

import io
import json
import random
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest
from PIL import Image

import render
from engine import get_game
from engine.all_hands.cards import HAND_LIMIT, card_name
from tests.contract import play_random

GAME_ID = "all-hands"
GAME = get_game(GAME_ID)
NAMES = ["Anne Bonny", "Blackbeard", "Calico Jack", "Mary Read", "Ching Shih", "Henry Morgan"]
MAX_BYTES = 300 * 1024


def named(view: dict[str, Any], n: int) -> dict[str, Any]:
    """What ``Table.view`` hands the renderer: the game's view plus the seats' names."""
    view["names"] = NAMES[:n]
    return view


def moments(n: int, seed: str, options: dict[str, Any] | None = None) -> Iterator[Any]:
    """States of one random game worth drawing: the first two of every kind of moment
    (phase, bids shown or not, what the game waits for), every 400th move, and the end."""
    state = GAME.setup(n, options or {}, seed)
    rng = random.Random(seed)
    seen: Counter[tuple[Any, ...]] = Counter()
    step = 0
    while True:
        v = GAME.view(state, None)
        over = GAME.result(state) is not None
        # "{name} bids or passes on <card>": one kind of moment whatever the card
        kind = (v["phase"], v["bids"] is not None, (v["pending"] or "").split(" on ")[0])
        seen[kind] += 1
        if over or seen[kind] <= 2 or step % 400 == 0:
            yield state
        if over:
            return
        seat = rng.choice(sorted(GAME.to_act(state)))
        GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
        step += 1


def check_png(data: bytes) -> None:
    assert len(data) < MAX_BYTES
    img = Image.open(io.BytesIO(data))
    img.load()
    assert img.format == "PNG" and img.mode == "P"


@pytest.mark.parametrize(
    ("n", "seed"), [(2, "a"), (2, "c"), (3, "a"), (4, "a"), (4, "b"), (5, "a"), (6, "a")]
)
def test_every_phase_of_a_random_game_draws_and_tells(n: int, seed: str) -> None:
    phases: set[str] = set()
    for state in moments(n, f"render-{n}-{seed}", {"longer": n % 2 == 1}):
        public = named(GAME.view(state, None), n)
        phases.add(public["phase"])
        board = render.draw_board(GAME_ID, public)
        check_png(board)
        text = render.text_board(GAME_ID, public)
        if public["auction_card"]:
            assert card_name(public["auction_card"]) in text
        for seat in range(n):
            assert f"**{NAMES[seat]}**" in text
        for bid in public["bids"] or []:
            assert f"value **{bid['value']}**" in text
        if public["result"]:
            assert "Game over" in text
        seat = public["pending_seat"]
        if seat is None:
            seat = (public["to_act"] or [0])[0]
        mine = named(GAME.view(state, seat), n)
        # a captain's own view draws the very same public board
        assert render.draw_board(GAME_ID, mine) == board
        check_png(render.draw_hand(GAME_ID, mine))
        told = render.text_hand(GAME_ID, mine)
        assert f"{mine['hand_size']} / {HAND_LIMIT} cards" in told
        if mine["choice"]:
            assert mine["choice"]["prompt"].split(":")[0] in told
    assert {"bid", "resolve", "discard", "over"} <= phases


def test_board_views_of_real_games_survive_a_json_round_trip() -> None:
    for state in moments(4, "render-json"):
        public = named(GAME.view(state, None), 4)
        again = json.loads(json.dumps(public))
        assert render.draw_board(GAME_ID, again) == render.draw_board(GAME_ID, public)


@pytest.mark.parametrize("n", [3, 6])
def test_public_board_is_the_same_in_every_world_the_spectator_cannot_tell_apart(n: int) -> None:
    """Leaks: redeal everything hidden (hands, face-down bids, the deck) and the public
    board image must not change by a single byte."""

    def draw_public(view: dict[str, Any]) -> bytes:
        return render.draw_board(GAME_ID, named(view, n))

    play_random(GAME, n, f"render-leak-{n}", draw_public=draw_public, leak_every=120)

"""Every public board as a player first sees it: Discord scales an inline image to fit a box,
about 400 x 300 px inside an embed (issue 22, "The boards are tall"; DESIGN.md, "Rendering").

For every game, at the start, in the middle and at the end of seeded random games (and at
the smallest and the largest table), the board is landscape (width / height >= 1), and
its key lines, who acts and what is asked (the turn line) and the score line, keep
capitals of 7 px or more once the board is scaled into that box. The heights are measured
on the pixels: in each line's band, the rows holding ink from the top of the capitals down
to the baseline (the last row still well inked: the descenders of g, p and y are thin).
"""

from __future__ import annotations

import io
import random
import sys
from collections.abc import Callable
from functools import cache
from importlib import import_module
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

import render
from engine import get_game
from engine.ai import choose
from render.headline import INLINE_BOX, KEY_CAP, inline_scale

NAMES = ["Anne Bonny", "Blackbeard", "Calico Jack", "Mary Read", "Ching Shih", "Henry Morgan"]
Box = tuple[int, int, int, int]

#: (game, players, options): the smallest and the largest table of each game, and the
#: variants that draw a part of their own (the auction's bar, the longer game's scores,
#: Seafarers' smallest map and its widest, the only one whose board the width limits)
TABLES: list[tuple[str, int, dict[str, Any]]] = [
    ("all-hands", 2, {}),
    ("all-hands", 6, {"longer": True, "round_limit": 50}),
    ("seafarers", 3, {}),
    ("seafarers", 4, {}),
    ("seafarers", 3, {"scenario": "classic"}),
    ("seafarers", 4, {"scenario": "greater_catan"}),
    ("neuroshima", 2, {}),
    ("neuroshima", 2, {"armies": "moloch-pirates"}),
    ("pirate-tricks", 3, {}),
    ("pirate-tricks", 5, {}),
    ("sewer-pirats", 2, {"variant": "landlubber"}),
    ("sewer-pirats", 5, {"variant": "auction"}),
]
PHASES = ("start", "middle", "end")

def _play(game_id: str, n: int, options: tuple[tuple[str, Any], ...],
          stop: int | None = None) -> tuple[Any, Any, int]:
    """A random game (the seat to act plays a random legal move, so the game is the same
    on every run), to its end or to ``stop`` moves: (game, state, moves played)."""
    game = get_game(game_id)
    state = game.setup(n, dict(options), f"inline-box-{game_id}-{n}")
    rng = random.Random(22)
    moves = 0
    while game.result(state) is None and moves != stop and moves < 30_000:
        seat = min(game.to_act(state))
        game.apply(state, seat, choose(game, state, seat, rng, "random"))
        moves += 1
    return game, state, moves


@cache
def boards(game_id: str, n: int, options: tuple[tuple[str, Any], ...]) -> dict[str, dict]:
    """Spectator views at the start, in the middle and at the end of a random game."""
    game, start, _ = _play(game_id, n, options, 0)
    _, middle, _ = _play(game_id, n, options, _play(game_id, n, options)[2] // 2)
    _, end, _ = _play(game_id, n, options)
    assert game.result(end) is not None, "the random game did not end"
    picked = {"start": game.view(start, None), "middle": game.view(middle, None),
              "end": game.view(end, None)}
    for view in picked.values():
        view["names"] = NAMES[:n]
    return picked


def cases() -> list[Any]:
    out = []
    for game_id, n, options in TABLES:
        for phase in PHASES:
            tag = "-".join([game_id, str(n), *map(str, options.values()), phase])
            out.append(pytest.param(game_id, n, tuple(options.items()), phase, id=tag))
    return out


def picture(game_id: str, view: dict) -> Image.Image:
    img = Image.open(io.BytesIO(render.draw_board(game_id, view)))
    img.load()
    return img.convert("RGB")


def key_boxes(game_id: str, view: dict) -> dict[str, list[Box]]:
    """The bands of the turn line and the score line, as the board lays them out."""
    board = import_module(render.RENDERERS[game_id] + ".board")
    boxes = board.layout(view)
    return {key: [boxes[key]] for key in ("turn", "score")}


def ink_rows(img: Image.Image, box: Box) -> list[int]:
    """Per row of ``box``, how many pixels differ clearly from the band's own colour (the
    colour most of the band has)."""
    band = img.crop(box)
    colours = band.getcolors(band.width * band.height)
    assert colours
    bg = max(colours)[1]
    px = band.load()
    return [sum(1 for x in range(band.width)
                if max(abs(a - b) for a, b in zip(px[x, y], bg, strict=True)) > 60)
            for y in range(band.height)]


def cap_heights(rows: list[int]) -> list[int]:
    """The height of each line of text in a band, from the top of its capitals to its
    baseline: the lines are the runs of inked rows; a line's baseline is its last row
    inked at a third of its busiest row or more (descenders ink a few columns only)."""
    heights = []
    y = 0
    while y < len(rows):
        if not rows[y]:
            y += 1
            continue
        start = y
        while y < len(rows) and rows[y]:
            y += 1
        run = rows[start:y]
        if len(run) < 4:  # a stray dot, not a line
            continue
        busy = max(run)
        base = max(i for i, c in enumerate(run) if c >= busy / 3)
        heights.append(base + 1)
    return heights


@pytest.mark.parametrize(("game_id", "n", "options", "phase"), cases())
def test_the_board_is_landscape(game_id: str, n: int, options: tuple, phase: str) -> None:
    img = picture(game_id, boards(game_id, n, options)[phase])
    assert img.width / img.height >= 1.0, img.size


@pytest.mark.parametrize(("game_id", "n", "options", "phase"), cases())
def test_whose_turn_and_the_scores_stay_7_px_tall_in_the_inline_box(
        game_id: str, n: int, options: tuple, phase: str) -> None:
    view = boards(game_id, n, options)[phase]
    img = picture(game_id, view)
    scale = inline_scale(*img.size)
    for key, bands in key_boxes(game_id, view).items():
        for box in bands:
            heights = cap_heights(ink_rows(img, box))
            assert heights, f"no text in the {key} line's band {box}"
            shown = [round(h * scale, 2) for h in heights]
            assert min(shown) >= KEY_CAP, (key, box, heights, img.size, shown)


def _measured(game_id: str, n: int, options: tuple, phase: str) -> dict[str, float]:
    view = boards(game_id, n, options)[phase]
    img = picture(game_id, view)
    scale = inline_scale(*img.size)
    return {key: min(h for box in bands for h in cap_heights(ink_rows(img, box))) * scale
            for key, bands in key_boxes(game_id, view).items()}


def test_the_measure_reads_a_known_line_right() -> None:
    """The measure itself, on lines of 33 px bold on the header's wood: capitals measure
    the font's cap height (24 px); a sentence with ascenders and descenders measures its
    ascenders (a pixel taller than the capitals), not the depth of its g, p and y."""
    from render import draw as dr
    from render import palette as pal
    from render.fonts import font

    f = font(33, True)
    _, top, _, bottom = f.getbbox("H")
    for text, expected in (("MARY HEAD", bottom - top),
                           ("▶ Mary Read plays a figure, gets groggy", bottom - top + 1)):
        img = Image.new("RGB", (900, 60), pal.WOOD_DARK)
        dr.pen(img).text((10, 8), text, font=f, fill=pal.GOLD_LIGHT)
        assert cap_heights(ink_rows(img, (0, 0, 900, 60))) == [expected], text


#: the tables of the pictures in docs/boards.md
DOCS_TABLES: list[tuple[str, int, dict[str, Any]]] = [
    ("all-hands", 4, {}), ("seafarers", 4, {}), ("neuroshima", 2, {}),
    ("pirate-tricks", 4, {}), ("sewer-pirats", 4, {}),
]


def write_docs(folder: Path) -> None:
    """docs/boards/<game>-<phase>.png: each board scaled to fit the inline box as Discord
    shows it in an embed (``python -m tests.render.test_inline_box docs``)."""
    folder.mkdir(parents=True, exist_ok=True)
    for game_id, n, options in DOCS_TABLES:
        for phase, view in boards(game_id, n, tuple(options.items())).items():
            img = picture(game_id, view)
            img.thumbnail(INLINE_BOX)
            small = img.quantize(colors=256, method=Image.Quantize.MEDIANCUT)
            small.save(folder / f"{game_id}-{phase}.png", optimize=True)


#: measured figures, printed by ``python -m tests.render.test_inline_box`` for the report
def report(out: Callable[[str], None] = print) -> None:
    for game_id, n, options in TABLES:
        for phase in PHASES:
            view = boards(game_id, n, tuple(options.items()))[phase]
            img = picture(game_id, view)
            try:
                m = _measured(game_id, n, tuple(options.items()), phase)
                said = ", ".join(f"{k} {v:.1f} px" for k, v in m.items())
            except ValueError:
                said = "no text measured"
            out(f"{game_id:13} n={n} {phase:6} {img.width}x{img.height} "
                f"(inline x{inline_scale(*img.size):.3f} of {INLINE_BOX}): {said}")


if __name__ == "__main__":
    if sys.argv[1:] == ["docs"]:
        write_docs(Path(__file__).resolve().parents[2] / "docs" / "boards")
    else:
        report()

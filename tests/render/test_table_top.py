"""The wooden table top every board and hand is drawn on: one top is kept and cut to the
size of each canvas (``render.draw.canvas``), instead of one top per size (the reliability
issue, item 8: 32 tops held 87 MB of a bot's memory)."""

from __future__ import annotations

from render import draw

#: canvases asked in an order that grows the kept top and then asks for smaller ones
SIZES = [(300, 200), (1207, 1228), (87, 86), (1500, 400), (640, 480), (1, 1), (1120, 1164)]


def test_a_canvas_is_the_table_top_drawn_at_its_size() -> None:
    for w, h in SIZES:
        cut = draw.canvas(w, h)
        assert cut.mode == "RGB" and cut.size == (w, h)
        assert cut.tobytes() == draw.wood(w, h).tobytes(), (w, h)


def test_a_canvas_is_a_fresh_image_to_paint_on() -> None:
    first = draw.canvas(200, 100)
    first.paste((255, 0, 0), (0, 0, 200, 100))
    assert draw.canvas(200, 100).tobytes() == draw.wood(200, 100).tobytes()


def test_one_table_top_is_kept_whatever_the_sizes() -> None:
    for k in range(40):
        draw.canvas(400 + 23 * k, 300 + 17 * k)
    assert len(draw._TOP) == 1
    kept = draw._TOP[0]
    assert kept.width <= draw._TOP_MOST and kept.height <= draw._TOP_MOST
    huge = draw.canvas(draw._TOP_MOST + 1, 50)  # drawn afresh, never kept
    assert huge.size == (draw._TOP_MOST + 1, 50)
    assert draw._TOP == [kept]

"""Seafarers images and their text twins, drawn from views only."""

from __future__ import annotations

import io
import random

import pytest
from PIL import Image

import render
from engine.seafarers import GAME

NAMES = ["Anne", "Bart", "Cora", "Dirk"]


def _game(seed: str = "render", moves: int = 400):
    s = GAME.setup(4, {}, seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if GAME.result(s) is not None:
            break
        seat = min(GAME.to_act(s))
        GAME.apply(s, seat, GAME.ai_action(s, seat, rng))
    return s


def _view(s, seat):
    v = GAME.view(s, seat)
    v["names"] = NAMES
    return v


def test_the_board_is_a_png_and_the_same_from_any_seat() -> None:
    s = _game()
    public = render.draw_board("seafarers", _view(s, None))
    assert public.startswith(b"\x89PNG")
    for seat in range(4):
        assert render.draw_board("seafarers", _view(s, seat)) == public
    img = Image.open(io.BytesIO(public))
    # landscape, about the shape of Discord's 400 x 300 inline box (render/headline.py)
    assert 1.0 <= img.width / img.height <= 1.6, img.size


def test_pieces_change_the_board_image() -> None:
    s = GAME.setup(3, {}, "pieces")
    before = render.draw_board("seafarers", _view(s, None))
    a = GAME.legal_actions(s, 0)[0]
    GAME.apply(s, 0, a)
    after = render.draw_board("seafarers", _view(s, None))
    assert before != after


def test_the_text_board_names_players_points_cards_and_holders() -> None:
    s = _game("text", 900)
    text = render.text_board("seafarers", _view(s, None))
    for name in NAMES:
        assert name in text
    assert "VP" in text and "development cards" in text
    if s.road_holder is not None:
        assert "Longest Trade Route" in text
    assert "{p" not in text and "{name}" not in text


def test_the_hand_shows_resources_cards_what_to_build_and_harbours() -> None:
    s = _game("hand", 300)
    v = _view(s, 1)
    text = render.text_hand("seafarers", v)
    assert "Resources:" in text and "Development cards:" in text
    assert "You can build now:" in text and "trade ratios" in text
    assert render.draw_hand("seafarers", v).startswith(b"\x89PNG")


def test_a_hand_is_never_drawn_from_a_public_view() -> None:
    s = _game("nohand", 50)
    with pytest.raises(ValueError):
        render.draw_hand("seafarers", _view(s, None))


def test_hex_names_on_the_image_are_those_of_the_robber_moves() -> None:
    from engine.seafarers.rules import hex_name as engine_name
    from render.seafarers.hexmap import hex_name

    s = GAME.setup(3, {}, "names")
    for i, (q, r) in enumerate(s.board.hexes):
        assert engine_name(s, i).split(" ")[0] == hex_name(q, r)


def test_terrain_words_on_the_image_are_those_of_the_move_labels() -> None:
    """A label's "ore 6" is the hex the image marks ORE with a 6 (the sea, blue, carries its
    hex name only)."""
    from engine.seafarers.board import TERRAIN_WORDS
    from render.seafarers.hexmap import TERRAIN

    assert set(TERRAIN) == set(TERRAIN_WORDS)
    for terrain, (_, word) in TERRAIN.items():
        if terrain == "sea":
            assert word == ""
        else:
            assert word.casefold() == TERRAIN_WORDS[terrain].casefold(), terrain


@pytest.mark.parametrize(("sid", "n"), [("classic", 3), ("new_shores", 4), ("four_islands", 3),
                                        ("four_islands", 4), ("oceans", 3), ("oceans", 4),
                                        ("through_the_desert", 3), ("new_world", 3),
                                        ("new_world", 4),
                                        ("through_the_desert", 4), ("great_crossing", 4),
                                        ("greater_catan", 4)])
def test_every_scenario_draws_its_board(sid: str, n: int) -> None:
    s = GAME.setup(n, {"scenario": sid}, "draw")
    png = render.draw_board("seafarers", _view(s, None))
    img = Image.open(io.BytesIO(png))
    assert png.startswith(b"\x89PNG") and len(png) < 500_000
    assert 1.0 <= img.width / img.height <= 1.6 and img.width <= 1100, img.size
    assert sid.split("_")[-1].title() in render.text_board("seafarers", _view(s, None))


def test_player_colours_are_the_okabe_ito_palette_and_named_in_words() -> None:
    """Colour-blind safe colours (Okabe and Ito's palette: vermillion, blue, bluish green,
    reddish purple), named in the panel and the text twin, and never alone: every piece
    carries its seat number."""
    from render.seafarers.hexmap import PLAYER, PLAYER_NAME

    assert PLAYER == [(213, 94, 0), (0, 114, 178), (0, 158, 115), (204, 121, 167)]
    assert PLAYER_NAME == ["orange", "blue", "green", "pink"]
    s = _game("colours", 200)
    text = render.text_board("seafarers", _view(s, None))
    assert "Anne (orange)" in text and "Dirk (pink)" in text


def _marks(img, fill) -> list[int]:
    """A piece's drawing with its fill colour taken out: 0 where transparent or of the
    player's colour, else 1 (dark: the outline, a dark digit) or 2 (light: a light digit,
    a sail)."""
    px = img.convert("RGBA").load()
    out = []
    for y in range(img.height):
        for x in range(img.width):
            r, g, b, a = px[x, y]
            near = abs(r - fill[0]) + abs(g - fill[1]) + abs(b - fill[2]) < 90
            out.append(0 if a < 128 or near else 1 + ((r + g + b) // 3 > 128))
    return out


def test_every_piece_carries_its_seat_number() -> None:
    """A settlement, a city, a road and a ship each show their seat's digit: with the
    players' colours taken out, seat 1's piece and seat 4's still differ (the digits "1"
    and "4")."""
    from render.seafarers import hexmap as B

    for draw in (lambda p: B.building(p, 1), lambda p: B.building(p, 2), B.seat_disc,
                 B.ship_piece):
        assert _marks(draw(0), B.PLAYER[0]) != _marks(draw(3), B.PLAYER[3])


def test_corner_numbers_only_where_the_player_on_turn_may_build() -> None:
    """The image numbers only the corners of the view's ``places``: fewer labels, each the
    number a move label uses."""
    from engine.seafarers.rules import legal

    s = GAME.setup(4, {"scenario": "four_islands"}, "places")
    v = GAME.view(s, None)
    starts = {a["c"] for k, a in legal(s, 0) if k == "settlement"}
    assert set(v["places"]) == starts and len(starts) < len(v["corners"])
    full = render.draw_board("seafarers", {**_view(s, None), "places": list(range(len(
        v["corners"])))})
    assert render.draw_board("seafarers", _view(s, None)) != full


def test_the_end_of_a_game_shows_a_winner_banner() -> None:
    s = _game("banner", 5000)
    assert GAME.result(s) is not None
    v = _view(s, None)
    winner = NAMES[GAME.result(s)["winners"][0]]
    from render.seafarers.board import banner_text

    assert banner_text(v).startswith(f"{winner} wins with ")
    without = dict(v, result=None)
    assert render.draw_board("seafarers", v) != render.draw_board("seafarers", without)


def test_at_the_end_the_panel_counts_the_victory_point_cards_the_banner_counts() -> None:
    """While the game runs a victory point card is secret, so the panel shows the public
    points; once it is over, every point the winner banner counts, the cards named."""
    s = _game("banner", 5000)
    scores = GAME.result(s)["scores"]
    loser = min(range(4), key=lambda p: scores[p])
    public = GAME.view(s, None)["players"][loser]["vp"]
    s.devs[loser] += ["victory_point", "victory_point"]
    v = _view(s, None)
    assert v["vp_total"][loser] == public + 2
    text = render.text_board("seafarers", v)
    assert f"- {NAMES[loser]} (" in text
    assert f"{public + 2} VP (2 VP cards)" in text
    for p in range(4):
        assert f"{v['vp_total'][p]} VP" in text
    running = {k: val for k, val in v.items() if k != "vp_total"}
    assert f"{public + 2} VP (2 VP cards)" not in render.text_board("seafarers", running)
    assert render.draw_board("seafarers", v) != render.draw_board("seafarers", running)


def test_the_text_board_counts_one_card_one_knight_in_the_singular() -> None:
    """"1 development card, 1 knight", not "1 development cards, 1 knights"."""
    v = _view(_game("singular", 0), None)
    v["players"][0].update(cards=1, devs=1, knights=1)
    line = render.text_board("seafarers", v).splitlines()
    (anne,) = [x for x in line if x.startswith("- Anne")]
    assert "1 card, 1 development card, 1 knight, route" in anne
    assert "0 cards, 0 development cards, 0 knights" in "\n".join(line)


def test_face_down_spaces_are_drawn_as_unknown() -> None:
    """Oceans' empty spaces: the public view shows them "hidden" without a chip, and the
    image gives them their own look (not a terrain's)."""
    from render.seafarers.hexmap import TERRAIN

    s = GAME.setup(3, {"scenario": "oceans"}, "unknown")
    v = GAME.view(s, None)
    hidden = [h for h in v["hexes"] if h[2] == "hidden"]
    assert hidden and all(h[3] == 0 for h in hidden)
    colour, word = TERRAIN["hidden"]
    assert word == "?" and all(colour != c for t, (c, _) in TERRAIN.items() if t != "hidden")


def test_the_text_twin_names_the_harbour_to_place_and_the_face_down_tiles() -> None:
    s = GAME.setup(3, {"scenario": "new_world"}, "twin")
    assert "Harbour to place: " in render.text_board("seafarers", _view(s, None))
    s = GAME.setup(3, {"scenario": "oceans"}, "twin")
    assert "Face down: 14 tiles, 6 number chips" in render.text_board(
        "seafarers", _view(s, None))


def test_the_hand_lists_what_each_piece_costs() -> None:
    """catan-base.md "A turn" 4 and seafarers.txt "To build a ship costs 1 wool and 1
    wood"."""
    s = GAME.setup(3, {}, "costs")
    text = render.text_hand("seafarers", _view(s, 0))
    for cost in ("road = wood + brick", "ship = wood + wool",
                 "settlement = wood + brick + wool + grain", "city = 2 grain + 3 ore",
                 "development card = wool + grain + ore"):
        assert cost in text


def _main_phase(seed: str = "hand-main"):
    """A 3-player classic game at its first seat's trading and building, after the
    founding phase: (state, that seat)."""
    s = GAME.setup(3, {"scenario": "classic"}, seed)
    rng = random.Random(seed)
    while not (s.phase == "main" and s.round > 1):
        seat = min(GAME.to_act(s))
        GAME.apply(s, seat, GAME.ai_action(s, seat, rng))
    return s, s.turn


def test_the_costs_on_the_hand_are_the_ones_the_engine_charges() -> None:
    """The hand's cost table (render) is the engine's: one card per resource to pay."""
    from engine.seafarers.board import RESOURCES
    from engine.seafarers.rules import COST as ENGINE_COST
    from render.seafarers.text import COST

    assert set(COST) == set(ENGINE_COST)
    for kind, cards in COST.items():
        assert tuple(cards.count(r) for r in RESOURCES) == ENGINE_COST[kind], kind


def test_with_wood_and_brick_the_hand_says_a_road_can_be_built_and_what_a_city_lacks() -> None:
    from render.seafarers.text import build_rows

    s, seat = _main_phase()
    s.hands[seat] = [1, 1, 0, 0, 0]
    v = _view(s, seat)
    rows = {r.kind: r for r in build_rows(v)}
    assert rows["road"].ready and rows["road"].held == (True, True)
    assert rows["settlement"].held == (True, True, False, False)
    assert rows["settlement"].status == "needs 1 wool, 1 grain"
    assert rows["city"].status == "needs 2 grain, 3 ore" and not any(rows["city"].held)
    text = render.text_hand("seafarers", v)
    assert "You can build now: road" in text
    assert "- road = wood + brick (" in text and "): can build now" in text
    assert "city = 2 grain + 3 ore (4 left): needs 2 grain, 3 ore" in text


def test_the_base_game_hand_says_ships_are_not_played() -> None:
    """The classic scenario has no ships (scenario_rules.CLASSIC): the ship row says so
    rather than "none left"."""
    s, seat = _main_phase("hand-ships")
    s.hands[seat] = [3, 0, 3, 0, 0]
    text = render.text_hand("seafarers", _view(s, seat))
    assert "ship = wood + wool (not used): not in this scenario" in text


def test_the_hand_image_changes_with_the_cards_held() -> None:
    s, seat = _main_phase("hand-cards")
    s.hands[seat] = [0, 0, 0, 0, 0]
    empty = render.draw_hand("seafarers", _view(s, seat))
    s.hands[seat] = [1, 1, 0, 0, 0]
    some = render.draw_hand("seafarers", _view(s, seat))
    assert empty != some


def test_the_hand_image_is_drawn_at_discords_width() -> None:
    """Drawn 550 px wide, the width Discord shows in the chat, so no text on it is under
    14 px there (render/fonts.py refuses smaller); a few dozen KB."""
    s = _game("hand-size", 600)
    for seat in range(4):
        png = render.draw_hand("seafarers", _view(s, seat))
        img = Image.open(io.BytesIO(png))
        assert img.width == 550 and 450 < img.height < 900 and len(png) < 200_000


def test_a_harbour_a_new_card_and_a_victory_point_card_show_on_the_hand() -> None:
    """What only the hand tells: the harbour's better rate, a card bought this turn (not
    playable before the next), the points of Victory Point cards hidden from the others."""
    s, seat = _main_phase("hand-extras")
    v = _view(s, seat)
    plain = render.draw_hand("seafarers", v)
    v["ratios"] = {**v["ratios"], "wool": 2}
    v["dev_cards"], v["dev_new"] = ["Knight", "Victory Point"], ["Monopoly"]
    v["my_vp"] = v["players"][seat]["vp"] + 1
    text = render.text_hand("seafarers", v)
    assert "Your trade ratios with the bank: wood 4:1, brick 4:1, wool 2:1" in text
    assert "Development cards: 1 Knight, 1 Victory Point (bought this turn, to play from " \
           "your next turn: 1 Monopoly)" in text
    assert "(1 from Victory Point cards, hidden from the others)" in text
    assert render.draw_hand("seafarers", v) != plain


def test_the_hand_says_when_the_game_waits_for_that_player() -> None:
    s = GAME.setup(3, {"scenario": "new_world"}, "hand-wait")
    assert "Waiting for you: Anne places the " in render.text_hand("seafarers", _view(s, 0))
    assert "Waiting for you" not in render.text_hand("seafarers", _view(s, 1))


def test_cards_for_a_road_off_turn_or_before_the_roll_say_when_it_can_be_built() -> None:
    """Building waits for the player's own turn after the roll (catan-base.md "A turn"):
    off turn the hand says "on your turn", never "can build now"."""
    from render.seafarers.text import build_rows

    s, seat = _main_phase("hand-off-turn")
    other = (seat + 1) % 3
    s.hands[other] = [1, 1, 0, 0, 0]
    rows = {r.kind: r for r in build_rows(_view(s, other))}
    assert not rows["road"].ready and rows["road"].status == "on your turn"
    assert "You can build now: nothing (on your turn, with these cards: road)" in \
        render.text_hand("seafarers", _view(s, other))
    rng = random.Random(3)
    while not (s.phase == "roll" and s.turn == other):  # on the turn, before the roll
        seat = min(GAME.to_act(s))
        GAME.apply(s, seat, GAME.ai_action(s, seat, rng))
    s.hands[other] = [1, 1, 0, 0, 0]
    road = next(r for r in build_rows(_view(s, other)) if r.kind == "road")
    assert not road.ready and road.status == "after you roll"


# -- The Great Crossing and Greater Catan -------------------------------------------------------


def _crossed():
    """A Great Crossing board with one trade line: red's three ships from red's settlement
    in the west to blue's in the east (tests/engine/seafarers/test_great_crossing.py draws
    the rulebook's cases; this is case 1)."""
    from engine.seafarers.state import Phase
    from tests.engine.seafarers.test_great_crossing import _crossing, _ship, _ships

    s = GAME.setup(4, {"scenario": "great_crossing"}, "drawn-line")
    s.phase, s.turn, s.setup_step = Phase.MAIN, 0, 8
    s.homes, s.pirate = [[1], [2], [1], [2]], None
    x, y, way = _crossing(s, 3)
    s.buildings[x], s.buildings[y] = [0, 1], [1, 1]
    _ships(s, 0, way[:-1])
    _ship(s, 0, way[-1])
    return s, x, y, way


def _near(png: bytes, xy: tuple[float, float], colour: tuple[int, int, int],
          tol: int = 12) -> bool:
    """Is the pixel at ``xy`` of that colour (give or take the quantizing of the PNG)?"""
    got = Image.open(io.BytesIO(png)).convert("RGB").getpixel((round(xy[0]), round(xy[1])))
    return all(abs(a - b) <= tol for a, b in zip(got, colour, strict=True))


def _inner_corners(s, x: int, way: list[int]) -> list[int]:
    """The corners of a way from ``x`` between two of its edges (clear of the ships drawn
    at the edges' middles and of the buildings at its ends)."""
    out = [x]
    for e in way:
        a, d = s.board.edges[e]
        out.append(d if a == out[-1] else a)
    return out[1:-1]


def test_the_great_crossing_board_shows_each_trade_line_and_who_holds_its_chip() -> None:
    """The line is drawn along its way, gold while someone holds its chip (grey for a
    tie), and the chip, "+1", lies under the holder's exit settlement; the text twin names
    the line and its holder."""
    from render import palette as pal
    from render.seafarers.board import map_geometry
    from render.seafarers.hexmap import line_chips

    s, x, y, way = _crossed()
    v = dict(_view(s, None), places=[])  # no corner numbers over the line's corners
    (line,) = v["trade_lines"]
    assert line_chips(v) == [(0, x, 1, -1)]
    png = render.draw_board("seafarers", v)
    g = map_geometry(v)
    tie = dict(v, trade_lines=[dict(line, holder=None, chip=None)])
    tied = render.draw_board("seafarers", tie)
    inner = _inner_corners(s, x, way)
    assert inner
    for c in inner:  # where two ships of the line meet: the band shows between them
        assert _near(png, g.corner_xy(v["corners"][c]), pal.GOLD_LIGHT)
        assert _near(tied, g.corner_xy(v["corners"][c]), (160, 160, 160))
    bx, by = g.corner_xy(v["corners"][x])  # the chip under red's settlement
    assert _near(png, (bx, by + 14), pal.GOLD, tol=30)
    assert not _near(render.draw_board("seafarers", tie), (bx, by + 14), pal.GOLD, tol=30)
    assert render.draw_board("seafarers", dict(v, trade_lines=[])) not in (png, tied)
    text = render.text_board("seafarers", v)
    assert "Trade line: Anne's settlement to Bart's settlement, 3 pieces: Anne holds its " \
           "chip" in text or "Trade line: Bart's settlement to Anne's settlement, 3 " \
           "pieces: Anne holds its chip" in text
    assert "1 special VP (trade line chip)" in text


def test_a_chip_held_by_a_player_owning_neither_end_lies_beside_the_line() -> None:
    from render.seafarers.hexmap import line_chips

    s, x, y, way = _crossed()
    v = _view(s, None)
    line = dict(v["trade_lines"][0], holder=2, chip=None)
    beside = dict(v, trade_lines=[line])
    assert line_chips(beside) == [(2, None, 1, sorted(way)[1])]
    assert render.draw_board("seafarers", beside) != render.draw_board("seafarers", v)


def test_greater_catan_tiles_without_a_chip_show_where_their_chip_will_come() -> None:
    """A small-island hex without a number chip carries a pale disc with a dashed rim and
    a "?" where its chip will lie; the text twin says what the bag holds (never in its
    order) and which hex a chip is being taken for."""
    from render.seafarers.board import map_geometry
    from render.seafarers.hexmap import NO_CHIP

    s = GAME.setup(4, {"scenario": "greater_catan"}, "to-come")
    v = _view(s, None)
    assert len(v["chips_to_come"]) == 18 and all(v["hexes"][h][3] == 0
                                                 for h in v["chips_to_come"])
    png = render.draw_board("seafarers", v)
    g = map_geometry(v)
    for h in v["chips_to_come"]:
        cx, cy = g.hex_centre(v["hexes"][h])
        assert _near(png, (cx - 10, cy + g.chip_y - 6), NO_CHIP)
    desert = next(i for i, h in enumerate(v["hexes"]) if h[2] == "desert")
    cx, cy = g.hex_centre(v["hexes"][desert])
    assert not _near(png, (cx - 10, cy + g.chip_y - 6), NO_CHIP)  # no chip comes there
    text = render.text_board("seafarers", v)
    assert "Chip bag: 7 chips (2, 3, 4, 5, 9, 10, 11)" in text
    picking = dict(v, chip_bag=[], chip_for=v["chips_to_come"][0])
    assert "Chip bag: empty (chips now come from the main island); a chip is being taken " \
           "for " in render.text_board("seafarers", picking)


# -- the landscape board: the band, the map, the players' column ---------------------------


def _until(phase: str, seed: str = "render"):
    """A 4-player New Shores game of AI moves, stopped at its first ``phase``."""
    s = GAME.setup(4, {}, seed)
    rng = random.Random(seed)
    while s.phase != phase:
        assert GAME.result(s) is None, f"no {phase} phase in this game"
        seat = min(GAME.to_act(s))
        GAME.apply(s, seat, GAME.ai_action(s, seat, rng))
    return s


@pytest.mark.parametrize("sid", ["classic", "new_shores", "four_islands", "oceans",
                                 "through_the_desert", "new_world", "great_crossing",
                                 "greater_catan"])
def test_every_map_is_as_large_as_its_box_allows(sid: str) -> None:
    """The island fills its box on the board in width or in height (or has the largest
    hexes, R); every hex keeps a radius of 40 px or more, its word, chip and name one
    above the other."""
    from engine.seafarers.scenario_rules import SCENARIOS
    from render.seafarers.hexmap import MAP_H, MAP_W, R, geometry

    n = max(SCENARIOS[sid].players)
    g = geometry(GAME.view(GAME.setup(n, {"scenario": sid}, "large"), None)["hexes"])
    assert g.width <= MAP_W and g.height <= MAP_H
    # one pixel more of radius adds 15 to 19 px across, 14 px down
    assert g.r == R or g.width > MAP_W - 19 or g.height > MAP_H - 14, g
    assert g.r >= 40


def test_the_band_says_who_rolls_and_every_players_points() -> None:
    from render.seafarers.board import header_of, plan

    s = _until("roll")
    v = _view(s, None)
    head = header_of(v, plan(v).key)
    assert head.turn == f"▶ {NAMES[s.turn]} rolls the dice (or plays a development card first)"
    assert head.score_label == "VP:"
    assert [(u.name, u.value) for u in head.score] == [
        (NAMES[p], str(v["players"][p]["vp"])) for p in range(4)]
    assert "New Shores · round " in head.info and "13 VP to win" in head.info


def test_at_the_end_the_band_names_the_winner_and_the_final_points() -> None:
    from render.seafarers.board import header_of, plan

    s = _game("banner", 5000)
    result = GAME.result(s)
    v = _view(s, None)
    head = header_of(v, plan(v).key)
    winner = result["winners"][0]
    assert head.turn == f"★ {NAMES[winner]} wins with {result['scores'][winner]} VP!"
    assert head.score_label == "Final VP:"
    assert [u.value for u in head.score] == [str(k) for k in result["scores"]]


def test_the_players_to_discard_are_framed_in_gold_and_told_how_many() -> None:
    """While some players discard, each of them has a gold frame, a ▶ beside his block
    and an orange "discards 4" marker; the others keep a plain frame."""
    from render import palette as pal
    from render.seafarers.board import GUTTER, layout, markers

    s = _until("discard")
    v = _view(s, None)
    png = render.draw_board("seafarers", v)
    boxes = layout(v)
    acting = set(v["to_act"])
    assert acting and len(acting) < 4
    for p in range(4):
        x0, y0, x1, y1 = boxes[f"player{p}"]
        mid = (y0 + y1) / 2
        owed = v["players"][p]["owed"]
        frame_gold = _near(png, (x0 + 1, mid), pal.GOLD, tol=16)
        pointer = any(_near(png, (x0 - GUTTER / 2 + dx, mid), pal.GOLD, tol=40)
                      for dx in range(-4, 5))
        assert frame_gold == pointer == (p in acting), p
        assert (f"discards {owed}" in [m.long for m in markers(v, p)]) == (p in acting)


def test_the_column_counts_cards_and_shows_who_holds_the_markers() -> None:
    """Cards in hand and development cards by number only; Longest Trade Route and
    Largest Army on their holder's block; the short forms when they do not fit."""
    from render.seafarers.board import count_words, markers

    v = _view(_game("markers", 400), None)
    v["players"][2].update(cards=9, devs=2, knights=3, route=6, special=1)
    v["longest"] = v["army"] = 2
    assert count_words(v, 2) == "9 cards · 2 dev · 3 knights · route 6"
    assert [m.long for m in markers(v, 2)] == ["Longest Route", "Largest Army", "+1 island"]
    assert not any(m.long in ("Longest Route", "Largest Army") for m in markers(v, 1))
    full = render.draw_board("seafarers", v)
    assert render.draw_board("seafarers", dict(v, army=None)) != full


def test_the_table_says_the_roll_the_bank_and_the_offer_and_each_block_its_answer() -> None:
    """The offer in the resources' one order (never the order of picking), and on each
    answering player's block his answer."""
    from render.seafarers.board import TABLE_LINES, markers, table_lines

    v = _view(_game("table", 400), None)
    v["dice"] = [5, 1]
    v["offer"] = {"from": 0, "give": {"ore": 1, "wool": 2}, "get": {"brick": 1},
                  "answers": [None, "accept", "decline", "counter"], "counters": {}}
    text = [t for t, _ in table_lines(v)]
    assert text[0] == "Roll: 5 + 1 = 6"
    assert " ".join(text).startswith("Roll: 5 + 1 = 6 Bank: wood ")
    assert "Offer: 2 wool, 1 ore for 1 brick" in text
    assert len(text) <= TABLE_LINES
    answers = ("accepts", "declines", "counters")
    said = [[m.long for m in markers(v, p) if m.long in answers] for p in range(4)]
    assert said == [[], ["accepts"], ["declines"], ["counters"]]


def test_a_long_offer_keeps_the_band_within_the_height_the_key_size_was_set_for() -> None:
    """Two turn lines at the most (the rest cut with "…"), so the board never grows taller
    than the key lines' size allows for in the inline box."""
    from render.headline import INLINE_BOX, KEY_CAP, band_height, cap_height, inline_scale
    from render.seafarers.board import MARGIN, TURN_MOST, _header, layout, plan

    v = _view(_game("long", 400), None)
    v["pending"] = "{name} offers " + "1 wool, " * 40 + "for 1 brick"
    board = plan(v)
    _, lay = _header(v, board)
    assert len(lay.turn_lines) == TURN_MOST and lay.turn_lines[-1].endswith("…")
    height = layout(v)["image"][3]
    assert height <= band_height(board.key, 4) + board.body + 2 * MARGIN
    assert cap_height(board.key) * inline_scale(board.width, height, INLINE_BOX) >= KEY_CAP

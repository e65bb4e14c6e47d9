"""Seafarers: the public board image, landscape for Discord's inline box, drawn from the
view only (what the spectator's view holds: no hand, no development card's identity).

Discord fits an inline image into about 400 x 300 px (render/headline.py), so the board is
laid out for that box, in reading order:

- the header band (render/headline.py): the scenario, the round and the target; the turn
  line, who acts and what is asked (the winner at the end); the score line, every
  player's public victory points (all of them once the game is over) after his seat
  disc. Both key lines keep capitals of 7 px or more in the box.
- on the left, the hex map as large as its box allows (render/seafarers/hexmap.py: terrain
  colours and words, number chips, harbours, the pieces with their seat numbers);
- on the right, a compact column: a block per player, his name on a plate of his colour
  with his settlement (and seat number) and his points, then his cards in hand and
  development cards (counts only), knights and trade route, and his markers (Longest
  Trade Route, Largest Army, special points, the cards he must discard, his answer to an
  offer). The players to act are framed in gold with a ▶ (the winners with a ★ at the
  end). Under the players,
  the table: the last roll, the bank, the development deck, and what the moment or the
  scenario adds (the offer on the table, the harbour to place, the face-down tiles, the
  chip bag, how the game ended).

The map's size follows the scenario's map, so the board's size does too; the key lines'
size is set per map for the tallest band (two turn lines, two score lines).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, NamedTuple

from PIL import Image

from engine.core import counted, fill_names
from render import draw as dr
from render import headline as hl
from render import palette as pal
from render.fonts import font
from render.palette import RGB
from render.seafarers.hexmap import (
    PLAYER,
    PLAYER_INK,
    RES,
    Geometry,
    building,
    geometry,
    map_image,
    names_of,
    seat_disc,
)
from render.seafarers.text import bag_line, points
from render.text import ellipsize, fit, wrap

Box = tuple[int, int, int, int]

TITLE = "CATAN: SEAFARERS"
MARGIN = 12
#: between the map and the column: room for the ▶ that points at a player to act
GUTTER = 26
SIDE_W = 290
#: a player's block: the plate with name and points, a line of counts, a line of markers
BLOCK_H, BLOCK_GAP, BLOCK_PAD = 92, 8, 6
PLATE_H = 30
NAME_SIZE = 18
TEXT_SIZE = 15
#: the table under the players: at most TABLE_LINES lines (its height is kept for them)
TABLE_LH, TABLE_LINES, TABLE_PAD = 19, 6, 10
#: the band's key lines: who acts and what is asked on two lines at most, the scores too
TURN_MOST, SCORE_MOST = 2, 2


@dataclass(frozen=True)
class Plan:
    """The fixed parts of a board's layout, per map and number of players: the map's ``geometry`` (on its own
    picture), the key lines' ``key`` size, the board's ``width`` and the height of its
    ``body`` (the map or the players' column, the taller, without the margins)."""

    geometry: Geometry
    key: int
    width: int
    body: int


def side_height(n: int) -> int:
    """The players' column at its tallest: ``n`` blocks and the table's lines."""
    return n * BLOCK_H + n * BLOCK_GAP + _table_height(TABLE_LINES)


def _table_height(lines: int) -> int:
    return 2 * TABLE_PAD + lines * TABLE_LH


def plan(view: Mapping[str, Any]) -> Plan:
    return _plan(tuple((h[0], h[1]) for h in view["hexes"]), int(view["n"]))


@lru_cache(maxsize=32)
def _plan(positions: tuple[tuple[int, int], ...], n: int) -> Plan:
    g = geometry([list(p) for p in positions])
    width = MARGIN + g.width + GUTTER + SIDE_W + MARGIN
    body = max(g.height, side_height(n))
    key = hl.key_size_above(width, body + 2 * MARGIN, TURN_MOST + SCORE_MOST)
    return Plan(g, key, width, body)


# -- the header band ------------------------------------------------------------------------


def banner_text(view: Mapping[str, Any]) -> str:
    """The winner's words: "Anne wins with 13 VP!" (several: "share the win")."""
    names = names_of(view)
    res = view["result"]
    scores = res.get("scores") or []
    winners = res.get("winners") or []
    who = " and ".join(names[p] for p in winners) or "Nobody"
    score = f" with {scores[winners[0]]} VP" if winners and scores else ""
    verb = "wins" if len(winners) == 1 else "share the win"
    return f"{who} {verb}{score}!"


def turn_words(view: Mapping[str, Any]) -> str:
    """Who acts and what is asked ("▶ Anne rolls the dice (or plays a development card
    first)"), or the winner once the game is over ("★ Anne wins with 13 VP!")."""
    names = names_of(view)
    if view.get("result"):
        return "★ " + banner_text(view)
    if view.get("pending"):
        return "▶ " + fill_names(view["pending"], names, view.get("pending_seat"), "someone")
    return f"▶ {names[int(view['turn'])]} plays"


def header_of(view: Mapping[str, Any], key: int) -> hl.Header:
    """The band: scenario, round and target; the turn line; every player's points after
    his seat disc, as tall as the capitals of the ``key`` size."""
    names = names_of(view)
    info = (f"{view.get('scenario_name', 'Seafarers')} · round {view['round']} · "
            f"{view['target']} VP to win")
    disc = hl.cap_height(key) + 4
    units = tuple(hl.player_unit(seat_disc(p, disc, round(disc * 0.72)), names[p],
                                 str(points(view, p)[0]))
                  for p in range(int(view["n"])))
    label = "Final VP:" if view.get("result") else "VP:"
    return hl.Header(TITLE, info, turn_words(view), units, label)


# -- the layout -----------------------------------------------------------------------------


def _header(view: Mapping[str, Any], board: Plan) -> tuple[hl.Header, hl.HeaderLayout]:
    head = header_of(view, board.key)
    return head, hl.layout_header(head, board.width, board.key, TURN_MOST, SCORE_MOST)


def layout(view: Mapping[str, Any]) -> dict[str, Box]:
    """Where the parts go, as (x0, y0, x1, y1) boxes: "header" (the band) with its key
    lines "turn" and "score"; "map" on the left (centred down the body); on the right
    "player0", "player1", ... and under them "table"; the whole picture is "image"."""
    return _layout(view, table_lines(view))[2]


def _layout(view: Mapping[str, Any], table: list[tuple[str, bool]],
            ) -> tuple[hl.Header, hl.HeaderLayout, dict[str, Box]]:
    board = plan(view)
    head, lay = _header(view, board)
    boxes: dict[str, Box] = {"header": (0, 0, board.width, lay.height), **lay.boxes}
    top = lay.height + MARGIN
    g = board.geometry
    map_y = top + (board.body - g.height) // 2
    boxes["map"] = (MARGIN, map_y, MARGIN + g.width, map_y + g.height)
    x0 = MARGIN + g.width + GUTTER
    y = top
    for p in range(int(view["n"])):
        boxes[f"player{p}"] = (x0, y, x0 + SIDE_W, y + BLOCK_H)
        y += BLOCK_H + BLOCK_GAP
    boxes["table"] = (x0, y, x0 + SIDE_W, y + _table_height(len(table)))
    boxes["image"] = (0, 0, board.width, top + board.body + MARGIN)
    return head, lay, boxes


def map_geometry(view: Mapping[str, Any]) -> Geometry:
    """The map's geometry on the board's picture (where a hex or a corner is drawn)."""
    x, y, _, _ = layout(view)["map"]
    return plan(view).geometry.at(x, y)


# -- the players' column --------------------------------------------------------------------


def count_words(view: Mapping[str, Any], p: int) -> str:
    """What everyone may count of a player: "9 cards · 2 dev · 1 knight · route 5" (cards
    in hand and development cards by number only)."""
    info = view["players"][p]
    return (f"{counted(info['cards'], 'card')} · {info['devs']} dev · "
            f"{counted(info['knights'], 'knight')} · route {info['route']}")


class Marker(NamedTuple):
    """A pill on a player's block: its words, shorter words for a crowded block, and its
    colours (ink on gold for what he holds, white on orange for what he must do now, white
    on blue or grey for his answer to the offer on the table)."""

    long: str
    short: str
    ink: RGB = pal.INK
    fill: RGB = pal.GOLD_LIGHT


#: a player's answer to the offer on the table: its words and its pill's colour
ANSWERS: dict[str, tuple[str, RGB]] = {"accept": ("accepts", pal.GOOD),
                                       "counter": ("counters", pal.CALM),
                                       "decline": ("declines", pal.INK_SOFT)}


def markers(view: Mapping[str, Any], p: int) -> list[Marker]:
    """A player's markers: Longest Trade Route, Largest Army, special points, his Victory
    Point cards (once the game is over: until then they are hidden), the cards he must
    discard or pick now, his answer to the offer on the table."""
    info = view["players"][p]
    out = []
    if view.get("longest") == p:
        out.append(Marker("Longest Route", "Route"))
    if view.get("army") == p:
        out.append(Marker("Largest Army", "Army"))
    if info.get("special"):
        words = special_words(view, info["special"])
        out.append(Marker(words, words.split(" ")[0]))
    cards = points(view, p)[1]
    if cards:
        out.append(Marker(counted(cards, "VP card"), f"+{cards} VP"))
    owed = info.get("owed") or 0
    if owed and p in (view.get("to_act") or ()):
        verb = "picks" if view.get("phase") == "gold" else "discards"
        out.append(Marker(f"{verb} {owed}", f"{verb} {owed}", pal.WHITE, pal.WARN))
    answers = (view.get("offer") or {}).get("answers") or ()
    if p < len(answers) and answers[p] in ANSWERS:
        words, colour = ANSWERS[answers[p]]
        out.append(Marker(words, words, pal.WHITE, colour))
    return out


def special_words(view: Mapping[str, Any], k: int) -> str:
    """A player's special victory points: "+2 lines" (The Great Crossing's trade line
    chips), "+1 island" (the island points of the other scenarios)."""
    if "trade_lines" in view:
        return f"+{k} line{'s' if k != 1 else ''}"
    return f"+{k} island"


def _block(img: Image.Image, view: Mapping[str, Any], p: int, box: Box) -> None:
    """A player's block: his plate, his counts, his markers; framed in gold, with a ▶
    beside it, while he is to act (a ★ for a winner)."""
    x0, y0, x1, y1 = box
    result = view.get("result") or {}
    winner = p in (result.get("winners") or ())
    lit = winner or (not result and p in (view.get("to_act") or ()))
    dr.panel(img, box, outline=pal.GOLD if lit else pal.PARCHMENT_EDGE,
             outline_width=4 if lit else 2, radius=10)
    d = dr.pen(img)
    if lit:
        dr.glyph(d, (x0 - GUTTER / 2, (y0 + y1) / 2), "★" if winner else "▶", 20, pal.GOLD)
    left, right = x0 + BLOCK_PAD, x1 - BLOCK_PAD
    _plate(img, view, p, (left, y0 + BLOCK_PAD, right, y0 + BLOCK_PAD + PLATE_H))
    y = y0 + BLOCK_PAD + PLATE_H + 4
    f, words = fit(count_words(view, p), right - left - 4, TEXT_SIZE)
    d.text((left + 2, y), words, font=f, fill=pal.INK)
    _markers(img, markers(view, p), left + 2, y + 22, right - left - 4)


def _plate(img: Image.Image, view: Mapping[str, Any], p: int, box: Box) -> None:
    """The plate in the player's colour: his settlement (with his seat number), his name
    and his points, in the ink his pieces' numbers have."""
    x0, y0, x1, y1 = box
    dr.paste(img, dr.rounded(x1 - x0, y1 - y0, 7, PLAYER[p], pal.INK, 1), x0, y0)
    house = building(p, 1)
    dr.paste(img, house, x0 + 3, y0 + (y1 - y0 - house.height) // 2)
    d = dr.pen(img)
    fb = font(NAME_SIZE, True)
    mid = (y0 + y1) / 2
    vp = f"{points(view, p)[0]} VP"
    d.text((x1 - 8, mid), vp, font=fb, fill=PLAYER_INK[p], anchor="rm")
    name_x = x0 + house.width + 8
    room = x1 - 8 - fb.getlength(vp) - 10 - name_x
    d.text((name_x, mid), ellipsize(names_of(view)[p], fb, room), font=fb,
           fill=PLAYER_INK[p], anchor="lm")


def _markers(img: Image.Image, items: list[Marker], x: int, y: int, room: int) -> None:
    """The markers as pills, all in their short forms when the long ones do not fit
    ``room`` (and those that still do not fit left out: the text twin says them all)."""
    pills = [dr.pill_image(m.long, m.ink, m.fill) for m in items]
    if sum(pill.width + 6 for pill in pills) - 6 > room:
        pills = [dr.pill_image(m.short, m.ink, m.fill) for m in items]
    for pill in pills:
        if pill.width > room:
            break
        dr.paste(img, pill, x, y)
        x += pill.width + 6
        room -= pill.width + 6


# -- the table under the players ------------------------------------------------------------


def table_lines(view: Mapping[str, Any]) -> list[tuple[str, bool]]:
    """The table's lines (text, bold), wrapped to the column, TABLE_LINES at most: the last
    roll, the bank and the deck, then the offer, the harbour to place, the face-down tiles
    or the chip bag, then how the game ended."""
    body, bold = font(TEXT_SIZE), font(TEXT_SIZE, True)
    room = SIDE_W - 2 * TABLE_PAD
    out: list[tuple[str, bool]] = []
    dice = view.get("dice")
    out.append((f"Roll: {dice[0]} + {dice[1]} = {dice[0] + dice[1]}" if dice
                else "Roll: none yet", True))
    bank = " · ".join(f"{r} {k}" for r, k in zip(RES, view["bank"], strict=True))
    out += [(line, False) for line in wrap(f"Bank: {bank}", body, room)]
    out.append((f"Development cards: {view['deck']} in the deck", False))
    for text in _moment_words(view):
        out += [(line, True) for line in wrap(text, bold, room)]
    if len(out) > TABLE_LINES:
        last = " ".join(text for text, _ in out[TABLE_LINES - 1:])
        out = [*out[:TABLE_LINES - 1], (ellipsize(last, bold, room), True)]
    return out


def _moment_words(view: Mapping[str, Any]) -> list[str]:
    """What the moment or the scenario adds to the table, in words."""
    out = []
    result = view.get("result")
    if result:
        out.append(fill_names(result["reason"], names_of(view)))
    offer = view.get("offer")
    if offer and not result:
        # in one fixed order, never the view's key order (the order of picking is hidden)
        give = ", ".join(f"{offer['give'][r]} {r}" for r in RES if r in offer["give"]) or "-"
        get = ", ".join(f"{offer['get'][r]} {r}" for r in RES if r in offer["get"]) or "-"
        out.append(f"Offer: {give} for {get}")
    if view.get("harbour_next"):
        kind = view["harbour_next"]
        tag = "3:1" if kind == "any" else f"2:1 {kind}"
        more = int(view.get("harbours_left") or 1) - 1
        out.append(f"Harbour to place: {tag}" + (f", then {more} more" if more else ""))
    if view.get("face_down"):
        tiles, chips = view["face_down"]
        out.append(f"Face down: {tiles} tiles, {chips} chips")
    if "chip_bag" in view:
        out.append(bag_line(view))
    return out


def _table(img: Image.Image, lines: list[tuple[str, bool]], box: Box) -> None:
    dr.panel(img, box, radius=10)
    d = dr.pen(img)
    x, y = box[0] + TABLE_PAD, box[1] + TABLE_PAD
    for text, bold in lines:
        d.text((x, y), text, font=font(TEXT_SIZE, bold), fill=pal.INK)
        y += TABLE_LH


# -- the board -------------------------------------------------------------------------------


def board_image(view: Mapping[str, Any]) -> Image.Image:
    """The board in reading order: the band, the map, the players, the table."""
    table = table_lines(view)
    head, lay, boxes = _layout(view, table)
    img = dr.canvas(boxes["image"][2], boxes["image"][3])
    hl.draw_header(img, head, lay)
    img.paste(map_image(view), boxes["map"][:2])
    for p in range(int(view["n"])):
        _block(img, view, p, boxes[f"player{p}"])
    _table(img, table, boxes["table"])
    return img


def draw_board(view: Mapping[str, Any]) -> bytes:
    """The public table as PNG (reads only the keys the spectator's view has)."""
    return dr.to_png(board_image(view))

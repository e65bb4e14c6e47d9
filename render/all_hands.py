"""All Hands on Deck!: the public board, a captain's hand, and their Markdown twins.

Everything is drawn from the view (the brief's "All Hands on Deck!: the view"): the board
reads only the keys every view has, so a board drawn from a captain's own view is the same
picture as one drawn from the spectator view; the hand reads that captain's private keys
("hand", "my_bid", "choice", "hand_size") and refuses a view without them.

Crews are told apart by colour (Stormsail red, Sea Sabre blue, Black Viper green), by their
letters (ST, SS, BV) and by a symbol (a lightning bolt, crossed sabres, a snake), so a
colour-blind player reads them as easily (components.md, "crew colours on images").
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from engine.all_hands.cards import (
    ACTION_TEXT,
    ACTIONS,
    HAND_LIMIT,
    RANK_NAMES,
    RANK_OF,
    SUIT_NAMES,
    SUIT_OF,
    SUITS,
    card_name,
)
from render import draw as dr
from render import palette as pal
from render.fonts import font
from render.palette import RGB
from render.text import fit, printable, wrap

# --------------------------------------------------------------------------------------
# Data: how crews, statuses and phases look

#: crew letters -> (colour, darker shade for text on parchment, symbol kind)
CREW_COLOUR: dict[str, RGB] = {"ST": (182, 38, 36), "SS": (34, 92, 182), "BV": (10, 138, 98)}
CREW_SYMBOL: dict[str, str] = {"ST": "bolt", "SS": "sabres", "BV": "snake"}
#: the symbol's name in words, for the text twin and the legend
SYMBOL_WORD: dict[str, str] = {"ST": "lightning bolt", "SS": "crossed sabres", "BV": "snake"}

ACTION_FACE: RGB = (44, 34, 46)
BACK_FACE: RGB = (112, 42, 30)

#: rank names too long for a card line, with the place to break them
HYPHENATED: dict[str, tuple[str, str]] = {"Quartermaster": ("Quarter-", "master")}

PHASE_LABEL: dict[str, str] = {
    "bid": "Bidding",
    "tie": "Tie: bid again or forfeit",
    "resolve": "Resolving action cards",
    "discard": "Discard",
    "over": "Game over",
}

#: status -> (symbol, colour); the words come from :func:`status_words`
STATUS_LOOK: dict[str, tuple[str, RGB]] = {
    "waiting": ("●", pal.INK_SOFT),
    "bid": ("✔", pal.GOOD),
    "passed": ("✖", pal.INK_SOFT),
    "brawled": ("⚔", pal.BAD),
    "forfeit": ("⚑", pal.BAD),
    "tied": ("⟳", pal.WARN),
}
INACTIVE = {"passed", "brawled", "forfeit"}

SIZES: dict[str, tuple[int, int]] = {"L": (190, 266), "M": (100, 140), "S": (64, 88)}
RADIUS: dict[str, int] = {"L": 14, "M": 9, "S": 7}


# --------------------------------------------------------------------------------------
# Small pure helpers over cards and views


def suit_of(code: str) -> str | None:
    """The crew letters of a crew card; None for an action card; ValueError if unknown."""
    if code in SUIT_OF:
        return SUIT_OF[code]
    if code in ACTIONS:
        return None
    raise ValueError(f"Unknown All Hands on Deck! card {code!r} in the view.")


def bid_value(cards: Iterable[str], auction_card: str | None) -> int:
    """Value of a bid: the ranks of its crew cards, doubled for the auction card's crew.

    Rulebook "BID OR PASS": crew values are added, action cards have no value; the
    "Brothers Before the Mast" rule doubles crew cards of the auction card's suit.
    """
    auction_suit = SUIT_OF.get(auction_card or "")
    total = 0
    for c in cards:
        if c in SUIT_OF:
            total += RANK_OF[c] * (2 if SUIT_OF[c] == auction_suit else 1)
    return total


def names_of(view: Mapping[str, Any]) -> list[str]:
    """Display names per seat, cleaned of characters the font cannot draw."""
    n = int(view["n"])
    given = list(view.get("names") or [])
    return [
        printable(str(given[i]), f"Captain {i + 1}") if i < len(given) else f"Captain {i + 1}"
        for i in range(n)
    ]


_PLACEHOLDER = re.compile(r"\{p(\d+)\}|\{name\}")


def say(text: object, names: Sequence[str], seat: int | None = None) -> str:
    """An engine sentence for people: "{p2}" becomes seat 2's name (engine texts name
    captains by seat), "{name}" the name of ``seat`` (the view's "pending" sentence).
    One pass, so a display name that looks like a placeholder stays as it is."""

    def name_of(m: re.Match[str]) -> str:
        if m.group(1) is None:
            return names[seat] if seat is not None and 0 <= seat < len(names) else "A captain"
        i = int(m.group(1))
        return names[i] if i < len(names) else f"Captain {i + 1}"

    return _PLACEHOLDER.sub(name_of, str(text))


def status_words(status: str, bid_cards: int) -> str:
    if status == "bid":
        if not bid_cards:  # the auction is over and the bid went to the discard pile
            return "Bid"
        return f"Bid {bid_cards} card" + ("" if bid_cards == 1 else "s")
    return {
        "waiting": "Waiting",
        "passed": "Passed",
        "brawled": "Brawled: sits out",
        "forfeit": "Forfeited",
        "tied": "Tied: bids again",
    }.get(status, status.capitalize())


def round_words(view: Mapping[str, Any]) -> str:
    hands_total = int(view.get("hands_total") or 1)
    rnd = f"Round {view['round']}"
    if hands_total > 1:
        return f"Hand {view['hand_no']} of {hands_total} · {rnd}"
    return rnd


def list_words(items: Sequence[str]) -> str:
    if not items:
        return "nobody"
    if len(items) == 1:
        return items[0]
    return ", ".join(items[:-1]) + " and " + items[-1]


# --------------------------------------------------------------------------------------
# Close runs (for the hand image)


@dataclass(frozen=True)
class RunHint:
    """How close a hand is to a run of ``length`` (3 or 7) in one crew.

    ``held``: the ranks held inside the closest windows; ``needs``: each way to complete a
    run, as the ranks still missing (empty when a run is complete); ``monkeys``: Pirate
    Monkeys in the hand, which may stand in for a missing card (rulebook "PIRATE MONKEY").
    """

    suit: str
    length: int
    held: tuple[int, ...]
    needs: tuple[tuple[int, ...], ...]
    monkeys: int = 0

    @property
    def complete(self) -> bool:
        return not self.needs

    def text(self) -> str:
        head = f"{SUIT_NAMES[self.suit]} {'-'.join(map(str, self.held))}"
        if self.complete:
            return f"{head}: complete"
        ways = [" and ".join(map(str, miss)) for miss in self.needs]
        sep = ", or " if any(len(miss) > 1 for miss in self.needs) else " or "
        return f"{head}: needs {sep.join(ways)}"


#: a run counts as close when at most this many of its cards are missing
CLOSE: dict[int, int] = {3: 1, 7: 2}
MAX_WAYS = 3


def near_runs(hand: Iterable[str]) -> list[RunHint]:
    """The runs of three and of seven a hand holds or is close to, per crew (crew order
    ST, SS, BV; the run of seven first). Rulebook "WINNING THE GAME": seven consecutive of
    one crew, or three consecutive in each crew. Missing cards are counted without the
    Pirate Monkeys, so the player sees which crew cards to look for."""
    cards = list(hand)
    monkeys = cards.count("MONKEY")
    ranks: dict[str, set[int]] = {s: set() for s in SUITS}
    for c in cards:
        if c in SUIT_OF:
            ranks[SUIT_OF[c]].add(RANK_OF[c])
    hints: list[RunHint] = []
    for suit in SUITS:
        for length in (7, 3):
            windows = [range(lo, lo + length) for lo in range(1, 12 - length)]
            missing = [tuple(r for r in w if r not in ranks[suit]) for w in windows]
            fewest = min(len(m) for m in missing)
            if fewest > CLOSE[length]:
                continue
            best = [i for i, m in enumerate(missing) if len(m) == fewest]
            if fewest == 0:
                top = windows[best[-1]]  # the highest complete run scores most
                hints.append(RunHint(suit, length, tuple(top), (), monkeys))
                continue
            best = best[-MAX_WAYS:]
            held = sorted({r for i in best for r in windows[i] if r in ranks[suit]})
            needs = tuple(dict.fromkeys(missing[i] for i in best))
            hints.append(RunHint(suit, length, tuple(held), needs, monkeys))
    return hints


def run_lines(hints: Sequence[RunHint]) -> list[str]:
    """Sentences for the hand: the runs of seven in reach, then where each crew stands for
    three of each, then a word on the Pirate Monkeys when one could fill a gap."""
    sevens = [h for h in hints if h.length == 7]
    threes = {h.suit: h for h in hints if h.length == 3}
    lines = [f"Seven of one crew: {h.text()}" for h in sevens]
    if not sevens:
        lines.append("Seven of one crew: nothing close yet")
    for suit in SUITS:
        h = threes.get(suit)
        lines.append(
            "Three of each crew: " + (h.text() if h else f"{SUIT_NAMES[suit]}: nothing close yet")
        )
    monkeys = hints[0].monkeys if hints else 0
    if monkeys and any(not h.complete for h in hints):
        lines.append(
            f"Your Pirate Monkey{'s' if monkeys > 1 else ''} can stand in for "
            f"{'a missing card' if monkeys == 1 else 'missing cards'}."
        )
    return lines


def run_cards(hand: Sequence[str], hints: Sequence[RunHint]) -> set[int]:
    """Indexes into ``hand`` of the cards inside the hinted runs (one copy per rank)."""
    wanted = {(h.suit, r) for h in hints for r in h.held}
    picked: set[int] = set()
    seen: set[tuple[str, int]] = set()
    for i, c in enumerate(hand):
        if c in SUIT_OF:
            key = (SUIT_OF[c], RANK_OF[c])
            if key in wanted and key not in seen:
                seen.add(key)
                picked.add(i)
    return picked


# --------------------------------------------------------------------------------------
# Card pieces (drawn once, cached)


@lru_cache(maxsize=64)
def crew_symbol(suit: str, size: int, colour: RGB) -> Image.Image:
    """The crew's symbol as an anti-aliased RGBA square of ``size`` px."""
    kind = CREW_SYMBOL[suit]

    def paint(d: ImageDraw.ImageDraw, s: int) -> None:
        z = size * s
        if kind == "bolt":
            pts = [
                (0.60, 0.02),
                (0.16, 0.56),
                (0.44, 0.56),
                (0.30, 0.98),
                (0.84, 0.40),
                (0.56, 0.40),
                (0.74, 0.02),
            ]
            d.polygon([(x * z, y * z) for x, y in pts], fill=colour)
        elif kind == "sabres":
            w = max(2, round(z * 0.12))
            for flip in (False, True):
                pts = []
                for k in range(13):
                    t = k / 12
                    x = 0.14 + 0.74 * t
                    y = 0.88 - 0.78 * t - 0.08 * math.sin(t * math.pi)
                    pts.append(((1 - x) * z if flip else x * z, y * z))
                d.line(pts, fill=colour, width=w, joint="curve")
                gx, gy = pts[2]
                g = z * 0.13
                d.line(
                    [(gx - g, gy - g), (gx + g, gy + g)]
                    if not flip
                    else [(gx + g, gy - g), (gx - g, gy + g)],
                    fill=colour,
                    width=w,
                )
                hx, hy = pts[0]
                r = w * 0.75
                d.ellipse((hx - r, hy - r, hx + r, hy + r), fill=colour)
        else:
            w = max(2, round(z * 0.17))
            pts = [
                (z * (0.10 + 0.64 * t / 40), z * (0.52 + 0.26 * math.sin(t / 40 * 2.0 * math.pi)))
                for t in range(41)
            ]
            d.line(pts, fill=colour, width=w, joint="curve")
            x0, y0 = pts[0]
            d.polygon(
                [
                    (x0 + w * 0.1, y0 - w * 0.5),
                    (x0 + w * 0.1, y0 + w * 0.5),
                    (x0 - w * 0.9, y0 + w * 0.2),
                ],
                fill=colour,
            )
            hx, hy = pts[-1]
            hr = z * 0.14
            d.ellipse((hx - hr * 0.5, hy - hr * 1.1, hx + hr * 1.6, hy + hr * 0.9), fill=colour)
            d.line(
                [(hx + hr * 1.5, hy - hr * 0.1), (z * 0.99, hy - z * 0.02)],
                fill=colour,
                width=max(1, w // 3),
            )

    return dr.supersampled(size, size, paint)


def _frame(size: str, face: RGB, edge: RGB, band: RGB, band_h: int, edge_w: int) -> Image.Image:
    w, h = SIZES[size]
    r = RADIUS[size]

    def paint(d: ImageDraw.ImageDraw, s: int) -> None:
        d.rounded_rectangle((0, 0, w * s - 1, h * s - 1), r * s, fill=edge)
        e = edge_w * s
        d.rounded_rectangle(
            (e, e, w * s - 1 - e, h * s - 1 - e), max(1, (r - edge_w)) * s, fill=face
        )
        d.rounded_rectangle(
            (e, e, w * s - 1 - e, (band_h + edge_w) * s), max(1, (r - edge_w)) * s, fill=band
        )
        d.rectangle((e, (band_h // 2) * s, w * s - 1 - e, (band_h + edge_w) * s), fill=band)

    return dr.supersampled(w, h, paint)


def _rank_name_lines(name: str, max_w: int) -> tuple[list[str], int]:
    for size in (15, 14):
        if font(size).getlength(name) <= max_w:
            return [name], size
    if name in HYPHENATED:
        return list(HYPHENATED[name]), 14
    return wrap(name, font(14), max_w), 14


@lru_cache(maxsize=256)
def card_face(code: str, size: str) -> Image.Image:
    """The face of a card at size L, M or S, as RGBA."""
    suit = suit_of(code)
    if suit is None:
        return _action_face(code, size)
    w, h = SIZES[size]
    colour = CREW_COLOUR[suit]
    rank = RANK_OF[code]
    band_h = {"L": 40, "M": 26, "S": 22}[size]
    img = _frame(size, pal.CARD_FACE, colour, colour, band_h, 3 if size != "S" else 2)
    d = ImageDraw.Draw(img)
    if size == "L":
        d.text((14, 6 + band_h / 2), suit, font=font(22, True), fill=pal.WHITE, anchor="lm")
        dr.paste(img, crew_symbol(suit, 28, pal.WHITE), w - 42, 8)
        d.text((w / 2, 112), str(rank), font=font(96, True), fill=colour, anchor="mm")
        f, name = fit(RANK_NAMES[rank], w - 24, 24, True)
        d.text((w / 2, 182), name, font=f, fill=pal.INK, anchor="mm")
        d.text((w / 2, 210), SUIT_NAMES[suit], font=font(17), fill=pal.INK_SOFT, anchor="mm")
        dr.paste(img, crew_symbol(suit, 30, colour), w // 2 - 15, h - 44)
    elif size == "M":
        d.text((8, 4 + band_h / 2), suit, font=font(16, True), fill=pal.WHITE, anchor="lm")
        dr.paste(img, crew_symbol(suit, 18, pal.WHITE), w - 25, 6)
        d.text((8, band_h + 10), str(rank), font=font(38 if rank < 10 else 34, True), fill=colour)
        dr.paste(img, crew_symbol(suit, 26, colour), w - 33, band_h + 14)
        lines, fs = _rank_name_lines(RANK_NAMES[rank], w - 10)
        y = h - 10 - len(lines) * (fs + 3)
        for line in lines:
            d.text((w / 2, y), line, font=font(fs), fill=pal.INK, anchor="ma")
            y += fs + 3
    else:
        d.text((6, 3 + band_h / 2), suit, font=font(15, True), fill=pal.WHITE, anchor="lm")
        dr.paste(img, crew_symbol(suit, 15, pal.WHITE), w - 20, 5)
        d.text((w / 2, band_h + 26), str(rank), font=font(32, True), fill=colour, anchor="mm")
        dr.paste(img, crew_symbol(suit, 20, colour), w // 2 - 10, h - 28)
    return img


def _action_face(code: str, size: str) -> Image.Image:
    w, h = SIZES[size]
    band_h = {"L": 40, "M": 26, "S": 22}[size]
    img = _frame(size, ACTION_FACE, pal.GOLD_DARK, pal.GOLD, band_h, 3 if size != "S" else 2)
    d = ImageDraw.Draw(img)
    name = ACTIONS[code][0]
    if size == "L":
        d.text((14, 6 + band_h / 2), "ACTION", font=font(18, True), fill=pal.INK, anchor="lm")
        dr.glyph(d, (w - 26, 6 + band_h / 2), "☠", 26, pal.INK)
        f = font(22, True)
        y = band_h + 22
        for line in wrap(name, f, w - 24):
            d.text((w / 2, y), line, font=f, fill=pal.GOLD_LIGHT, anchor="ma")
            y += 28
        y += 8
        effect = ACTION_TEXT[code]
        effect = effect[0].upper() + effect[1:]
        f = font(15)
        for line in wrap(effect, f, w - 26):
            d.text((w / 2, y), line, font=f, fill=pal.PARCHMENT, anchor="ma")
            y += 20
        if y < h - 60:
            dr.glyph(d, (w / 2, h - 34), "☠", 40, pal.GOLD_DARK)
    else:
        small = size == "S"
        dr.glyph(d, (w / 2, 3 + band_h / 2), "☠", 17 if small else 20, pal.INK)
        f = font(14, not small)
        lines = wrap(name, f, w - 8)
        lh = 17 if small else 19
        y = band_h + (h - band_h - len(lines) * lh) / 2
        for line in lines:
            d.text((w / 2, y), line, font=f, fill=pal.GOLD_LIGHT, anchor="ma")
            y += lh
    return img


@lru_cache(maxsize=8)
def card_back(size: str) -> Image.Image:
    """A face-down card: dark red with a gold frame and a skull (no crew, no rank)."""
    w, h = SIZES[size]
    r = RADIUS[size]

    def paint(d: ImageDraw.ImageDraw, s: int) -> None:
        d.rounded_rectangle((0, 0, w * s - 1, h * s - 1), r * s, fill=pal.GOLD_DARK)
        e = 2 * s
        d.rounded_rectangle((e, e, w * s - 1 - e, h * s - 1 - e), (r - 2) * s, fill=BACK_FACE)
        i = 6 * s
        d.rounded_rectangle(
            (i, i, w * s - 1 - i, h * s - 1 - i), max(1, r - 5) * s, outline=pal.GOLD, width=s
        )

    img = dr.supersampled(w, h, paint)
    dr.glyph(ImageDraw.Draw(img), (w / 2, h / 2), "☠", int(w * 0.5), pal.GOLD)
    return img


@lru_cache(maxsize=16)
def badge(text: str, d: int, fill: RGB, fg: RGB) -> Image.Image:
    """A round badge with bold text (the ×2 of Brothers Before the Mast, run stars)."""
    img = dr.circle(d, fill, pal.INK, 1).copy()
    ImageDraw.Draw(img).text(
        (d / 2, d / 2 + 1), text, font=dr.symbol_font(int(d * 0.55)), fill=fg, anchor="mm"
    )
    return img


def empty_slot(size: str, label: str) -> Image.Image:
    w, h = SIZES[size]
    img = dr.rounded(w, h, RADIUS[size], pal.WOOD_DARK, pal.GOLD_DARK, 2).copy()
    f = font(17, True)
    d = ImageDraw.Draw(img)
    y = h / 2 - 12 * len(wrap(label, f, w - 20))
    for line in wrap(label, f, w - 20):
        d.text((w / 2, y), line, font=f, fill=pal.PARCHMENT_DARK, anchor="ma")
        y += 24
    return img


def put_card(dst: Image.Image, code: str, size: str, x: int, y: int, doubled: bool = False) -> None:
    dr.paste_with_shadow(dst, card_face(code, size), x, y, RADIUS[size])
    if doubled:
        w, h = SIZES[size]
        b = badge("×2", 30, pal.GOLD, pal.INK)
        dr.paste(dst, b, x + w - 24, y + h - 24)


def fan_step(count: int, card_w: int, room: int, gap: int) -> int:
    """Distance between card left edges so ``count`` cards fit ``room`` px (overlapping
    when they must)."""
    if count <= 1:
        return card_w + gap
    return max(14, min(card_w + gap, (room - card_w) // (count - 1)))


# --------------------------------------------------------------------------------------
# The board

BOARD_W = 1000
HEADER_H = 68
LEFT_X, LEFT_W = 20, 220
ROWS_X, ROWS_R = 262, 980
ROW_H, ROW_GAP = 104, 8
NAME_W = 228
VALUE_W = 96
FOOT_SIZE, FOOT_LH = 17, 25


def _header(img: Image.Image, title: str, right_top: str, right_bottom: str) -> None:
    d = ImageDraw.Draw(img)
    d.rectangle((0, 0, img.width, HEADER_H), fill=pal.WOOD_DARK)
    d.line((0, HEADER_H, img.width, HEADER_H), fill=pal.GOLD_DARK, width=3)
    f, t = fit(title, img.width * 0.55, 28, True)
    d.text((22, HEADER_H / 2), t, font=f, fill=pal.GOLD, anchor="lm")
    d.text((img.width - 22, 18), right_top, font=font(20, True), fill=pal.PARCHMENT, anchor="ra")
    if right_bottom:
        d.text(
            (img.width - 22, 44), right_bottom, font=font(16), fill=pal.PARCHMENT_DARK, anchor="ra"
        )


def _footer_blocks(
    view: Mapping[str, Any], names: Sequence[str], width: int
) -> list[tuple[str, Any]]:
    """The footer's content as (kind, data) blocks with text already wrapped."""
    blocks: list[tuple[str, Any]] = []
    f = font(FOOT_SIZE)
    fb = font(FOOT_SIZE, True)
    result = view.get("result")
    if result:
        winners = [names[s] for s in result.get("winners") or []]
        head = (
            f"☠ {list_words(winners)} win{'s' if len(winners) == 1 else ''}!"
            if winners
            else "☠ Nobody wins"
        )
        lines = wrap(say(result["reason"], names), f, width) if result.get("reason") else []
        scores = result.get("scores") or []
        if scores and (view.get("longer_game") or any(scores)):
            nbsp = "\u00a0"  # keeps each name with its score on one line
            pairs = " · ".join(f"{names[i]} {sc}".replace(" ", nbsp) for i, sc in enumerate(scores))
            lines += wrap(f"Final scores: {pairs}", fb, width)
        blocks.append(("result", (wrap(head, font(26, True), width), lines)))
    if view.get("pending"):
        text = "▶ " + say(view["pending"], names, view.get("pending_seat"))
        blocks.append(("pending", wrap(text, fb, width - 24)))
    resolved = list(view.get("resolved") or [])
    if resolved:
        lines: list[str] = []
        for sentence in (say(r, names) for r in resolved):
            for i, line in enumerate(wrap(str(sentence), f, width - 22)):
                lines.append(("• " if i == 0 else "  ") + line)
        blocks.append(("resolved", lines))
    last = view.get("last_auction")
    if last:
        text = "Last auction: " + say(last.get("text") or card_name(last["card"]), names)
        blocks.append(("last", (last.get("card"), wrap(text, f, width - 70 - 14))))
    return blocks


def _footer_height(blocks: list[tuple[str, Any]]) -> int:
    h = 0
    for kind, data in blocks:
        if kind == "result":
            h += len(data[0]) * 36 + 4 + len(data[1]) * FOOT_LH + 10
        elif kind == "pending":
            h += len(data) * FOOT_LH + 22
        elif kind == "resolved":
            h += 26 + len(data) * FOOT_LH + 8
        elif kind == "last":
            h += max(SIZES["S"][1], len(data[1]) * FOOT_LH) + 12
    return h + 16 if blocks else 0


def _draw_footer(img: Image.Image, blocks: list[tuple[str, Any]], top: int) -> None:
    if not blocks:
        return
    x0, x1 = LEFT_X, BOARD_W - 20
    dr.panel(img, (x0, top, x1, top + _footer_height(blocks)))
    d = ImageDraw.Draw(img)
    f = font(FOOT_SIZE)
    fb = font(FOOT_SIZE, True)
    x = x0 + 16
    y = top + 14
    for kind, data in blocks:
        if kind == "result":
            head, lines = data
            y = dr.multiline(d, x, y, head, font(26, True), pal.BAD, 36) + 4
            y = dr.multiline(d, x, y, lines, f, pal.INK, FOOT_LH) + 10
        elif kind == "pending":
            h = len(data) * FOOT_LH + 12
            dr.paste(
                img, dr.rounded(x1 - x0 - 24, h, 8, pal.GOLD_LIGHT, pal.GOLD_DARK, 2), x - 4, y - 2
            )
            y = dr.multiline(d, x + 8, y + 4, data, fb, pal.INK, FOOT_LH) + 20 - 4
        elif kind == "resolved":
            d.text((x, y), "Resolved this round", font=font(16, True), fill=pal.INK_SOFT)
            y += 26
            y = dr.multiline(d, x, y, data, f, pal.INK, FOOT_LH) + 8
        elif kind == "last":
            card, lines = data
            h = max(SIZES["S"][1], len(lines) * FOOT_LH)
            if card:
                put_card(img, card, "S", x, y)
            ty = y + (h - len(lines) * FOOT_LH) / 2
            dr.multiline(d, x + 64 + 14, ty, lines, f, pal.INK, FOOT_LH)
            y += h + 12


def _left_column(img: Image.Image, view: Mapping[str, Any], top: int) -> int:
    d = ImageDraw.Draw(img)
    cx = LEFT_X + LEFT_W // 2
    d.text((cx, top), "UP FOR AUCTION", font=font(17, True), fill=pal.GOLD_LIGHT, anchor="ma")
    y = top + 28
    lw, lh = SIZES["L"]
    card = view.get("auction_card")
    if card:
        put_card(img, card, "L", cx - lw // 2, y)
    else:
        dr.paste(img, empty_slot("L", "No card up for auction"), cx - lw // 2, y)
    y += lh + 18
    sw, sh = SIZES["S"]
    deck_x, pile_x = LEFT_X + 18, LEFT_X + LEFT_W - 18 - sw
    if int(view.get("deck") or 0) > 0:
        dr.paste_with_shadow(img, card_back("S"), deck_x, y, RADIUS["S"])
    else:
        dr.paste(img, empty_slot("S", ""), deck_x, y)
    pile = list(view.get("discard") or [])
    if pile:
        put_card(img, pile[-1], "S", pile_x, y)
    else:
        dr.paste(img, empty_slot("S", ""), pile_x, y)
    y += sh + 8
    f = font(16, True)
    d.text(
        (deck_x + sw / 2, y), f"Deck {view.get('deck', 0)}", font=f, fill=pal.PARCHMENT, anchor="ma"
    )
    d.text((pile_x + sw / 2, y), f"Discard {len(pile)}", font=f, fill=pal.PARCHMENT, anchor="ma")
    return y + 22


def _captain_row(
    img: Image.Image,
    view: Mapping[str, Any],
    seat: int,
    name: str,
    y: int,
    bid: Mapping[str, Any] | None,
) -> None:
    d = ImageDraw.Draw(img)
    p = view["players"][seat]
    status = str(p.get("status", "waiting"))
    to_act = seat in (view.get("to_act") or [])
    x0, x1 = ROWS_X, ROWS_R
    fill = pal.PARCHMENT_DARK if status in INACTIVE and not to_act else pal.PARCHMENT
    if to_act:
        dr.panel(img, (x0, y, x1, y + ROW_H), fill=fill, outline=pal.GOLD, outline_width=4)
        dr.glyph(d, (x0 - 10, y + ROW_H / 2), "▶", 22, pal.GOLD)
    else:
        dr.panel(img, (x0, y, x1, y + ROW_H), fill=fill)
    x = x0 + 16
    # line 1: dealer coin, name, score
    nx = x
    if view.get("dealer") == seat:
        dr.paste(img, badge("D", 28, pal.GOLD, pal.INK), x, y + 10)
        nx += 34
    if view.get("longer_game"):
        scores = view.get("scores") or []
        if seat < len(scores):
            d.text(
                (x1 - 16, y + 12),
                f"{scores[seat]} pts",
                font=font(17, True),
                fill=pal.INK_SOFT,
                anchor="ra",
            )
    f, shown = fit(name, x + NAME_W - nx, 22, True, 16)
    d.text((nx, y + 24), shown, font=f, fill=pal.INK, anchor="lm")
    # line 2: status
    sym, colour = STATUS_LOOK.get(status, ("●", pal.INK_SOFT))
    d.text(
        (x, y + 53),
        f"{sym} {status_words(status, int(p.get('bid_cards') or 0))}",
        font=font(18, True),
        fill=colour,
        anchor="lm",
    )
    # line 3: marks
    px = x
    marks: list[tuple[str, RGB, RGB]] = []
    if to_act:
        marks.append(("▶ TO ACT", pal.INK, pal.GOLD))
    result = view.get("result") or {}
    if seat in (result.get("winners") or []):
        marks.append(("★ WINNER", pal.INK, pal.GOLD_LIGHT))
    if p.get("immune"):
        marks.append(("IMMUNE", pal.WHITE, pal.CALM))
    if p.get("skip_deal"):
        marks.append(("NO DEAL NEXT ROUND", pal.WHITE, pal.BAD))
    for label, fg, bg in marks:
        px += dr.pill(img, px, y + 70, label, fg, bg) + 6
    # bid area
    area_x = max(x0 + 16 + NAME_W + 14, px + 8)
    area_r = x1 - VALUE_W - 8
    sw, sh = SIZES["S"]
    cy = y + (ROW_H - sh) // 2
    cards = list(bid.get("cards") or []) if bid is not None else []
    hidden = face_down_count(view, seat)
    auction_suit = SUIT_OF.get(view.get("auction_card") or "")
    if cards or hidden:
        step = fan_step(len(cards) + hidden, sw, area_r - area_x, 6)
        if not cards:  # a face-down stack reads as a stack: keep it tight
            step = min(step, 24)
        cx = area_x
        for c in cards:
            doubled = auction_suit is not None and SUIT_OF.get(c) == auction_suit
            put_card(img, c, "S", cx, cy, doubled=doubled)
            cx += step
        for _ in range(hidden):
            dr.paste_with_shadow(img, card_back("S"), cx, cy, RADIUS["S"])
            cx += step
        if hidden and cx - step + sw + 110 < area_r:
            label = "face down" if not cards else f"+{hidden} face down"
            d.text(
                (cx - step + sw + 12, y + ROW_H / 2),
                label,
                font=font(16),
                fill=pal.INK_SOFT,
                anchor="lm",
            )
    elif bid is not None:
        d.text(
            (area_x, y + ROW_H / 2), "no cards left", font=font(16), fill=pal.INK_SOFT, anchor="lm"
        )
    if bid is not None:
        vx = x1 - VALUE_W / 2 - 6
        vy = y + 56 if view.get("longer_game") else y + 42
        d.text((vx, vy), str(bid.get("value", 0)), font=font(34, True), fill=pal.INK, anchor="mm")
        d.text((vx, vy + 30), "value", font=font(15), fill=pal.INK_SOFT, anchor="mm")


def face_down_count(view: Mapping[str, Any], seat: int) -> int:
    """Cards of a captain's bid lying face down: the whole bid before the reveal, the
    extra cards of a tie re-bid after it ("bid_cards" counts both kinds)."""
    total = int(view["players"][seat].get("bid_cards") or 0)
    shown = sum(len(b.get("cards") or []) for b in view.get("bids") or [] if int(b["seat"]) == seat)
    return max(0, total - shown)


def draw_board(view: Mapping[str, Any]) -> bytes:
    """The public table as PNG (reads only the keys every view has)."""
    n = int(view["n"])
    names = names_of(view)
    bids = {int(b["seat"]): b for b in (view.get("bids") or [])}
    blocks = _footer_blocks(view, names, BOARD_W - 40 - 32)
    rows_h = n * ROW_H + (n - 1) * ROW_GAP
    left_h = 28 + SIZES["L"][1] + 18 + SIZES["S"][1] + 8 + 22
    body_top = HEADER_H + 18
    body_h = max(rows_h, left_h)
    foot_top = body_top + body_h + 18
    height = foot_top + _footer_height(blocks) + (18 if blocks else 0)
    img = dr.canvas(BOARD_W, height)
    right = [PHASE_LABEL.get(str(view.get("phase")), str(view.get("phase"))), round_words(view)]
    if view.get("longer_game") and view.get("target"):
        right[1] += f" · first to {view['target']}"
    _header(img, "ALL HANDS ON DECK!", right[0], right[1])
    _left_column(img, view, body_top)
    for seat in range(n):
        _captain_row(
            img, view, seat, names[seat], body_top + seat * (ROW_H + ROW_GAP), bids.get(seat)
        )
    _draw_footer(img, blocks, foot_top)
    return dr.to_png(img)


# --------------------------------------------------------------------------------------
# The hand

HAND_W_MIN, HAND_W_MAX = 760, 1000
CARDS_X = 132
ROW_HAND = 168


def _my_seat(view: Mapping[str, Any]) -> int:
    if "hand" not in view or view.get("seat") is None:
        raise ValueError(
            "A hand image needs a captain's own view (with his 'hand'); this view has none, "
            "so it is a spectator's or another captain's."
        )
    return int(view["seat"])


def picks_in_hand(view: Mapping[str, Any]) -> list[str]:
    """The cards picked for a bid that are still in the hand. "my_bid" holds the picks until
    the bid is confirmed, then the cards lying face down on the table (another copy left in
    the hand is not part of the bid)."""
    seat = _my_seat(view)
    mine = list(view.get("my_bid") or [])
    if not mine or face_down_count(view, seat):
        return []
    left = Counter(view["hand"])
    picked = []
    for c in mine:
        if left[c]:
            left[c] -= 1
            picked.append(c)
    return picked


def hand_width(view: Mapping[str, Any], rows: Sequence[tuple[str, list[int]]]) -> int:
    """As wide as the longest row of cards needs, within bounds: a narrow picture of a small
    hand is shown larger on a phone."""
    longest = max(len(idx) for _, idx in rows)
    small = max(len(view.get("my_bid") or []), len((view.get("choice") or {}).get("cards") or []))
    need = max(CARDS_X + 100 + (longest - 1) * 108 + 24, 36 + small * 72 + 36)
    return max(HAND_W_MIN, min(HAND_W_MAX, need))


def _hand_rows(hand: Sequence[str]) -> list[tuple[str, list[int]]]:
    """(row key, indexes into hand) per crew, then the action cards."""
    rows: list[tuple[str, list[int]]] = [(s, []) for s in SUITS] + [("ACT", [])]
    index = {k: i for i, (k, _) in enumerate(rows)}
    for i, c in enumerate(hand):
        rows[index[suit_of(c) or "ACT"]][1].append(i)
    return rows


def _hand_sort(hand: Sequence[str]) -> list[str]:
    order = {s: i for i, s in enumerate(SUITS)}
    action_order = {c: i for i, c in enumerate(ACTIONS)}

    def key(c: str) -> tuple[int, int]:
        s = suit_of(c)
        return (order[s], RANK_OF[c]) if s else (len(SUITS), action_order[c])

    return sorted(hand, key=key)


def _row_label(img: Image.Image, key: str, x: int, y: int, h: int) -> None:
    d = ImageDraw.Draw(img)
    cx = x + 48
    if key == "ACT":
        dr.paste(img, dr.circle(44, ACTION_FACE, pal.GOLD, 2), cx - 22, y + h // 2 - 40)
        dr.glyph(d, (cx, y + h // 2 - 18), "☠", 26, pal.GOLD)
        d.text(
            (cx, y + h // 2 + 12), "Actions", font=font(16, True), fill=pal.PARCHMENT, anchor="ma"
        )
        return
    colour = CREW_COLOUR[key]
    dr.paste(img, dr.circle(44, colour, pal.WHITE, 2), cx - 22, y + h // 2 - 44)
    dr.paste(img, crew_symbol(key, 26, pal.WHITE), cx - 13, y + h // 2 - 35)
    d.text((cx, y + h // 2 + 6), key, font=font(18, True), fill=pal.PARCHMENT, anchor="ma")
    d.text(
        (cx, y + h // 2 + 28), SUIT_NAMES[key], font=font(14), fill=pal.PARCHMENT_DARK, anchor="ma"
    )


def draw_hand(view: Mapping[str, Any]) -> bytes:
    """A captain's own hand as PNG: the cards in a row per crew and the action cards apart,
    close runs starred, the cards picked for the bid raised, any private choice."""
    seat = _my_seat(view)
    names = names_of(view)
    hand = _hand_sort(list(view["hand"]))
    size = int(view.get("hand_size", len(hand)))
    hints = near_runs(hand)
    starred = run_cards(hand, hints)
    picked = Counter(picks_in_hand(view))
    raised: set[int] = set()
    for i, c in enumerate(hand):
        if picked[c]:
            picked[c] -= 1
            raised.add(i)
    rows = _hand_rows(hand)
    w = hand_width(view, rows)
    info = _hand_info(view, seat, names, size)
    fi = font(17)
    info_lines = [(wrap(t, font(17, bold), w - 40 - 32 - 80), bold, c) for t, bold, c in info]
    info_h = max(SIZES["S"][1] + 20, 20 + sum(len(ls) for ls, _, _ in info_lines) * 24)
    runs = _run_rows(run_lines(hints), w)
    runs_h = 20 + 28 + sum(len(r) for _, r in runs) * 24 + 8
    extra = _hand_extras(view, seat, names, w)
    extras_h = sum(h for h, _ in extra)
    rows_h = sum(ROW_HAND if idx else 52 for _, idx in rows)
    height = HEADER_H + 14 + info_h + 12 + rows_h + 8 + runs_h + extras_h + 18
    img = dr.canvas(w, height)
    over = size > HAND_LIMIT
    _header(
        img,
        f"{names[seat]}'s hand",
        f"{size} / {HAND_LIMIT} cards",
        "⚠ OVER THE LIMIT" if over else "",
    )
    d = ImageDraw.Draw(img)
    # info panel: the auction card and what it means for this captain
    y = HEADER_H + 14
    dr.panel(img, (20, y, w - 20, y + info_h))
    card = view.get("auction_card")
    if card:
        put_card(img, card, "S", 36, y + 10)
    else:
        dr.paste(img, empty_slot("S", ""), 36, y + 10)
    ty = y + 12
    for lines, bold, colour in info_lines:
        ty = dr.multiline(d, 116, ty, lines, font(17, bold), colour, 24)
    y += info_h + 12
    # the rows
    mw, mh = SIZES["M"]
    for key, idx in rows:
        if not idx:
            label = "No action cards" if key == "ACT" else f"No {SUIT_NAMES[key]} cards"
            d.text((CARDS_X, y + 26), label, font=font(17), fill=pal.PARCHMENT_DARK, anchor="lm")
            d.text(
                (36, y + 26),
                key if key != "ACT" else "☠",
                font=font(17, True),
                fill=pal.PARCHMENT_DARK,
                anchor="lm",
            )
            y += 52
            continue
        _row_label(img, key, 20, y, ROW_HAND)
        step = fan_step(len(idx), mw, w - 24 - CARDS_X, 8)
        for k, i in enumerate(idx):
            cx = CARDS_X + k * step
            cy = y + 18 - (14 if i in raised else 0)
            put_card(img, hand[i], "M", cx, cy)
            if i in starred:
                dr.paste(img, badge("★", 26, pal.GOLD, pal.INK), cx + 8, cy + 80)
            if i in raised:
                dr.pill(img, cx + 4, cy + mh + 2, "BID", pal.INK, pal.GOLD_LIGHT, 14, pal.INK)
        y += ROW_HAND
    # close runs
    y += 8
    dr.panel(img, (20, y, w - 20, y + runs_h))
    d.text((36, y + 14), "★ Runs", font=font(18, True), fill=pal.INK)
    ry = y + 14 + 28
    for label, lines in runs:
        if label:
            d.text((36, ry), label, font=font(17, True), fill=pal.INK_SOFT)
        ry = dr.multiline(
            d, 36 + (RUN_LABEL_W if label is not None else 0), ry, lines, fi, pal.INK, 24
        )
    y += runs_h
    for h, paint in extra:
        paint(img, y)
        y += h
    return dr.to_png(img, colors=160)


RUN_LABEL_W = 196
RUN_LABELS = ("Seven of one crew: ", "Three of each crew: ")


def _run_rows(lines: Sequence[str], w: int) -> list[tuple[str | None, list[str]]]:
    """The run sentences as (label shown once, wrapped text) rows: a label column and a
    text column, so "Three of each crew" reads as a heading over one line per crew."""
    rows: list[tuple[str | None, list[str]]] = []
    last = None
    fi = font(17)
    for line in lines:
        label = next((lab for lab in RUN_LABELS if line.startswith(lab)), None)
        if label is None:
            rows.append((None, wrap(line, fi, w - 72)))
            continue
        rows.append(
            (
                "" if label == last else label.strip(),
                wrap(line[len(label) :], fi, w - 72 - RUN_LABEL_W),
            )
        )
        last = label
    return rows


def _hand_info(
    view: Mapping[str, Any], seat: int, names: Sequence[str], size: int
) -> list[tuple[str, bool, RGB]]:
    """Sentences for the hand's info panel: (text, bold, colour)."""
    out: list[tuple[str, bool, RGB]] = []
    card = view.get("auction_card")
    phase = str(view.get("phase"))
    if card:
        line = f"Up for auction: {card_name(card)}"
        if SUIT_OF.get(card):
            line += f" ({SUIT_NAMES[SUIT_OF[card]]} cards bid count double)"
        out.append((line, True, pal.INK))
    else:
        out.append(("No card up for auction.", True, pal.INK))
    act = seat in (view.get("to_act") or [])
    status = str(view["players"][seat].get("status"))
    where = f"{PHASE_LABEL.get(phase, phase)} · {round_words(view)}"
    out.append(
        ((f"▶ Your move. {where}" if act else where), act, pal.GOLD_DARK if act else pal.INK_SOFT)
    )
    if status in INACTIVE or status == "tied":
        out.append((f"You: {status_words(status, 0).lower()}.", False, pal.INK))
    if view.get("pending") and view.get("pending_seat") == seat:
        out.append(("▶ " + say(view["pending"], names, seat), True, pal.INK))
    if size > HAND_LIMIT:
        lose = size - HAND_LIMIT
        if view["players"][seat].get("immune"):
            out.append(
                (
                    f"⚠ {size} cards, over the {HAND_LIMIT}-card limit; you are immune to Pirate Cheat calls this round.",
                    True,
                    pal.WARN,
                )
            )
        else:
            out.append(
                (
                    f"⚠ {size} cards, over the {HAND_LIMIT}-card limit: a Pirate Cheat call would cost you {lose} card{'s' if lose > 1 else ''}.",
                    True,
                    pal.BAD,
                )
            )
    elif view["players"][seat].get("immune"):
        out.append(("You are immune to Pirate Cheat calls this round.", False, pal.CALM))
    return out


def _hand_extras(
    view: Mapping[str, Any], seat: int, names: Sequence[str], w: int
) -> list[tuple[int, Any]]:
    """Panels under the runs: the bid being made or lying face down, a private choice.
    Each is (height, paint(img, top))."""
    out: list[tuple[int, Any]] = []
    mine = list(view.get("my_bid") or [])
    sw, sh = SIZES["S"]
    if mine:
        on_table = face_down_count(view, seat) > 0
        title = (
            "Your bid, face down on the table"
            if on_table
            else "Picked for your bid (not confirmed yet)"
        )
        value = bid_value(mine, view.get("auction_card"))
        title += f": value {value}"
        h = 12 + 30 + sh + 14

        def paint_bid(
            img: Image.Image, top: int, cards: list[str] = mine, title: str = title, h: int = h
        ) -> None:
            dr.panel(img, (20, top + 12, w - 20, top + h))
            d = ImageDraw.Draw(img)
            d.text((36, top + 24), title, font=font(18, True), fill=pal.INK)
            suit = SUIT_OF.get(view.get("auction_card") or "")
            step = fan_step(len(cards), sw, w - 72, 8)
            for i, c in enumerate(cards):
                put_card(
                    img,
                    c,
                    "S",
                    36 + i * step,
                    top + 52,
                    doubled=suit is not None and SUIT_OF.get(c) == suit,
                )

        out.append((h, paint_bid))
    choice = view.get("choice")
    if choice:
        lines = wrap(say(choice.get("prompt") or "Your choice", names), font(18, True), w - 72)
        cards = list(choice.get("cards") or [])
        h = 12 + 16 + len(lines) * 26 + (SIZES["S"][1] + 12 if cards else 0) + 8

        def paint_choice(
            img: Image.Image,
            top: int,
            lines: list[str] = lines,
            cards: list[str] = cards,
            h: int = h,
        ) -> None:
            dr.panel(
                img,
                (20, top + 12, w - 20, top + h),
                fill=pal.GOLD_LIGHT,
                outline=pal.GOLD_DARK,
                outline_width=3,
            )
            d = ImageDraw.Draw(img)
            y = dr.multiline(d, 36, top + 26, lines, font(18, True), pal.INK, 26)
            step = fan_step(len(cards), SIZES["S"][0], w - 72, 8)
            for i, c in enumerate(cards):
                put_card(img, c, "S", 36 + i * step, int(y) + 4)

        out.append((h, paint_choice))
    return out


# --------------------------------------------------------------------------------------
# Text twins


def _bid_text(bid: Mapping[str, Any], auction_card: str | None) -> str:
    cards = list(bid.get("cards") or [])
    suit = SUIT_OF.get(auction_card or "")
    parts = []
    for c in cards:
        name = card_name(c)
        if suit and SUIT_OF.get(c) == suit:
            name += f" (×2 = {2 * RANK_OF[c]})"
        parts.append(name)
    return f"{', '.join(parts) if parts else 'no cards left'}: value **{bid.get('value', 0)}**"


def text_board(view: Mapping[str, Any]) -> str:
    """The board in Markdown: the same facts as :func:`draw_board`, nothing more."""
    names = names_of(view)
    phase = str(view.get("phase"))
    lines = [f"**All Hands on Deck!** · {round_words(view)} · {PHASE_LABEL.get(phase, phase)}"]
    if view.get("longer_game") and view.get("target"):
        lines.append(f"Longer game: first to {view['target']} points.")
    card = view.get("auction_card")
    lines.append(f"Up for auction: **{card_name(card)}**" if card else "Up for auction: no card")
    pile = list(view.get("discard") or [])
    top = f" (top: {card_name(pile[-1])})" if pile else ""
    lines.append(f"Deck: {view.get('deck', 0)} cards · Discard: {len(pile)} cards{top}")
    lines.append("")
    to_act = set(view.get("to_act") or [])
    bids = {int(b["seat"]): b for b in (view.get("bids") or [])}
    for seat, p in enumerate(view["players"]):
        status = str(p.get("status", "waiting"))
        bits = [status_words(status, int(p.get("bid_cards") or 0))]
        if view.get("dealer") == seat:
            bits.insert(0, "dealer")
        if view.get("longer_game") and seat < len(view.get("scores") or []):
            bits.append(f"{view['scores'][seat]} points")
        if p.get("immune"):
            bits.append("immune to cheat calls")
        if p.get("skip_deal"):
            bits.append("no deal and no bid next round (Tavern Brawl)")
        if seat in to_act:
            bits.append("**to act**")
        line = f"- {'▶ ' if seat in to_act else ''}**{names[seat]}**: {', '.join(bits)}"
        if seat in bids:
            line += f"\n  - bid: {_bid_text(bids[seat], card)}"
            hidden = face_down_count(view, seat)
            if hidden:
                line += f"; {hidden} more card{'s' if hidden > 1 else ''} face down"
        lines.append(line)
    if view.get("pending"):
        lines += [
            "",
            "Waiting: " + say(view["pending"], names, view.get("pending_seat")),
        ]
    resolved = list(view.get("resolved") or [])
    if resolved:
        lines += ["", "Resolved this round:"] + [f"- {say(r, names)}" for r in resolved]
    last = view.get("last_auction")
    if last:
        lines += ["", "Last auction: " + say(last.get("text") or card_name(last["card"]), names)]
    result = view.get("result")
    if result:
        winners = [names[s] for s in result.get("winners") or []]
        lines += [
            "",
            f"**Game over: {list_words(winners)} win{'s' if len(winners) == 1 else ''}!** {say(result.get('reason') or '', names)}".rstrip(),
        ]
        scores = result.get("scores") or []
        if scores and (view.get("longer_game") or any(scores)):
            lines.append(
                "Final scores: " + ", ".join(f"{names[i]} {s}" for i, s in enumerate(scores))
            )
    return "\n".join(lines)


def text_hand(view: Mapping[str, Any]) -> str:
    """The hand in Markdown: the same facts as :func:`draw_hand`."""
    seat = _my_seat(view)
    names = names_of(view)
    hand = _hand_sort(list(view["hand"]))
    size = int(view.get("hand_size", len(hand)))
    lines = [f"**{names[seat]}'s hand**: {size} / {HAND_LIMIT} cards"]
    for text, _, _ in _hand_info(view, seat, names, size):
        lines.append(text)
    lines.append("")
    for key, idx in _hand_rows(hand):
        label = "Actions" if key == "ACT" else f"{SUIT_NAMES[key]} ({key})"
        if key == "ACT":
            cards = ", ".join(ACTIONS[hand[i]][0] for i in idx)
        else:
            cards = ", ".join(f"{RANK_OF[hand[i]]} {RANK_NAMES[RANK_OF[hand[i]]]}" for i in idx)
        lines.append(f"- {label}: {cards or 'none'}")
    lines.append("")
    lines += run_lines(near_runs(hand))
    mine = list(view.get("my_bid") or [])
    if mine:
        on_table = face_down_count(view, seat) > 0
        what = (
            "Your bid (face down on the table)"
            if on_table
            else "Picked for your bid (not confirmed yet)"
        )
        lines += [
            "",
            f"{what}: {', '.join(card_name(c) for c in mine)}; value {bid_value(mine, view.get('auction_card'))}",
        ]
    choice = view.get("choice")
    if choice:
        lines += ["", f"**{say(choice.get('prompt') or 'Your choice', names)}**"]
        if choice.get("cards"):
            lines.append("Cards: " + ", ".join(card_name(c) for c in choice["cards"]))
    return "\n".join(lines)

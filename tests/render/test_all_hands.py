"""The All Hands on Deck! images and text twins, from hand-built views in the brief's format."""

from __future__ import annotations

import copy
import io
import json

import pytest
from PIL import Image

import render
from engine.all_hands.cards import ACTIONS, ALL_CODES, RANK_NAMES, RANK_OF, SUIT_OF, sort_cards
from render import all_hands as ah
from render import headline as hl
from render import palette as pal
from render.all_hands.cards import fan_step, name_lines, name_room
from render.fonts import font
from tests.render import views as V

GAME = "all-hands"
MAX_BYTES = 300 * 1024

BOARDS = {
    "bidding": V.bidding(4),
    "revealed": V.revealed(4),
    "discard": V.discard(4),
    "over-longer": V.over(4),
    "over-short": V.over(3, longer=False),
    "six-captains": V.six(),
    "two-captains": V.bidding(2),
}
HANDS = {"fourteen-cards": V.big_hand(), "shady-deal-choice": V.choice_hand()}


def png(data: bytes) -> Image.Image:
    img = Image.open(io.BytesIO(data))
    img.load()
    return img


@pytest.mark.parametrize("name", BOARDS)
def test_board_is_a_small_palette_png(name: str) -> None:
    data = render.draw_board(GAME, BOARDS[name])
    img = png(data)
    assert img.format == "PNG"
    assert img.mode == "P"  # quantized before saving
    # landscape (issue 22): two columns of captains on the wide board, one on the narrow
    assert img.width == ah.board.board_width(BOARDS[name]["n"]) and img.height < img.width
    assert len(data) < MAX_BYTES


@pytest.mark.parametrize("name", BOARDS)
def test_the_key_lines_are_set_to_read_in_discords_inline_box(name: str) -> None:
    """Issue 22 replaced "the smallest text stays 10 px at 550 px wide" (a portrait board
    740 px wide): Discord fits the board into about 400 x 300, so the board is landscape
    and its key lines are set so that their capitals stay 7 px tall there (measured on
    the pixels for real games in test_inline_box.py); the rest is read full size."""
    view = BOARDS[name]
    img = png(render.draw_board(GAME, view))
    size = ah.board.key_size(view["n"])
    assert hl.cap_height(size) * hl.inline_scale(*img.size) >= hl.KEY_CAP


@pytest.mark.parametrize("name", HANDS)
def test_hand_is_a_small_palette_png(name: str) -> None:
    data = render.draw_hand(GAME, HANDS[name])
    img = png(data)
    assert img.format == "PNG" and img.mode == "P"
    assert len(data) < MAX_BYTES


def test_same_view_draws_identical_bytes() -> None:
    for view in BOARDS.values():
        assert render.draw_board(GAME, view) == render.draw_board(GAME, copy.deepcopy(view))
    for view in HANDS.values():
        assert render.draw_hand(GAME, view) == render.draw_hand(GAME, copy.deepcopy(view))


def test_board_survives_a_json_round_trip_of_its_view() -> None:
    for view in BOARDS.values():
        again = json.loads(json.dumps(view))
        assert render.draw_board(GAME, again) == render.draw_board(GAME, view)
        assert render.text_board(GAME, again) == render.text_board(GAME, view)


def test_board_never_shows_a_captains_private_keys() -> None:
    """The board drawn from a captain's own view is the spectator's board: the hand, the
    cards picked for the bid and a private choice change nothing on it."""
    public = V.revealed(4)
    private = V.seat_view(
        public,
        2,
        ["ST1", "RUM", "KING"],
        my_bid=["ST1"],
        choice={"kind": "give", "prompt": "Choose a card to give.", "cards": ["ST1", "RUM"]},
    )
    assert render.draw_board(GAME, private) == render.draw_board(GAME, public)
    assert render.text_board(GAME, private) == render.text_board(GAME, public)


def test_unknown_game_id_is_a_value_error() -> None:
    for fn in (render.draw_board, render.draw_hand, render.text_board, render.text_hand):
        with pytest.raises(ValueError, match="no-such-game"):
            fn("no-such-game", V.bidding(4))


def test_hand_image_refuses_a_spectator_view() -> None:
    with pytest.raises(ValueError, match="captain's own view"):
        render.draw_hand(GAME, V.bidding(4))
    with pytest.raises(ValueError, match="captain's own view"):
        render.text_hand(GAME, V.bidding(4))


def test_text_board_names_the_auction_card_and_each_captains_status() -> None:
    text = render.text_board(GAME, V.bidding(4))
    assert text.startswith("**All Hands on Deck!** · Round 3 of 100 · Bidding")
    assert "Sea Sabre 7 Navigator" in text
    assert "**Anne Bonny**: dealer, Waiting" in text
    assert "**Blackbeard**: Bid 2 cards" in text
    assert "▶ **Calico Jack**: Waiting, **to act**" in text
    assert "**Mary Read**: Waiting, immune to cheat calls" in text
    assert "Deck: 61 cards · Discard: 3 cards (top: Black Viper 9 Quartermaster)" in text
    assert "Last auction: Blackbeard won Black Viper 4 Carpenter" in text


def test_text_board_after_the_reveal_gives_bid_cards_and_doubled_values() -> None:
    text = render.text_board(GAME, V.revealed(4))
    # Brothers Before the Mast: Sea Sabre cards count double on a Sea Sabre auction
    assert "Sea Sabre 5 Gunner (×2 = 10), Stormsail 8 Boatswain, Shady Deal: value **18**" in text
    assert "Sea Sabre 9 Quartermaster (×2 = 18), Tavern Brawl: value **18**" in text
    assert "Black Viper 2 Swabbie: value **2**" in text
    assert "Waiting: Calico Jack chooses a card to give for the Shady Deal" in text
    assert "no deal and no bid next round (Tavern Brawl)" in text
    assert "Blackbeard's Tavern Brawl" in text


def test_text_board_of_a_finished_longer_game_gives_the_winner_and_scores() -> None:
    text = render.text_board(GAME, V.over(4))
    assert "Game over: Anne Bonny wins!" in text
    assert "Final scores: Anne Bonny 262, Blackbeard 140, Calico Jack 98, Mary Read 187" in text
    assert "first to 250 points" in text
    assert "Hand 3 of 5 · Round 12 of 100 · Game over" in text


def test_a_finished_game_shows_nobody_waiting() -> None:
    view = V.over(3, longer=False)
    view["players"] = [dict(p, status="waiting") for p in view["players"]]
    assert "Waiting" not in render.text_board(GAME, view)


def test_text_board_of_a_short_game_has_no_scores() -> None:
    text = render.text_board(GAME, V.over(3, longer=False))
    assert "points" not in text and "Final scores" not in text
    assert "ALL HANDS ON DECK!" in text


def test_text_hand_lists_the_cards_by_crew_and_warns_over_the_limit() -> None:
    text = render.text_hand(GAME, V.big_hand())
    assert "**Calico Jack's hand**: 14 / 12 cards" in text
    assert "- Stormsail (ST): 4 Carpenter, 6 Surgeon, 7 Navigator, 7 Navigator" in text
    assert "- Actions: Pirate Monkey, Rum, The Pirate King" in text
    assert "a Pirate Cheat call would cost you 2 cards" in text
    assert "Stormsail 4-6-7: needs 5 or 8" in text
    assert "Picked for your bid (not confirmed yet): Sea Sabre 5 Gunner, Rum; value 10" in text


def test_text_hand_gives_the_private_choice() -> None:
    text = render.text_hand(GAME, V.choice_hand())
    assert "Choose a card to give to Anne Bonny for her Shady Deal." in text
    assert "Cards: Stormsail 1 Cabin Boy, Stormsail 2 Swabbie" in text
    assert "Three of each crew: Stormsail 1-2-3: complete" in text


def test_an_immune_captain_over_the_limit_is_told_he_is_safe() -> None:
    view = V.big_hand()
    view["players"][2]["immune"] = True
    assert "you are immune to Pirate Cheat calls this round" in render.text_hand(GAME, view)


def test_confirmed_bid_cards_are_not_marked_in_the_hand() -> None:
    """Picks stay in the hand until the bid is confirmed; then they lie face down on the
    table (bid_cards > 0) and another copy left in the hand is not part of the bid."""
    view = V.seat_view(V.bidding(4), 2, ["ST5", "ST5", "RUM"], my_bid=["ST5"])
    assert ah.picks_in_hand(view) == ["ST5"]
    view["players"][2] = V.player("bid", 1)
    assert ah.picks_in_hand(view) == []
    assert "Your bid (face down on the table): Stormsail 5 Gunner" in render.text_hand(GAME, view)


def test_bid_value_doubles_the_auction_cards_crew() -> None:
    assert ah.bid_value(["SS5", "ST8", "SHADY"], "SS7") == 18
    assert ah.bid_value(["SS5", "ST8"], "RUM") == 13
    assert ah.bid_value(["SS5"], None) == 5


# -- close runs -----------------------------------------------------------------------


def hint(hand: list[str], suit: str, length: int) -> ah.RunHint | None:
    return next((h for h in ah.near_runs(hand) if h.suit == suit and h.length == length), None)


def test_near_run_with_one_gap_says_which_card_fills_it() -> None:
    h = hint(["ST4", "ST6", "ST7"], "ST", 3)
    assert h is not None and h.text() == "Stormsail 4-6-7: needs 5 or 8"


def test_near_run_complete_three_prefers_the_highest() -> None:
    h = hint(["BV1", "BV2", "BV3", "BV4", "BV5"], "BV", 3)
    assert h is not None and h.complete and h.text() == "Black Viper 3-4-5: complete"


def test_near_run_of_seven_two_cards_short() -> None:
    h = hint(["SS2", "SS3", "SS4", "SS5", "SS6"], "SS", 7)
    assert h is not None
    assert h.text() == "Sea Sabre 2-3-4-5-6: needs 1 and 7, or 7 and 8"


def test_near_run_of_seven_three_short_is_not_close() -> None:
    assert hint(["SS2", "SS3", "SS4", "SS6"], "SS", 7) is None


def test_duplicate_cards_do_not_make_a_run() -> None:
    h = hint(["ST4", "ST4", "ST5"], "ST", 3)
    assert h is not None and h.text() == "Stormsail 4-5: needs 3 or 6"


def test_lone_cards_are_not_close_to_anything() -> None:
    assert ah.near_runs(["ST1", "SS5", "BV9", "RUM"]) == []
    assert ah.run_lines([]) == [
        "Seven of one crew: nothing close yet",
        "Three of each crew: Stormsail: nothing close yet",
        "Three of each crew: Sea Sabre: nothing close yet",
        "Three of each crew: Black Viper: nothing close yet",
    ]


def test_a_pirate_monkey_is_mentioned_as_a_stand_in() -> None:
    lines = ah.run_lines(ah.near_runs(["ST6", "ST7", "MONKEY"]))
    assert "Your Pirate Monkey can stand in for a missing card." in lines


def test_run_cards_star_one_copy_per_rank() -> None:
    hand = ["ST4", "ST6", "ST7", "ST7", "BV1"]
    assert ah.run_cards(hand, ah.near_runs(hand)) == {0, 1, 2}


# -- pieces ---------------------------------------------------------------------------


def test_every_card_has_a_face_at_every_size() -> None:
    for code in ALL_CODES:
        for size, (w, h) in ah.SIZES.items():
            assert ah.card_face(code, size).size == (w, h)


def test_unknown_card_in_a_view_is_a_clear_error() -> None:
    view = V.bidding(4)
    view["auction_card"] = "XX99"
    with pytest.raises(ValueError, match="XX99"):
        render.draw_board(GAME, view)


def test_text_below_fourteen_pixels_is_refused() -> None:
    with pytest.raises(ValueError, match="minimum is 14"):
        font(13)


def test_names_the_font_cannot_draw_are_cleaned_not_boxed() -> None:
    view = V.bidding(4)
    view["names"] = ["Anne ⛵ Bonny", "⛵⛵", "Calico Jack", "Mary"]
    assert ah.names_of(view)[:2] == ["Anne Bonny", "Captain 2"]
    assert png(render.draw_board(GAME, view)).format == "PNG"


def test_a_view_without_names_falls_back_to_captain_numbers() -> None:
    view = V.bidding(3)
    del view["names"]
    assert "**Captain 2**: Bid 2 cards" in render.text_board(GAME, view)


def test_engine_sentences_get_the_captains_names() -> None:
    names = ["Anne", "{p0}", "Jack"]
    assert ah.say("{p2} won the Rum from {p1}.", names) == "Jack won the Rum from {p0}."
    assert ah.say("{name} chooses a card", names, 0) == "Anne chooses a card"
    view = V.discard(4)
    view["resolved"] = ["{p0}'s Rum wins the auction outright."]
    assert "- Anne Bonny's Rum wins the auction outright." in render.text_board(GAME, view)


# -- the images' known defects (issue 14) --------------------------------------------------


@pytest.mark.parametrize("size", sorted(ah.SIZES))
def test_no_card_name_is_broken_inside_a_word(size: str) -> None:
    """ "Merma-id" on the discard pile: every name on every card is written in whole words
    that fit the card (one line where it fits, else between words)."""
    for code in ALL_CODES:
        if code in ACTIONS:
            name = ACTIONS[code][0]
            sizes, bold = ((22, 20, 18), True) if size == "L" else ((14,), size == "M")
            room = ah.SIZES["L"][0] - 24 if size == "L" else name_room(size)
        elif size == "M":
            name, sizes, bold, room = RANK_NAMES[RANK_OF[code]], (15, 14), False, name_room("M")
        else:
            continue
        lines, px = name_lines(name, room, sizes, bold)
        assert " ".join(lines) == name, (code, size, lines)
        assert all(font(px, bold).getlength(line) <= room for line in lines), (code, size)
    assert name_lines("Mermaid", name_room("S"), (14,))[0] == ["Mermaid"]
    assert name_lines("Quartermaster", name_room("M"))[0] == ["Quartermaster"]


def test_the_rulebooks_winning_hands_mark_their_run() -> None:
    """Rulebook "Example of a Winning Hand": Stormsail 2 through 8; three consecutive in
    each crew. A Pirate Monkey standing in is part of the crew."""
    seven = ["ST2", "ST3", "ST4", "ST5", "ST6", "ST7", "ST8", "SS1", "RUM"]
    assert ah.winning_cards(seven) == set(range(7))
    threes = ["ST3", "ST4", "ST5", "SS6", "SS7", "SS8", "BV1", "BV2", "BV3", "BV9"]
    assert ah.winning_cards(threes) == set(range(9))
    monkey = ["ST2", "ST3", "ST5", "ST6", "ST7", "ST8", "MONKEY"]
    assert ah.winning_cards(monkey) == set(range(7))
    assert ah.winning_cards(["ST2", "ST3", "ST4", "ST6", "ST7", "ST8", "ST9"]) == set()


def won_by_crew() -> dict:
    """A short game won by a crew, the winner's cards laid down (the view's result
    "crew": see the report of issue 14 for the engine's part)."""
    view = V.over(4, longer=False)
    view["result"]["crew"] = {"seat": 0, "cards": ["SS1", "ST8", "ST2", "ST3", "ST4", "ST5",
                                                     "ST6", "ST7", "RUM"]}
    return view


def test_the_end_board_shows_the_winning_crew_with_its_run_starred() -> None:
    plain, crew = V.over(4, longer=False), won_by_crew()
    assert png(render.draw_board(GAME, crew)).height > png(render.draw_board(GAME, plain)).height
    text = render.text_board(GAME, crew)
    assert "Anne Bonny's winning crew: Stormsail 2 Swabbie ★, Stormsail 3 Cook ★, " in text
    assert "Stormsail 8 Boatswain ★, Sea Sabre 1 Cabin Boy, Rum" in text


def test_the_winners_row_is_gold_on_the_end_board() -> None:
    view = won_by_crew()
    img = png(render.draw_board(GAME, view)).convert("RGB")
    boxes = ah.board.layout(view)

    def row_colour(seat: int) -> tuple[int, ...]:
        x0, y0, x1, y1 = boxes[f"captain {seat}"]
        return img.getpixel((x1 - 30, y1 - 12))

    def near(a: tuple[int, ...], b: tuple[int, ...]) -> bool:
        return max(abs(x - y) for x, y in zip(a, b, strict=True)) < 12

    assert near(row_colour(0), pal.GOLD_LIGHT)  # Anne Bonny won
    assert not any(near(row_colour(s), pal.GOLD_LIGHT) for s in (1, 2, 3))


def test_the_hand_says_what_each_action_card_does() -> None:
    text = render.text_hand(GAME, V.big_hand())
    assert "What your action cards do:" in text
    assert "- **Rum**: Wins the auction card outright, whatever the other bids." in text
    assert "- **The Pirate King**: Every other captain gives you a card of their choice" in text
    assert "- **Pirate Monkey**: A wild card in your crew runs" in text
    with_actions = png(render.draw_hand(GAME, V.big_hand()))
    crew_only = V.seat_view(V.base(4), 2, [c for c in V.HAND14 if c in SUIT_OF])
    without = png(render.draw_hand(GAME, crew_only))
    # the action cards' row on the left, in place of "No action cards" (since issue 22
    # the hand is landscape, and the panel explaining the three cards stands in the right
    # column, beside the rows: it no longer adds to the height)
    assert with_actions.height - without.height >= ah.hand.ROW_HAND - 52
    side = with_actions.width - ah.hand.SIDE_W
    assert with_actions.width == without.width and with_actions.width > with_actions.height
    column = (side, 0, with_actions.width, without.height)
    assert with_actions.convert("RGB").crop(column) != without.convert("RGB").crop(column)


def star_blobs(img: Image.Image, top: int) -> list[tuple[float, int]]:
    """The gold discs of at least half a star's area under ``top``: (centre x, area) each,
    left to right. Slivers of a star peeping from under the next card are not stars."""
    rgb = img.convert("RGB").crop((0, top, img.width, img.height))
    w, h = rgb.size
    px = rgb.load()
    gold = {
        (x, y)
        for y in range(h)
        for x in range(w)
        if max(abs(a - b) for a, b in zip(px[x, y], pal.GOLD, strict=True)) < 24
    }
    blobs: list[tuple[float, int]] = []
    while gold:
        todo = [gold.pop()]
        seen = list(todo)
        while todo:
            x, y = todo.pop()
            for q in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
                if q in gold:
                    gold.remove(q)
                    todo.append(q)
                    seen.append(q)
        if len(seen) >= 24 * 24 * 0.785 / 2:
            blobs.append((sum(x for x, _ in seen) / len(seen), len(seen)))
    return sorted(blobs)


@pytest.mark.parametrize(
    "crew",
    [
        # three in a row in each crew, three more cards: 12 cards, the fan overlaps
        ["ST3", "ST4", "ST5", "SS6", "SS7", "SS8", "BV1", "BV2", "BV3", "BV9", "ST10", "SS1"],
        # seven Stormsail among fourteen crew cards
        ["ST2", "ST3", "ST4", "ST5", "ST6", "ST7", "ST8", "SS1", "SS2", "SS9", "BV5", "BV6",
         "BV9", "ST10"],
    ],
    ids=["three-of-each", "seven-of-one"],
)
def test_every_card_of_the_winning_run_shows_its_star(crew: list[str]) -> None:
    """Each ★ is seen whole on its own card: the next card in the fan covers none of them
    (a crew of crew cards only, so the footer's only gold is the stars)."""
    view = won_by_crew()
    view["result"]["crew"]["cards"] = crew
    cards = sort_cards(crew)
    run = sorted(ah.winning_cards(cards))
    # in the footer under the captains, the only gold is the stars
    footer = ah.board.layout(view)["footer"]
    blobs = star_blobs(png(render.draw_board(GAME, view)).crop(footer), 0)
    assert len(blobs) == len(run)
    # each star on the part of its card that the next card leaves visible
    sw = ah.SIZES["S"][0]
    x0, step = ah.board.crew_fan(footer, len(cards))
    x0 -= footer[0]
    assert step == fan_step(len(cards), sw, footer[2] - footer[0] - 32, 6)
    for (cx, _), i in zip(blobs, run, strict=True):
        assert x0 + i * step <= cx < x0 + i * step + min(step, sw), (i, cx)

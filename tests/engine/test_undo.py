"""Undo by consent (issue 15): which moves each game lets be taken back, and why not.

Per game, a move its players would expect to take back (a mis-click that showed nothing)
is allowed, and one that showed a card, drew one or rolled the dice is refused with a
sentence saying why. The generic checks (engine/undo.py) are tested on real situations of
real games: a move its game lists as open is still kept when it deals new cards, reveals
sealed bids or draws tiles.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import engine
from engine import undo
from engine.ai import clone
from engine.core import Action, is_over

Want = Callable[[Any, Any, int, Action], bool]


def find(game_id: str, n: int, want: Want, seed: str = "undo", options: dict | None = None,
         steps: int = 5000) -> tuple[Any, int, Action]:
    """The first position of a seeded random game where a waiting seat has a legal move
    that ``want(game, state, seat, action)`` accepts: (state, seat, that move)."""
    game = engine.get_game(game_id)
    state = game.setup(n, options or {}, seed)
    rng = random.Random(seed)
    for _ in range(steps):
        assert not is_over(game, state), "the game ended before the situation came up"
        waiting = sorted(game.to_act(state))
        for seat in waiting:
            for action in game.legal_actions(state, seat):
                if want(game, state, seat, action):
                    return state, seat, action
        seat = rng.choice(waiting)
        game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
    raise AssertionError("the situation never came up")


def judged(game_id: str, state: Any, seat: int, action: Action, n: int) -> str | None:
    return undo.refusal(engine.get_game(game_id), state, seat, action, n)


def after(game: Any, state: Any, seat: int, action: Action) -> Any:
    copy = clone(game, state)
    game.apply(copy, seat, action)
    return copy


# -- All Hands on Deck! ---------------------------------------------------------------------


def test_all_hands_passing_on_an_auction_can_be_taken_back_before_the_next_captain_acts(
) -> None:
    def first_pass(game: Any, s: Any, seat: int, a: Action) -> bool:
        view = game.view(s, None)
        return a.kind == "pass" and view["phase"] == "bid" and \
            all(p["status"] == "waiting" for p in view["players"])
    state, seat, action = find("all-hands", 3, first_pass)
    assert judged("all-hands", state, seat, action, 3) is None


def test_all_hands_a_discarded_card_cannot_be_taken_back_it_lies_face_up() -> None:
    state, seat, action = find("all-hands", 3, lambda g, s, seat, a: a.kind == "discard")
    why = judged("all-hands", state, seat, action, 3)
    assert why == ("That move cannot be taken back: the card you discarded lies face up on "
                   "the discard pile.")


def test_all_hands_done_discarding_that_deals_the_next_round_cannot_be_taken_back() -> None:
    """"Done" is open, but the last captain's "done" ends the round and new cards are
    dealt from the shuffled deck: taking it back would deal them again."""

    def last_done(game: Any, s: Any, seat: int, a: Action) -> bool:
        return a.kind == "discard_done" and game.to_act(s) == {seat} and \
            game.view(after(game, s, seat, a), None)["round"] != game.view(s, None)["round"]

    state, seat, action = find("all-hands", 3, last_done)
    why = judged("all-hands", state, seat, action, 3)
    assert why is not None and why.startswith("That move cannot be taken back: it ")
    assert "hidden" in why or "shuffled" in why or "private" in why


# -- Pirate Tricks --------------------------------------------------------------------------


def test_pirate_tricks_a_sealed_bid_can_be_taken_back_while_others_still_bid() -> None:
    def early_bid(game: Any, s: Any, seat: int, a: Action) -> bool:
        return a.kind == "bid" and len(game.to_act(s)) == 3

    state, seat, action = find("pirate-tricks", 3, early_bid)
    assert judged("pirate-tricks", state, seat, action, 3) is None


def test_pirate_tricks_the_last_bid_in_reveals_the_others_and_cannot_be_taken_back() -> None:
    def last_bid(game: Any, s: Any, seat: int, a: Action) -> bool:
        return a.kind == "bid" and game.to_act(s) == {seat} and len(s.bidders) > 1

    state, seat, action = find("pirate-tricks", 3, last_bid)
    why = judged("pirate-tricks", state, seat, action, 3)
    assert why is not None and ("hidden" in why or "private" in why), why


def test_pirate_tricks_a_card_played_to_a_trick_cannot_be_taken_back() -> None:
    state, seat, action = find("pirate-tricks", 3, lambda g, s, seat, a: a.kind == "play")
    assert judged("pirate-tricks", state, seat, action, 3) == (
        "That move cannot be taken back: the card you played to the trick has been seen by "
        "everyone.")


# -- Sewer Pirats ---------------------------------------------------------------------------


def test_sewer_pirats_moving_a_figure_aboard_can_be_taken_back() -> None:
    state, seat, action = find("sewer-pirats", 3, lambda g, s, seat, a: a.kind == "move")
    assert judged("sewer-pirats", state, seat, action, 3) is None


def test_sewer_pirats_drawing_two_cards_cannot_be_taken_back() -> None:
    state, seat, action = find("sewer-pirats", 3, lambda g, s, seat, a: a.kind == "draw")
    assert judged("sewer-pirats", state, seat, action, 3) == (
        "That move cannot be taken back: drawing takes cards from the deck, or refills the "
        "face-up row from it.")


# -- Neuroshima Hex! ------------------------------------------------------------------------


def test_neuroshima_placing_a_tile_can_be_taken_back_the_hand_is_face_up() -> None:
    state, seat, action = find("neuroshima", 2, lambda g, s, seat, a: a.kind == "place")
    assert judged("neuroshima", state, seat, action, 2) is None


def test_neuroshima_ending_the_turn_cannot_be_taken_back_the_other_army_draws() -> None:
    state, seat, action = find("neuroshima", 2, lambda g, s, seat, a: a.kind == "end")
    assert judged("neuroshima", state, seat, action, 2) == (
        "That move cannot be taken back: ending your turn makes the other army draw its "
        "tiles.")


def test_neuroshima_a_tile_the_rule_allows_is_kept_when_it_draws_from_the_pile() -> None:
    """The generic check, on a move the game's list allows: a discard that leads straight
    into the other army's draw shows tiles from the shuffled pile."""

    def draws(game: Any, s: Any, seat: int, a: Action) -> bool:
        if a.kind not in undo.game_rule(game).TAKE_BACK:
            return False
        later = after(game, s, seat, a)
        return sum(map(len, game.view(later, None)["hands"])) > \
            sum(map(len, game.view(s, None)["hands"])) + (a.kind == "discard")

    state, seat, action = find("neuroshima", 2, draws)
    why = judged("neuroshima", state, seat, action, 2)
    assert why is not None and "hidden" in why, why


# -- Catan: Seafarers -----------------------------------------------------------------------


def test_seafarers_building_a_road_can_be_taken_back() -> None:
    state, seat, action = find("seafarers", 3, lambda g, s, seat, a: a.kind == "road"
                               and s.phase == "main")
    assert judged("seafarers", state, seat, action, 3) is None


def test_seafarers_ending_the_turn_can_be_taken_back_before_the_next_roll() -> None:
    state, seat, action = find("seafarers", 3, lambda g, s, seat, a: a.kind == "end")
    assert judged("seafarers", state, seat, action, 3) is None


def test_seafarers_rolling_the_dice_cannot_be_taken_back() -> None:
    state, seat, action = find("seafarers", 3, lambda g, s, seat, a: a.kind == "roll")
    assert judged("seafarers", state, seat, action, 3) == (
        "That move cannot be taken back: the dice have been rolled.")


def test_seafarers_buying_a_development_card_cannot_be_taken_back() -> None:
    state, seat, action = find("seafarers", 3, lambda g, s, seat, a: a.kind == "buy")
    assert judged("seafarers", state, seat, action, 3) == (
        "That move cannot be taken back: a development card has been drawn from the "
        "shuffled pile.")


def test_a_development_card_bought_is_caught_by_the_generic_check_as_well() -> None:
    """Were "buy" listed as open by mistake, the card drawn would still keep it: the
    buyer's own view shows a card that other worlds deal differently."""
    game = engine.get_game("seafarers")
    state, seat, action = find("seafarers", 3, lambda g, s, seat, a: a.kind == "buy")
    assert undo._generic(game, state, seat, action, 3, random.Random(0)) == (
        "it showed you something that was hidden (a card drawn, a tile turned over)")


# -- what every game shares -----------------------------------------------------------------


def test_judging_a_move_leaves_the_state_as_it_was() -> None:
    game = engine.get_game("seafarers")
    state, seat, action = find("seafarers", 3, lambda g, s, seat, a: a.kind == "road"
                               and s.phase == "main")
    before = game.dump(state)
    undo.refusal(game, state, seat, action, 3)
    assert game.dump(state) == before


def test_a_kind_of_move_the_game_does_not_list_is_kept() -> None:
    state, seat, _ = find("seafarers", 3, lambda g, s, seat, a: a.kind == "end")
    why = judged("seafarers", state, seat, Action("teleport", {}), 3)
    assert why == "That move cannot be taken back: this kind of move cannot be taken back."


def test_every_game_has_its_own_undo_rule_with_reasons_for_what_it_keeps() -> None:
    for game_id, game in engine.GAMES.items():
        if game_id == "cutlass":
            continue
        rule = undo.game_rule(game)
        assert rule is not None, game_id
        assert rule.TAKE_BACK and not set(rule.TAKE_BACK) & set(rule.KEPT), game_id
        assert all(reason and reason[0].islower() for reason in rule.KEPT.values())

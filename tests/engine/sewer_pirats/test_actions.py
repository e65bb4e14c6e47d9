"""The four actions of a turn, exactly as printed (rulebook "Round Sequence", A to D), with
the rulebook's examples."""

from __future__ import annotations

from engine.sewer_pirats import GAME
from engine.sewer_pirats.moves import crew_options

from .helpers import act, legal, position, refused, spaces, texts

RED, GREEN, YELLOW, BLUE = 0, 1, 2, 3


# -- A) Draw two cards -------------------------------------------------------------------------


def test_draw_two_cards_in_any_combination_from_the_deck_and_the_face_up_row() -> None:
    s = position(2, row=["cat", "cat", "bird", "fish"], hands={0: "fish"})
    takes = {tuple(a.args["take"]) for a in legal(s, 0, "draw")}
    assert takes == {
        ("deck", "deck"), ("deck", "cat"), ("deck", "bird"), ("deck", "fish"),
        ("cat", "cat"), ("cat", "bird"), ("cat", "fish"), ("bird", "fish"),
    }  # no two face-up birds: there is one


def test_the_face_up_row_is_refilled_to_four_after_both_cards_are_drawn() -> None:
    s = position(2, row=["cat", "cat", "bird", "fish"], deck=["fish", "bird"])
    events = act(s, 0, "draw", take=["cat", "cat"])
    assert s.hands[0] == [2, 0, 0]
    assert sorted(s.row) == sorted([1, 2, 2, 1])  # bird, fish + the two new cards
    assert "draws the face-up cat and the face-up cat" in texts(events)
    assert GAME.to_act(s) == {1}


def test_cards_drawn_from_the_deck_are_told_only_to_the_drawer() -> None:
    s = position(2, deck=["fish", "bird"])
    events = act(s, 0, "draw", take=["deck", "deck"])
    public = [e.text for e in events if e.to is None]
    private = [e.text for e in events if e.to == {0}]
    assert public == ["{p0} draws two from the deck."]
    assert private == ["From the deck you draw a fish card and a bird card."]


def test_hand_limit_six_after_drawing_the_player_chooses_what_to_discard() -> None:
    s = position(2, hands={0: "cat cat cat bird bird"}, deck=["fish", "fish"])
    act(s, 0, "draw", take=["deck", "deck"])
    assert sum(s.hands[0]) == 7
    assert GAME.to_act(s) == {0}
    assert {a.args["card"] for a in legal(s, 0)} == {"cat", "bird", "fish"}
    act(s, 0, "discard", card="bird")
    assert s.hands[0] == [3, 1, 2] and s.discard == [0, 1, 0]
    assert GAME.to_act(s) == {1}


def test_hand_limit_with_cards_of_one_symbol_discards_without_asking() -> None:
    s = position(2, hands={0: "cat cat cat cat cat"}, row=["cat"] * 4, deck=["cat"] * 4)
    events = act(s, 0, "draw", take=["cat", "cat"])
    assert s.hands[0] == [6, 0, 0] and s.discard == [1, 0, 0]
    assert "discards a cat card (hand limit 6)" in texts(events)
    assert GAME.to_act(s) == {1}


def test_the_discard_pile_is_shuffled_into_a_new_deck_when_the_deck_runs_out() -> None:
    s = position(2)
    s.deck, s.discard = [], [3, 0, 0]
    events = act(s, 0, "draw", take=["deck", "deck"])
    assert s.hands[0] == [2, 0, 0] and s.deck == [0] and s.discard == [0, 0, 0]
    assert "shuffled into a new deck" in texts(events)


def test_with_a_single_card_left_anywhere_the_player_draws_that_one() -> None:
    s = position(2, row=["fish"])
    s.deck = []
    assert [a.args["take"] for a in legal(s, 0, "draw")] == [["fish"]]


def test_a_player_who_can_do_nothing_passes_his_turn() -> None:
    s = position(2, row=[], crew=("rat", "raccoon", "snail", "weasel"))
    s.deck = []
    assert [a.kind for a in legal(s, 0)] == ["idle"]
    act(s, 0, "idle")
    assert GAME.to_act(s) == {1}


# -- B) Move a figure to a crew space -------------------------------------------------------


def test_example_raccoon_onto_the_empty_fish_ship_moves_one_space_per_card() -> None:
    s = position(4, hands={GREEN: "fish fish fish"}, turn=GREEN)
    moves = {a.args["to"]: a.label for a in legal(s, GREEN, "move")
             if a.args["ship"] == "fish" and a.args["tribe"] == "raccoon"}
    assert moves == {
        1: "Move your raccoon onto the fish ship, space 1 (1 fish card)",
        2: "Move your raccoon onto the fish ship, space 2 (2 fish cards)",
        3: "Move your raccoon onto the fish ship, space 3 (3 fish cards)",
    }
    act(s, GREEN, "move", ship="fish", tribe="raccoon", **{"from": 0, "to": 2})
    assert spaces(s, "fish") == [None, (GREEN, "raccoon"), None, None]
    assert s.hands[GREEN] == [0, 0, 1] and s.discard == [0, 0, 2]
    assert "raccoon" not in s.home[GREEN]


def test_example_rat_moves_over_the_occupied_space_for_free() -> None:
    s = position(4, ships={"cat": [(BLUE, "rat"), (RED, "cockroach"), None, None]},
                 hands={BLUE: "cat", YELLOW: "cat"}, turn=BLUE)
    act(s, BLUE, "move", ship="cat", tribe="rat", **{"from": 1, "to": 3})
    assert spaces(s, "cat") == [None, (RED, "cockroach"), (BLUE, "rat"), None]
    assert s.hands[BLUE] == [0, 0, 0]


def test_example_yellow_moves_from_the_play_area_directly_to_space_3_with_one_card() -> None:
    s = position(4, ships={"cat": [(BLUE, "rat"), (RED, "cockroach"), None, None]},
                 hands={YELLOW: "cat"}, turn=YELLOW)
    onto_cat = [a.args["to"] for a in legal(s, YELLOW, "move") if a.args["ship"] == "cat"]
    assert set(onto_cat) == {3}
    act(s, YELLOW, "move", ship="cat", tribe="weasel", **{"from": 0, "to": 3})
    assert spaces(s, "cat")[2] == (YELLOW, "weasel")


def test_moving_on_a_ship_needs_cards_of_that_ships_symbol() -> None:
    s = position(2, hands={0: "bird bird"}, crew=("rat", "raccoon", "snail", "weasel"))
    ships = {a.args["ship"] for a in legal(s, 0, "move")}
    assert ships == {"bird"}
    reason = refused(s, 0, "move", ship="cat", tribe="rat", **{"from": 0, "to": 1})
    assert "too few matching cards" in reason and "You may now:" in reason


def test_figures_cannot_move_onto_the_captains_space() -> None:
    s = position(2, ships={"cat": [None, None, (0, "rat"), None]}, hands={0: "cat cat cat"})
    rat_moves = [a for a in legal(s, 0, "move") if a.args["ship"] == "cat"
                 and a.args["from"] == 3]
    assert rat_moves == []
    assert all(a.args["to"] in (1, 2, 3) for a in legal(s, 0, "move"))


def test_a_player_may_have_several_figures_aboard_the_same_ship() -> None:
    s = position(2, ships={"cat": [(0, "rat"), None, None, None]}, hands={0: "cat"})
    act(s, 0, "move", ship="cat", tribe="weasel", **{"from": 0, "to": 2})
    assert spaces(s, "cat")[:2] == [(0, "rat"), (0, "weasel")]
    assert GAME.to_act(s) == {1}


# -- C) Become captain ----------------------------------------------------------------------


def test_become_captain_from_the_play_area_costs_three_cards() -> None:
    full = [(1, "rat"), (1, "cockroach"), (1, "weasel"), None]
    s = position(2, ships={"bird": full}, hands={0: "bird bird bird"})
    caps = [a for a in legal(s, 0, "captain") if a.args["tribe"] == "rat"]
    assert [a.label for a in caps] == [
        "Make your rat captain of the bird ship from your play area (3 bird cards)"]
    s2 = position(2, ships={"bird": full}, hands={0: "bird bird"})
    assert [a for a in legal(s2, 0, "captain") if a.args["tribe"] == "rat"] == []
    act(s, 0, "captain", ship="bird", tribe="rat", **{"from": 0})
    assert spaces(s, "bird")[3] == (0, "rat") and s.hands[0] == [0, 0, 0]


def test_become_captain_from_the_ship_costs_one_card() -> None:
    s = position(2, ships={"fish": [None, (0, "rat"), (1, "weasel"), None]},
                 hands={0: "fish"})
    act(s, 0, "captain", ship="fish", tribe="rat", **{"from": 2})
    assert spaces(s, "fish") == [None, None, (1, "weasel"), (0, "rat")]
    assert s.hands[0] == [0, 0, 0] and s.discard == [0, 0, 1]


def test_become_captain_needs_every_crew_space_to_the_captain_occupied() -> None:
    s = position(2, ships={"fish": [(0, "rat"), None, (1, "weasel"), None]},
                 hands={0: "fish fish fish"})
    assert [a for a in legal(s, 0, "captain") if a.args["ship"] == "fish"] == []


def test_a_player_never_has_two_captains_at_once() -> None:
    s = position(2, ships={"fish": [(1, "rat"), (1, "raccoon"), (1, "weasel"), (0, "rat")],
                           "cat": [None, None, (0, "weasel"), None]},
                 hands={0: "cat cat cat fish"})
    assert not any(c[0] == "captain" for c in crew_options(s, 0))
    assert [a.kind for a in legal(s, 0)] == ["sail"]


def test_players_take_turns_clockwise_from_the_first_player_one_action_each() -> None:
    """Rulebook "Round Sequence": "Starting with the first player and proceeding clockwise,
    each player must perform one action"."""
    s = position(3, turn=1)
    s.first = 1
    seen = []
    for _ in range(4):
        (seat,) = GAME.to_act(s)
        kinds = {a.kind for a in legal(s, seat)}
        assert "draw" in kinds and not kinds & {"idle", "end"}  # an action is compulsory
        seen.append((seat, s.round))
        act(s, seat, "draw", take=["deck", "deck"])
    assert seen == [(1, 1), (2, 1), (0, 1), (1, 2)]


def test_figures_can_only_be_removed_after_the_ship_sets_sail() -> None:
    """Rulebook "Move a Figure": figures move only towards the bow, and "figures can only
    be removed after the ship sets sail": no move back, off the ship or to another ship."""
    s = position(2, ships={"cat": [None, (0, "rat"), None, None]},
                 hands={0: "cat cat cat bird fish"})
    rat_moves = [a for a in legal(s, 0) if a.kind == "move" and a.args["from"] == 2]
    assert [(a.args["ship"], a.args["to"]) for a in rat_moves] == [("cat", 3)]
    assert all(a.args["from"] == 0 for a in legal(s, 0)
               if a.kind == "move" and a.args["ship"] != "cat")  # others board from home
    act(s, 0, "move", ship="bird", tribe="raccoon", **{"from": 0, "to": 1})
    assert spaces(s, "cat")[1] == (0, "rat") and "rat" not in s.home[0]


# -- D) Set sail ---------------------------------------------------------------------------


def test_set_sail_is_compulsory_for_a_player_with_a_captain() -> None:
    s = position(2, ships={"cat": [None, None, None, (0, "cockroach")]},
                 hands={0: "cat bird fish"})
    assert [a.label for a in legal(s, 0)] == ["Set sail with the cat ship"]
    reason = refused(s, 0, "draw", take=["deck", "deck"])
    assert "You may now: set sail." in reason


def _sailing_position():
    crew = ("cockroach", "raccoon", "snail", "weasel")
    return position(
        3, crew=crew,
        ships={"cat": [(1, "cockroach"), (2, "cockroach"), (1, "raccoon"), (0, "cockroach")]},
        groups={"cat": [["fries-1", "noodles-5", "can-9", "ketchup"],
                        ["burger-2", "burger-3", "teddy-4", "parrot"]]},
    )


def test_set_sail_the_captain_takes_the_bonus_and_a_booty_token_of_his_choice() -> None:
    s = _sailing_position()
    events = act(s, 0, "sail", ship="cat")
    assert s.treasure[0] == ["ketchup"]
    assert GAME.to_act(s) == {0}
    assert [a.args["token"] for a in legal(s, 0)] == ["fries-1", "noodles-5", "can-9"]
    assert "sets sail" in texts(events)
    act(s, 0, "seize", token="can-9")
    assert s.treasure[0] == ["ketchup", "can-9"]


def test_set_sail_then_the_figures_nearest_the_bow_take_one_token_each_in_order() -> None:
    s = _sailing_position()
    act(s, 0, "sail", ship="cat")
    act(s, 0, "seize", token="can-9")
    assert GAME.to_act(s) == {1}  # the raccoon on space 3
    act(s, 1, "seize", token="noodles-5")
    # the cockroach on space 2 takes the last token (no choice left); space 1 gets nothing
    assert s.treasure == [["ketchup", "can-9"], ["noodles-5"], ["fries-1"]]


def test_set_sail_figures_that_seized_go_home_the_others_move_one_space_to_the_bow() -> None:
    s = _sailing_position()
    act(s, 0, "sail", ship="cat")
    act(s, 0, "seize", token="can-9")
    events = act(s, 1, "seize", token="noodles-5")
    assert spaces(s, "cat") == [None, (1, "cockroach"), None, None]
    assert sorted(s.home[0]) == sorted(["cockroach", "raccoon", "snail", "weasel"])
    assert "cockroach" in s.home[2] and "raccoon" in s.home[1]
    assert "stays aboard the cat ship and moves up to space 2" in texts(events)


def test_set_sail_the_second_group_moves_up_and_a_new_group_is_laid_out() -> None:
    s = _sailing_position()
    pool = len(s.pool)
    act(s, 0, "sail", ship="cat")
    act(s, 0, "seize", token="can-9")
    act(s, 1, "seize", token="noodles-5")
    assert s.groups[0][0] == ["burger-2", "burger-3", "teddy-4", "parrot"]
    assert len(s.groups[0]) == 2 and len(s.pool) == pool - 3
    assert GAME.to_act(s) == {1}  # the turn passes on


def test_set_sail_with_fewer_figures_than_booty_the_rest_goes_back_to_the_box() -> None:
    s = position(2, ships={"cat": [None, None, None, (0, "cockroach")]},
                 groups={"cat": [["fries-1", "fries-1", "fries-1", "chili"]]})
    act(s, 0, "sail", ship="cat")  # one distinct token: taken without asking
    assert s.treasure[0] == ["chili", "fries-1"]
    assert s.box == ["fries-1", "fries-1"]
    assert spaces(s, "cat") == [None] * 4 and "cockroach" in s.home[0]


def test_set_sail_the_next_figure_nearest_the_bow_need_not_stand_on_space_3() -> None:
    s = position(3, ships={"cat": [(2, "raccoon"), (1, "raccoon"), None, (0, "raccoon")]},
                 groups={"cat": [["fries-1", "fries-2", "fries-3", "chili"]]})
    act(s, 0, "sail", ship="cat")
    act(s, 0, "seize", token="fries-3")
    assert GAME.to_act(s) == {1}  # space 2 before space 1
    act(s, 1, "seize", token="fries-1")
    assert s.treasure[2] == ["fries-2"]

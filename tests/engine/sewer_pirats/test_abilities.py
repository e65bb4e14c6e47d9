"""Every tribe's ability and every note, exactly as printed (rulebook "Figure Special
Abilities", pages 6-7), and the Landlubber variant without them."""

from __future__ import annotations

from engine.sewer_pirats import GAME

from .helpers import act, legal, position, refused, spaces, texts

RED, GREEN, YELLOW, BLUE = 0, 1, 2, 3
GROUP = ["fries-1", "noodles-2", "can-5", "chili"]
NEXT = ["burger-2", "burger-6", "doll-7", "parrot"]


# -- rats --------------------------------------------------------------------------------------


def test_rat_seizes_two_booty_tokens_instead_of_one() -> None:
    s = position(2, ships={"cat": [None, None, (1, "rat"), (0, "cockroach")]},
                 groups={"cat": [GROUP, NEXT]})
    act(s, 0, "sail", ship="cat")
    act(s, 0, "seize", token="can-5")
    act(s, 1, "seize", token="noodles-2")
    assert GAME.to_act(s) == {1}
    assert [a.label for a in legal(s, 1)] == [
        "Seize French fries 1 as your rat's second token", "Take no second token with your rat"]
    act(s, 1, "seize", token="fries-1")
    assert s.treasure[1] == ["noodles-2", "fries-1"]
    assert "rat" in s.home[1]


def test_rat_with_only_one_token_left_cannot_seize_more_than_one() -> None:
    s = position(3, ships={"cat": [None, (2, "rat"), (1, "raccoon"), (0, "cockroach")]},
                 groups={"cat": [GROUP, NEXT]})
    act(s, 0, "sail", ship="cat")
    act(s, 0, "seize", token="can-5")
    act(s, 1, "seize", token="noodles-2")
    assert s.treasure[2] == ["fries-1"]
    assert GAME.to_act(s) == {1}  # the sailing is over: next player


def test_rat_captain_takes_the_bonus_and_two_booty_tokens() -> None:
    s = position(2, ships={"fish": [None, None, None, (0, "rat")]},
                 groups={"fish": [GROUP, NEXT]})
    act(s, 0, "sail", ship="fish")
    act(s, 0, "seize", token="can-5")
    act(s, 0, "seize", token="noodles-2")
    assert s.treasure[0] == ["chili", "can-5", "noodles-2"]
    assert s.box == ["fries-1"]


def test_rat_may_leave_its_second_token_to_the_next_figure() -> None:
    s = position(2, ships={"cat": [None, (0, "raccoon"), (1, "rat"), (0, "cockroach")]},
                 groups={"cat": [GROUP, NEXT]})
    act(s, 0, "sail", ship="cat")
    act(s, 0, "seize", token="can-5")
    act(s, 1, "seize", token="noodles-2")
    act(s, 1, "leave")
    assert s.treasure[1] == ["noodles-2"]
    assert s.treasure[0] == ["chili", "can-5", "fries-1"]


# -- cockroaches -------------------------------------------------------------------------------


def test_cockroach_pays_one_card_less_to_move() -> None:
    s = position(2, hands={0: "bird"})
    labels = {a.args["to"]: a.label for a in legal(s, 0, "move")
              if a.args["tribe"] == "cockroach" and a.args["ship"] == "bird"}
    assert labels[2] == "Move your cockroach onto the bird ship, space 2 (1 bird card)"
    act(s, 0, "move", ship="bird", tribe="cockroach", **{"from": 0, "to": 2})
    assert s.hands[0] == [0, 0, 0] and spaces(s, "bird")[1] == (0, "cockroach")


def test_cockroach_move_that_would_cost_one_card_is_free_even_with_no_cards() -> None:
    s = position(2, ships={"cat": [(1, "rat"), None, None, None]})
    free = [a for a in legal(s, 0, "move") if a.args["tribe"] == "cockroach"]
    assert {(a.args["ship"], a.args["to"]) for a in free} == {("cat", 2), ("bird", 1),
                                                              ("fish", 1)}
    assert all("free for the cockroach" in a.label for a in free)
    events = act(s, 0, "move", ship="cat", tribe="cockroach", **{"from": 0, "to": 2})
    assert "for free (cockroach)" in texts(events)


def test_cockroach_becomes_captain_with_one_card_less() -> None:
    full = [(1, "rat"), (1, "weasel"), (1, "cockroach"), None]
    s = position(2, ships={"fish": full}, hands={0: "fish fish"})
    act(s, 0, "captain", ship="fish", tribe="cockroach", **{"from": 0})
    assert spaces(s, "fish")[3] == (0, "cockroach") and s.hands[0] == [0, 0, 0]
    s = position(2, ships={"fish": [None, None, (0, "cockroach"), None]})
    act(s, 0, "captain", ship="fish", tribe="cockroach", **{"from": 3})  # no card at all
    assert spaces(s, "fish")[3] == (0, "cockroach")


# -- toads -------------------------------------------------------------------------------------


def test_toad_may_remain_aboard_instead_of_seizing_and_moves_one_space_to_the_bow() -> None:
    s = position(3, crew=("toad", "rat", "snail", "weasel"),
                 ships={"cat": [None, (2, "toad"), (1, "rat"), (0, "snail")]},
                 groups={"cat": [GROUP, NEXT]})
    act(s, 0, "sail", ship="cat")
    act(s, 0, "seize", token="can-5")
    act(s, 1, "seize", token="noodles-2")
    act(s, 1, "leave")
    assert [a.label for a in legal(s, 2)] == [
        "Seize French fries 1", "Keep your toad aboard: it moves up to space 3"]
    events = act(s, 2, "stay")
    assert spaces(s, "cat") == [None, None, (2, "toad"), None]
    assert s.treasure[2] == [] and s.box == ["fries-1"]
    assert "seizes nothing and remains aboard" in texts(events)


def test_toad_can_become_captain_by_remaining_aboard() -> None:
    s = position(2, crew=("toad", "rat", "snail", "weasel"),
                 ships={"cat": [None, None, (1, "toad"), (0, "snail")]},
                 groups={"cat": [GROUP, NEXT]})
    act(s, 0, "sail", ship="cat")
    act(s, 0, "seize", token="can-5")
    assert "it becomes captain" in legal(s, 1, "stay")[0].label
    events = act(s, 1, "stay")
    assert spaces(s, "cat")[3] == (1, "toad")
    assert "becomes captain" in texts(events)
    assert GAME.to_act(s) == {1} and [a.kind for a in legal(s, 1)] == ["sail"]


def test_toad_captain_cannot_remain_aboard_it_must_seize_and_jump_ship() -> None:
    s = position(2, crew=("toad", "rat", "snail", "weasel"),
                 ships={"cat": [None, None, None, (0, "toad")]},
                 groups={"cat": [GROUP, NEXT]})
    act(s, 0, "sail", ship="cat")
    assert {a.kind for a in legal(s, 0)} == {"seize"}
    act(s, 0, "seize", token="fries-1")
    assert spaces(s, "cat")[3] is None and "toad" in s.home[0]


def test_example_a_toad_cannot_move_to_the_captains_space_with_a_second_captain() -> None:
    """The rulebook's example: green's snail is captain of the bird ship; blue's weasel,
    captain of the cat ship, sets sail. Green's toad on space 3 cannot become captain, so
    green keeps it on space 3; red's toad on space 2 moves to the captain's space."""
    crew = ("toad", "snail", "weasel", "rat")
    s = position(4, crew=crew, turn=BLUE,
                 ships={"cat": [None, (RED, "toad"), (GREEN, "toad"), (BLUE, "weasel")],
                        "bird": [None, None, None, (GREEN, "snail")]},
                 groups={"cat": [GROUP, NEXT]})
    act(s, BLUE, "sail", ship="cat")
    act(s, BLUE, "seize", token="can-5")
    assert GAME.to_act(s) == {GREEN}
    stay = legal(s, GREEN, "stay")[0]
    assert stay.label == "Keep your toad aboard: it stays on space 3: you already have a captain"
    act(s, GREEN, "stay")
    assert legal(s, RED, "stay")[0].label == "Keep your toad aboard: it becomes captain"
    act(s, RED, "stay")
    assert spaces(s, "cat") == [None, None, (GREEN, "toad"), (RED, "toad")]
    assert spaces(s, "bird")[3] == (GREEN, "snail")
    assert "weasel" in s.home[BLUE]


# -- raccoons ----------------------------------------------------------------------------------


def test_moving_over_an_opponents_raccoon_pays_him_a_card_of_the_ships_symbol() -> None:
    s = position(2, ships={"cat": [(1, "raccoon"), None, None, None]},
                 hands={0: "cat cat bird"})
    move = [a for a in legal(s, 0, "move") if a.args["ship"] == "cat"
            and a.args["tribe"] == "rat" and a.args["to"] == 2][0]
    assert move.label == "Move your rat onto the cat ship, space 2 (1 cat card; 1 to {p1}'s " \
                         "raccoon)"
    events = act(s, 0, "move", ship="cat", tribe="rat", **{"from": 0, "to": 2})
    assert s.hands[0] == [0, 1, 0] and s.hands[1] == [1, 0, 0] and s.discard == [1, 0, 0]
    assert "moves over {p1}'s raccoon and gives {p1} a cat card" in texts(events)


def test_raccoon_owner_is_paid_even_above_six_cards() -> None:
    s = position(2, ships={"cat": [(1, "raccoon"), None, None, None]},
                 hands={0: "cat cat", 1: "bird bird bird fish fish fish"})
    act(s, 0, "move", ship="cat", tribe="rat", **{"from": 0, "to": 2})
    assert sum(s.hands[1]) == 7
    assert GAME.to_act(s) == {1}  # no discard: the limit is checked after drawing only


def test_moving_over_your_own_raccoon_pays_nothing() -> None:
    s = position(2, ships={"cat": [(0, "raccoon"), None, None, None]}, hands={0: "cat"})
    act(s, 0, "move", ship="cat", tribe="rat", **{"from": 0, "to": 2})
    assert s.hands == [[0, 0, 0], [0, 0, 0]]


def test_becoming_captain_over_an_opponents_raccoon_pays_him_too() -> None:
    s = position(3, ships={"bird": [None, (1, "raccoon"), (2, "raccoon"), None],
                           "cat": [None, None, None, None]},
                 hands={0: "bird bird bird"})
    s.ships[1][0] = (0, "rat")
    s.home[0].remove("rat")
    act(s, 0, "captain", ship="bird", tribe="rat", **{"from": 1})
    assert s.hands[0] == [0, 0, 0] and s.hands[1] == [0, 1, 0] and s.hands[2] == [0, 1, 0]


def test_a_move_over_a_raccoon_needs_the_card_to_pay_its_owner() -> None:
    s = position(2, ships={"cat": [(1, "raccoon"), None, None, None]}, hands={0: "cat"})
    assert [a.args["to"] for a in legal(s, 0, "move") if a.args["ship"] == "cat"
            and a.args["tribe"] == "rat"] == []
    refused(s, 0, "move", ship="cat", tribe="rat", **{"from": 0, "to": 2})


# -- snails ------------------------------------------------------------------------------------


SNAIL_CREW = ("snail", "raccoon", "rat", "toad")


def test_snail_reveals_the_top_card_and_on_the_ships_symbol_moves_one_more_space() -> None:
    s = position(2, crew=SNAIL_CREW, hands={0: "fish"}, deck=["fish"])
    act(s, 0, "move", ship="fish", tribe="snail", **{"from": 0, "to": 1})
    assert GAME.to_act(s) == {0}
    assert {a.kind for a in legal(s, 0)} == {"reveal", "no_reveal"}
    events = act(s, 0, "reveal")
    assert spaces(s, "fish")[:2] == [None, (0, "snail")]
    assert s.discard == [0, 0, 2]  # the move's card and the revealed one
    assert "reveals a fish card: the snail moves on to space 2" in texts(events)


def test_snail_reveals_only_after_moving_to_a_crew_space_not_after_becoming_captain() -> None:
    """Rulebook p. 7: "Each time a player moves a snail to a crew space, he may reveal"."""
    s = position(2, crew=SNAIL_CREW, ships={"fish": [(1, "rat"), (1, "toad"), (1, "raccoon"),
                                                     None]},
                 hands={0: "fish fish fish fish fish fish"}, deck=["fish"])
    events = act(s, 0, "captain", ship="fish", tribe="snail", **{"from": 0})
    assert spaces(s, "fish")[3] == (0, "snail")
    assert GAME.to_act(s) == {1} and "reveal" not in texts(events)


def test_snail_on_another_symbol_stays_where_it_is() -> None:
    s = position(2, crew=SNAIL_CREW, hands={0: "fish"}, deck=["cat"])
    act(s, 0, "move", ship="fish", tribe="snail", **{"from": 0, "to": 1})
    events = act(s, 0, "reveal")
    assert spaces(s, "fish")[0] == (0, "snail") and "no luck" in texts(events)


def test_snail_may_leave_the_deck_alone() -> None:
    s = position(2, crew=SNAIL_CREW, hands={0: "fish"}, deck=["fish"])
    act(s, 0, "move", ship="fish", tribe="snail", **{"from": 0, "to": 1})
    act(s, 0, "no_reveal")
    assert spaces(s, "fish")[0] == (0, "snail") and GAME.to_act(s) == {1}


def test_snail_swaps_places_and_that_is_no_move_over_a_raccoon() -> None:
    s = position(2, crew=SNAIL_CREW, ships={"fish": [None, (1, "raccoon"), None, None]},
                 hands={0: "fish"}, deck=["fish"])
    act(s, 0, "move", ship="fish", tribe="snail", **{"from": 0, "to": 1})
    events = act(s, 0, "reveal")
    assert spaces(s, "fish")[:2] == [(1, "raccoon"), (0, "snail")]
    assert s.hands == [[0, 0, 0], [0, 0, 0]]  # no fee for the raccoon
    assert "swapping places with {p1}'s raccoon" in texts(events)


def test_snail_can_become_captain_by_luck() -> None:
    s = position(2, crew=SNAIL_CREW, ships={"cat": [(1, "rat"), (1, "toad"), None, None]},
                 hands={0: "cat"}, deck=["cat"])
    act(s, 0, "move", ship="cat", tribe="snail", **{"from": 0, "to": 3})
    act(s, 0, "reveal")
    assert spaces(s, "cat")[2:] == [None, (0, "snail")]
    assert [a.kind for a in legal(s, 1)] != ["sail"]
    s.turn = 0
    s.memo = None
    assert [a.kind for a in legal(s, 0)] == ["sail"]


def test_snail_swapping_with_a_captain_takes_the_captains_space() -> None:
    s = position(2, crew=SNAIL_CREW, ships={"cat": [(1, "rat"), (1, "toad"), None,
                                                    (1, "raccoon")]},
                 hands={0: "cat"}, deck=["cat"])
    act(s, 0, "move", ship="cat", tribe="snail", **{"from": 0, "to": 3})
    act(s, 0, "reveal")
    assert spaces(s, "cat")[2:] == [(1, "raccoon"), (0, "snail")]
    assert [a.kind for a in legal(s, 1)] != ["sail"]  # the demoted captain sails no more


# -- weasels -----------------------------------------------------------------------------------


WEASEL_CREW = ("weasel", "rat", "raccoon", "toad")


def test_weasel_may_take_a_second_action_with_the_same_weasel_after_moving() -> None:
    s = position(2, crew=WEASEL_CREW, hands={0: "cat cat bird"})
    act(s, 0, "move", ship="cat", tribe="weasel", **{"from": 0, "to": 1})
    assert GAME.to_act(s) == {0}
    second = legal(s, 0)
    assert {a.kind for a in second} == {"move", "end"}
    assert all(a.args.get("tribe") == "weasel" and a.args.get("ship") == "cat"
               for a in second if a.kind == "move")  # the same weasel, no other figure
    act(s, 0, "end")
    assert GAME.to_act(s) == {1}


def test_weasel_becomes_captain_and_sets_sail_at_once() -> None:
    s = position(2, crew=WEASEL_CREW, ships={"cat": [(1, "rat"), (1, "toad"), (0, "weasel"),
                                                     None]},
                 hands={0: "cat"}, groups={"cat": [GROUP, NEXT]})
    act(s, 0, "captain", ship="cat", tribe="weasel", **{"from": 3})
    assert [a.kind for a in legal(s, 0)] == ["sail", "end"]
    act(s, 0, "sail", ship="cat")
    act(s, 0, "seize", token="can-5")
    assert s.treasure[0] == ["chili", "can-5"]
    act(s, 1, "seize", token="noodles-2")  # the toad on space 2, then the rat takes the last
    assert "weasel" in s.home[0]
    assert GAME.to_act(s) == {1}  # the second action grants no third


def test_weasel_captain_sets_sail_and_then_moves_onto_another_ship() -> None:
    s = position(2, crew=WEASEL_CREW, ships={"cat": [None, None, None, (0, "weasel")]},
                 hands={0: "fish"}, groups={"cat": [GROUP, NEXT]})
    act(s, 0, "sail", ship="cat")
    act(s, 0, "seize", token="can-5")
    assert GAME.to_act(s) == {0}
    assert {(a.kind, a.args.get("tribe")) for a in legal(s, 0)} == {("move", "weasel"),
                                                                    ("end", None)}
    act(s, 0, "move", ship="fish", tribe="weasel", **{"from": 0, "to": 1})
    assert spaces(s, "fish")[0] == (0, "weasel")
    assert GAME.to_act(s) == {1}  # the second action grants no third


def test_weasel_second_action_grants_no_third() -> None:
    s = position(2, crew=WEASEL_CREW, hands={0: "cat cat cat"})
    act(s, 0, "move", ship="cat", tribe="weasel", **{"from": 0, "to": 1})
    act(s, 0, "move", ship="cat", tribe="weasel", **{"from": 1, "to": 2})
    assert GAME.to_act(s) == {1}


def test_no_second_action_for_a_weasel_that_cannot_pay_for_one() -> None:
    s = position(2, crew=WEASEL_CREW, hands={0: "cat"})
    act(s, 0, "move", ship="cat", tribe="weasel", **{"from": 0, "to": 1})
    assert GAME.to_act(s) == {1}


# -- the Landlubber variant -------------------------------------------------------------------


def test_landlubber_figures_have_no_special_abilities() -> None:
    rats = {0: ["rat"] * 4, 1: ["raccoon"] * 4}
    s = position(2, variant="landlubber", tribes=rats,
                 ships={"cat": [(1, "raccoon"), None, (0, "rat"), (0, "rat")]},
                 groups={"cat": [GROUP, NEXT]})
    act(s, 0, "sail", ship="cat")
    act(s, 0, "seize", token="can-5")
    act(s, 0, "seize", token="noodles-2")  # the rat on space 3: one token only
    assert s.treasure[0] == ["chili", "can-5", "noodles-2"]
    assert s.treasure[1] == ["fries-1"]  # so the raccoon gets the third
    s = position(2, variant="landlubber", tribes={0: ["cockroach"] * 4, 1: ["raccoon"] * 4},
                 ships={"fish": [(1, "raccoon"), None, None, None]}, hands={0: "fish"})
    moves = {a.args["to"] for a in legal(s, 0, "move") if a.args["ship"] == "fish"}
    assert moves == {2}  # full price, and no fee for the raccoon
    act(s, 0, "move", ship="fish", tribe="cockroach", **{"from": 0, "to": 2})
    assert s.hands == [[0, 0, 0], [0, 0, 0]]
    assert GAME.to_act(s) == {1}

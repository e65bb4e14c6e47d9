"""Rulebook "Winning the Game": the end when a ship runs out of flotsam, the last sailings
(weasels included), scoring and the tie-break."""

from __future__ import annotations

from engine.sewer_pirats import GAME
from engine.sewer_pirats.state import OVER

from .helpers import act, legal, position, spaces, texts

CREW = ("weasel", "rat", "raccoon", "cockroach")
LAST = ["fries-1", "fries-2", "fries-3", "ketchup"]


def test_the_game_ends_when_a_ship_has_no_flotsam_left() -> None:
    s = position(2, crew=CREW, ships={"cat": [None, None, None, (0, "cockroach")]},
                 groups={"cat": [LAST]}, pools_empty=True)
    act(s, 0, "sail", ship="cat")
    events = act(s, 0, "seize", token="fries-3")
    assert s.phase == OVER and GAME.to_act(s) == frozenset()
    assert GAME.result(s)["winners"] == [0]
    assert "The cat ship has no flotsam left: the game ends." in texts(events)
    assert "The game is over. {p0} wins with 8 points." in texts(events)


def test_the_game_goes_on_while_the_ship_still_has_its_second_group() -> None:
    s = position(2, crew=CREW, ships={"cat": [None, None, None, (0, "cockroach")]},
                 groups={"cat": [LAST, ["noodles-1", "noodles-2", "noodles-3", "chili"]]},
                 pools_empty=True)
    act(s, 0, "sail", ship="cat")
    act(s, 0, "seize", token="fries-3")
    assert s.phase != OVER and len(s.groups[0]) == 1  # no new group: the pools are empty
    assert GAME.to_act(s) == {1}


def test_every_other_ship_with_a_captain_sets_sail_a_last_time() -> None:
    s = position(3, crew=CREW, turn=1,
                 ships={"cat": [None, None, None, (1, "cockroach")],
                        "bird": [None, None, (0, "raccoon"), (0, "cockroach")],
                        "fish": [None, None, None, (2, "cockroach")]},
                 groups={"cat": [LAST]}, pools_empty=True)
    act(s, 1, "sail", ship="cat")
    assert GAME.to_act(s) == {1}
    events = act(s, 1, "seize", token="fries-3")
    assert "The cat ship has no flotsam left: the game ends. The fish ship and the bird ship " \
           "set sail a last time." in texts(events)
    # clockwise from the left of the player who ended the game: seat 2's fish ship first
    assert GAME.to_act(s) == {2}
    act(s, 2, "seize", token=s.pending["booty"][0])
    assert GAME.to_act(s) == {0}
    act(s, 0, "seize", token=s.pending["booty"][0])
    act(s, 0, "seize", token=s.pending["booty"][0])
    assert s.phase == OVER
    assert all(len(t) >= 2 for t in s.treasure)


def test_ships_without_a_captain_do_not_sail_at_the_end() -> None:
    s = position(2, crew=CREW, ships={"cat": [None, None, None, (0, "cockroach")],
                                      "fish": [None, None, (1, "raccoon"), None]},
                 groups={"cat": [LAST]}, pools_empty=True)
    act(s, 0, "sail", ship="cat")
    act(s, 0, "seize", token="fries-3")
    assert s.phase == OVER and s.treasure[1] == []
    assert spaces(s, "fish")[2] == (1, "raccoon")


def test_weasel_captain_sails_at_the_end_and_then_moves_to_another_ship() -> None:
    """The note: "a weasel captain can set sail and then move to a different ship
    afterwards", after the game has ended."""
    s = position(2, crew=CREW, ships={"cat": [None, None, None, (0, "cockroach")],
                                      "bird": [None, None, None, (1, "weasel")]},
                 groups={"cat": [LAST]}, hands={1: "fish fish fish"}, pools_empty=True)
    act(s, 0, "sail", ship="cat")
    act(s, 0, "seize", token="fries-3")
    assert s.phase != OVER  # the bird ship's last sailing
    act(s, 1, "seize", token=s.pending["booty"][0])
    assert GAME.to_act(s) == {1}
    assert {a.kind for a in legal(s, 1)} == {"move", "end"}  # no ship sails any more
    act(s, 1, "move", ship="fish", tribe="weasel", **{"from": 0, "to": 3})
    assert s.phase == OVER
    assert GAME.result(s)["tiebreak"] == [0, 3]


def test_the_most_victory_points_win() -> None:
    s = position(3, crew=CREW, ships={"cat": [None, None, None, (0, "cockroach")]},
                 groups={"cat": [LAST]}, pools_empty=True,
                 treasure={1: ["can-9", "opener"], 2: ["fries-4"]})
    act(s, 0, "sail", ship="cat")
    act(s, 0, "seize", token="fries-3")
    r = GAME.result(s)
    assert r["scores"] == [8, 9, 4] and r["winners"] == [1]
    assert r["reason"] == "{p1} wins with 9 points."


def test_tie_break_sum_of_the_crew_space_numbers_the_players_figures_occupy() -> None:
    s = position(3, crew=CREW, ships={"cat": [None, None, None, (0, "cockroach")],
                                      "bird": [(1, "rat"), (2, "rat"), None, None],
                                      "fish": [None, (1, "raccoon"), None, None]},
                 groups={"cat": [LAST]}, pools_empty=True,
                 treasure={1: ["can-8", "opener"], 2: ["noodles-4", "noodles-4"]})
    act(s, 0, "sail", ship="cat")
    act(s, 0, "seize", token="fries-3")
    r = GAME.result(s)
    assert r["scores"] == [8, 8, 8]
    assert r["tiebreak"] == [0, 1 + 2, 2]
    assert r["winners"] == [1]
    assert r["reason"] == ("{p1} wins on the tie-break: 8 points like {p0} and {p2}, but crew "
                           "spaces worth 3.")


def test_a_remaining_tie_shares_the_victory() -> None:
    s = position(2, crew=CREW, ships={"cat": [None, None, None, (0, "cockroach")],
                                      "bird": [None, (0, "rat"), None, None],
                                      "fish": [None, (1, "rat"), None, None]},
                 groups={"cat": [LAST]}, pools_empty=True, treasure={1: ["burger-5", "fries-3"]})
    act(s, 0, "sail", ship="cat")
    act(s, 0, "seize", token="fries-3")
    r = GAME.result(s)
    assert r["scores"] == [8, 8] and r["tiebreak"] == [2, 2]
    assert r["winners"] == [0, 1]
    assert r["reason"] == "{p0} and {p1} share the victory with 8 points and 2 on the tie-break."


def test_the_captains_space_adds_nothing_to_the_tie_break() -> None:
    from engine.sewer_pirats import tie_break

    ships = [[None, None, (0, "rat"), (0, "weasel")], [None] * 4, [(0, "toad"), None, None, None]]
    assert tie_break(ships, 0) == 3 + 1

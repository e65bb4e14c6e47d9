"""Rulebook "Setup" and the crews of the three ways to play."""

from __future__ import annotations

from collections import Counter

import pytest

from engine.sewer_pirats import GAME
from engine.sewer_pirats.data import BONUS_COUNTS, BOOTY_VALUES, TRIBES, is_bonus
from engine.sewer_pirats.state import PLAY, TRIBE, all_cards, all_tokens

from .helpers import act, legal


def test_three_ships_of_four_empty_spaces_each_with_two_flotsam_groups() -> None:
    s = GAME.setup(3, {}, "setup")
    assert len(s.ships) == 3 and all(sp == [None] * 4 for sp in s.ships)
    for groups in s.groups:
        assert len(groups) == 2
        for g in groups:
            assert len(g) == 4 and not any(is_bonus(t) for t in g[:3]) and is_bonus(g[3])


def test_the_token_pools_hold_the_other_eight_groups_face_down() -> None:
    s = GAME.setup(4, {}, "pools")
    assert len(s.pool) == 24 and len(s.pool_bonus) == 8
    tokens = Counter(all_tokens(s))
    assert sum(tokens.values()) == 56
    for kind, values in BOOTY_VALUES.items():
        assert sorted(v for t, k in tokens.items() if t.startswith(kind + "-")
                      for v in [int(t.split("-")[1])] * k) == sorted(values)
    for kind, k in BONUS_COUNTS.items():
        assert tokens[kind] == k


def test_the_talisman_deck_has_18_cards_of_each_symbol_and_four_face_up() -> None:
    s = GAME.setup(2, {}, "deck")
    assert all_cards(s) == [18, 18, 18]
    assert len(s.row) == 4


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_first_player_and_his_left_neighbour_draw_three_the_others_four(n: int) -> None:
    s = GAME.setup(n, {}, f"start-{n}")
    sizes = [sum(h) for h in s.hands]
    assert sizes == [3, 3] + [4] * (n - 2)
    assert s.first == 0 and s.turn == 0


def test_starting_cards_come_from_the_deck_not_from_the_face_up_row() -> None:
    s = GAME.setup(5, {}, "from-deck")
    assert len(s.row) == 4
    assert len(s.deck) == 54 - 4 - (3 + 3 + 4 + 4 + 4)


def test_standard_crew_is_four_tribe_cards_and_everyone_leads_the_same_four() -> None:
    for k in range(10):
        s = GAME.setup(4, {}, f"crew-{k}")
        assert len(s.crew) == 4 and len(set(s.crew)) == 4 and set(s.crew) <= set(TRIBES)
        assert all(t == s.crew and h == s.crew for t, h in zip(s.tribes, s.home, strict=True))
    crews = {tuple(GAME.setup(2, {}, f"vary-{k}").crew) for k in range(30)}
    assert len(crews) > 5  # the four tribe cards are drawn at random


def test_landlubber_players_choose_one_tribe_each_in_turn_and_take_four_figures() -> None:
    s = GAME.setup(3, {"variant": "landlubber"}, "lubber")
    assert s.phase == TRIBE and GAME.to_act(s) == {0}
    assert {a.args["tribe"] for a in legal(s, 0)} == set(TRIBES)
    act(s, 0, "tribe", tribe="toad")
    assert GAME.to_act(s) == {1}
    assert "toad" not in {a.args["tribe"] for a in legal(s, 1)}  # five toads: not for two
    act(s, 1, "tribe", tribe="rat")
    act(s, 2, "tribe", tribe="snail")
    assert s.phase == PLAY and GAME.to_act(s) == {0}
    assert s.tribes == [["toad"] * 4, ["rat"] * 4, ["snail"] * 4]
    assert s.crew == []


def test_setup_takes_its_variant_as_a_table_option() -> None:
    assert GAME.options["variant"].values == ("standard", "landlubber", "auction")
    assert GAME.setup(2, {}, "v").variant == "standard"
    with pytest.raises(ValueError, match="allowed: standard, landlubber, auction"):
        GAME.setup(2, {"variant": "pirate"}, "v")
    with pytest.raises(ValueError, match="2 to 5 players"):
        GAME.setup(6, {}, "v")

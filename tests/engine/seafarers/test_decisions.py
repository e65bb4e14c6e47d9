"""Our decisions where the rulebook is silent (engine/seafarers/decisions.py): every one is
in ``/game rules`` and on the guide's "Our decisions" page of the scenarios it holds in."""

from __future__ import annotations

import pytest

from engine.seafarers import GAME, guide
from engine.seafarers.decisions import DECISIONS, WITH_SHIPS, for_scenario
from engine.seafarers.offers import DECISIONS as OFFER_DECISIONS
from engine.seafarers.scenario_rules import SCENARIOS


@pytest.mark.parametrize("sid", list(SCENARIOS))
def test_the_game_rules_list_every_decision_that_holds_in_the_scenario(sid: str) -> None:
    text = GAME.rules_text({"scenario": sid})
    ships = SCENARIOS[sid].ships
    for decision in DECISIONS:
        listed = f"- {decision}" in text
        assert listed == (ships or decision not in WITH_SHIPS), decision


@pytest.mark.parametrize("sid", list(SCENARIOS))
def test_the_guide_shows_the_decisions_of_the_game_rules(sid: str) -> None:
    assert guide.decisions({"scenario": sid}) == list(for_scenario(SCENARIOS[sid].ships))


def test_the_decisions_on_player_trades_are_among_ours() -> None:
    assert set(OFFER_DECISIONS) <= set(DECISIONS)


def test_classic_catan_lists_no_decision_on_ships_the_pirate_or_gold() -> None:
    text = GAME.rules_text({"scenario": "classic"}).split("**Decisions of ours", 1)[1]
    assert "Gold fields" not in text and "A line of ships" not in text
    assert not set(for_scenario(False)) & WITH_SHIPS

"""The Seafarers heuristic player: builds to victory, trades with the bank, offers trades to
the other players, trades with a partner or withdraws, and answers and counters theirs by
the house rule (offers.py).

Issue 22 changed how offers are answered: the game no longer waits for every answer. The
AI's offers go to the seats the house rule answers for (it moves again at once), so the
tests below that are about its own offer give the others the house rule
(``_city_short_of_one_ore``), and those about its choice of a partner have the offer sent
and answered by hand (``_offered``), as people would answer."""

from __future__ import annotations

import random

import pytest

from engine.core import Action
from engine.seafarers import GAME
from engine.seafarers import ai as AI
from engine.seafarers import rules as R
from engine.seafarers.state import Phase

from .helpers import act, build, coastal_corner, counter, give, main_hexes, main_state


def _play(n: int, seed: str, ai_seats: set[int]) -> object:
    s = GAME.setup(n, {}, seed)
    rnd = random.Random(seed)
    while GAME.result(s) is None:
        seat = min(GAME.to_act(s))
        a = GAME.ai_action(s, seat, rnd) if seat in ai_seats else None
        if a is None:
            a = rnd.choice(GAME.legal_actions(s, seat))
        assert a in GAME.legal_actions(s, seat)
        GAME.apply(s, seat, a)
    return s


@pytest.mark.parametrize("n", [3, 4])
def test_ai_players_build_to_13_points_well_before_the_round_limit(n: int) -> None:
    s = _play(n, f"ai-win-{n}", set(range(n)))
    res = GAME.result(s)
    assert max(res["scores"]) >= 13 and s.round <= 50


def test_ai_outscores_random_players() -> None:
    s = _play(4, "ai-vs-random", {0})
    scores = GAME.result(s)["scores"]
    assert scores[0] > max(scores[1:])


def _city_short_of_one_ore(seat: int = 0, house_rule: bool = True) -> object:
    """Seat 0 on turn with a settlement off the harbours: a city lacks 1 ore; 4 wood are
    spare. The others hold an ore each and, with ``house_rule``, the house rule answers
    offers for them (as for computer players)."""
    s = main_state()
    for c in sorted({c for h in main_hexes(s) for c in s.board.hex_corners[h]}):
        build(s, seat, c)
        if all(R.harbour_ratio(s, seat, i) == 4 for i in range(5)):
            break  # no harbour: only the bank's 4:1
        s.buildings[c] = None
    give(s, seat, grain=2, ore=2, wood=4)
    for p in (1, 2, 3):
        give(s, p, ore=1)
        s.house_rule[p] = house_rule
    return s


def _offered() -> object:
    """``_city_short_of_one_ore`` with the others answering for themselves, and the AI's
    offer (1 wood for 1 ore) sent: nobody has answered yet."""
    s = _city_short_of_one_ore(house_rule=False)
    for kind, args in (("offer", {}), ("offer_give", {"res": "wood"}),
                       ("offer_get", {"res": "ore"}), ("offer_send", {})):
        act(s, 0, kind, **args)
    return s


def _ai_moves(s, seat: int = 0, until: str = "offer_send") -> list[Action]:
    """The AI's moves for ``seat`` up to and including one of kind ``until``."""
    out = []
    while True:
        a = GAME.ai_action(s, seat, random.Random(1))
        assert a in GAME.legal_actions(s, seat)
        GAME.apply(s, seat, a)
        out.append(a)
        if a.kind == until or len(out) > 20:
            return out


def _answer(s, **answers: str) -> None:
    """The other seats answer the offer on the table: seat1="accept" and so on."""
    for key, kind in answers.items():
        act(s, int(key.removeprefix("seat")), kind)


def test_ai_offers_a_spare_card_for_the_card_its_goal_lacks() -> None:
    s = _city_short_of_one_ore()
    assert GAME.ai_action(s, 0, random.Random(1)) == Action("offer", {})
    moves = _ai_moves(s)
    assert [a.kind for a in moves] == ["offer", "offer_give", "offer_get", "offer_send"]
    assert s.phase == Phase.MAIN and GAME.to_act(s) == frozenset({0})
    assert (s.offer["give"], s.offer["get"]) == ({"wood": 1}, {"ore": 1})


def test_ai_makes_no_offer_without_a_spare_card() -> None:
    s = main_state()
    build(s, 0, coastal_corner(s, main_hexes(s)))
    give(s, 0, grain=2, ore=2)  # a city lacks 1 ore and every card held is needed for it
    s.house_rule = [False, True, True, True]
    give(s, 1, ore=1)
    assert GAME.ai_action(s, 0, random.Random(1)) == Action("end_auto", {})


def test_ai_trades_with_the_one_who_accepted() -> None:
    s = _offered()
    _answer(s, seat1="decline", seat2="accept", seat3="decline")
    assert GAME.ai_action(s, 0, random.Random(1)) == Action("trade", {"seat": 2})
    _ai_moves(s, until="trade")
    assert s.hands[0][4] == 3 and s.hands[0][0] == 3  # 1 wood went for the missing ore


def test_ai_prefers_an_acceptance_to_a_dearer_counter_offer() -> None:
    s = _offered()
    counter(s, 1, {"ore": 1}, {"wood": 2})  # seat 1: 1 ore for 2 wood
    _answer(s, seat2="decline", seat3="accept")
    assert GAME.ai_action(s, 0, random.Random(1)) == Action("trade", {"seat": 3})


def test_ai_takes_a_counter_offer_that_still_brings_what_it_needs() -> None:
    s = _offered()
    counter(s, 1, {"ore": 1}, {"wood": 2})  # seat 1: 1 ore for 2 wood, and nobody accepts
    _answer(s, seat2="decline", seat3="decline")
    assert GAME.ai_action(s, 0, random.Random(1)) == Action("trade", {"seat": 1})


def test_ai_refuses_a_counter_offer_that_takes_a_card_its_goal_needs() -> None:
    s = _offered()
    counter(s, 1, {"ore": 1}, {"grain": 1})  # seat 1: 1 ore for 1 grain (the city needs both)
    _answer(s, seat2="decline", seat3="decline")
    assert GAME.ai_action(s, 0, random.Random(1)) == Action("withdraw", {})


def test_ai_withdraws_when_all_decline_and_never_repeats_the_offer() -> None:
    s = _offered()
    _answer(s, seat1="decline", seat2="decline", seat3="decline")
    assert GAME.ai_action(s, 0, random.Random(1)) == Action("withdraw", {})
    _ai_moves(s, until="withdraw")
    assert s.phase == Phase.MAIN and "offer" in {a.kind for a in GAME.legal_actions(s, 0)}
    # a second offer is allowed, but the AI turns to the bank for the ore instead
    a = GAME.ai_action(s, 0, random.Random(1))
    assert a == Action("bank", {"give": "wood", "get": "ore"})


def test_ai_does_not_trade_with_a_player_near_victory() -> None:
    s = _offered()
    s.special[1] = 11  # seat 1 shows 11 public points, two short of the 13 to win
    _answer(s, seat1="accept", seat2="decline", seat3="decline")
    assert GAME.ai_action(s, 0, random.Random(1)) == Action("withdraw", {})


def test_ai_trades_with_a_player_near_victory_when_the_trade_wins_it() -> None:
    s = _offered()
    s.special[0] = 11  # 11 + its settlement: the city makes 13
    s.special[1] = 11
    _answer(s, seat1="accept", seat2="decline", seat3="decline")
    _ai_moves(s, until="trade")
    _ai_moves(s, until="city")
    assert GAME.result(s)["winners"] == [0]


def test_ai_makes_no_offer_when_everyone_else_is_near_victory() -> None:
    s = _city_short_of_one_ore()
    for p in (1, 2, 3):
        s.special[p] = 11
    assert GAME.ai_action(s, 0, random.Random(1)).kind != "offer"


def test_the_house_rule_declines_the_offer_of_a_player_near_victory() -> None:
    s = main_state()
    build(s, 1, coastal_corner(s, main_hexes(s)))
    s.special[0] = 11
    s.house_rule[1] = True
    give(s, 0, ore=1, wool=3)
    give(s, 1, grain=2, ore=2, wool=2)  # seat 1 would want the ore, but not from seat 0
    act(s, 0, "offer")
    act(s, 0, "offer_give", res="ore")
    act(s, 0, "offer_get", res="wool")
    act(s, 0, "offer_send")
    assert s.offer["answers"][1] == "decline"


def test_the_house_rule_counters_an_offer_that_brings_nothing_it_needs() -> None:
    s = main_state()
    build(s, 1, coastal_corner(s, main_hexes(s)))
    s.house_rule[1] = True
    give(s, 0, brick=1)
    give(s, 1, grain=2, ore=2, wool=2)  # seat 1 lacks ore for a city; wool is spare
    act(s, 0, "offer")  # seat 0 offers brick (useless to seat 1) for wool
    act(s, 0, "offer_give", res="brick")
    act(s, 0, "offer_get", res="wool")
    events = act(s, 0, "offer_send")
    assert s.offer["answers"][1] == "counter"
    assert s.offer["counters"]["1"] == {"give": {"wool": 1}, "get": {"ore": 1}}
    assert "{p1} counters: 1 wool for 1 ore." in [e.text for e in events]


def test_ai_asked_for_an_answer_gives_the_house_rules_and_puts_a_counter_together() -> None:
    """The table never asks a computer player for an optional answer (the house rule gives
    it when the offer is sent); asked all the same, it answers the same way."""
    s = main_state()
    build(s, 1, coastal_corner(s, main_hexes(s)))
    give(s, 0, brick=1)
    give(s, 1, grain=2, ore=2, wool=2)
    act(s, 0, "offer")
    act(s, 0, "offer_give", res="brick")
    act(s, 0, "offer_get", res="wool")
    act(s, 0, "offer_send")
    assert GAME.ai_action(s, 1, random.Random(1)) == Action("counter", {})
    moves = _ai_moves(s, 1, until="counter_send")
    assert [a.kind for a in moves] == ["counter", "counter_give", "counter_get",
                                       "counter_send"]
    assert s.offer["counters"]["1"] == {"give": {"wool": 1}, "get": {"ore": 1}}


def test_ai_offer_is_the_same_in_any_world_determinized_for_it() -> None:
    s = _city_short_of_one_ore()
    give(s, 1, ore=1, brick=1)
    give(s, 2, wool=3)
    for step in range(12):
        seat = min(GAME.to_act(s))
        mine = GAME.ai_action(s, seat, random.Random(step))
        for k in range(3):
            world = GAME.determinize(s, seat, random.Random(k))
            assert GAME.ai_action(world, seat, random.Random(step)) == mine, (s.phase, seat)
        GAME.apply(s, seat, mine)
        if s.phase == Phase.MAIN and step > 0:
            break


def _play_counting(n: int, seed: str) -> tuple[object, list[tuple[dict, dict, list[int]]]]:
    """An all-AI game; each offer or counter-offer sent, with the sender's hand then (the
    counter-offers are the house rule's, made when the offer is sent)."""
    s = GAME.setup(n, {}, seed)
    rnd = random.Random(seed)
    sent = []
    while GAME.result(s) is None:
        seat = min(GAME.to_act(s))
        a = GAME.ai_action(s, seat, rnd)
        if a.kind == "offer_send":
            sent.append((dict(s.offer["give"]), dict(s.offer["get"]), list(s.hands[seat])))
        GAME.apply(s, seat, a)
        if a.kind == "offer_send" and s.offer is not None:
            for p, answer in enumerate(s.offer["answers"]):
                if answer == "counter":
                    c = s.offer["counters"][str(p)]
                    sent.append((dict(c["give"]), dict(c["get"]), list(s.hands[p])))
    return s, sent


@pytest.mark.parametrize("n", [3, 4])
def test_ai_offers_only_cards_it_holds_and_never_a_gift(n: int) -> None:
    s, sent = _play_counting(n, f"ai-offers-{n}")
    assert GAME.result(s) is not None and s.round <= 50
    assert len(sent) >= 10
    for give_, get, hand in sent:
        assert give_ and get  # something each way: no gift, no begging
        assert all(hand[R.RI[r]] >= k for r, k in give_.items())
        assert sum(give_.values()) <= 2 and sum(get.values()) == 1


def test_the_house_rule_accepts_a_useful_offer_and_declines_a_useless_one() -> None:
    s = main_state()
    c = coastal_corner(s, main_hexes(s))
    build(s, 1, c)
    s.house_rule = [False, True, True, False]
    give(s, 0, ore=1, wool=3)
    give(s, 1, grain=2, ore=2, wool=2)  # seat 1 wants ore for a city, has wool to spare
    give(s, 2, wool=1)  # seat 2 saves for a development card: it needs its one wool
    act(s, 0, "offer")
    act(s, 0, "offer_give", res="ore")
    act(s, 0, "offer_get", res="wool")
    events = act(s, 0, "offer_send")
    assert s.offer["answers"][1:] == ["accept", "decline", None]
    assert "{p1} accepts the offer." in [e.text for e in events]
    # seat 3 answers for itself and holds no wool: nothing to answer
    assert GAME.legal_actions(s, 3) == []


def test_evaluate_is_a_share_between_zero_and_one() -> None:
    s = _play(3, "ai-eval", {0, 1, 2})
    for p in range(3):
        v = AI.evaluate(s, p)
        assert 0.0 <= v <= 1.0
    assert AI.evaluate(s, GAME.result(s)["winners"][0]) == 1.0


@pytest.mark.parametrize("n", [3, 4])
def test_ai_offers_at_most_once_a_turn(n: int) -> None:
    """Issue 22: "in 17 AI turns the AI made 18 offers". Now one at most a turn."""
    s = GAME.setup(n, {}, f"once-{n}")
    rnd = random.Random(n)
    per_turn: dict[tuple[int, int], int] = {}
    while GAME.result(s) is None:
        seat = min(GAME.to_act(s))
        a = GAME.ai_action(s, seat, rnd)
        if a.kind == "offer_send":
            key = (s.round, s.turn)
            per_turn[key] = per_turn.get(key, 0) + 1
        GAME.apply(s, seat, a)
    assert per_turn and max(per_turn.values()) == 1


def test_ai_makes_no_offer_when_nobody_could_take_it() -> None:
    """It offers only when another seat could take the offer: one the house rule answers
    for (people would not answer before it moves on), when the card it asks for is held
    by someone at all."""
    people = _city_short_of_one_ore(house_rule=False)
    assert GAME.ai_action(people, 0, random.Random(1)).kind != "offer"
    s = _city_short_of_one_ore()
    assert GAME.ai_action(s, 0, random.Random(1)) == Action("offer", {})
    ore = R.RI["ore"]
    for p in (1, 2, 3):  # every ore back to the bank: the bank's counts show nobody has one
        s.bank[ore] += s.hands[p][ore]
        s.hands[p][ore] = 0
        give(s, p, brick=1)
    assert GAME.ai_action(s, 0, random.Random(1)).kind != "offer"


def test_ai_ends_its_turn_letting_the_house_rule_answer_for_it() -> None:
    s = main_state()
    a = GAME.ai_action(s, 0, random.Random(1))
    assert a == Action("end_auto", {})
    act(s, 0, "end_auto")
    assert s.house_rule[0] and GAME.view(s, None)["players"][0]["house_rule"]


def test_ai_plays_a_knight_before_rolling_whenever_it_may() -> None:
    s = main_state()
    build(s, 0, coastal_corner(s, main_hexes(s)))
    s.phase = Phase.ROLL
    s.devs[0] = ["knight"]
    assert GAME.ai_action(s, 0, random.Random(1)) == Action("play", {"card": "knight"})
    s.new_devs[0] = ["knight"]  # bought this turn: not to be played before the next
    assert GAME.ai_action(s, 0, random.Random(1)) == Action("roll", {})


def _holding_monopoly() -> object:
    s = main_state()
    build(s, 0, coastal_corner(s, main_hexes(s)))
    s.devs[0] = ["monopoly"]
    return s


def test_ai_plays_monopoly_on_the_resource_the_others_hold_most_of() -> None:
    s = _holding_monopoly()
    give(s, 1, ore=2, wool=1)
    give(s, 2, ore=1, wool=1)
    give(s, 3, brick=1)
    assert GAME.ai_action(s, 0, random.Random(1)) == Action(
        "play", {"card": "monopoly", "res": "ore"})
    GAME.apply(s, 0, GAME.ai_action(s, 0, random.Random(1)))
    assert s.hands[0][4] == 3 and s.hands[1][4] == s.hands[2][4] == 0


def test_ai_keeps_monopoly_while_the_others_hold_fewer_than_three_of_any_resource() -> None:
    s = _holding_monopoly()
    give(s, 1, ore=2, wool=1)
    give(s, 2, wool=1, brick=1)
    assert GAME.ai_action(s, 0, random.Random(1)).kind != "play"


def test_ai_monopoly_is_the_same_in_any_world_determinized_for_it() -> None:
    s = _holding_monopoly()
    give(s, 1, ore=2, wool=2)
    give(s, 2, ore=1, grain=2)
    mine = GAME.ai_action(s, 0, random.Random(1))
    for k in range(8):
        world = GAME.determinize(s, 0, random.Random(k))
        assert GAME.ai_action(world, 0, random.Random(1)) == mine


def _two_founding_places(s, first: str, second: str) -> tuple[int, int]:
    """Two start places of seat 0, three hexes each and none shared, made the richest on
    the board: the lower-numbered one's hexes all ``first``, the other's all ``second``,
    both on a 6, an 8 and a 5; every other producing hex on a 2."""
    b = s.board
    legal = sorted(a.args["c"] for a in GAME.legal_actions(s, 0) if a.kind == "settlement")
    full = [c for c in legal if len(b.corner_hexes[c]) == 3
            and all(s.chips[h] for h in b.corner_hexes[c])]
    c1 = full[0]
    h1 = set(b.corner_hexes[c1])
    c2 = next(c for c in full if not any(
        h1 & set(b.corner_hexes[d]) and set(b.corner_hexes[c]) & set(b.corner_hexes[d])
        for d in range(len(b.corners))))  # no place touches both
    for h in range(len(s.terrain)):
        if s.chips[h]:
            s.chips[h] = 2
    for c, terrain in ((c1, first), (c2, second)):
        for h, chip in zip(b.corner_hexes[c], (6, 8, 5), strict=True):
            s.terrain[h], s.chips[h] = terrain, chip
    return c1, c2


def test_ai_founds_on_grain_before_wool_of_as_many_dots() -> None:
    s = GAME.setup(4, {"scenario": "classic"}, "wool or grain")
    wool, grain = _two_founding_places(s, "meadow", "wheat")
    assert GAME.ai_action(s, 0, random.Random(1)) == Action("settlement", {"c": grain})
    assert wool < grain  # dots and variety alike, the lower number would have won


def test_ai_founds_its_second_settlement_on_a_resource_its_first_lacks() -> None:
    s = GAME.setup(4, {"scenario": "classic"}, "a new resource")
    same, new = _two_founding_places(s, "wood", "brick")
    b = s.board
    first = next(c for c in range(len(b.corners)) if s.buildings[c] is None
                 and any(s.terrain[h] == "wood" for h in b.corner_hexes[c])
                 and not {c, *b.corner_neighbours[c]} & {same, new, *b.corner_neighbours[same],
                                                       *b.corner_neighbours[new]})
    s.buildings[first] = (0, 1)  # seat 0's first settlement touches wood, no brick
    assert all(s.terrain[h] != "brick" for h in b.corner_hexes[first])
    assert GAME.ai_action(s, 0, random.Random(1)) == Action("settlement", {"c": new})
    assert same < new


def test_ai_buys_a_development_card_while_saving_for_a_settlement() -> None:
    s = main_state()
    build(s, 0, coastal_corner(s, main_hexes(s)))
    give(s, 0, wool=1, grain=1, ore=1)  # a card's price; a settlement lacks wood and brick
    assert GAME.ai_action(s, 0, random.Random(1)) == Action("buy", {})

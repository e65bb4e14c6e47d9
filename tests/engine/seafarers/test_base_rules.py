"""The base Catan rules (catan-base.md), one test per rule, on New Shores."""

from __future__ import annotations

import random

import pytest

from engine.core import Action, IllegalAction
from engine.seafarers import GAME
from engine.seafarers import rules as R
from engine.seafarers.board import RESOURCE_OF
from engine.seafarers.facts import other_end
from engine.seafarers.state import DEV_DECK, Phase
from engine.seafarers.turn import roll_dice

from .helpers import (
    act,
    build,
    coastal_corner,
    counter,
    give,
    hand,
    kinds,
    lay,
    main_hexes,
    main_state,
    moves,
)


def _producing_hex(s):
    return next(
        h for h in main_hexes(s) if s.terrain[h] in RESOURCE_OF and h != s.robber
    )


def test_founding_phase_goes_in_snake_order_settlement_then_route() -> None:
    s = GAME.setup(4, {}, "snake")
    order = []
    while s.phase in ("setup_settlement", "setup_route"):
        seat = next(iter(GAME.to_act(s)))
        if s.phase == "setup_settlement":
            order.append(seat)
        GAME.apply(s, seat, GAME.legal_actions(s, seat)[0])
    assert order == [0, 1, 2, 3, 3, 2, 1, 0]
    assert s.phase == Phase.ROLL and s.turn == 0


def test_start_settlements_only_on_the_main_island() -> None:
    s = GAME.setup(3, {}, "start")
    main = set(main_hexes(s))
    b = s.board
    for a in GAME.legal_actions(s, 0):
        assert set(b.corner_hexes[a.args["c"]]) & main


def test_second_settlement_yields_one_card_per_adjacent_producing_hex() -> None:
    s = GAME.setup(3, {}, "second")
    b = s.board
    while s.setup_step < 3:
        seat = next(iter(GAME.to_act(s)))
        GAME.apply(s, seat, GAME.legal_actions(s, seat)[0])
    seat = s.turn
    c = GAME.legal_actions(s, seat)[-1].args["c"]
    expected = sum(1 for h in b.corner_hexes[c] if s.terrain[h] in RESOURCE_OF)
    act(s, seat, "settlement", c=c)
    assert sum(s.hands[seat]) == expected


def test_distance_rule_forbids_a_settlement_next_to_any_other() -> None:
    s = main_state()
    b = s.board
    c = coastal_corner(s, main_hexes(s))
    build(s, 1, c)
    for e in b.corner_edges[c]:
        lay(s, 0, e)
    give(s, 0, wood=1, brick=1, wool=1, grain=1)
    spots = {a["c"] for a in moves(s, 0, "settlement")}
    assert not spots & set(b.corner_neighbours[c])


def test_production_gives_one_per_settlement_two_per_city_and_none_under_the_robber() -> None:
    s = main_state()
    b = s.board
    h = _producing_hex(s)
    res = RESOURCE_OF[s.terrain[h]]
    c1, c2 = b.hex_corners[h][0], b.hex_corners[h][3]
    build(s, 1, c1)
    build(s, 2, c2, level=2)
    R.produce(s, s.chips[h])
    assert hand(s, 1)[res] >= 1 and hand(s, 2)[res] >= 2
    before = [list(x) for x in s.hands]
    s.robber = h
    R.produce(s, s.chips[h])
    got_from_h = [hand(s, p)[res] - before[p][R.RI[res]] for p in (1, 2)]
    # only other hexes with the same number may still pay these corners
    other = [x for x in b.corner_hexes[c1] + b.corner_hexes[c2]
             if x != h and s.chips[x] == s.chips[h]]
    if not other:
        assert got_from_h == [0, 0]


def test_bank_shortage_pays_nobody_unless_only_one_player_is_owed() -> None:
    s = main_state()
    b = s.board
    h = _producing_hex(s)
    i = R.RI[RESOURCE_OF[s.terrain[h]]]
    c1, c2 = b.hex_corners[h][0], b.hex_corners[h][3]
    build(s, 1, c1, level=2)
    build(s, 2, c2, level=2)
    s.bank[i] = 3  # 4 owed, 3 in the bank, two players: nobody gets any
    before = [s.hands[1][i], s.hands[2][i]]
    events = R.produce(s, s.chips[h])
    assert [s.hands[1][i], s.hands[2][i]] == before
    assert any("short" in t for t, _ in events)
    s.buildings[c2] = None  # one player owed 2, the bank holds 1: he gets what is left
    s.bank[i] = 1
    R.produce(s, s.chips[h])
    assert s.hands[1][i] == before[0] + 1 and s.bank[i] == 0


def test_a_seven_makes_players_above_seven_discard_half_then_the_robber_moves() -> None:
    s = main_state()
    s.phase = Phase.ROLL
    give(s, 1, wood=5, ore=4)  # 9 cards: discards 4
    give(s, 2, grain=7)  # 7 cards: keeps them
    for seed in range(500):  # find a seed whose next roll is a 7
        t = main_state()
        t.phase = Phase.ROLL
        t.seed, t.counter = f"seven{seed}", 0
        roll_dice(t, 0)
        if sum(t.dice) == 7:
            break
    s.seed, s.counter = f"seven{seed}", 0
    act(s, 0, "roll")
    assert s.phase == Phase.DISCARD and GAME.to_act(s) == frozenset({1})
    for _ in range(4):
        act(s, 1, "discard", res="wood")
    assert sum(s.hands[1]) == 5 and s.phase == Phase.ROBBER


def test_robber_steals_one_random_card_from_a_player_on_the_hex() -> None:
    s = main_state()
    b = s.board
    h = _producing_hex(s)
    build(s, 1, b.hex_corners[h][0])
    build(s, 2, b.hex_corners[h][3])
    give(s, 1, ore=2)
    give(s, 2, wool=1)
    s.phase, s.ret = Phase.ROBBER, Phase.MAIN
    act(s, 0, "robber", hex=h)
    assert s.phase == Phase.STEAL and s.victims == [1, 2]
    act(s, 0, "steal", seat=2)
    assert hand(s, 0)["wool"] == 1 and sum(s.hands[2]) == 0 and s.phase == Phase.MAIN


def test_building_costs_and_piece_limits() -> None:
    s = main_state()
    c = coastal_corner(s, main_hexes(s))
    build(s, 0, c)
    give(s, 0, grain=2, ore=3)
    act(s, 0, "city", c=c)
    assert s.buildings[c] == [0, 2] and sum(s.hands[0]) == 0
    s.routes = [[0, "road"] if i < 15 else None for i in range(len(s.routes))]
    give(s, 0, wood=1, brick=1)
    assert "road" not in kinds(s, 0)  # all 15 roads are on the board


def test_the_development_deck_holds_25_cards() -> None:
    s = main_state()
    assert len(s.deck) == 25 == sum(DEV_DECK.values())
    assert s.deck.count("knight") == 14 and s.deck.count("victory_point") == 5


def test_a_card_bought_this_turn_is_not_played_and_only_one_per_turn() -> None:
    s = main_state()
    s.deck.append("knight")
    give(s, 0, wool=1, grain=1, ore=1)
    act(s, 0, "buy")
    assert "knight" in s.devs[0] and "play" not in kinds(s, 0)
    act(s, 0, "end")
    for p in (1, 2, 3):
        s.phase = Phase.MAIN
        act(s, p, "end")
    s.devs[0].append("knight")
    s.devs[0].sort()
    assert "play" in kinds(s, 0)  # before the roll
    act(s, 0, "play", card="knight")
    act(s, 0, "robber", hex=next(h for h in main_hexes(s) if h != s.robber))
    assert s.phase == Phase.ROLL and "play" not in kinds(s, 0)


def test_largest_army_at_three_knights_taken_over_only_by_more() -> None:
    s = main_state()
    s.knights = [0, 3, 0, 0]
    s.army = 1
    s.devs[0] = ["knight"]
    s.knights[0] = 2
    act(s, 0, "play", card="knight")
    assert s.army == 1  # 3 against 3: the holder keeps it
    s.knights[0] = 3
    s.dev_played = False
    s.phase = Phase.MAIN
    s.devs[0] = ["knight"]
    act(s, 0, "play", card="knight")
    assert s.army == 0


def _road_line(s, seat: int, length: int) -> list[int]:
    """``length`` roads in a line over main-island corners, laid for ``seat``; the edges."""
    b = s.board
    main = set(main_hexes(s))
    c = next(c for c in range(len(b.corners)) if set(b.corner_hexes[c]) <= main)
    path, seen = [], {c}
    while len(path) < length:
        e = next(e for e in b.corner_edges[c] if b.edge_land[e] and s.routes[e] is None
                 and other_end(b, e, c) not in seen
                 and set(b.corner_hexes[other_end(b, e, c)]) & main)
        lay(s, seat, e)
        c = other_end(b, e, c)
        seen.add(c)
        path.append(e)
    return path


def test_longest_road_needs_five_and_is_broken_by_an_opponents_settlement() -> None:
    s = main_state()
    b = s.board
    path = _road_line(s, 0, 6)
    R.update_longest(s, b)
    assert s.road_len[0] == 6 and s.road_holder == 0
    middle = b.edges[path[2]][0] if b.edges[path[2]][0] in b.edges[path[3]] else (
        b.edges[path[2]][1])
    build(s, 1, middle)  # splits 6 into 3 + 3
    R.update_longest(s, b)
    assert s.road_len[0] == 3 and s.road_holder is None


def test_bank_trades_four_to_one_and_harbours_three_or_two_to_one() -> None:
    s = main_state()
    give(s, 0, wood=4)
    ev = act(s, 0, "bank", give="wood", get="ore")
    assert hand(s, 0)["wood"] == 0 and hand(s, 0)["ore"] == 1
    assert "4 wood for 1 ore with the bank" in ev[0].text
    for _, kind, c1, _ in s.harbours:
        if kind == "any":
            build(s, 0, c1)
            break
    give(s, 0, brick=3)
    assert R.harbour_ratio(s, 0, R.RI["brick"]) == 3
    ev = act(s, 0, "bank", give="brick", get="ore")
    assert hand(s, 0)["brick"] == 0 and "with a 3:1 harbour" in ev[0].text
    special = next(h for h in s.harbours if h[1] != "any" and h[1] != "ore")
    build(s, 0, special[2])
    assert R.harbour_ratio(s, 0, R.RI[special[1]]) == 2
    give(s, 0, **{special[1]: 2})
    ev = act(s, 0, "bank", give=special[1], get="ore")
    assert f"2 {special[1]} for 1 ore with a 2:1 {special[1]} harbour" in ev[0].text


def test_player_trade_offer_built_card_by_card_no_gift_nor_like_for_like() -> None:
    """Issue 22 replaced "answered by all then confirmed with one": an offer no longer
    waits for every answer (tests/engine/seafarers/test_offers.py has the answering
    rules); the offer itself is still built as before."""
    s = main_state()
    give(s, 0, wood=2)
    give(s, 1, ore=1)
    give(s, 2, ore=2)
    assert [k for k, _ in R.legal(s, 0)].count("offer") == 1  # one move starts an offer
    act(s, 0, "offer")
    assert "offer_cancel" in kinds(s, 0)
    act(s, 0, "offer_give", res="wood")
    assert "offer_send" not in kinds(s, 0)  # no gifts: both sides must hold a card
    assert {"res": "wood"} not in moves(s, 0, "offer_get")  # not like for like
    act(s, 0, "offer_get", res="ore")
    act(s, 0, "offer_send")
    assert "accept" not in kinds(s, 3)  # holds no ore
    act(s, 1, "accept")
    assert "counter_give" not in kinds(s, 2)  # a counter-offer starts with one move
    act(s, 2, "counter")
    act(s, 2, "counter_give", res="ore")
    act(s, 2, "counter_give", res="ore")
    act(s, 2, "counter_get", res="wood")
    act(s, 2, "counter_get", res="wood")
    act(s, 2, "counter_send")
    assert {a["seat"] for a in moves(s, 0, "trade")} == {1, 2}
    act(s, 0, "trade", seat=2)
    assert hand(s, 0)["ore"] == 2 and hand(s, 0)["wood"] == 0 and hand(s, 2)["wood"] == 2
    assert s.phase == Phase.MAIN and s.offer is None


def test_an_offer_is_shown_to_the_others_only_once_sent() -> None:
    """The cards of an offer being put together show what its player holds, and he may
    still cancel: only he sees them until he sends it; then everyone does."""
    s = main_state()
    give(s, 0, wood=2)
    act(s, 0, "offer")
    act(s, 0, "offer_give", res="wood")
    act(s, 0, "offer_get", res="ore")
    assert GAME.view(s, 0)["offer"]["give"] == {"wood": 1}
    assert GAME.view(s, None)["offer"] is None and GAME.view(s, 1)["offer"] is None
    act(s, 0, "offer_send")
    for seat in (None, 0, 1):
        offer = GAME.view(s, seat)["offer"]
        assert (offer["give"], offer["get"]) == ({"wood": 1}, {"ore": 1})


def test_victory_at_the_target_on_ones_own_turn() -> None:
    s = main_state()
    corners = [c for c in range(len(s.board.corners)) if s.board.corner_land[c]]
    for c in corners[:6:2]:
        build(s, 1, c, level=2)  # seat 1 has 6 VP, not its turn
    s.devs[1] = ["victory_point"] * 5
    s.special[1] = 2  # 13 VP in all, but it is seat 0's turn
    give(s, 0, wood=4)
    act(s, 0, "bank", give="wood", get="ore")
    assert GAME.result(s) is None
    act(s, 0, "end")  # seat 1's turn begins with 13 VP: it wins
    res = GAME.result(s)
    assert res is not None and res["winners"] == [1] and res["scores"][1] == 13


def test_monopoly_takes_every_card_of_one_resource() -> None:
    s = main_state()
    give(s, 1, ore=2)
    give(s, 2, ore=1, wool=1)
    s.devs[0] = ["monopoly"]
    act(s, 0, "play", card="monopoly", res="ore")
    assert hand(s, 0)["ore"] == 3 and hand(s, 2)["wool"] == 1


def test_year_of_plenty_takes_two_resources_of_choice() -> None:
    s = main_state()
    s.devs[0] = ["plenty"]
    act(s, 0, "play", card="plenty")
    act(s, 0, "plenty", res="ore")
    act(s, 0, "plenty", res="wool")
    assert hand(s, 0)["ore"] == 1 and hand(s, 0)["wool"] == 1 and s.phase == Phase.MAIN


def test_an_illegal_move_is_refused_and_changes_nothing() -> None:
    s = main_state()
    before = GAME.dump(s)
    with pytest.raises(IllegalAction):
        GAME.apply(s, 0, Action("city", {"c": 0}))
    assert GAME.dump(s) == before


def test_a_listed_move_is_checked_again_once_another_move_was_made() -> None:
    """Cards for one road, two roads listed: after the first is built, the second move from
    the same list is refused (no cards left) and changes nothing."""
    s = main_state()
    c = coastal_corner(s, main_hexes(s))
    build(s, 0, c)
    give(s, 0, wood=1, brick=1)
    roads = [a for a in GAME.legal_actions(s, 0) if a.kind == "road"]
    assert len(roads) >= 2
    GAME.apply(s, 0, roads[0])
    before = GAME.dump(s)
    with pytest.raises(IllegalAction):
        GAME.apply(s, 0, roads[1])
    assert GAME.dump(s) == before


def test_a_move_listed_for_one_seat_is_refused_to_another() -> None:
    s = main_state()
    end = next(a for a in GAME.legal_actions(s, 0) if a.kind == "end")
    before = GAME.dump(s)
    with pytest.raises(IllegalAction, match="not your move"):
        GAME.apply(s, 1, end)
    assert GAME.dump(s) == before


def test_the_dm_says_what_can_be_built_now_not_only_what_is_paid_for() -> None:
    s = main_state()
    give(s, 0, wood=1, brick=1, wool=1, grain=1)
    view = GAME.view(s, 0)
    assert view["can_build"] == []  # paid for, but no piece of seat 0 to join
    c = coastal_corner(s, main_hexes(s))
    build(s, 0, c)
    assert set(GAME.view(s, 0)["can_build"]) == {"road", "ship"}


def test_promised_cards_stay_with_their_player_in_every_world_the_offerer_imagines() -> None:
    """Everyone saw seat 1 accept (it holds the ore asked for) and seat 2 counter with two
    ore: any world the offerer's AI imagines must leave both trades possible."""
    s = main_state()
    give(s, 0, wood=2)
    give(s, 1, ore=1, grain=3)
    give(s, 2, ore=2, wool=3)
    give(s, 3, brick=4)
    act(s, 0, "offer")
    act(s, 0, "offer_give", res="wood")
    act(s, 0, "offer_get", res="ore")
    act(s, 0, "offer_send")
    act(s, 1, "accept")
    counter(s, 2, {"ore": 2}, {"wood": 2})
    # seat 3 holds no ore: it has nothing to answer (issue 22), so it stays silent
    for k in range(40):
        world = GAME.determinize(s, 0, random.Random(k))
        assert {a["seat"] for a in moves(world, 0, "trade")} == {1, 2}
        assert [sum(world.hands[p]) for p in range(4)] == [sum(s.hands[p]) for p in range(4)]

"""The view of the shared brief, hidden information, determinize, dump/load, rules text."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from engine.all_hands import GAME, card_name
from engine.all_hands.decisions import DECISIONS
from engine.all_hands.state import all_cards
from engine.core import fill_names

from .helpers import act, assert_conserved, bid, canon, done_discarding, pass_, position

PUBLIC_KEYS = {
    "game", "seat", "n", "hand_no", "hands_total", "round", "round_limit", "longer_game",
    "scores", "target", "dealer", "phase", "to_act", "auction_card", "deck", "discard",
    "players", "bids", "resolved", "pending", "pending_seat", "last_auction", "log", "result",
}
OWN_KEYS = {"hand", "my_bid", "choice", "hand_size", "auto_keep", "discard_opened"}


def test_the_view_has_exactly_the_keys_of_the_brief() -> None:
    s = GAME.setup(4, {}, "keys")
    assert set(GAME.view(s, None)) == PUBLIC_KEYS
    assert set(GAME.view(s, 2)) == PUBLIC_KEYS | OWN_KEYS
    v = GAME.view(s, 2)
    assert v["game"] == "all-hands" and v["seat"] == 2 and v["n"] == 4
    assert v["hand_size"] == 5 and v["my_bid"] == [] and v["choice"] is None
    assert v["pending"] == f"{{name}} bids or passes on {card_name(v['auction_card'])}"
    assert v["pending_seat"] == 1
    json.dumps(v)


def test_the_own_hand_is_sorted_by_crew_rank_then_actions() -> None:
    s = position(2, {1: ["RUM", "BV2", "ST9", "SS1", "ST1"], 0: ["BV1"]})
    assert GAME.view(s, 1)["hand"] == ["ST1", "ST9", "SS1", "BV2", "RUM"]


def test_face_down_bids_are_hidden_until_revealed() -> None:
    s = position(3, {1: ["SS5", "RUM"], 2: ["BV1"], 0: ["ST1"]})
    bid(s, 1, "SS5", "RUM")
    for seat in (None, 0, 2):
        v = GAME.view(s, seat)
        assert v["bids"] is None and v["players"][1]["bid_cards"] == 2
        assert "RUM" not in canon(v) and "SS5" not in canon(v)
    assert GAME.view(s, 1)["my_bid"] == ["SS5", "RUM"]


def test_views_of_others_never_show_a_hand() -> None:
    s = position(3, {1: ["SS5", "RUM"], 2: ["BV1"], 0: ["ST1"]})
    assert "BV1" not in canon(GAME.view(s, 1)) and "ST1" not in canon(GAME.view(s, None))


def _worlds_keep_every_view(s, tries: int = 5) -> None:
    rng = random.Random(7)
    for seat in [*range(s.n), None]:
        for _ in range(tries):
            w = GAME.determinize(s, seat, rng)
            assert canon(GAME.view(w, seat)) == canon(GAME.view(s, seat))
            assert Counter(all_cards(w)) == Counter(all_cards(s))


def test_determinize_keeps_what_the_seat_sees_and_redeals_the_rest() -> None:
    s = GAME.setup(4, {}, "worlds")
    before = canon(GAME.dump(s))
    _worlds_keep_every_view(s)
    w = GAME.determinize(s, 1, random.Random(1))
    assert w.hands[1] == s.hands[1]
    assert [len(h) for h in w.hands] == [len(h) for h in s.hands]
    assert any(w.hands[t] != s.hands[t] for t in (0, 2, 3)) or w.deck != s.deck
    assert w.seed != s.seed
    assert canon(GAME.dump(s)) == before


def test_determinize_hides_face_down_bids_and_a_mermaids_catch() -> None:
    s = position(3, {1: ["MERMAID", "SS2"], 2: ["BV7", "BV9"], 0: ["SS3", "ST4"]})
    bid(s, 1, "MERMAID")
    bid(s, 2, "BV9")
    _worlds_keep_every_view(s)  # before the reveal: seat 2's bid card is hidden
    pass_(s, 0)
    assert s.pending["kind"] == "mermaid"
    _worlds_keep_every_view(s)
    w = GAME.determinize(s, 2, random.Random(3))
    assert len(w.pending["cards"]) == 2


def test_determinize_during_tribute_and_tie_bids() -> None:
    s = position(3, {1: ["KING", "SS2"], 2: ["BV7", "BV9", "ST1"], 0: ["SS3", "ST4", "ST6"]})
    bid(s, 1, "KING")
    pass_(s, 2)
    pass_(s, 0)
    act(s, 2, "tribute", card="BV7")
    _worlds_keep_every_view(s)
    s = position(2, {1: ["SS5", "BV2", "ST3"], 0: ["BV5", "SS2", "ST4"]}, auction="ST10")
    bid(s, 1, "SS5")
    bid(s, 0, "BV5")
    assert s.phase == "tie"
    act(s, 1, "bid_add", card="ST3")
    bid(s, 0, "SS2")
    _worlds_keep_every_view(s)


def test_dump_and_load_round_trip_and_refuse_an_unknown_schema() -> None:
    s = position(3, {1: ["MERMAID", "SS2"], 2: ["BV7", "BV9"], 0: ["SS3", "ST4"]})
    bid(s, 1, "MERMAID")
    data = json.loads(json.dumps(GAME.dump(s)))
    assert data["schema"] == 3
    again = GAME.load(data)
    assert canon(GAME.dump(again)) == canon(GAME.dump(s))
    for seat in (None, 0, 1, 2):
        assert canon(GAME.view(again, seat)) == canon(GAME.view(s, seat))
    with pytest.raises(ValueError, match="schema"):
        GAME.load({**data, "schema": 99})


def test_a_game_saved_before_the_discard_settings_loads_with_everyone_asked() -> None:
    s = position(3, {1: ["MERMAID", "SS2"], 2: ["BV7", "BV9"], 0: ["SS3", "ST4"]})
    bid(s, 1, "MERMAID")
    old = json.loads(json.dumps(GAME.dump(s)))
    del old["auto_keep"], old["opened"]
    old["schema"] = 1
    again = GAME.load(old)
    assert again.auto_keep == [False] * 3 and again.opened == [False] * 3
    assert canon(GAME.dump(again)) == canon(GAME.dump(s))


def test_a_game_saved_before_the_tables_memory_loads_with_nothing_seen() -> None:
    s = position(3, {1: ["MERMAID", "SS2"], 2: ["BV7", "BV9"], 0: ["SS3", "ST4"]})
    old = json.loads(json.dumps(GAME.dump(s)))
    del old["seen"]
    old["schema"] = 2
    assert GAME.load(old).seen == [[], [], []]


def test_worlds_keep_a_card_won_face_up_until_it_is_seen_to_leave() -> None:
    s = position(2, {1: ["SS9", "BV2", "ST3"], 0: ["BV5", "SS2", "ST4"]}, auction="ST10")
    bid(s, 1, "SS9")
    pass_(s, 0)
    assert s.seen == [[], ["ST10"]]
    for k in range(20):  # seat 0 saw seat 1 win it: every world leaves it in his hand
        w = GAME.determinize(s, 0, random.Random(k))
        assert "ST10" in w.hands[1]
    _worlds_keep_every_view(s)
    act(s, 1, "discard", card="ST10")
    assert s.seen == [[], []]
    worlds = [GAME.determinize(s, 0, random.Random(k)) for k in range(20)]
    assert any("ST10" not in w.hands[1] for w in worlds)


def test_a_card_drawn_at_random_from_a_hand_makes_the_table_forget_it() -> None:
    s = position(2, {1: ["SS9", "BV2", "MERMAID"], 0: ["BV5", "SS2", "MERMAID"]},
                 auction="ST10")
    bid(s, 1, "SS9")
    pass_(s, 0)
    done_discarding(s)
    assert s.seen[1] == ["ST10"]
    bid(s, s.turn, "MERMAID")  # seat 0 bids first in round 2: its Mermaid draws from seat 1
    pass_(s, s.turn)
    assert s.seen[1] == []


def test_clone_is_independent() -> None:
    s = position(3, {1: ["MERMAID", "SS2"], 2: ["BV7", "BV9"], 0: ["SS3", "ST4"]})
    c = GAME.clone(s)
    bid(c, 1, "MERMAID")
    pass_(c, 2)
    pass_(c, 0)
    assert s.hands[1] == ["MERMAID", "SS2"] and s.pending is None
    assert canon(GAME.dump(GAME.clone(c))) == canon(GAME.dump(c))
    assert_conserved(s)


def test_names_are_placeholders_the_table_fills() -> None:
    assert fill_names("{p0} calls {p2} a Pirate Cheat!", ["Anne", "Bo", "Cy"]) == (
        "Anne calls Cy a Pirate Cheat!")
    assert fill_names("{name} bids", ["Anne", "Bo"], seat=1) == "Bo bids"


def test_rules_text_lists_every_decision_and_the_tables_options() -> None:
    short = GAME.rules_text({})
    longer = GAME.rules_text({"longer": True, "round_limit": 50})
    for decision in DECISIONS:
        assert decision in short
    assert "Short game" in short and "100 rounds" in short
    assert "Longer game" in longer and "50 rounds" in longer
    assert short.startswith("# All Hands on Deck!")
    assert "Tavern Brawl" in short and "Brothers Before the Mast" in short


def test_game_object_metadata() -> None:
    assert GAME.id == "all-hands" and GAME.title == "All Hands on Deck!"
    assert (GAME.min_players, GAME.max_players) == (2, 6)
    assert GAME.options["longer"].default is False
    assert GAME.options["round_limit"].values == (50, 100, 200)
    assert GAME.options["round_limit"].default == 100

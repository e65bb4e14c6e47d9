"""Autocomplete lists what was typed at the start first (issue 14: "3" lists 3, 30-39 before
23), then the moves that hold it elsewhere, each group in the game's own order."""

from __future__ import annotations

from cogs.actions import choices
from engine.core import Action


def bids(most: int) -> list[Action]:
    return [Action("bid", {"amount": k}, f"Bid {k} loon (sealed)") for k in range(most + 1)]


def test_typing_3_lists_3_and_30_to_39_before_13_and_23() -> None:
    names = [name for name, _ in choices(bids(45), "3")]
    assert names[:11] == ["Bid 3 loon (sealed)"] + [f"Bid {k} loon (sealed)" for k in range(30, 40)]
    assert names[11:] == ["Bid 13 loon (sealed)", "Bid 23 loon (sealed)", "Bid 43 loon (sealed)"]


def test_a_label_that_starts_with_the_typed_word_comes_first() -> None:
    moves = [Action("send", {}, "Send the offer"),
             Action("discard", {}, "Discard the Legend"),
             Action("end", {}, "End your turn")]
    assert [n for n, _ in choices(moves, "end")] == \
        ["End your turn", "Send the offer", "Discard the Legend"]
    assert [n for n, _ in choices(moves, "the leg")] == ["Discard the Legend"]
    assert [n for n, _ in choices(moves, "")] == [a.label for a in moves]


def test_the_first_25_are_the_best_matches_not_the_first_found() -> None:
    many = [Action("bid", {"amount": k}, f"Bid {k}") for k in range(100, 140)]
    many += [Action("bid", {"amount": 9}, "Bid 9")]
    assert choices(many, "9")[0][0] == "Bid 9"
    assert len(choices(many, "1")) == 25

"""Catan: Seafarers by fewer clicks (issue 22, "Fewer clicks"), through discord.py's own
objects (the harness).

- A discard on a 7 is one pick: **Discard 4 cards…** on the private panel opens one menu of
  the cards held, the four are picked together, and **✅ Confirm: Discard 2 wood, 2 ore**
  discards them (catan-base.md, "Seven and the robber": "Every player with more than 7
  resource cards discards half, rounded down, of his choice"). A hand too big for one menu
  is listed in bundles whose picks add up. A pick of the wrong size gets the reason and
  changes nothing; so does ``/catan discard`` with the wrong count.
- The founding places are named by their hexes and dots, best first, so that the best 25
  fill the panel's first menu and a settlement is founded in one pick.
"""

from __future__ import annotations

import random
import re

import engine
from engine.seafarers.board import RESOURCES
from engine.seafarers.founding import dots
from engine.table import Table
from tests.cogs.flows import boards, table_of
from tests.cogs.harness import CHANNEL_ID, GUILD_ID, FakeUser, Harness, Msg
from tests.cogs.played import T0, open_played

GAME = engine.get_game("seafarers")
#: a founding place as the menu lists it: "ore 6, wool 10, brick 3 (11 dots, at 37)"
FOUNDING_LABEL = re.compile(r"^(?P<hexes>.+) \((?:(?P<dots>\d+) dots?|no dots), "
                            r"at (?P<place>\d+)\)$")


async def _panel(h: Harness, user: FakeUser) -> Msg:
    r = await h.click(user, boards(h)[-1], "My hand / act")
    assert r.ephemeral, "the panel is private"
    return r.message


def _confirm(panel: Msg) -> list[dict]:
    return [i for i in panel.items() if i.get("type") == 2
            and str(i.get("label", "")).startswith("✅ Confirm")]


async def _nine_cards_at_a_seven(h: Harness) -> tuple[FakeUser, int, dict[str, int]]:
    """A table of three people played with random moves until a 7 makes one of them, with
    9 cards, discard 4: that person, the seat, the hand."""
    users = [h.user("alice"), h.user("bob"), h.user("carol")]

    def nine_cards_owing_four(game, s, seat, a) -> bool:
        return a.kind == "discard" and sum(s.hands[seat]) == 9 and s.owed[seat] == 4

    table = await open_played(h, "seafarers", users, seed="sevens",
                              options={}, until=nine_cards_owing_four)
    seat = next(p for p in range(table.state.n) if table.state.owed[p] == 4
                and sum(table.state.hands[p]) == 9)
    user = next(u for u in users if table.seat_of(str(u.id)) == seat)
    await h.slash(user, "game status")  # the turn message, with My hand / act
    hand = table.view(GAME, seat)["hand"]
    return user, seat, hand


def _four_of(hand: dict[str, int]) -> dict[str, int]:
    """Four cards of the hand, the most held first: {"wood": 3, "ore": 1}."""
    cards: dict[str, int] = {}
    for res in sorted(RESOURCES, key=lambda r: -hand[r]):
        take = min(hand[res], 4 - sum(cards.values()))
        if take:
            cards[res] = take
    return cards


def _words(cards: dict[str, int]) -> str:
    return ", ".join(f"{cards[r]} {r}" for r in RESOURCES if cards.get(r))


def _values(menu: dict, cards: dict[str, int]) -> list[str]:
    """The entries of the discard menu standing for ``cards``, one entry a card."""
    out = []
    for res, n in cards.items():
        out += [o["value"] for o in menu["options"] if o["label"] == res.capitalize()][:n]
    return out


async def test_four_of_nine_cards_are_discarded_by_one_pick_and_a_confirm(h: Harness) -> None:
    user, seat, hand = await _nine_cards_at_a_seven(h)
    version = (await table_of(h)).version
    panel = await _panel(h, user)
    assert not [o for o in panel.options() if '"kind":"discard"' in o["value"]], \
        "no discard card by card in the panel's menus"
    clicks = 1
    await h.click(user, panel, "Discard 4 cards…")
    clicks += 1
    (menu,) = panel.selects()
    assert menu["max_values"] == 4 and len(menu["options"]) <= 9
    assert {o["label"] for o in menu["options"]} == {r.capitalize() for r in RESOURCES
                                                     if hand[r]}
    cards = _four_of(hand)
    await h.select(user, panel, _values(menu, cards), custom_id=menu["custom_id"])
    clicks += 1
    assert f"You discard **{_words(cards)}**" in panel.content, panel.content
    assert panel.ephemeral
    assert (await table_of(h)).version == version, "nothing is discarded before Confirm"
    (confirm,) = _confirm(panel)
    assert confirm["label"] == f"✅ Confirm: Discard {_words(cards)}"
    await h.click(user, panel, confirm["custom_id"])
    clicks += 1
    assert panel.content.startswith("Done:"), panel.content
    assert clicks == 4, "My hand / act, Discard 4 cards…, the pick, Confirm"
    after = (await table_of(h)).view(GAME, seat)
    assert after["players"][seat]["owed"] == 0
    assert after["hand"] == {r: hand[r] - cards.get(r, 0) for r in RESOURCES}
    # hidden information: the cards discarded reach no message of the channel
    for post in h.posts():
        assert "Discard 1" not in post.text and _words(cards) not in post.text


async def test_a_pick_of_the_wrong_size_gets_the_reason_and_changes_nothing(
    h: Harness,
) -> None:
    """Three cards picked of four: they stay picked and the menu asks for one more (no
    Confirm yet); five (a pick the menu never offers) get the reason and no Confirm; a
    command naming three, or a card not held, is refused. Nothing is discarded."""
    user, seat, hand = await _nine_cards_at_a_seven(h)
    version = (await table_of(h)).version
    panel = await _panel(h, user)
    await h.click(user, panel, "Discard 4 cards…")
    (menu,) = panel.selects()
    # a mark Parley never wrote names nothing: back to the panel, with a note
    await h.select(user, panel, ["d.z"], custom_id=menu["custom_id"])
    assert "no longer on offer" in panel.content
    await h.click(user, panel, "Discard 4 cards…")
    (menu,) = panel.selects()
    four = _values(menu, _four_of(hand))
    await h.select(user, panel, four[:3], custom_id=menu["custom_id"])
    assert "Pick 1 more card." in panel.content, panel.content
    assert not _confirm(panel), "no Confirm for three cards of four"
    (menu,) = panel.selects()
    assert menu["placeholder"] == "1 more card to discard…" and menu["max_values"] == 1
    assert len(menu["options"]) == sum(min(n, 4) for n in hand.values()) - 3
    # five cards: a path the menu never offers (it lets pick 1 more at most)
    first = menu["options"][0]["value"]
    five = f"{first}.{next(m for m in 'abcdefgh' if f'.{m}' not in first)}"
    await h.select(user, panel, [five], custom_id=menu["custom_id"])
    assert "You picked 5 cards, 1 too many" in panel.content, panel.content
    assert not _confirm(panel)
    await h.click(user, panel, "Back")  # the last card off again: four, and Confirm
    assert len(_confirm(panel)) == 1
    # the command too: the whole discard, or nothing
    three = " ".join([r for r in RESOURCES for _ in range(hand[r])][:3])  # "wood wood ore"
    r = await h.slash(user, "catan discard", cards=three)
    assert r.ephemeral and "You have 4 cards to discard, and you named 3" in r.text, r.text
    res = next(r for r in RESOURCES if hand[r] < 4)
    r = await h.slash(user, "catan discard", cards=f"{hand[res] + 1} {res}")
    assert r.ephemeral and f"You hold only {hand[res]} {res}" in r.text, r.text
    table = await table_of(h)
    assert table.version == version, "nothing was discarded"
    assert table.view(GAME, seat)["hand"] == hand


async def test_picks_add_up_until_the_discard_is_whole(h: Harness) -> None:
    """A player who picks two cards, then two more, gets Confirm for the four: no pick is
    lost, and none can go over what is owed."""
    user, seat, hand = await _nine_cards_at_a_seven(h)
    panel = await _panel(h, user)
    await h.click(user, panel, "Discard 4 cards…")
    cards = _four_of(hand)
    wanted = [r for r in RESOURCES for _ in range(cards.get(r, 0))]
    for part in (wanted[:2], wanted[2:]):
        (menu,) = panel.selects()
        values = []
        for res in part:
            values.append(next(o["value"] for o in menu["options"]
                               if o["label"] == res.capitalize() and o["value"] not in values))
        await h.select(user, panel, values, custom_id=menu["custom_id"])
    assert not panel.selects(), "nothing more to pick"
    await h.click(user, panel, f"✅ Confirm: Discard {_words(cards)}")
    assert panel.content.startswith("Done:"), panel.content
    after = (await table_of(h)).view(GAME, seat)
    assert after["hand"] == {r: hand[r] - cards.get(r, 0) for r in RESOURCES}


async def test_the_whole_discard_by_command(h: Harness) -> None:
    user, seat, hand = await _nine_cards_at_a_seven(h)
    cards = _four_of(hand)
    r = await h.slash(user, "catan discard", cards=_words(cards))
    assert r.ephemeral and r.text.startswith("Done:"), r.text
    after = (await table_of(h)).view(GAME, seat)
    assert after["players"][seat]["owed"] == 0
    assert after["hand"] == {r: hand[r] - cards.get(r, 0) for r in RESOURCES}


async def _big_hand_at_a_seven(h: Harness, cards: dict[str, int]) -> tuple[FakeUser, int]:
    """Alice holds ``cards`` (more than one menu lists) when a 7 is rolled: the founding
    played by the heuristic player, then the hand dealt from the bank, as a rule test does
    (tests/engine/seafarers/helpers.py, ``give``)."""
    users = [h.user("alice"), h.user("bob"), h.user("carol")]
    table = Table.new(GAME, str(CHANNEL_ID), str(users[0].id), "Alice", {}, "big hand",
                      guild=str(GUILD_ID), title=GAME.title)
    for u in users[1:]:
        table.join(GAME, str(u.id), u.name.capitalize())
    table.start(GAME, T0)
    s = table.state
    rng = random.Random(0)
    while s.phase in ("setup_settlement", "setup_route"):
        p = min(GAME.to_act(s))
        GAME.apply(s, p, GAME.ai_action(s, p, rng))
    seat = table.seat_of(str(users[0].id))
    for i, res in enumerate(RESOURCES):
        more = cards.get(res, 0) - s.hands[seat][i]
        s.hands[seat][i] += more
        s.bank[i] -= more
    s.dice, s.phase, s.ret = [3, 4], "discard", "main"
    s.owed = [sum(s.hands[p]) // 2 if p == seat else 0 for p in range(s.n)]
    await h.bot.store.create(table, T0)
    await h.slash(users[0], "game status")
    return users[0], seat


async def test_a_hand_of_36_cards_discards_18_in_one_menu_of_bundles(h: Harness) -> None:
    """36 cards do not fit one menu (25 entries): each entry is a bundle (1, 2, 4... cards
    of a resource) and the picks add up; 12 wood and 6 ore are one pick."""
    alice, seat = await _big_hand_at_a_seven(h, {"wood": 12, "brick": 10, "wool": 8, "ore": 6})
    panel = await _panel(h, alice)
    await h.click(alice, panel, "Discard 18 cards…")
    assert "each entry is a bundle" in panel.content
    (menu,) = panel.selects()
    assert len(menu["options"]) <= 25 and menu["max_values"] == len(menu["options"])
    bundles = [(o["value"], o["label"]) for o in menu["options"]]
    sizes = {res: [int(text.split()[0]) for _, text in bundles if text.endswith(res)]
             for res in ("wood", "brick", "wool", "ore")}
    assert sizes == {"wood": [1, 2, 4, 5], "brick": [1, 2, 3, 4], "wool": [1, 1, 2, 4],
                     "ore": [1, 2, 3]}, "every count of each resource can be picked"
    picked = [v for v, text in bundles if text.endswith(("wood", "ore"))]
    await h.select(alice, panel, picked, custom_id=menu["custom_id"])
    (confirm,) = _confirm(panel)
    assert confirm["label"] == "✅ Confirm: Discard 12 wood, 6 ore"
    await h.click(alice, panel, confirm["custom_id"])
    assert panel.content.startswith("Done:"), panel.content
    after = (await table_of(h)).view(GAME, seat)
    assert after["hand"] == {"wood": 0, "brick": 10, "wool": 8, "grain": 0, "ore": 0}
    assert after["players"][seat]["owed"] == 0


async def test_the_founding_menu_names_places_by_their_hexes_best_first(h: Harness) -> None:
    """The first menu holds the 25 best places, each named by its hexes and dots; every
    place the rules allow is in one of the panel's menus; one pick founds it."""
    users = [h.user("alice"), h.user("bob"), h.user("carol")]
    r = await h.slash(users[0], "game new", game="seafarers")
    assert "Your table is open" in r.text, r.text
    for u in users[1:]:
        await h.slash(u, "game join")
    assert "The game begins" in (await h.slash(users[0], "game start")).text
    table = await table_of(h)
    seat = min(table.to_act(GAME))
    user = next(u for u in users if table.seat_of(str(u.id)) == seat)
    allowed = {a.args["c"] + 1 for a in GAME.legal_actions(table.state, seat)}
    panel = await _panel(h, user)
    menus = panel.selects()
    first = menus[0]
    assert first["placeholder"] == "Where to found your settlement (best places first)…"
    assert len(first["options"]) == 25
    listed = []
    for menu in menus:
        for o in menu["options"]:
            m = FOUNDING_LABEL.match(o["label"])
            assert m, o["label"]
            assert re.fullmatch(r"(?:(?:wood|brick|wool|grain|ore|gold) \d+|desert|sea)"
                                r"(?:, (?:(?:wood|brick|wool|grain|ore|gold) \d+|desert|sea))*"
                                r"(?: \+ (?:3:1|2:1 \w+) harbour)?", m["hexes"]), o["label"]
            listed.append((int(m["dots"] or 0), int(m["place"])))
    assert {place for _, place in listed} == allowed, "every legal place is reachable"
    assert [d for d, _ in listed] == sorted((d for d, _ in listed), reverse=True)
    for d, place in listed:
        assert d == dots(table.state, place - 1)
    best = first["options"][0]
    await h.select(user, panel, [best["value"]], custom_id=first["custom_id"])
    assert panel.content.startswith(f"Done: {best['label']}"), panel.content
    state = (await table_of(h)).state
    assert state.buildings[listed[0][1] - 1] == [seat, 1]

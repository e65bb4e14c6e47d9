""""Since your last turn" (issue 24): when the game starts waiting for a person, their hand
DM begins with what happened since their seat's last move: the others' moves, a line each,
in public words only, and at most a few lines with the count of the rest."""

from __future__ import annotations

from typing import Any

from cogs.look import turn_texts
from engine.core import Action
from tests.cogs.harness import CHANNEL_ID, FakeUser, Harness
from tests.cogs.played import open_played


async def current(h: Harness) -> Any:
    return await h.bot.store.latest(str(CHANNEL_ID))


def user_at(table: Any, users: list[FakeUser], seat: int) -> FakeUser:
    return next(u for u in users if table.seat_of(str(u.id)) == seat)


async def test_the_hand_dm_begins_with_the_others_moves_since_your_last_turn(
        h: Harness) -> None:
    users = [h.user("alice"), h.user("bob"), h.user("carol")]
    await open_played(h, "pirate-tricks", users, until=lambda g, s, seat, a: a.kind == "play")
    moved: dict[int, int] = {}
    played: list[str] = []
    for _ in range(12):
        t = await current(h)
        (seat,) = t.game.to_act(t.state)
        user = user_at(t, users, seat)
        if user.id in moved:
            break
        a = next(x for x in t.game.legal_actions(t.state, seat) if x.kind == "play")
        r = await h.slash(user, "tricks play", card=str(a.args["card"]))
        assert r.text.startswith("Done:"), r.text
        moved[user.id] = len(played)
        played.append(str(a.args["card"]))
    else:
        raise AssertionError("no seat came round again")
    dm = h.dms(user)[-1]
    assert dm.content.count(turn_texts.SINCE_HEAD) == 1, dm.content
    digest = dm.content.split(turn_texts.SINCE_HEAD, 1)[1]
    # the two others' plays are named (as the channel saw them), in a line each
    lines = [x for x in digest.splitlines() if x.startswith("• ")]
    assert 2 <= len(lines) <= 5, digest
    others = [u.name.capitalize() for u in users if u is not user]
    assert all(any(name in line for line in lines) for name in others), digest
    assert "It is your turn" in dm.content
    assert dm.content.index(turn_texts.SINCE_HEAD) < dm.content.index("It is your turn")


async def test_what_happened_to_you_comes_first(h: Harness) -> None:
    """Catan: Seafarers: the robber's player steals a card from the other, then ends the
    turn; the robbed player's hand DM for the new turn begins with the theft, told to them
    privately (the card named), then the others' moves."""
    users = [h.user("alice"), h.user("bob"), h.user("carol")]

    def steal_from_next(game: Any, s: Any, seat: int, a: Action) -> bool:
        return a.kind == "steal" and a.args["seat"] == (seat + 1) % 3

    # a seed whose random game comes to such a theft (found once; the game must not be over)
    table = await open_played(h, "seafarers", users, until=steal_from_next, seed="steal6")
    assert table.game.result(table.state) is None
    seat = next(s for s in sorted(table.game.to_act(table.state))
                if any(steal_from_next(None, None, s, a)
                       for a in table.game.legal_actions(table.state, s)))
    thief, robbed = user_at(table, users, seat), user_at(table, users, (seat + 1) % 3)
    name = table.seats[(seat + 1) % 3].name
    choices = await h.autocomplete(thief, "catan steal", "player")
    (choice,) = [c for c in choices if name in c["name"]]
    r = await h.slash(thief, "catan steal", player=choice["value"])
    assert r.text.startswith("Done:"), r.text
    r = await h.slash(thief, "catan end")
    assert r.text.startswith("Done:"), r.text
    dm = h.dms(robbed)[-1]
    digest = dm.content.split(turn_texts.SINCE_HEAD, 1)[1]
    lines = [x for x in digest.splitlines() if x.startswith("• ")]
    assert lines[0].startswith("• ❗"), dm.content
    assert all(not x.startswith("• ❗") for x in lines[1:])
    # the thief's DM never names the robbed player's private news of the theft
    assert all(lines[0][4:] not in m.content for m in h.dms(thief))

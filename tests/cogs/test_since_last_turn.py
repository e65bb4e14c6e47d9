""""Since your last turn" (issue 24): when the game starts waiting for a person, their hand
DM begins with what happened since their seat's last move: the others' moves, a line each,
in public words only, and at most a few lines with the count of the rest."""

from __future__ import annotations

from typing import Any

from cogs.look import turn_texts
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

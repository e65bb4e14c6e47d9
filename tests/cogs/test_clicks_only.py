"""A whole game of every game played with the panel alone (issue 14: "a player can finish a
whole game with the panel alone, without typing a slash command"), and the DMs it took: new
ones only when the person must act, plus the welcome and the end.

One person sits with AI captains. The lobby commands open the table (``/game new``, ``add-bot``,
``start``); from then on the person only clicks what the bot sent: **My hand / act** on the
turn message when it mentions them, then the buttons and menus of their private panel, one
pick after another, until the panel says the move is done. The picks are random among what
the panel offers (a Confirm, once offered, is usually taken), so every game ends by what
the panel offers alone, whatever a player picks.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import engine
from tests.cogs.flows import boards, dm_calls, said, table_of, times_to_act
from tests.cogs.harness import FakeUser, Harness, Msg

#: game id -> (AI captains beside the person, the table's options, the kinds of move the
#: person makes in any whole game: the game's main moves)
GAMES: dict[str, tuple[int, dict[str, Any], set[str]]] = {
    "all-hands": (1, {}, {"bid_add", "pass"}),
    "pirate-tricks": (2, {}, {"bid", "ditch", "play"}),
    "sewer-pirats": (1, {}, {"draw", "move"}),
    "neuroshima": (1, {}, {"hq", "place", "end"}),
    "seafarers": (2, {}, {"settlement", "road", "roll", "end"}),  # the default scenario
}
#: picks that go back rather than forward; taken only now and then
BACK = ("Back", "Cancel", "Back to the panel")
MAX_TURNS = 1500
MAX_PICKS = 12


def _within_discords_limits(panel: Msg) -> None:
    """Discord refuses a custom id or an option value over 100 characters, more than 5 rows,
    or more than 25 options in a menu."""
    assert len(panel.components) <= 5
    for item in panel.items():
        assert len(item["custom_id"]) <= 100, item["custom_id"]
        assert len(item.get("options") or []) <= 25
        assert all(len(o["value"]) <= 100 for o in item.get("options") or [])


def _pick(panel: Msg, rng: random.Random, patient: bool = True) -> tuple[str, Any]:
    """One thing to do on the panel: ("click", label or custom id) or ("select", (custom
    id, values)). Not ``patient`` any more, a player who has not got a move together goes
    back (Cancel) and tries something else."""
    _within_discords_limits(panel)
    buttons = [b for b in panel.items() if b.get("type") == 2 and not b.get("disabled")]
    confirm = [b for b in buttons if str(b.get("label", "")).startswith("✅ Confirm")]
    if confirm and rng.random() < 0.85:
        return "click", rng.choice(confirm)["custom_id"]
    back = [b for b in buttons if b.get("label") in BACK]
    if back and not patient:
        return "click", back[-1]["custom_id"]
    forward = [b for b in buttons if b.get("label") not in BACK]
    choices: list[tuple[str, Any]] = [("click", b["custom_id"]) for b in forward]
    for menu in panel.selects():
        values = [o["value"] for o in menu["options"]]
        most = min(int(menu.get("max_values") or 1), len(values))
        picked = rng.sample(values, k=rng.randint(1, most))
        choices.append(("select", (menu["custom_id"], picked)))
    if not patient:  # a move made at once rather than composed pick by pick
        direct = [c for c in choices if not str(c[1] if c[0] == "click" else c[1][0])
                  .startswith("parley:step")]
        choices = direct or choices
    if not choices or rng.random() < 0.03:
        choices += [("click", b["custom_id"]) for b in buttons if b.get("label") in BACK]
    assert choices, f"the panel offers nothing: {panel.content!r}"
    return rng.choice(choices)


async def act_by_clicks(h: Harness, user: FakeUser, rng: random.Random) -> None:
    """One move of ``user``: My hand / act, then picks on the panel until it says Done."""
    panel = (await h.click(user, boards(h)[-1], "My hand / act")).message
    assert panel.ephemeral, "the panel is private"
    for picks in range(MAX_PICKS):
        what, arg = _pick(panel, rng, patient=picks < MAX_PICKS // 2)
        if what == "click":
            r = await h.click(user, panel, arg)
        else:
            r = await h.select(user, panel, arg[1], custom_id=arg[0])
        assert r.messages and r.messages[0].id == panel.id, "the panel is updated in place"
        if panel.content.startswith("Done:"):
            return
        refused = [m for m in r.messages if m.id != panel.id]
        if refused:  # the engine said no (e.g. a step the rules refuse now): pick again
            assert all(m.ephemeral for m in refused)
    raise AssertionError(f"no move after {MAX_PICKS} picks: {panel.content!r}")


@pytest.mark.parametrize("game_id", list(GAMES))
async def test_a_whole_game_by_clicks_alone(
    h: Harness, game_id: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    bots, options, main_moves = GAMES[game_id]
    typed: list[str] = []
    slash = h.slash

    async def lobby_only(user: FakeUser, command: str, **kw: Any) -> Any:
        typed.append(command)
        return await slash(user, command, **kw)

    monkeypatch.setattr(h, "slash", lobby_only)
    alice = h.user("alice")
    r = await h.slash(alice, "game new", game=game_id, **options)
    assert "Your table is open" in r.text, r.text
    for _ in range(bots):
        await h.slash(alice, "game add-bot", level="easy")
    assert "The game begins" in (await h.slash(alice, "game start")).text
    rng = random.Random(f"clicks {game_id}")
    turns = 0
    for turns in range(MAX_TURNS):  # noqa: B007 - printed below
        turn = boards(h)[-1]
        if "Game over" in turn.content:
            break
        assert alice.id in turn.mentions, f"the turn message pings nobody: {turn.content!r}"
        await act_by_clicks(h, alice, rng)
    else:
        raise AssertionError("the game did not end")
    table = await table_of(h)
    assert table.status == "finished"
    assert engine.get_game(game_id).result(table.state) is not None
    log = await h.bot.store.history(table.key, limit=100_000)
    mine = [e for e in log if e.seat == table.seat_of(str(alice.id))]
    kinds = {e.action.kind for e in mine}
    assert kinds >= main_moves, f"alice never made {sorted(main_moves - kinds)} by clicks"
    assert set(typed) == {"game new", "game add-bot", "game start"}, typed
    # fewer DMs (issue 14): a new DM only when alice must act, besides the welcome and the
    # end; her hand message is edited in place in between
    runs = (await times_to_act(h))[table.seat_of(str(alice.id))]
    new, edits = dm_calls(h, alice, "POST"), dm_calls(h, alice, "PATCH")
    assert len(new) <= runs + 2, f"{len(new)} new DMs for {runs} times to act"
    assert "took a seat" in said(new[0]) and "Game over" in said(new[-1])
    assert all("your turn" in said(c).lower() for c in new[1:-1])
    print(f"{game_id}: a whole game by clicks, {turns} turns, {len(mine)} moves of alice: "
          f"{', '.join(sorted(kinds))}; {len(new)} new DMs for {runs} times to act "
          f"(+ welcome and end), {len(edits)} edits in place")

"""The one publisher: after a table action, tell everyone what changed, in the channel and
in private (``publish``), and the turn clock's notices (``remind``).

The turn message is the table's public face: the board image (its text twin in the embed),
what just happened, and a mention of whoever must act, with the **My hand / act** and
**Rules** buttons. The channel stays quiet (issue 22): the turn message is edited in place
while a chapter runs (a trick, an auction, a battle, one player's Seafarers turn:
``GameAdapter.chapter``), and a new one is posted only at a chapter's end, at the end of the
game, when someone must be pinged anew, or when others have written below it; the board it
replaces loses its buttons. Each person waited for is told as they chose
(cogs/table/telling.py): by their new hand DM (the default: once per turn, by one
channel), by the channel's ping, by both, or only by the reminder; the turn message names
them either way. The store remembers it (``messages`` kind
"turn"), so this works across restarts.

The hand message (issue 14, "Fewer DMs, and the right ones") is the same idea in private:
one DM per person per table (``messages`` kind "hand:<player id>"; the welcome DM is the
first one), edited in place as the hand changes, since an edit notifies nobody. A new DM,
which notifies, goes out only when the person asked for it with ``/game notify``
(``hand_dm``): when the game starts waiting for them and at the end (the default), or when
the turn clock reminds them; the previous hand message is then cut to one line pointing
below, so one message shows the hand.

Hidden information goes only to its seat's person: the channel hears public events and
names, the hand message of a seat goes to whoever sits there now (a person who takes over
an open seat gets that seat's hand; the one who left it gets no more of it).
"""

from __future__ import annotations

import asyncio
import hashlib
import io
import logging
import time
from collections.abc import Collection, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

import discord

from cogs.look import texts, turn_texts
from cogs.look.adapters import adapter
from cogs.look.messages import (
    LOBBY_POST,
    TURN_POST,
    board_parts,
    hand_content,
    hand_parts,
    lobby_components,
    lobby_embed,
    mention,
    pings,
    status_line,
    turn_components,
    turn_content,
    web_link,
    with_web_link,
)
from cogs.look.panel import dm_components
from cogs.look.since import digests
from cogs.table.telling import EDIT, NEW, hand_dm, hold_turns, tellings, unpinged
from data.lengths import Lengths, expected_length
from data.ratings import RatingChange, change_lines, rate_finished
from data.reliability import Reliability, reliabilities
from data.tables import ClockEvent, Outcome, public_view
from engine.core import Event
from engine.table import FINISHED, LOBBY, PLAYING, Table

if TYPE_CHECKING:
    from cogs.base.bot import ParleyBot

log = logging.getLogger("parley.cogs")

TURN = TURN_POST
#: Discord's code for a message that is gone (a moderator deleted the board)
UNKNOWN_MESSAGE = 10008
LOBBY_MESSAGE = LOBBY_POST


def channel_of(bot: ParleyBot, table: Table) -> discord.PartialMessageable:
    guild = int(table.guild) if table.guild else None
    return bot.get_partial_messageable(int(table.id), guild_id=guild)


async def say(interaction: discord.Interaction, text: str,
              allowed: discord.AllowedMentions | None = None) -> None:
    """Answer in public: the reply to a command, or a followup to a deferred click."""
    allowed = allowed or discord.AllowedMentions.none()
    if interaction.response.is_done():
        await interaction.followup.send(text, allowed_mentions=allowed)
    else:
        await interaction.response.send_message(text, allowed_mentions=allowed)


# -- what a change is, told ------------------------------------------------------------------


def waiting_people(table: Table) -> frozenset[int]:
    """The people (not AI seats) the game waits for now."""
    return frozenset(s for s in table.to_act(table.game) if table.seats[s].is_person)


class Story:
    """A change as it will be told: the first outcome (a person's move, a seat change, the
    deal) and the AI moves after it, one by one.

    It keeps the whole outcome, the seats waited for before the change and after each
    move (for the DMs, ``newly_waiting``), and the boards of rounds that ended while the
    AIs kept moving: a fresh board is posted for each, so no round goes unseen."""

    def __init__(self, first: Outcome, *, taken: int | None = None, gone: str | None = None,
                 fresh: bool | None = None, nonce: str = "", done: set[str] | None = None
                 ) -> None:
        self.outcome = first
        #: a seat a new person took over (their hand goes to them as a new DM), and a
        #: person who gave up their seat (their hand message is cut to a line)
        self.taken, self.gone = taken, gone
        #: every hand message is brought up to date (the state before is unknown)
        self.fresh = first.before is None if fresh is None else fresh
        #: what makes this delivery's posts its own (``nonce``), and its items delivered
        self._nonce = nonce or f"{first.table.key}:{first.table.version}"
        self.done: set[str] = set() if done is None else done
        before = first.before
        self.seen: list[frozenset[int]] = [
            frozenset(before.get("to_act") or ()) if before is not None else frozenset(),
            waiting_people(first.table)]
        #: the public view of the table as it is now: built once per change, for every
        #: part of the publisher that shows it
        self.view: dict | None = public_view(first.table)
        #: (table, events, the public view the board showed before, the table's public
        #: view) of rounds that ended
        self.frames: list[tuple[Table, list[Event], Mapping[str, Any] | None, dict]] = []
        self._shown: Mapping[str, Any] | None = before
        self._pending: list[Event] = list(first.events)

    @classmethod
    def owed(cls, table: Table, parts: Sequence[Mapping[str, Any]],
             done: set[str] | None = None, since: float = 0.0) -> Story:
        """The story of the changes a table owes (``data.deliveries``), told from the
        table as it is now. With no part (a paused table resumed), the board is posted
        anew; ``since``, when that was owed, tells its posts from earlier ones."""
        events = [Event(e["kind"], e["text"], None if e["to"] is None else frozenset(e["to"]),
                        e.get("data") or {}) for p in parts for e in p["events"]]
        changed = {int(s) for p in parts for s in p["changed"]}
        before = parts[0]["before"] if parts else None
        outcome = Outcome(table, events, changed, table.status == FINISHED, before)
        first = parts[0] if parts else {}
        story = cls(outcome, taken=next((p["taken"] for p in reversed(parts)
                                         if p.get("taken") is not None), None),
                    gone=next((p["gone"] for p in reversed(parts) if p.get("gone")), None),
                    fresh=not parts or any(p.get("fresh") for p in parts),
                    nonce=f"{table.key}:{first.get('version', table.version)}:"
                          f"{'' if parts else since}",
                    done=done)
        if parts:
            story.seen = [frozenset(parts[0]["waiting"][0])] + [
                frozenset(p["waiting"][-1]) for p in parts]
        return story

    def nonce(self, item: str) -> str:
        """The nonce of this delivery's post ``item``: the same on every try, so Discord
        posts it once even when a try is cut off between its post and our record of it
        (Discord answers a repeated nonce with the message it made the first time)."""
        return hashlib.blake2b(f"{self._nonce}:{item}".encode(), digest_size=12).hexdigest()

    def add(self, step: Outcome) -> None:
        """An AI move (``TableService.run_ai`` with one move) after the change."""
        self.outcome = self.outcome.merge(step)
        self.seen.append(waiting_people(step.table))
        table = step.table
        now_view = table.view(table.game, None)
        self.view = now_view
        shown = self._shown if self._shown is not None else now_view
        ad = adapter(table.game_id)
        if step.ai_to_act and ad.chapter(now_view) != ad.chapter(shown):
            # A round ended with the AI still to move: that round's board is posted.
            self.frames.append((table, self._pending + step.events, self._shown, now_view))
            self._shown, self._pending = now_view, []
        else:
            self._pending += step.events

    @property
    def last_board(self) -> tuple[Mapping[str, Any] | None, list[Event]]:
        """The public view the board showed last (None: unknown) and the news since."""
        return self._shown, self._pending


async def announce(
    bot: ParleyBot,
    table: Table,
    notice: str,
    *,
    ping: Iterable[int] = (),
    interaction: discord.Interaction | None = None,
    lobby: bool = False,
    welcome: str | None = None,
) -> None:
    """Tell the channel what a table action did: ``notice`` (pinging the people of seats
    ``ping``) as the public answer to ``interaction`` when given, else as a post; then
    the lobby message edited to show the seats and status now (``lobby``), and the welcome
    DM of a person who just sat down (``welcome``; closed DMs are told in the channel
    once). Said at once, before any AI thinks."""
    if notice:
        allowed = pings(table, ping)
        if interaction is not None:
            await say(interaction, notice, allowed)
        else:
            await channel_of(bot, table).send(notice, allowed_mentions=allowed)
    if lobby:
        await refresh_lobby(bot, table)
    if welcome is not None and not await welcome_dm(bot, table, welcome):
        await notice_dm_closed(bot, table, welcome)


async def publish(bot: ParleyBot, story: Story, *, new_board: bool = False) -> None:
    """Show what a change did to the game, once the game has a state: the boards of rounds
    that ended on the way, then the turn message posted or edited (``new_board``: posted
    anew); the hand of a seat a new person took over (``story.taken``), as a new DM; every
    person's hand as ``hand_dm`` says (``dm_hands``); and the hand message of a person who
    gave up their seat (``story.gone``) cut to a line.

    Each item is done once: an item in ``story.done`` (delivered by an earlier try that
    Discord cut short) is skipped, and each one delivered is added to it, so the deliverer
    (cogs/table/delivery.py) can try again from where a failure stopped it."""
    table, view = story.outcome.table, story.view
    if view is None:
        return
    done = story.done
    for i, (frame, events, shown, frame_view) in enumerate(story.frames):
        if f"frame:{i}" not in done:
            await publish_board(bot, frame, shown, events, view=frame_view, force_new=True,
                                nonce=story.nonce(f"frame:{i}"))
            done.add(f"frame:{i}")
    shown, pending = story.last_board
    if "board" not in done:
        await publish_board(bot, table, shown, pending, view=view, force_new=new_board,
                            nonce=story.nonce("board"))
        done.add("board")
    if table.status == FINISHED:
        await post_ratings(bot, table)
    taken = story.taken
    if taken is not None and "taken" not in done:
        await send_hand(bot, table, taken, NEW, view, note=texts.HAND_TAKEN,
                        nonce=story.nonce("taken"))
        done.add("taken")
    await dm_hands(bot, story, all_seats=story.fresh, skip=taken)
    if story.gone is not None and "gone" not in done:
        await _retire_hand(bot, table, story.gone, texts.HAND_LEFT)
        done.add("gone")


async def post_ratings(bot: ParleyBot, table: Table) -> None:
    """Under the game-over board: each player's rating change (issue 15). The table is rated
    once (data/ratings.py marks it in the same transaction), so a second publish of the end
    posts nothing; an abandoned game is never rated."""
    changes = await rate_finished(bot.store, table)
    if changes:
        await send_ratings(bot, table, changes)


async def send_ratings(bot: ParleyBot, table: Table, changes: Sequence[RatingChange]) -> None:
    """The **Ratings** message of a game just rated, in its channel, pinging nobody."""
    lines = [discord.utils.escape_markdown(line) for line in change_lines(changes)]
    await channel_of(bot, table).send(texts.RATINGS_HEADER + "\n" + "\n".join(lines),
                                      allowed_mentions=discord.AllowedMentions.none())


# -- the board ------------------------------------------------------------------------------


async def publish_board(
    bot: ParleyBot,
    table: Table,
    before: Mapping[str, Any] | None,
    events: Sequence[Event] = (),
    *,
    view: dict | None = None,
    force_new: bool = False,
    nonce: str | None = None,
) -> discord.Message | None:
    """Post or edit the table's turn message after a change (see the module docstring).

    ``before`` is the public view the last turn message showed (None: unknown). ``nonce``
    makes a repeated post of the same delivery Discord's first one (``Story.nonce``).
    ``view``: the table's public view when the publisher has built it (``Story.view``).

    One notice per turn (issue 22): the message mentions everyone it waits for, but pings
    only the people not told by DM alone (``telling.unpinged``); a new post is made only
    when a chapter ends, when someone must be pinged anew, or when others have written below
    the turn message (``moved_on``); the board it replaces loses its buttons.
    """
    if view is None:  # a board posted anew (/game status), not after a change
        view = table.view(table.game, None)
    content, waiting = turn_content(table, view, events)
    dm = await unpinged(bot, table, await tellings(bot, table))
    quiet = adapter(table.game_id).quiet(view)
    ping = [] if quiet else [s for s in waiting if s not in dm]
    allowed = pings(table, ping)
    embed, file = await board_parts(table, view)
    ref = await bot.store.get_message(table.key, TURN)
    new = force_new or before is None or _needs_new_post(table, before, view, dm, quiet) \
        or (ref is not None and bot.moved_on(int(ref[0]), int(ref[1])))
    channel = channel_of(bot, table)
    web = web_link(bot.config, table)
    extras: list[discord.File] = []
    if new:
        pictures = await asyncio.to_thread(adapter(table.game_id).extra_files, before, view)
        extras = [discord.File(io.BytesIO(data), name, description=about)
                  for name, data, about in pictures]
    if ref is not None and not new:
        try:
            msg = channel.get_partial_message(int(ref[1]))
            return await msg.edit(content=content, embed=embed, attachments=[file],
                                  view=turn_components(table, web), allowed_mentions=allowed)
        except discord.NotFound as gone:
            if gone.code != UNKNOWN_MESSAGE:
                raise  # the channel itself is gone: the deliverer pauses the table
            file.reset()
    msg = await channel.send(content, embed=embed, files=[file, *extras],
                             view=turn_components(table, web), allowed_mentions=allowed,
                             nonce=nonce)
    await bot.store.set_message(table.key, TURN, str(channel.id), str(msg.id))
    if ref is not None and int(ref[1]) != msg.id:
        await _retire_board(bot, ref)
    return msg


async def _retire_board(bot: ParleyBot, ref: tuple[str, str]) -> None:
    """The board a newer one replaces keeps its picture and words but loses its buttons:
    only the newest board is played from."""
    old = bot.get_partial_messageable(int(ref[0])).get_partial_message(int(ref[1]))
    try:
        await old.edit(view=None)
    except discord.HTTPException:
        pass  # deleted, or Discord failing: its buttons answer "out of date" anyway


def _needs_new_post(table: Table, before: Mapping[str, Any], after: Mapping[str, Any],
                    dm: Collection[int] = (), quiet: bool = False) -> bool:
    """A new turn message (rather than an edit, which notifies nobody): the game ended or
    closed, a chapter ended (``GameAdapter.chapter``: a trick, an auction, a battle, a turn),
    or the game now waits for someone who must be pinged in the channel (not told by DM,
    and not for a formality: ``GameAdapter.quiet``)."""
    if after.get("result") and not before.get("result"):
        return True
    if table.status != PLAYING:
        return True
    ad = adapter(table.game_id)
    if ad.chapter(before) != ad.chapter(after):
        return True
    if quiet:
        return False
    was = set(before.get("to_act") or [])
    now = {s for s in after.get("to_act") or [] if table.seats[s].is_person}
    return bool(now - was - set(dm))


# -- the lobby ------------------------------------------------------------------------------


async def lobby_record(bot: ParleyBot, table: Table
                       ) -> tuple[Lengths | None, dict[str, Reliability]]:
    """What an open lobby shows of the record (issue 24): how long such games usually last
    (data/lengths.py) and each seated person's time to move and games finished on this
    server (data/reliability.py); nothing once the game is dealt."""
    if table.status != LOBBY:
        return None, {}
    expected = await expected_length(bot.store, table.game_id, len(table.seats),
                                     table.settings)
    if not table.guild:
        return expected, {}
    return expected, await reliabilities(bot.store, table.people(), table.guild)


async def post_lobby(bot: ParleyBot, table: Table, content: str = "") -> discord.Message:
    """Post the lobby message anew (a new table, or ``/game status`` before the deal)."""
    embed = lobby_embed(table, *await lobby_record(bot, table))
    channel = channel_of(bot, table)
    msg = await channel.send(content or None, embed=embed, view=lobby_components(table),
                             allowed_mentions=pings(table, range(len(table.seats))))
    await bot.store.set_message(table.key, LOBBY_MESSAGE, str(channel.id), str(msg.id))
    return msg


async def refresh_lobby(bot: ParleyBot, table: Table) -> None:
    """Edit the lobby message to show the seats and the status now."""
    ref = await bot.store.get_message(table.key, LOBBY_MESSAGE)
    if ref is None:
        return
    embed = lobby_embed(table, *await lobby_record(bot, table))
    msg = channel_of(bot, table).get_partial_message(int(ref[1]))
    try:
        await msg.edit(embed=embed, view=lobby_components(table))
    except discord.NotFound:
        pass


# -- DMs ------------------------------------------------------------------------------------


async def notice_dm_closed(bot: ParleyBot, table: Table, player: str) -> bool:
    """Say once per table in its channel that this player's DMs are closed."""
    if not await bot.store.flag_once(table.key, f"dm-closed:{player}"):
        return False
    channel = channel_of(bot, table)
    who = discord.Object(int(player))
    await channel.send(texts.DM_CLOSED.format(mention=f"<@{player}>"),
                       allowed_mentions=discord.AllowedMentions(users=[who]))
    return True


async def send_dm(bot: ParleyBot, player: str, **kwargs: Any) -> discord.Message | None:
    """DM a user; None when their DMs are closed (Discord's 50007 or another 403)."""
    try:
        dm = await bot.create_dm(discord.Object(int(player)))
        return await dm.send(**kwargs)
    except discord.Forbidden:
        return None


def hand_kind(player: str) -> str:
    """The store's kind of a person's hand message at a table. Keyed by the person, not the
    seat: the message lives in that person's DMs."""
    return f"hand:{player}"


def _dm_message(bot: ParleyBot, ref: tuple[str, str]) -> discord.PartialMessage:
    channel = bot.get_partial_messageable(int(ref[0]), type=discord.ChannelType.private)
    return channel.get_partial_message(int(ref[1]))


async def send_hand(bot: ParleyBot, table: Table, seat: int, how: str, view: Mapping[str, Any],
                    events: Sequence[Event] = (), reminded: str = "", note: str = "",
                    nonce: str | None = None) -> None:
    """Give a seat's person their private view (image, text twin, private news; ``view``:
    the table's public view, for the headline), as a new
    DM or by editing their hand message (``how``, see ``hand_dm``). A new DM becomes the
    hand message and the previous one is cut to a line. An edit of a message Discord no
    longer has (404) becomes a new DM for someone who takes DMs on every turn; for the
    others it waits for their next new DM. Closed DMs are told once in the channel. Any
    other failure of Discord's propagates, for the deliverer to try again."""
    s = table.seats[seat]
    if not s.is_person or s.player is None or table.state is None:
        return
    kind = hand_kind(s.player)
    ref = await bot.store.get_message(table.key, kind)
    if how == EDIT and ref is None:
        return  # no hand message to keep up to date: the person has /game hand
    embed, file, _ = await hand_parts(table, seat)
    assert file is not None  # nothing shown is given: the picture is always drawn
    content = hand_content(table, seat, view, events, reminded, note)
    quiet = discord.AllowedMentions.none()
    moves = with_web_link(dm_components(table, seat),  # the turn is played from the DM itself
                          web_link(bot.config, table, seat, time.time()))
    try:
        if how == EDIT and ref is not None:
            try:
                await _dm_message(bot, ref).edit(content=content, embed=embed,
                                                 attachments=[file], allowed_mentions=quiet,
                                                 view=moves)
                return
            except discord.NotFound:
                if not (await tellings(bot, table))[seat].dm:
                    return
                file.reset()
                ref = None
        msg = await send_dm(bot, s.player, content=content, embed=embed, file=file,
                            allowed_mentions=quiet, nonce=nonce,
                            **({"view": moves} if moves is not None else {}))
        if msg is None:
            await notice_dm_closed(bot, table, s.player)
            return
        await bot.store.set_message(table.key, kind, str(msg.channel.id), str(msg.id))
        if ref is not None:
            await _retire(bot, ref, texts.HAND_MOVED.format(title=table.game.title,
                                                            channel=f"<#{table.id}>"))
    except discord.Forbidden:
        await notice_dm_closed(bot, table, s.player)


async def _retire(bot: ParleyBot, ref: tuple[str, str], text: str) -> None:
    """Cut a former hand message to one line."""
    try:
        await _dm_message(bot, ref).edit(content=text, embed=None, attachments=[], view=None)
    except discord.HTTPException:
        pass  # gone or refused: it only showed an older hand


async def _retire_hand(bot: ParleyBot, table: Table, player: str, text: str) -> None:
    """Cut the hand message of a person who gave up their seat to a line: the seat's hand
    is no longer theirs to follow."""
    ref = await bot.store.get_message(table.key, hand_kind(player))
    if ref is not None:
        await _retire(bot, ref, text.format(title=table.game.title, channel=f"<#{table.id}>"))


def newly_waiting(seen: Sequence[Collection[int]]) -> set[int]:
    """The seats the game has started waiting for since the first of ``seen`` (the seats
    waited for before a change, then after each move of it): waited for at the end and
    not all along. A seat still in the turn it was in gets no new DM."""
    if not seen:
        return set()
    return {s for s in seen[-1] if any(s not in earlier for earlier in seen[:-1])}


async def dm_hands(bot: ParleyBot, story: Story, all_seats: bool = False,
                   skip: int | None = None) -> None:
    """After a change: each person's hand as ``hand_dm`` says, given the seats waited for
    along the change (``story.seen``, see ``newly_waiting``). ``all_seats``: the state
    before is unknown (the deal, a clock event), so every hand message is brought up to
    date. ``skip``: a seat whose hand was just sent. Each hand is one item of the story's
    delivery (``hand:<seat>``), done once."""
    outcome, seen, view = story.outcome, story.seen, story.view
    table = outcome.table
    if view is None:
        return
    quiet = adapter(table.game_id).quiet(view)
    asked = set() if quiet else newly_waiting(seen)
    turn_changed = {s for s in range(len(table.seats))
                    if seen and (s in seen[0]) != (s in seen[-1])}
    ended = outcome.finished and table.status == FINISHED
    told = await tellings(bot, table)
    since = await digests(bot.store, table, {s for s in asked if s != skip
                                             and table.seats[s].is_person})
    for seat, s in enumerate(table.seats):
        if not s.is_person or s.player is None or seat == skip:
            continue
        changed = all_seats or seat in outcome.private_changed or seat in turn_changed
        how = hand_dm(told[seat], asked=seat in asked, ended=ended, changed=changed)
        if seat in asked:
            await hold_turns(bot, table, [seat], told)
        if how == NEW and ended and \
                not await bot.store.flag_once(table.key, f"end-dm:{s.player}"):
            how = EDIT  # the end is told once
        if how is not None and f"hand:{seat}" not in story.done:
            await send_hand(bot, table, seat, how, view, outcome.events,
                            note=since.get(seat, ""), nonce=story.nonce(f"hand:{seat}"))
            story.done.add(f"hand:{seat}")


async def welcome_dm(bot: ParleyBot, table: Table, player: str) -> bool:
    """The short DM sent on joining, which becomes the person's hand message when the game
    begins; False when DMs are closed."""
    text = texts.WELCOME_DM.format(title=table.game.title, channel=f"<#{table.id}>")
    try:
        msg = await send_dm(bot, player, content=text)
    except discord.HTTPException:
        log.warning("could not DM a new player at table %s", table.key, exc_info=True)
        return True
    if msg is None:
        return False
    await bot.store.set_message(table.key, hand_kind(player), str(msg.channel.id), str(msg.id))
    return True


# -- the turn clock's notices -----------------------------------------------------------------


async def remind(bot: ParleyBot, event: ClockEvent) -> None:
    """A reminder (or a time-up that only reminds): the channel pings the waiting people,
    with a link to the board; those who asked for reminder DMs get their hand anew."""
    table = event.table
    who = texts.join_words(mention(table, s) for s in event.seats)
    view = table.view(table.game, None)
    line, _ = status_line(table, view)
    ref = await bot.store.get_message(table.key, TURN)
    link = (turn_texts.BOARD_LINK.format(guild=table.guild or "@me", channel=ref[0],
                                         message=ref[1]) if ref else "")
    head = turn_texts.TIME_UP if event.timed_out else turn_texts.REMINDER
    told = await tellings(bot, table)  # in their quiet hours: named, not pinged
    await channel_of(bot, table).send(
        turn_texts.WAITING_NOTICE.format(head=head, who=who, link=link, line=line).strip(),
        allowed_mentions=pings(table, [s for s in event.seats if not told[s].quiet_hours]),
    )
    await hold_turns(bot, table, event.seats, told, reminded=True)
    for seat in event.seats:
        if hand_dm(told[seat], reminded=True) == NEW:
            await send_hand(bot, table, seat, NEW, view, reminded=head)

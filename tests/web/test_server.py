"""The web server over HTTP, through aiohttp's own test client (issue 25, "Tested as a
person would"): a good page, every kind of bad link, odd paths, the rate limit, the
headers on every answer, and a plain page (never a traceback) whatever goes wrong."""

from __future__ import annotations

import asyncio
import logging

import pytest
from aiohttp.test_utils import TestClient, TestServer

from data.store import Store
from data.tables import TableService
from data.watch import revoke_player, revoke_seat
from tests.web.conftest import Clock
from tests.web.helpers import PEOPLE, SECRET, T0, playing, random_moves
from web.links import PRIVATE_DAYS, public_token, seat_token
from web.pages import tag
from web.server import CSP, make_app
from web.sight import board_view, digest, hand_view

ASK = "Ask the bot for a new link"


def no_trace(text: str) -> None:
    assert "Traceback" not in text and 'File "' not in text and "Error" not in text


async def test_the_public_link_shows_the_table_with_its_board_and_words(
        svc: TableService, client: TestClient) -> None:
    await playing(svc, "pirate-tricks", 3)
    table = await random_moves(svc, "c1", 5)
    token = public_token(SECRET, table.key)
    page = await client.get(f"/t/{token}/")
    text = await page.text()
    assert page.status == 200 and page.content_type == "text/html"
    assert "<h1>Pirate Tricks</h1>" in text
    board_digest = digest(board_view(table))
    assert f'src="board/{board_digest}.png"' in text
    assert "Anne &lt;b&gt;&amp;amp;&lt;/b&gt;" in text and "<b>&amp;</b>" not in text
    assert "Waiting for" in text and "Last moves" in text and "Turn clock" in text
    assert "<script>" not in text and "style=" not in text
    board = await client.get(f"/t/{token}/board/{board_digest}.png")
    assert board.status == 200 and board.content_type == "image/png"
    assert (await board.read())[:8] == b"\x89PNG\r\n\x1a\n"


async def test_a_link_without_its_slash_and_an_old_board_lead_to_the_current_ones(
        svc: TableService, client: TestClient) -> None:
    table = await playing(svc, "pirate-tricks", 3)
    token = public_token(SECRET, table.key)
    bare = await client.get(f"/t/{token}", allow_redirects=False)
    assert bare.status == 302 and bare.headers["Location"] == f"{token}/"
    old = await client.get(f"/t/{token}/board/0123456789abcdef.png", allow_redirects=False)
    now = digest(board_view(table))
    assert old.status == 302 and old.headers["Location"] == f"{now}.png"


@pytest.mark.parametrize("token", [
    "nonsense", "a" * 60 + "." + "b" * 22, "x" * 5000, "%00", "..", "../../web",
    "dDEuaC4.aaaaaaaaaaaaaaaaaaaaaa"])
async def test_a_bad_token_opens_nothing_and_says_to_ask_the_bot(
        svc: TableService, client: TestClient, token: str) -> None:
    await playing(svc, "pirate-tricks", 3)
    page = await client.get(f"/t/{token}/")
    text = await page.text()
    assert page.status == 404 and ASK in text
    no_trace(text)


async def test_an_altered_or_foreign_token_opens_nothing(
        svc: TableService, client: TestClient) -> None:
    table = await playing(svc, "pirate-tricks", 3)
    good = public_token(SECRET, table.key)
    body, signature = good.split(".")
    flipped = body + "." + ("A" if signature[0] != "A" else "B") + signature[1:]
    foreign = public_token(b"another bot's secret", table.key)
    for token in (flipped, foreign, public_token(SECRET, table.key + 1)):
        page = await client.get(f"/t/{token}/")
        assert page.status == 404 and ASK in await page.text()
    assert (await client.get(f"/t/{good}/")).status == 200


async def test_a_table_id_alone_and_the_root_open_nothing(
        svc: TableService, client: TestClient) -> None:
    table = await playing(svc, "pirate-tricks", 3)
    for path in ("/", f"/t/{table.key}/", f"/t/{table.id}/", "/tables", "/static/",
                 "/static/../web/server.py", "/static/server.py"):
        page = await client.get(path)
        assert page.status == 404, path
        no_trace(await page.text())


async def test_a_private_link_expires(svc: TableService, client: TestClient,
                                      clock: Clock) -> None:
    table = await playing(svc, "pirate-tricks", 3)
    token = seat_token(SECRET, table.key, 1, "u101", T0)
    assert (await client.get(f"/t/{token}/")).status == 200
    clock.now = T0 + PRIVATE_DAYS * 86400
    page = await client.get(f"/t/{token}/")
    text = await page.text()
    assert page.status == 404 and "expired" in text and ASK in text
    assert (await client.get(f"/t/{public_token(SECRET, table.key)}/")).status == 200


async def test_revoked_links_stop_and_a_new_one_opens(
        svc: TableService, store: Store, client: TestClient, clock: Clock) -> None:
    table = await playing(svc, "pirate-tricks", 3)
    old = seat_token(SECRET, table.key, 1, "u101", T0)
    other = seat_token(SECRET, table.key, 2, "u102", T0)
    await revoke_seat(store, table.key, 1, T0 + 10)
    page = await client.get(f"/t/{old}/")
    assert page.status == 404 and "withdrawn" in await page.text()
    assert (await client.get(f"/t/{other}/")).status == 200
    fresh = seat_token(SECRET, table.key, 1, "u101", T0 + 11)
    clock.now = T0 + 11
    assert (await client.get(f"/t/{fresh}/")).status == 200
    assert await revoke_player(store, [table], "u102", T0 + 20) == 1
    assert (await client.get(f"/t/{other}/")).status == 404


async def test_a_seat_link_of_another_table_or_another_holder_opens_nothing(
        svc: TableService, client: TestClient) -> None:
    first = await playing(svc, "pirate-tricks", 3, channel="c1")
    second = await playing(svc, "all-hands", 2, channel="c2")
    # Anne holds seat 0 at both tables; seat 2 at the second table does not exist
    for token in (seat_token(SECRET, second.key, 2, "u102", T0),
                  seat_token(SECRET, first.key, 0, "u101", T0),
                  seat_token(SECRET, second.key, 1, "u102", T0)):
        page = await client.get(f"/t/{token}/")
        assert page.status == 404 and ASK in await page.text()
    ok = await client.get(f"/t/{seat_token(SECRET, second.key, 0, 'u100', T0)}/")
    assert ok.status == 200 and "All Hands on Deck" in await ok.text()


async def test_the_private_page_shows_the_seats_hand_and_the_public_page_does_not(
        svc: TableService, client: TestClient) -> None:
    table = await playing(svc, "pirate-tricks", 3)
    mine = await (await client.get(f"/t/{seat_token(SECRET, table.key, 1, 'u101', T0)}/")).text()
    public = await (await client.get(f"/t/{public_token(SECRET, table.key)}/")).text()
    hand = digest(hand_view(table, 1))
    assert "Your hand" in mine and f'src="hand/{hand}.png"' in mine
    assert "Private page of <strong>Bo</strong>" in mine
    assert "Your hand" not in public and "hand/" not in public
    token = public_token(SECRET, table.key)
    assert (await client.get(f"/t/{token}/hand/{hand}.png")).status == 404
    hand = await client.get(f"/t/{seat_token(SECRET, table.key, 1, 'u101', T0)}/hand/"
                            f"{hand}.png")
    assert hand.status == 200 and hand.content_type == "image/png"


async def test_a_lobby_shows_its_seats_and_no_board(svc: TableService,
                                                    client: TestClient) -> None:
    table = await svc.new("pirate-tricks", "c1", *PEOPLE[0], {}, guild="g1", now=T0)
    await svc.join("c1", *PEOPLE[1], T0)
    page = await client.get(f"/t/{public_token(SECRET, table.key)}/")
    text = await page.text()
    assert page.status == 200 and "In the lobby" in text and "board/" not in text
    assert "<h2>Seats</h2><ul><li>Anne &lt;b&gt;&amp;amp;&lt;/b&gt;</li><li>Bo</li></ul>" in text
    assert (await client.get(f"/t/{public_token(SECRET, table.key)}/replay")).status == 404


async def test_every_answer_carries_the_strict_headers(svc: TableService,
                                                       client: TestClient) -> None:
    table = await playing(svc, "pirate-tricks", 3)
    token = public_token(SECRET, table.key)
    board = digest(board_view(table))
    for path in (f"/t/{token}/", f"/t/{token}/board/{board}.png", "/static/web.css",
                 "/static/web.js", "/nowhere", f"/t/{token}/replay?step=0", "/t/bad/"):
        answer = await client.get(path)
        assert answer.headers["Referrer-Policy"] == "no-referrer", path
        assert answer.headers["Content-Security-Policy"] == CSP, path
        assert answer.headers["X-Content-Type-Options"] == "nosniff", path
    assert "'unsafe-inline'" not in CSP and "http" not in CSP and "script-src 'self'" in CSP


async def test_too_many_requests_from_one_address_get_a_plain_429(
        svc: TableService, store: Store, clock: Clock) -> None:
    table = await playing(svc, "pirate-tricks", 3)
    token = public_token(SECRET, table.key)
    app = make_app(store, SECRET, now=clock, rate=5)
    async with TestClient(TestServer(app)) as c:
        codes = [(await c.get(f"/t/{token}/")).status for _ in range(6)]
        assert codes == [200] * 5 + [429]
        refused = await c.get(f"/t/{token}/")
        assert refused.headers["Retry-After"] == "60"
        assert "Too many requests" in await refused.text()
        clock.now += 61
        assert (await c.get(f"/t/{token}/")).status == 200


async def test_one_address_holds_only_so_many_event_streams(
        svc: TableService, store: Store, clock: Clock) -> None:
    table = await playing(svc, "pirate-tricks", 3)
    url = f"/t/{public_token(SECRET, table.key)}/events"
    async with TestClient(TestServer(make_app(store, SECRET, now=clock, streams=2))) as c:
        first, second = await c.get(url), await c.get(url)
        assert (first.status, second.status) == (200, 200)
        refused = await c.get(url)
        assert refused.status == 429 and "Too many requests" in await refused.text()
        first.close()
        for _ in range(50):  # the server sees the stream closed within a moment
            again = await c.get(url)
            if again.status == 200:
                break
            await asyncio.sleep(0.1)
        assert again.status == 200
        second.close()
        again.close()


async def test_an_oversized_request_line_gets_a_plain_refusal(client: TestClient) -> None:
    answer = await client.get("/t/" + "a" * 20_000 + "/")
    assert answer.status in (400, 414, 431)
    no_trace(await answer.text())


async def test_a_failing_database_gives_a_plain_page_and_logs_no_token(
        svc: TableService, store: Store, client: TestClient,
        caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG)
    table = await playing(svc, "pirate-tricks", 3)
    token = seat_token(SECRET, table.key, 1, "u101", T0)
    assert (await client.get(f"/t/{token}/")).status == 200
    await store.close()
    page = await client.get(f"/t/{token}/")
    text = await page.text()
    assert page.status == 500 and "Something went wrong" in text
    no_trace(text)
    logged = "\n".join(r.getMessage() for r in caplog.records)
    assert "web:" in logged and "/t/…/" in logged
    assert token not in logged and token.split(".")[1] not in logged


async def test_the_event_stream_tells_of_a_move_the_page_shows(
        svc: TableService, client: TestClient) -> None:
    table = await playing(svc, "pirate-tricks", 3)
    token = public_token(SECRET, table.key)
    page = await (await client.get(f"/t/{token}/")).text()
    before = await (await client.get(f"/t/{token}/live")).text()
    assert f'data-tag="{tag(before)}"' in page
    stream = await client.get(f"/t/{token}/events")
    assert stream.headers["Content-Type"] == "text/event-stream"
    assert await _next_tag(stream) == tag(before)
    await random_moves(svc, "c1", 1)
    told = await asyncio.wait_for(_next_tag(stream), 5)
    stream.close()
    after = await (await client.get(f"/t/{token}/live")).text()
    assert after != before and told == tag(after) and "places a sealed bid" in after


async def test_a_step_of_a_private_choice_changes_nothing_public_and_tells_no_one(
        svc: TableService, client: TestClient) -> None:
    """All Hands on Deck!: a card added to a sealed bid is a move of its own, which says
    nothing in public; the public page, its images and its event stream stay as they were
    (a count of moves or a version there would tell how many cards were bid)."""
    table = await playing(svc, "all-hands", 3)
    bidder = next(s for s in sorted(table.game.to_act(table.state))
                  if any(a.kind == "bid_add" for a in table.game.legal_actions(table.state, s)))
    token = public_token(SECRET, table.key)
    own = seat_token(SECRET, table.key, bidder, PEOPLE[bidder][0], T0)
    public = await (await client.get(f"/t/{token}/")).text()
    mine = await (await client.get(f"/t/{own}/")).text()
    stream = await client.get(f"/t/{token}/events")
    first = await _next_tag(stream)
    add = next(a for a in table.game.legal_actions(table.state, bidder) if a.kind == "bid_add")
    moved = (await svc.move("c1", PEOPLE[bidder][0], add, T0)).table
    assert moved.version > table.version
    with pytest.raises(TimeoutError):
        await asyncio.wait_for(_next_tag(stream), 1.0)  # the hub polls every 0.05 s here
    stream.close()
    assert await (await client.get(f"/t/{token}/")).text() == public
    assert tag(await (await client.get(f"/t/{token}/live")).text()) == first
    assert await (await client.get(f"/t/{own}/")).text() != mine


async def test_the_replay_neither_shows_nor_counts_a_step_of_a_private_choice(
        svc: TableService, client: TestClient) -> None:
    """All Hands on Deck!: while the game runs, the public replay steps only through the
    moves that say something in public, so a card added to a sealed bid neither appears
    nor adds a step ("Move k of N" would tell how many cards were bid); its bidder's own
    replay shows it."""
    table = await playing(svc, "all-hands", 3)
    bidder = next(s for s in sorted(table.game.to_act(table.state))
                  if any(a.kind == "bid_add" for a in table.game.legal_actions(table.state, s)))
    token = public_token(SECRET, table.key)
    own = seat_token(SECRET, table.key, bidder, PEOPLE[bidder][0], T0)
    public = await (await client.get(f"/t/{token}/replay")).text()
    mine = await (await client.get(f"/t/{own}/replay")).text()
    add = next(a for a in table.game.legal_actions(table.state, bidder) if a.kind == "bid_add")
    await svc.move("c1", PEOPLE[bidder][0], add, T0)
    assert await (await client.get(f"/t/{token}/replay")).text() == public
    after = await (await client.get(f"/t/{own}/replay")).text()
    assert after != mine and add.label.split(" to ")[0].replace("Add ", "") in after


async def _next_tag(stream) -> str:  # noqa: ANN001 - aiohttp's ClientResponse
    while True:
        line = (await stream.content.readline()).decode()
        if line.startswith("data: "):
            return line[6:].strip()

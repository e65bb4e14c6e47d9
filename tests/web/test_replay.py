"""The replay scrubber (issue 25, "A replay scrubber"): every step of the log is a page of
its own (``replay?step=N``, a URL to share) with the board after that move and the move in
words, First/Back/Next/Last and a slider; what a step says follows the bot's replay rule
(hidden things only once the game is over)."""

from __future__ import annotations

import re

from aiohttp.test_utils import TestClient

from data.tables import TableService
from engine.table import FINISHED
from tests.web.helpers import SECRET, T0, playing, random_moves
from web.links import public_token, seat_token


def _links(text: str) -> dict[str, int]:
    return {label: int(n) for n, label in
            re.findall(r'<a href="replay\?step=(\d+)" [^>]*>(First|Back|Next|Last)</a>', text)}


async def test_a_finished_game_scrubs_from_the_deal_to_the_end(
        svc: TableService, client: TestClient) -> None:
    await playing(svc, "pirate-tricks", 3)
    table = await random_moves(svc, "c1", 1000)
    assert table.status == FINISHED
    total = len(await svc.store.history(table.key, limit=10_000))
    token = public_token(SECRET, table.key)
    first = await (await client.get(f"/t/{token}/replay?step=0")).text()
    assert "The game as dealt." in first and f"Move 0 of {total}" in first
    assert _links(first) == {"First": 0, "Back": 0, "Next": 1, "Last": total}
    assert f'max="{total}" value="0"' in first
    images = set()
    for step in (0, 1, total // 2, total):
        page = await client.get(f"/t/{token}/replay?step={step}")
        text = await page.text()
        assert page.status == 200 and f"Move {step} of {total}" in text
        png = await client.get(f"/t/{token}/step/{step}.png")
        assert png.status == 200 and png.content_type == "image/png"
        images.add(await png.read())
    assert len(images) == 4
    last = await (await client.get(f"/t/{token}/replay?step={total}")).text()
    assert _links(last) == {"First": 0, "Back": total - 1, "Next": total, "Last": total}
    assert "Bid" in (await (await client.get(f"/t/{token}/replay?step=1")).text())
    for odd in ("99999", "-3", "abc", ""):
        text = await (await client.get(f"/t/{token}/replay?step={odd}")).text()
        assert f"Move {total} of {total}" in text, odd
    part = await (await client.get(f"/t/{token}/replay?step=2&part=1")).text()
    assert "<html" not in part and "Move 2 of" in part


async def test_while_the_game_runs_a_sealed_bid_is_named_only_to_its_bidder(
        svc: TableService, client: TestClient) -> None:
    table = await playing(svc, "pirate-tricks", 3)
    table = await random_moves(svc, "c1", 1)
    entry = (await svc.store.history(table.key))[0]
    assert entry.action.kind == "bid"
    public = await (await client.get(f"/t/{public_token(SECRET, table.key)}/replay?step=1"))\
        .text()
    bidder = table.seats[entry.seat].player
    own = seat_token(SECRET, table.key, entry.seat, bidder, T0)
    mine = await (await client.get(f"/t/{own}/replay?step=1")).text()
    label = entry.action.label
    assert label and label not in public and "places a sealed bid on row 1" in public
    assert label in mine

"""One pass of a background loop of the bot (the turn clock, the hourly housekeeping): a
failure stays that pass's own, and the loop runs again."""

from __future__ import annotations

import logging
from collections.abc import Awaitable

from data.db import StoreBusy

log = logging.getLogger("parley.cogs")


async def one_pass(work: Awaitable[object], what: str, again: str) -> None:
    """Await ``work``, one pass of the loop named ``what``. A busy or unreachable database
    is passed over quietly (the store has logged it already); any other failure is logged
    with its traceback, saying when the loop runs ``again`` (e.g. "in a minute")."""
    try:
        await work
    except StoreBusy:
        pass
    except Exception:
        log.exception("%s failed; it runs again %s", what, again)

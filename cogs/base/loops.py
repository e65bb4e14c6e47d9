"""One pass of a background loop of the bot (the turn clock, the hourly housekeeping): a
failure stays that pass's own, and the loop runs again."""

from __future__ import annotations

import logging
from collections.abc import Awaitable

from data.db import StoreBusy

log = logging.getLogger("parley.cogs")


async def one_pass(work: Awaitable[object], loop: str, seconds: float) -> None:
    """Await ``work``, one pass of the background loop named ``loop`` that runs every
    ``seconds``. A busy or unreachable database is passed over quietly (the store has
    logged it already); any other failure is logged with its traceback."""
    try:
        await work
    except StoreBusy:
        pass
    except Exception:
        log.exception("the %s loop failed; it runs again in %d seconds", loop, seconds)

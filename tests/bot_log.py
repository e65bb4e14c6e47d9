"""The bot's own logging, set up as ``python bot.py`` does (``bot.configure_logging``), but
writing into a string, and undone afterwards: for the tests that read what an operator
would read in the log."""

from __future__ import annotations

import io
import logging
from collections.abc import Iterator
from contextlib import contextmanager

import bot


@contextmanager
def bot_logging(level: str, token: str | None) -> Iterator[io.StringIO]:
    root = logging.getLogger()
    before = root.level
    quiet = {n: logging.getLogger(n).level for n in bot.HIDDEN_INFO_LOGGERS}
    stream = io.StringIO()
    handler = bot.configure_logging(level, token, stream)
    try:
        yield stream
    finally:
        root.removeHandler(handler)
        root.setLevel(before)
        for name, old in quiet.items():
            logging.getLogger(name).setLevel(old)

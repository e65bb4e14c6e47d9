"""Persistence: the store of tables and action logs, and the table service on top.

``Store`` (data/store.py) keeps tables, their append-only action logs, the bot's posts and
once-only flags, in a SQLite file or a PostgreSQL database (``Store.open`` takes either,
as ``PARLEY_DB`` names it: data/db_sqlite.py, data/db_postgres.py); ``TableService``
(data/tables.py) is what the cogs and the console call, and neither knows which database
runs.
"""

from data.store import Conflict, LogEntry, Store, TableExists
from data.tables import ClockEvent, Outcome, TableService

__all__ = [
    "ClockEvent",
    "Conflict",
    "LogEntry",
    "Outcome",
    "Store",
    "TableExists",
    "TableService",
]

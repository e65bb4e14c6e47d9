"""Persistence: the SQLite store of tables and action logs, and the table service on top.

``Store`` (data/store.py) keeps tables, their append-only action logs, the bot's posts and
once-only flags; ``TableService`` (data/tables.py) is what the cogs and the console call.
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

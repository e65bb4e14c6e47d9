"""The words of taking back one's own move without a vote (issue 24): the **Undo** button
on the private answer to a move, its answers, and the table option that turns it off. The
undo by consent keeps its words in ``texts``. Templates are filled with ``str.format`` where
they are used."""

from __future__ import annotations

from typing import Any

BUTTON_UNDO = "Undo"
#: the channel is told, as with every take-back: the others saw the move
TAKEN_BACK_OWN = "↩️ {asker} took back their last move: {said}"
#: the private answer to the click, above the panel drawn again
TAKEN_BACK_NOTE = "↩️ Your move was taken back: you may make it again."
OFF_AT_TABLE = ("The host turned off taking back a move without a vote at this table: "
                "`/game undo` asks the others instead. Nothing was taken back.")
NOT_YOUR_MOVE = "Only the player who made that move can take it back."
GONE = ("That move is no longer the table's last one (someone acted since, or it was "
        "taken back already): nothing was taken back. `/game undo` asks the others.")
#: /game settings, the option's description is in the command tree
SETTING_ON = "\n- Take back your own move without a vote: **on** (while no one acted since)"
SETTING_OFF = "\n- Take back your own move without a vote: **off** (only by consent)"
CHANGE = "take back without a vote: {before} → {after}"
ON, OFF = "on", "off"


def setting_line(settings: Any) -> str:
    """The table option in the words of the settings summary (a line to add)."""
    return SETTING_ON if getattr(settings, "take_back", True) else SETTING_OFF


def setting_change(before: Any, after: Any) -> str | None:
    """The option's change in words, or None when it stayed as it was."""
    was, now = getattr(before, "take_back", True), getattr(after, "take_back", True)
    return None if was == now else CHANGE.format(before=ON if was else OFF,
                                                 after=ON if now else OFF)

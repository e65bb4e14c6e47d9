"""The one move path: a change made by a command or a click (``act``: the table actions;
``play``: a move, from a slash command or a pick on the private panel), the AI playing on and
the delivery of what changed (``delivery``), told by the one publisher (``publish``); the
take-back by consent (``undo``), and the turn clock and delivery worker (``clock``)."""

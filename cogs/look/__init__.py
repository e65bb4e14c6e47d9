"""The leaves of cogs/: every sentence (``texts``), every custom id (``custom_ids``), how a
game looks (``adapters``), actions as Discord carries them, which table and seat a click is
about (``seats``), the messages and panels as the bot words and draws them, the guide, the
replay and the history, and the one polite answer to anything that went wrong (``errors``).
Nothing here changes a table; the folders above import these, never the other way round."""

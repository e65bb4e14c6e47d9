"""Discord only: slash commands, buttons, DMs and the turn clock, on top of data.tables.

``cogs.bot.create_bot(config)`` builds the bot; ``cogs.base.config.Config`` is its
configuration. The cogs stay thin: they parse what the user sent, call the TableService,
and answer. The folders name the flow, from the leaves up: ``base/`` (the configuration and
the bot type), ``look/`` (every sentence, every custom id, the messages and panels, errors),
``table/`` (the one move path: act, play on, publish), then ``commands/``, ``components/``
and ``games/``; ``bot.py`` installs them all and nothing imports it
(tests/cogs/test_imports.py keeps it so).
"""

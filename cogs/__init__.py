"""Discord only: slash commands, buttons, DMs and the turn clock, on top of data.tables.

``cogs.bot.create_bot(config)`` builds the bot; ``cogs.config.Config`` is its configuration.
The cogs stay thin: they parse what the user sent, call the TableService, and answer.
"""

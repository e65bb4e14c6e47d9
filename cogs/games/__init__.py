"""One plug-in per game: its adapter (how its table looks on Discord) and only its own verbs
(``/ahod bid``, ``/hex place``...). ``plugins.PLUGINS`` lists them: the one list of the games
on Discord, which must name exactly the engine's games (``engine.GAMES``). The verbs every
game shares (``/<game> move``) are not here: ``cogs/commands/moves.py`` builds them once."""

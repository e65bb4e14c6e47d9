"""The one list of the games on Discord: each game's plug-in (``cogs.look.adapters.Plugin``:
its engine id, its look, the cog of its own verbs). The bot installs them from here in this
order, registering each look (``adapters.register``) and adding the shared verbs to each
command group; nothing else lists the games on the Discord side, and the list names exactly
the engine's games (``engine.GAMES``; tests/cogs/test_imports.py checks it)."""

from __future__ import annotations

from cogs.games import all_hands, neuroshima, pirate_tricks, seafarers, sewer_pirats
from cogs.look.adapters import Plugin

PLUGINS: tuple[Plugin, ...] = (all_hands.PLUGIN, neuroshima.PLUGIN, pirate_tricks.PLUGIN,
                               seafarers.PLUGIN, sewer_pirats.PLUGIN)

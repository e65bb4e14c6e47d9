"""Which moves can be taken back (issue 15, "Undo by consent"). Pure.

A move may be taken back only where taking it back reveals nothing and changes no chance
outcome: no card drawn, no die rolled, no hidden information shown since. The table's
action log is then replayed without it (``Store.take_back``), which rebuilds the state the
move was made from, bit for bit (shared DESIGN.md: "Replaying a table's action log from its
seed must rebuild the same state").

Two layers decide, and both must agree:

1. **The game's own rule** (``engine/<game>/undo.py``): the kinds of move that may be taken
   back (``TAKE_BACK``), why the others may not, in a player's words (``KEPT``), and
   optionally ``condition(state, seat, action)`` for a kind that may be taken back only in
   some situations. A game without such a module has no move that can be taken back.
2. **Generic checks** on the move applied to a copy of the state (:func:`refusal`), which
   catch what a game's list could miss:

   - the game is not over after it;
   - the chance counter (``counter`` in every game's dump: draws taken from
     ``engine.core.rng(seed, counter)``) has not moved: no die rolled, no shuffle (a game
     whose dump had no counter would rely on the checks below alone);
   - no event went privately to anyone but the mover;
   - nothing that was hidden from a seat reached it: for each seat and the spectator, in
     worlds ``determinize`` re-deals for that seat, the same move must leave that seat's view
     exactly as it is after the real move. A card drawn from a shuffled deck (even one
     shuffled long before, so the counter stays put), a tile turned over, a bid revealed:
     the re-dealt worlds show something else, so the view differs and the move is kept.
     A world in which the move is not legal (the mover's hidden hand re-dealt without the
     card) says nothing and is skipped.

Nothing here knows whose consent was given: the table service asks the other people
(``data/undo.py``), and the store takes the move back (``Store.take_back``).
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping
from types import ModuleType
from typing import Any

from engine.ai import clone
from engine.core import Action, Game, IllegalAction, companion

#: re-dealt worlds tried per seat: each is one chance for a hidden thing to differ
WORLDS = 4
#: the refusal of a game that lists no move as one that can be taken back
NO_RULE = "this game does not let moves be taken back"
#: the refusal of a kind of move its game does not list either way
NOT_LISTED = "this kind of move cannot be taken back"
#: the refusals of the generic checks that compare re-dealt worlds
SHOWN_YOU = "it showed you something that was hidden (a card drawn, a tile turned over)"
SHOWN = "it showed something that was hidden (a card drawn, a tile turned over, a bid revealed)"


def _canon(data: Any) -> str:
    return json.dumps(data, sort_keys=True, separators=(",", ":"))


def game_rule(game: Game) -> ModuleType | None:
    """The game's ``undo`` module (``engine/<game>/undo.py``), None when it has none."""
    return companion(game, "undo")


def rule_refusal(game: Game, state: Any, seat: int, action: Action) -> str | None:
    """The game's own answer (layer 1): None when its rule lets ``action`` be taken back
    from ``state`` (the state before the move), else why not."""
    rule = game_rule(game)
    if rule is None:
        return NO_RULE
    if action.kind not in rule.TAKE_BACK:
        kept: Mapping[str, str] = rule.KEPT
        return kept.get(action.kind, NOT_LISTED)
    condition = getattr(rule, "condition", None)
    return None if condition is None else condition(state, seat, action)


def refusal(game: Game, before: Any, seat: int, action: Action, seats: int,
            rng: random.Random | None = None) -> str | None:
    """Why ``seat``'s ``action``, made from the state ``before``, cannot be taken back, as a
    sentence for the players; None when it can. ``seats`` is how many seats the table has;
    ``before`` is not changed.

    The game's rule speaks first (its reasons are the clearest), then the generic checks of
    the module docstring. ``rng`` draws the re-dealt worlds (a fixed one by default, so the
    same request is always judged the same way).
    """
    why = rule_refusal(game, before, seat, action)
    if why is None:
        why = _generic(game, before, seat, action, seats, rng or random.Random(0))
    return None if why is None else f"That move cannot be taken back: {why}."


def _generic(game: Game, before: Any, seat: int, action: Action, seats: int,
             rng: random.Random) -> str | None:
    after = clone(game, before)
    try:
        events = game.apply(after, seat, action)
    except IllegalAction:
        return "it is not a move that could have been made there"
    if game.result(after) is not None:
        return "it ended the game"
    if game.dump(before).get("counter") != game.dump(after).get("counter"):
        return "it rolled the dice or shuffled, and luck must not be tried twice"
    if any(e.to is not None and e.to - {seat} for e in events):
        return "it showed another player something private"
    for observer in [seat, *(s for s in range(seats) if s != seat), None]:
        if not _hides_nothing_from(game, before, seat, action, after, observer, rng):
            if observer == seat:
                return SHOWN_YOU
            return SHOWN
    return None


def _hides_nothing_from(game: Game, before: Any, seat: int, action: Action, after: Any,
                        observer: int | None, rng: random.Random) -> bool:
    """True when, in every re-dealt world of ``observer`` where ``action`` is legal, the move
    leaves ``observer``'s view as the real move left it: what the observer sees after it
    follows from what it knew before."""
    expected = _canon(game.view(after, observer))
    for _ in range(WORLDS):
        world = game.determinize(before, observer, rng)
        try:
            game.apply(world, seat, action)
        except IllegalAction:
            continue  # the mover's hidden holdings were re-dealt without what the move uses
        if _canon(game.view(world, observer)) != expected:
            return False
    return True

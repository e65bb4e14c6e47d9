"""All Hands on Deck! (Salamander Games, 2014), declared for the runner of engine/core.py:
2-6 captains bid for pirate crew."""

from __future__ import annotations

from operator import attrgetter

from engine.core import Action, Declaration, GameRunner, Option

from . import ai, play, rules, rules_page
from . import legal as _legal
from .actions import MISSING, arg_of, args_of
from .sentences import label, refusal
from .state import SAVED, State, clone
from .view import determinize, view


def legal_actions(s: State, seat: int) -> list[Action]:
    if not 0 <= seat < s.n:
        return []
    return [Action(k, args_of(k, a), label(s, seat, k, a)) for k, a in _legal.options(s, seat)]


def find(s: State, seat: int, action: Action) -> tuple | None:
    """The move as the rules take it, (kind, card or seat), if it is legal."""
    arg = arg_of(action)
    if arg is MISSING or type(seat) is not int or not 0 <= seat < s.n:
        return None
    move = (action.kind, arg)
    return move if move in _legal.options(s, seat) else None


DECLARATION = Declaration(
    id="all-hands", title="All Hands on Deck!", min_players=2, max_players=6,
    players_word="captains",
    options={
        "longer": Option((False, True), False, "The longer game: score every hand, first to "
                         "250 points or best after 5 hands."),
        "round_limit": Option((50, 100, 200), 100, "Rounds in a hand before the best-scoring "
                              "hand wins it (so every game ends)."),
    },
    # A hand lasts at most round_limit (<= 200) rounds and the game at most 5 hands; random
    # play makes about 25 moves a round with 6 captains (measured: ~25,000 moves for the
    # longest game), so this bound leaves a sixteen-fold margin.
    max_actions=400_000,
    # the private keys worth a DM: the hand, and a choice waiting on you (cards picked for
    # a bid change click by click; the panel shows those)
    dm_keys=("hand", "choice"),
    setup=lambda n, o, seed: rules.setup(n, bool(o["longer"]), int(o["round_limit"]), seed),
    to_act=_legal.to_act, legal=legal_actions, find=find, play_takes_pair=True,
    play=play.apply, refusal=refusal,
    result=attrgetter("result"), result_keys=("winners", "scores", "reason", "crew"),
    view=view, determinize=determinize, dump=SAVED.dump, load=SAVED.load, clone=clone,
    rules_markdown=lambda o: rules_page.rules_markdown(bool(o["longer"]),
                                                       int(o["round_limit"])),
    ai_action=ai.ai_action, evaluate=ai.evaluate, ai_world=ai.ai_world,
    next_up=_legal.next_up,
    ai_plans=ai.ai_plans,
)

AllHandsOnDeck = GameRunner.named("AllHandsOnDeck", DECLARATION, __name__)

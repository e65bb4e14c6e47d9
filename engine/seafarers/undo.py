"""Which moves of Catan: Seafarers can be taken back (issue 15, "Undo by consent"; the
generic checks are in engine/undo.py).

Builds (road, ship, settlement, city), moving a ship, harbour placement, trades with the
bank and with players, and the steps of putting an offer together use only what is on the
board and what the move itself shows: a build is paid at the printed price
(shared/rules/catan-base.md, "A turn", 4. Build), a trade shows the cards it names. Our
decision: these may be taken back; the others learn only that you could pay, which they
see again when you build. Ending the turn may be taken back too, since the next player's
roll is a move of its own. Choosing resources from the bank (Year of Plenty, a gold field)
is open as well.

Our decisions, kept: rolling the dice, buying a development card (drawn from the shuffled
pile), playing one (it was hidden in your hand), discarding on a 7 (the cards you chose
were hidden), and moving the robber or the pirate, which steals a card at random
(shared/rules/catan-base.md, "Seven and the robber").
"""

from __future__ import annotations

TAKE_BACK = frozenset({
    "road", "ship", "settlement", "city", "move_ship", "harbour", "bank", "trade",
    "offer", "offer_give", "offer_get", "offer_send", "offer_cancel", "counter",
    "counter_give", "counter_get", "counter_send", "accept", "decline", "withdraw",
    "end", "end_auto", "plenty", "gold", "stop",
})

KEPT: dict[str, str] = {
    "roll": "the dice have been rolled",
    "buy": "a development card has been drawn from the shuffled pile",
    "play": "the development card you played had been hidden in your hand",
    "discard": "the cards you discarded had been hidden in your hand",
    "robber": "the robber steals a card at random",
    "pirate": "the pirate steals a card at random",
    "steal": "a card has been stolen at random",
}

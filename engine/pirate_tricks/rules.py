"""The rules of Pirate Tricks: rounds, row bidding, the ditch, predictions, recruitment,
the ten tricks and the scoring. Everything follows the rulebook
(shared/rules/pirate-tricks.txt); where it is silent, the decision is written in the
docstring of the function that makes it and listed in ``decisions.DECISIONS``.

Flow of a round: top up -> draw score cards -> deal -> row bidding (sealed bids, all at once;
ties broken by card reveals) -> ditch two (all at once) -> predictions in turn (Tempt
Fortune, Extra Loot) -> recruitment scoring -> ten tricks -> capture and treasure scoring.
The rules' moves are (kind, argument) pairs; ``game`` wraps them in Actions.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from engine.core import Event, rng

from .cards import (
    HAND_DEAL,
    NAMES,
    ROW_DOWN,
    ROW_UP,
    STRENGTH,
    TRICKS,
    card_name,
    deck_for,
    list_names,
    playable,
    sort_cards,
    trick_winner,
)
from .scorecards import (
    CAPTURE,
    CARDS,
    DECKS,
    PREDICTION_CARDS,
    RECRUITMENT,
    TREASURE,
    capture,
    recruitment,
    treasure,
)
from .state import BID, CHOOSE, DITCH, OVER, PLAY, PREDICT, REVEAL, State

START_LOON = 12  # rulebook "Set up", step 3
TOP_UP = 5  # rulebook "Running out of Loon"
ZERO_TIE_LOON = 2  # rulebook: "place 2 one-value loon from the bank on that row"
DITCH_COUNT = 2
LOG_SIZE = 10


_PLACEHOLDERS = tuple(f"{{p{i}}}" for i in range(8))


def P(seat: int) -> str:
    """The placeholder for a player's name in texts (filled by the cogs and renderers)."""
    return _PLACEHOLDERS[seat]


def pub(s: State, out: list[Event], kind: str, text: str, **data: Any) -> None:
    """A public event; its text also goes to the table's log."""
    out.append(Event(kind, text, None, data))
    s.log.append(text)
    if len(s.log) > LOG_SIZE:
        del s.log[0]


def priv(out: list[Event], seat: int, kind: str, text: str, **data: Any) -> None:
    out.append(Event(kind, text, frozenset((seat,)), data))


def loon_words(k: int) -> str:
    return f"{k} loon"


def tricks_words(k: int) -> str:
    return f"{k} trick{'' if k == 1 else 's'}"


def row_name(r: int) -> str:
    return f"row {r + 1}"


def needs_predictions(s: State) -> bool:
    return s.treasure in PREDICTION_CARDS


# -- the game and its rounds -----------------------------------------------------------------


def setup(n: int, rounds: int, seed: str) -> State:
    """A new game: 12 loon each (rulebook "Set up", step 3), the three score decks, round 1."""
    s = State(seed=seed, n=n, rounds=rounds)
    s.loon = [START_LOON] * n
    s.decks = {kind: list(codes) for kind, codes in DECKS.items()}
    out: list[Event] = []
    start_round(s, out)
    return s


def _draw(s: State, r: random.Random, kind: str, k: int) -> list[str]:
    """Draw ``k`` score cards of ``kind``. Decision: the decks are not reshuffled between
    rounds: a score card drawn once is out of the game (five rounds use all ten recruitment
    cards)."""
    deck = s.decks[kind]
    picked = r.sample(deck, k)
    for code in picked:
        deck.remove(code)
    return picked


def start_round(s: State, out: list[Event]) -> None:
    """Rulebook "Setting Up for a Round of Play": top-ups, two recruitment, one treasure and
    one capture card face up, five cards dealt to each player, one row of five face up and
    two face down per player, the Go First marker by the top row.

    Decision: the top-up of "Running out of Loon" ("you may collect loon until you have 5")
    is automatic: taking it never hurts, so nobody is asked."""
    n = s.n
    s.round += 1
    if s.round > 1:
        for t in range(n):
            if s.loon[t] < TOP_UP:
                s.loon[t] = TOP_UP
                pub(s, out, "top_up", f"{P(t)} has fewer than {TOP_UP} loon and tops up to "
                    f"{TOP_UP} from the bank.", seat=t)
    r = rng(s.seed, s.counter)  # one stream per round: the score cards, then the deal
    s.counter += 1
    s.recruit = sort_cards_by_deck(_draw(s, r, RECRUITMENT, 2), RECRUITMENT)
    s.treasure = _draw(s, r, TREASURE, 1)[0]
    s.capture = _draw(s, r, CAPTURE, 1)[0]
    deck = deck_for(n)
    r.shuffle(deck)
    s.hands = [sort_cards(deck[t * HAND_DEAL:(t + 1) * HAND_DEAL]) for t in range(n)]
    rest = deck[n * HAND_DEAL:]
    width = ROW_UP + ROW_DOWN
    s.ups = [sort_cards(rest[i * width:i * width + ROW_UP]) for i in range(n)]
    s.downs = [rest[i * width + ROW_UP:(i + 1) * width] for i in range(n)]
    s.row_loon = [0] * n
    s.owner = [None] * n
    s.row_bids = [[0] * n for _ in range(n)]
    s.marker = None
    s.pass_no = 1
    s.row = 0
    s.bidders = list(range(n))
    s.bids = [None] * n
    s.tied = []
    s.tie_bid = 0
    s.zero_tie = False
    s.reveals = [None] * n
    s.chooser = None
    s.last_reveal = None
    s.ditched = [[] for _ in range(n)]
    s.predictions = [None] * n
    s.recruited = None
    s.turn = None
    s.trick = []
    s.leader = None
    s.tricks = [0] * n
    s.captured = [[] for _ in range(n)]
    s.winners = []
    s.known = [[] for _ in range(n)]
    s.shown = [[] for _ in range(n)]
    s.voids = [[] for _ in range(n)]
    s.phase = BID
    cards = " and ".join(CARDS[c].name for c in s.recruit)
    pub(s, out, "round", f"Round {s.round} of {s.rounds}: recruitment {cards}; treasure "
        f"{CARDS[s.treasure].name}; capture {CARDS[s.capture].name}. Five cards dealt to each "
        f"player and {n} rows laid out. Sealed bids on row 1.", round=s.round)


def sort_cards_by_deck(codes: list[str], kind: str) -> list[str]:
    order = DECKS[kind]
    return sorted(codes, key=order.index)


# -- whose move, which moves ------------------------------------------------------------------


def to_act(s: State) -> frozenset[int]:
    ph = s.phase
    if ph == BID:
        return frozenset(t for t in s.bidders if s.bids[t] is None)
    if ph == REVEAL:
        return frozenset(t for t in s.tied if s.reveals[t] is None)
    if ph == CHOOSE:
        return frozenset((s.chooser,))
    if ph == DITCH:
        return frozenset(t for t in range(s.n) if len(s.ditched[t]) < DITCH_COUNT)
    if ph in (PREDICT, PLAY):
        return frozenset((s.turn,))
    return frozenset()


def led_colour(s: State) -> str | None:
    return s.trick[0][1][0] if s.trick else None


def options(s: State, seat: int) -> list[tuple[str, Any]]:
    """Every (kind, argument) move ``seat`` may make now."""
    ph = s.phase
    if ph == BID:
        if seat in s.bidders and s.bids[seat] is None:
            return [("bid", k) for k in range(s.loon[seat] + 1)]
    elif ph == REVEAL:
        if seat in s.tied and s.reveals[seat] is None:
            return [("reveal", c) for c in sort_cards(s.hands[seat])]
    elif ph == CHOOSE:
        if seat == s.chooser:
            return [("give", t) for t in s.tied]
    elif ph == DITCH:
        if len(s.ditched[seat]) < DITCH_COUNT:
            return [("ditch", c) for c in sort_cards(s.hands[seat])]
    elif ph == PREDICT:
        if seat == s.turn:
            return [("predict", k) for k in range(TRICKS + 1)]
    elif ph == PLAY:
        if seat == s.turn:
            return [("play", c) for c in sort_cards(playable(s.hands[seat], led_colour(s)))]
    return []


def is_legal(s: State, seat: int, kind: str, arg: Any) -> bool:
    """``(kind, arg) in options(s, seat)``, without building the list."""
    ph = s.phase
    if kind == "bid":
        return (ph == BID and seat in s.bidders and s.bids[seat] is None
                and type(arg) is int and 0 <= arg <= s.loon[seat])
    if kind == "reveal":
        return ph == REVEAL and seat in s.tied and s.reveals[seat] is None \
            and arg in s.hands[seat]
    if kind == "give":
        return ph == CHOOSE and seat == s.chooser and type(arg) is int and arg in s.tied
    if kind == "ditch":
        return ph == DITCH and len(s.ditched[seat]) < DITCH_COUNT and arg in s.hands[seat]
    if kind == "predict":
        return ph == PREDICT and seat == s.turn and type(arg) is int and 0 <= arg <= TRICKS
    if kind == "play":
        if ph != PLAY or seat != s.turn or arg not in s.hands[seat]:
            return False
        led = s.trick[0][1][0] if s.trick else None
        return led is None or arg[0] == led or all(c[0] != led for c in s.hands[seat])
    return False


def apply(s: State, seat: int, kind: str, arg: Any) -> list[Event]:
    """Apply a legal move (the caller checked ``is_legal``)."""
    out: list[Event] = []
    MOVES[kind](s, out, seat, arg)
    return out


# -- row bidding -------------------------------------------------------------------------------


def _bid(s: State, out: list[Event], seat: int, amount: int) -> None:
    """Rulebook "Place Your Bids": "all players who still need seven cards secretly place
    any number of loon (including zero) in one hand". Decision: a bid once placed is final
    (the loon is in the closed fist); it stays sealed until every bidder has bid."""
    s.bids[seat] = amount
    priv(out, seat, "my_bid", f"You bid {loon_words(amount)} on {row_name(s.row)}, sealed "
         "until every bid is in.")
    pub(s, out, "bid_placed", f"{P(seat)} places a sealed bid on {row_name(s.row)}.",
        seat=seat, row=s.row)
    if all(s.bids[t] is not None for t in s.bidders):
        _reveal_bids(s, out)


def _reveal_bids(s: State, out: list[Event]) -> None:
    """All hands open at once. A clear winner pays and takes the row; a tie above zero goes
    to the card reveal; a zero tie puts 2 loon on the row in the first pass, and goes to the
    card reveal (whose winner chooses who takes the row) in the second."""
    r = s.row
    for t in s.bidders:
        s.row_bids[r][t] += 1
    bids = [(t, int(s.bids[t])) for t in s.bidders]  # type: ignore[arg-type]
    top = max(b for _, b in bids)
    tied = [t for t, b in bids if b == top]
    shown = ", ".join(f"{P(t)} {b}" for t, b in bids)
    text = f"Bids on {row_name(r)}: {shown}."
    s.last_reveal = {"row": r, "pass": s.pass_no, "bids": [[t, b] for t, b in bids],
                     "cards": [], "text": text}
    pub(s, out, "bids", text, row=r, bids=[[t, b] for t, b in bids])
    s.bids = [None] * s.n
    if len(tied) == 1:
        _take_row(s, out, tied[0], r, paid=top)
        _next_row(s, out)
        return
    if top == 0 and s.pass_no == 1:
        s.row_loon[r] += ZERO_TIE_LOON
        note = (f"Everyone bid zero: {ZERO_TIE_LOON} loon from the bank go on {row_name(r)}, "
                "and the bidding moves on.")
        s.last_reveal["text"] += " " + note
        pub(s, out, "zero_tie", note, row=r)
        _next_row(s, out)
        return
    s.phase = REVEAL
    s.tied = tied
    s.tie_bid = top
    s.zero_tie = top == 0
    s.reveals = [None] * s.n
    who = ", ".join(P(t) for t in tied)
    why = "choose who takes the row" if s.zero_tie else "win the row"
    pub(s, out, "tie", f"Tie at {loon_words(top)} on {row_name(r)} between {who}: each picks a "
        f"card from their hand to reveal; the highest number (then red, green, blue) will {why}.",
        row=r, seats=tied)


def _reveal(s: State, out: list[Event], seat: int, card: str) -> None:
    """Rulebook: "each tying player selects a card from his hand and places it facedown";
    the cards are flipped together once all are chosen, then go back to the hands."""
    s.reveals[seat] = card
    priv(out, seat, "my_reveal", f"You place {card_name(card)} face down for the tie-break.")
    pub(s, out, "reveal_placed", f"{P(seat)} places a card face down for the tie-break.",
        seat=seat)
    if any(s.reveals[t] is None for t in s.tied):
        return
    shown = [(t, str(s.reveals[t])) for t in s.tied]
    winner = max(shown, key=lambda tc: STRENGTH[tc[1]])[0]
    for t, c in shown:
        if c not in s.known[t]:
            s.known[t].append(c)
    cards = ", ".join(f"{P(t)} {card_name(c)}" for t, c in shown)
    text = f"Tie-break cards: {cards}. {P(winner)} has the highest."
    if s.last_reveal is not None:
        s.last_reveal["cards"] = [[t, c] for t, c in shown]
        s.last_reveal["text"] += " " + text
    pub(s, out, "tie_break", text, cards=[[t, c] for t, c in shown], winner=winner)
    s.reveals = [None] * s.n
    if s.zero_tie:
        s.phase = CHOOSE
        s.chooser = winner
        pub(s, out, "chooser", f"{P(winner)} chooses who takes {row_name(s.row)}.", seat=winner)
        return
    s.phase = BID
    s.tied = []
    _take_row(s, out, winner, s.row, paid=s.tie_bid)
    _next_row(s, out)


def _give(s: State, out: list[Event], seat: int, target: int) -> None:
    """Rulebook, second pass: "The player with the highest number chooses which player wins
    that row." Decision: he chooses among the tied players (on a zero tie that is every
    player still bidding), himself included; the row goes for free, with its 2 loon."""
    how = "keeps the row" if target == seat else f"gives it to {P(target)}"
    pub(s, out, "give", f"{P(seat)} {how}.", seat=seat, target=target)
    s.phase = BID
    s.chooser = None
    s.tied = []
    _take_row(s, out, target, s.row, paid=0)
    _next_row(s, out)


def _take_row(s: State, out: list[Event], seat: int, r: int, paid: int) -> None:
    """The row's seven cards go to the hand, its loon with them ("a row's loon goes with the
    row"), and with the top row the Go First marker. Decision: the winner of a tie-break
    pays his tied bid, as a clear winner pays his."""
    s.loon[seat] -= paid
    extra = s.row_loon[r]
    s.loon[seat] += extra
    s.row_loon[r] = 0
    s.hands[seat] = sort_cards(s.hands[seat] + s.ups[r] + s.downs[r])
    down = s.downs[r]
    s.downs[r] = []
    s.owner[r] = seat
    for c in s.ups[r]:
        if c not in s.known[seat]:
            s.known[seat].append(c)
    s.bidders.remove(seat)
    bits = [f"paying {loon_words(paid)}" if paid else "for free"]
    if extra:
        bits.append(f"collecting the {loon_words(extra)} on it")
    if r == 0:
        s.marker = seat
        bits.append("and the Go First marker")
    pub(s, out, "row", f"{P(seat)} takes {row_name(r)}, {', '.join(bits)}.", seat=seat, row=r,
        paid=paid, loon=extra)
    priv(out, seat, "row_down", f"The face-down cards of {row_name(r)}: {list_names(down)}.")


def _next_row(s: State, out: list[Event]) -> None:
    """The next row down; after the last row of the first pass, the second pass over the
    rows left from the top. "When only one row is left, the remaining player takes that row
    for free."

    Decision on "if there are still more than two rows with 2 loon on them, the remaining
    players then bid on the top row": every row left after the first pass carries 2 loon
    (a row is only left by a zero tie), and as many players are left as rows. One row left
    goes free to the last player; from two rows up, the second pass runs (the literal "more
    than two" would leave two rows and two players with no rule at all). In the second pass
    every row is settled (a zero tie by the card reveal and the winner's choice), so nobody
    ever bids more than twice on one row."""
    left = [r for r in range(s.n) if s.owner[r] is None]
    if len(left) == 1:
        _take_row(s, out, s.bidders[0], left[0], paid=0)
        _start_ditch(s, out)
        return
    later = [r for r in left if r > s.row]
    if later:
        s.row = later[0]
    else:
        s.pass_no = 2
        s.row = left[0]
        pub(s, out, "second_pass", f"{len(left)} rows are left, each with "
            f"{loon_words(ZERO_TIE_LOON)} on it: second pass, from the top. A zero tie now "
            "goes to the card reveal, whose winner chooses who takes the row.")
    s.phase = BID
    s.bids = [None] * s.n
    pub(s, out, "row_up", f"Sealed bids on {row_name(s.row)}"
        + (" (second pass)." if s.pass_no == 2 else "."), row=s.row)


# -- ditch, predictions, recruitment ---------------------------------------------------------


def _start_ditch(s: State, out: list[Event]) -> None:
    s.phase = DITCH
    s.bidders = []
    s.bids = [None] * s.n
    pub(s, out, "ditch", "Every player has twelve cards: each puts two out of play for the "
        "round, face down.")


def _ditch(s: State, out: list[Event], seat: int, card: str) -> None:
    """Rulebook "Ditch Two Crew Cards". Decision: each card is ditched on its own and
    cannot be taken back (the ditched cards are never shown)."""
    s.hands[seat].remove(card)
    s.ditched[seat].append(card)
    priv(out, seat, "my_ditch", f"You ditch {card_name(card)}.")
    if len(s.ditched[seat]) == DITCH_COUNT:
        pub(s, out, "ditched", f"{P(seat)} has ditched two cards.", seat=seat)
    if any(len(d) < DITCH_COUNT for d in s.ditched):
        return
    if needs_predictions(s):
        s.phase = PREDICT
        s.turn = s.marker
        pub(s, out, "predict", f"{CARDS[s.treasure].name} is in play: every player predicts "
            f"a number of tricks, {P(s.turn)} first (Go First marker).")
        return
    _recruit_and_play(s, out)


def _predict(s: State, out: list[Event], seat: int, k: int) -> None:
    """Rulebook "Special Treasure Cards": predictions in turn from the Go First marker to
    the left; each is public as soon as it is made (a marker on a bid card)."""
    s.predictions[seat] = k
    pub(s, out, "prediction", f"{P(seat)} predicts {k} trick{'' if k == 1 else 's'}.",
        seat=seat, tricks=k)
    nxt = (seat + 1) % s.n
    if s.predictions[nxt] is None:
        s.turn = nxt
        return
    _recruit_and_play(s, out)


def _recruit_and_play(s: State, out: list[Event]) -> None:
    """Rulebook "Recruitment Cards": every player places face up the cards that score,
    collects, and takes them back. Decision: the bot lays out the best claim of each
    player for him (showing cards never costs anything); the cards shown are public."""
    s.recruited = []
    for t in range(s.n):
        mine = []
        for code in s.recruit:
            loon, cards = recruitment(code, s.hands[t])
            mine.append([loon, cards])
            s.loon[t] += loon
            for c in cards:
                if c not in s.shown[t]:
                    s.shown[t].append(c)
            if loon:
                pub(s, out, "recruit", f"{P(t)} shows {list_names(cards)} for "
                    f"{CARDS[code].name}: {loon_words(loon)}.", seat=t, card=code, loon=loon)
        s.recruited.append(mine)
    s.phase = PLAY
    s.leader = s.turn = s.marker
    pub(s, out, "tricks", f"Trick 1 of {TRICKS}: {P(s.turn)} leads (Go First marker).")


# -- the tricks ---------------------------------------------------------------------------------


def _play(s: State, out: list[Event], seat: int, card: str) -> None:
    """Rulebook "Trick-Taking Rules": follow the led colour if you can, else any card; red
    trumps; the highest red, else the highest card of the led colour, takes the trick and
    leads the next."""
    trick = s.trick
    s.hands[seat].remove(card)
    if card in s.known[seat]:
        s.known[seat].remove(card)
        if card in s.shown[seat]:
            s.shown[seat].remove(card)
    elif card in s.shown[seat]:
        s.shown[seat].remove(card)
    if trick:
        led = trick[0][1][0]
        if card[0] != led and led not in s.voids[seat]:
            s.voids[seat].append(led)
    trick.append([seat, card])
    pub(s, out, "play", f"{_PLACEHOLDERS[seat]} plays {NAMES[card]}.", seat=seat, card=card)
    if len(s.trick) < s.n:
        s.turn = (seat + 1) % s.n
        return
    winner = trick_winner(trick)
    s.tricks[winner] += 1
    s.captured[winner] += [c for _, c in trick]
    s.winners.append(winner)
    no = len(s.winners)
    s.last_trick = {"no": no, "plays": trick, "winner": winner}
    s.trick = []
    top = next(c for t, c in trick if t == winner)
    pub(s, out, "trick", f"{P(winner)} takes trick {no} with {NAMES[top]}.", winner=winner, no=no)
    if no == TRICKS:
        _score_round(s, out)
        return
    s.leader = s.turn = winner
    if no == TRICKS - 1:
        play_the_last_trick(s, out)


def play_the_last_trick(s: State, out: list[Event]) -> None:
    """The last trick is forced for everyone at once: each captain holds one card, which
    "Trick-Taking Rules" make the only card they may play. It is played for them, in turn
    from the leader, as they would have played it (issue 22: no game held up by a
    formality); nothing is told earlier than the plays themselves would tell it."""
    for _ in range(s.n):
        seat = s.turn
        assert seat is not None and len(s.hands[seat]) == 1
        _play(s, out, seat, s.hands[seat][0])


def _score_round(s: State, out: list[Event]) -> None:
    """Rulebook: "After the last trick is taken, all players collect (or pay) loon according
    to the capture score card and the treasure score card in play. If you owe more than you
    have, pay all of your loon to the bank." Decision: the two cards are added up first and
    only the net amount is paid or collected."""
    n = s.n
    cap = [capture(s.capture, s.captured[t], s.tricks[t], s.winners[0] == t,
                   s.winners[-1] == t) for t in range(n)]
    tre = treasure(s.treasure, s.tricks, s.predictions)
    paid: list[int] = []
    for t in range(n):
        net = cap[t] + tre[t]
        before = s.loon[t]
        s.loon[t] = max(0, before + net)
        paid.append(s.loon[t] - before)
        if net > 0:
            text = f"{P(t)} collects {loon_words(net)}"
        elif net < 0 and before + net < 0:
            text = f"{P(t)} owes {loon_words(-net)} and pays all that is left"
        elif net < 0:
            text = f"{P(t)} pays {loon_words(-net)}"
        else:
            text = f"{P(t)} collects nothing"
        pub(s, out, "score", f"{text} ({CARDS[s.capture].name} {cap[t]:+d}, "
            f"{CARDS[s.treasure].name} {tre[t]:+d}; {tricks_words(s.tricks[t])}).", seat=t)
    s.last_round = {
        "round": s.round,
        "recruit": list(s.recruit),
        "treasure": s.treasure,
        "capture": s.capture,
        "tricks": list(s.tricks),
        "predictions": list(s.predictions),
        "recruitment": [sum(x[0] for x in mine) for mine in (s.recruited or [])],
        "capture_loon": cap,
        "treasure_loon": tre,
        "paid": paid,
    }
    s.turn = None
    s.leader = None
    if s.round >= s.rounds:
        _end_game(s, out)
        return
    start_round(s, out)


def _end_game(s: State, out: list[Event]) -> None:
    """Rulebook "Winning the Game": the most loon wins; tied players share the victory."""
    s.phase = OVER
    top = max(s.loon)
    winners = [t for t in range(s.n) if s.loon[t] == top]
    who = " and ".join(P(t) for t in winners)
    if len(winners) > 1:
        reason = f"{who} share the victory with {loon_words(top)} each after {s.rounds} rounds."
    else:
        reason = f"{who} has the most loon after {s.rounds} rounds: {top}."
    s.result = {"winners": winners, "scores": list(s.loon), "reason": reason}
    pub(s, out, "over", reason, winners=winners)


#: each kind of move and the one function that carries it out, named after its step
MOVES: dict[str, Callable[[State, list[Event], int, Any], None]] = {
    "bid": _bid, "reveal": _reveal, "give": _give, "ditch": _ditch, "predict": _predict,
    "play": _play,
}

"""The games' own sentences on Discord, one section per game: what their plug-ins
(cogs/games/) say when they refuse what was typed, what their menus and prompts ask, and
their headlines. The platform's words are in ``texts``; rules sentences come from the
engine. Templates are filled with ``str.format`` by their plug-in."""

from __future__ import annotations

# -- Sewer Pirats (cogs/games/sewer_pirats.py) ---------------------------------------------
SEWER_FITS_SEVERAL = ("That fits {count} moves ({shown}…). Pick one from the list that appears "
                      "while you type.")
SEWER_NAME_SOURCES = ("Name two sources of cards: deck, cat, bird or fish (the face-up row), "
                      "e.g. `deck deck` or `fish deck`.")
SEWER_NAME_SYMBOLS = "Name cards by their symbol: cat, bird or fish (e.g. `cat fish`)."
SEWER_NO_CAPTAIN = ("You have no captain to set sail with now. A figure becomes captain with "
                    "`/sewer captain`.")
SEWER_PICK_FIGURE = "Pick the figure from the list that appears while you type."
SEWER_MENU = "Draw, move a figure or become captain…"
SEWER_MENU_HIRE = "Pick a figure and your bid…"
SEWER_MENU_RAISE = "Raise the bid…"
SEWER_ASK_TRIBE = "choose the tribe you lead"
SEWER_ASK_PAY = "pay your bid"
SEWER_ASK_HIRE = "pick a figure at the bar and bid"
SEWER_ASK_RAISE = "raise the bid or pass"
SEWER_ASK_TURN = "draw two cards, move a figure or become captain"
SEWER_HEAD_AUCTION = "{title} · hiring the crew"
SEWER_HEAD_TRIBES = "{title} · choosing tribes"
SEWER_HEAD_ROUND = "round {round}"
SEWER_HEAD_SAILING = "the {ship} ship sets sail"
SEWER_HEAD_ENDING = "last sailings"
SEWER_DISCARD_CARD = "Discard a {card} card"
SEWER_PAY_CARD = "Pay with a {card} card"
SEWER_STOOL = "{tribe} on stool {stool} from the front (minimum bid {bid})"

# -- All Hands on Deck! (cogs/games/all_hands.py) -------------------------------------------
AHOD_UNKNOWN_CARD = ("I don't know the card {card}. Write codes (ST5, SS10, BV1, RUM, KING) or "
                     "names (Stormsail 5, Pirate Monkey), separated by spaces or commas.")
AHOD_NO_CARD_TO_BID = "Name at least one card to bid, or use `/ahod pass`."
AHOD_TAKE_BACK_CARD = "Take {card} back out of your bid"
AHOD_ADD_CARD = "Add {card} to your bid"
AHOD_DISCARD_CARD = "Discard {card}"
AHOD_MENU_BID_SEVERAL = "Bid several cards at once (pick them, then close the menu)…"
AHOD_MENU_TIE_SEVERAL = "Add cards to your tie bid at once…"
AHOD_MENU_DISCARD_SEVERAL = "Discard several cards and finish…"
AHOD_MENU = "Choose one move…"
AHOD_ASK_BID = "bid on **{card}** or pass."
AHOD_ASK_TIE = "the tie: bid more cards face down, or forfeit."
AHOD_ASK_DISCARD = "discard any cards you like, or **Keep all my cards**."
AHOD_ASK_MOVE = "your move."
AHOD_HEAD_HAND = "hand {hand}/{hands}"
AHOD_HEAD_ROUND = "round {round}"
AHOD_HEAD_AUCTION = "auction: {card}"
AHOD_CARDS_VALUE = "{names} (value {value})"

# -- Pirate Tricks (cogs/games/pirate_tricks.py) ----------------------------------------------
TRICKS_UNKNOWN_CARD = ("I don't know the card {card}. Write codes (R13, G5, B20) or names "
                       "(red 13, green 5), separated by spaces or commas.")
TRICKS_ONE_CARD = "Name exactly one card, e.g. R13 or red 13 (pick from the list)."
TRICKS_NO_CARD_TO_DITCH = "Name one or two cards to ditch, e.g. R9 G12."
TRICKS_DITCH_CARD = "Ditch {card}"
TRICKS_MENU_BID = "Your sealed bid on row {row}{more}…"
TRICKS_MENU_BID_MORE = " (more: /tricks bid)"
TRICKS_MENU_DITCH = "Ditch {count} card{s}, face down (pick here)…"
TRICKS_MENU_PREDICT = "Your prediction: tricks you will take…"
TRICKS_ASK_BID = "place your sealed bid on **row {row}**"
TRICKS_ASK_REVEAL = "pick a card to reveal for the tie-break"
TRICKS_ASK_GIVE = "choose who takes the row"
TRICKS_ASK_DITCH = "ditch two cards, face down"
TRICKS_ASK_PREDICT = "predict how many tricks you will take"
TRICKS_ASK_PLAY = "play a card to the trick"
TRICKS_ASK_MOVE = "your move"
TRICKS_HEAD_ROUND = "round {round} of {rounds}"
TRICKS_HEAD_BIDS = "bids on row {row}"
TRICKS_HEAD_SECOND_PASS = " (second pass)"
TRICKS_HEAD_TIE = "tie-break for row {row}"
TRICKS_HEAD_DITCH = "ditch two"
TRICKS_HEAD_PREDICT = "predictions"
TRICKS_HEAD_TRICK = "trick {trick} of 10"
TRICKS_SEALED_BID = "{amount} loon (sealed)"

# -- Neuroshima Hex! (cogs/games/neuroshima.py) ----------------------------------------------
HEX_FACING = "{rotation}: top edge {direction}"
HEX_NOT_IN_ARMY = "There is no {tile} in your army; pick a tile from the list."
HEX_NO_SPACE = "There is no space {space}: spaces are a1-e3 and W1-W12."
HEX_BAD_FACING = "The facing is a number from 0 to 5; pick it from the list."
HEX_NO_GAME = "There is no game of Neuroshima Hex! in this channel."
HEX_NO_BATTLE = "No battle has been fought at this table yet."
HEX_MENU = "Discard, play an instant, or answer a choice…"
HEX_MENU_DISCARD_ONLY = "Discard at once, placing nothing now…"
HEX_STEP_DISCARD = "Discard {tile}…"
HEX_STEP_PLACE = "Place {tiles}…"
HEX_ASK_HQ = "place your HQ: **My hand / act**, then **Place your HQ…** (or `/hex place`)."
HEX_ASK_DISCARD = "you hold 3 tiles: discard one, then place the others or keep them"
HEX_ASK_DRIFT = "turn your Drift units, or keep their facing"
HEX_ASK_CHOOSE = "choose where your unit goes"
HEX_ASK_TURN = "place tiles and play instants, then end your turn"
HEX_BATTLE_GIF = "Battle {n}, phase by phase"
HEX_BATTLE_STEPS = "**Battle {n}**, step by step:"
HEX_HEAD = "{title} · HQs: {army} {hq}, {other} {other_hq}"

# -- Neuroshima Hex!'s planner (cogs/games/neuroshima_plan.py) --------------------------------
#: what each pick of a composed move asks, by the field it picks
HEX_ASKS = {
    "space": "pick the space (the ringed spaces are free for it)",
    "from": "pick the unit to move (ringed)",
    "to": "pick where it goes (ringed; its own space turns it where it stands)",
    "rot": "pick the facing: where the tile's printed top edge points",
}
HEX_ASK_CHANGE = "change the {what}"
HEX_FEWER_FACINGS = " Only the facings that look different are offered."
HEX_TURNED_AS_SUGGESTED = " It is turned the way we suggest; the arrows turn it."
HEX_SHOWN_DONE = ("The picture shows it done, for your eyes only: **Confirm** to play it, "
                  "or change a pick.{turned}")
HEX_PLACE_HQ = "Place your HQ"
HEX_PLAY_TILE = "Play {tile}"
HEX_UNIT_ON = "{space}: {unit}"
HEX_STAYS_TURNED = "{space}: stays, turned"
HEX_WATER = "{space} (Water)"
HEX_TOP_EDGE = "Top edge {direction}"
HEX_MENU_PLACE_TILE = "Place {tile}: pick a space…"
HEX_MENU_MOVE_TILE = "Put {tile} on another space…"
HEX_DISCARD_TILE = "Discard {tile}"
HEX_MENU_OTHER_DISCARD = "Discard another tile instead…"
HEX_BOARDING = "Boarding: a battle, then your turn ends"
HEX_PLAN_DISCARD = "discard {tile}"
HEX_PLAN_PLACE = "{tile} on {space}, {facing}"
HEX_PLAN_BOARDING = " with Boarding"
HEX_PLANNED = "Planned, not played yet: {plan}."
HEX_NOTHING_PLANNED = "Nothing planned yet."
HEX_PICK_A_SPACE = ("Pick a space for a tile: it is turned as the menu says, and the arrows "
                    "turn it after.")
HEX_ARROWS_TURN = "The arrows turn {tile}."
HEX_BOARDING_ENDS = "Boarding: a battle, then your turn ends."
HEX_BOARD_FULL = "The board is then full: a battle, and your turn goes on."
HEX_CONFIRM_OR_END = ("**Confirm** plays just this and your turn goes on; **Confirm: End your "
                      "turn** plays it and ends your turn.")
HEX_CONFIRM_ALL_AND_END = "**Confirm: End your turn** plays all of it and ends your turn."
HEX_CONFIRM_END_KEEP = ("**Confirm: End your turn** ends it; the tiles you keep count towards "
                        "your next draw.")
HEX_CONFIRM_PLAYS = "**Confirm** plays it."
HEX_CANCEL_DISCARDED = ("To place nothing, **Cancel**: the panel's menu discards at once, then "
                        "**End your turn**.")
HEX_CANCEL_THEN_END = "To place nothing, **Cancel**, then **End your turn**."
HEX_INSTANTS_ON_PANEL = "Instants are played from the panel (**Cancel** returns to it)."
HEX_YOUR_TURN = "Your turn"
HEX_MENU_DISCARD_FIRST = "Discard one tile first…"
HEX_DISCARD_FIRST = ("You hold 3 tiles: discard one first (the rules: before anything else), "
                     "then place the others or keep them.")
HEX_END_TURN = "End your turn"
HEX_OR = " or "
HEX_PREVIEW = "Preview, not played yet: {what}."
HEX_PREVIEW_PLACE = "{tile} {space} {direction}"
HEX_PREVIEW_BOARDING = " boarding: a battle follows"
HEX_PREVIEW_ENDS = "; then your turn ends"
HEX_PREVIEW_FULL = "; the board is then full: a battle follows"
HEX_PREVIEW_NOTHING = "nothing placed"

# -- Catan: Seafarers (cogs/games/seafarers.py) ----------------------------------------------
CATAN_UNKNOWN_RESOURCE = ("I don't know the resource {word}. Write wood, brick, wool, grain or "
                          "ore, with a number before it for several (\"2 wood, 1 ore\").")
CATAN_TOO_MANY = ("There are only {most} cards of each resource: write a number from 1 to "
                  "{most} before {resource}.")
CATAN_NO_RESOURCE = "Name at least one resource, e.g. \"2 wood, 1 ore\"."
CATAN_PICK_MOVE = ("Pick the move from the list that appears while you type (places are the "
                   "numbers on the board image).")
CATAN_NOTHING_TO_DISCARD = ("There is nothing to discard now: a player discards only after a 7 "
                            "is rolled, when holding more than 7 cards.")
CATAN_STEP_OFFER = ("Offer a trade…", "Finish your offer…")
CATAN_STEP_COUNTER = ("Counter-offer…", "Finish your counter-offer…")
CATAN_STEP_SHIP = "Move a ship…"
CATAN_STEP_DISCARD = "Discard {count} card{s}…"
CATAN_MENU = "Choose one move (places as on the board)…"
CATAN_MENU_FOUND = "Where to found your settlement (best places first)…"
#: what the turn message asks, by the game's phase (the commands are the plug-in's)
CATAN_ASKS = {
    "harbours": "place the harbour shown on a coast",
    "setup_settlement": "found a start settlement",
    "setup_route": "place a road or a ship beside it",
    "roll": "roll the dice, or play a development card first",
    "main": "trade and build, then end your turn",
    "discard": "discard half of your cards, privately",
    "gold": "pick your resources from the gold field",
    "robber": "move the robber or the pirate",
    "steal": "pick whom to steal from",
    "free_routes": "place your free roads or ships",
    "plenty": "take your resources",
    "offer": "finish your offer",
    "chip": "take a number chip from the main island",
}
CATAN_ASK_MOVE = "your move"
CATAN_HEAD = "{title} · {scenario} · round {round}"

# -- Catan: Seafarers' panels (cogs/games/seafarers_panel.py) ---------------------------------
CATAN_TITLES = {"o": "Trade offer", "c": "Counter-offer"}
CATAN_NOTHING_YET = "nothing yet"
CATAN_NO_CARDS = "no cards"
CATAN_NOTHING = "nothing"
CATAN_ASK_FOR = "ask for"
CATAN_GIVE = "give"
CATAN_TOO_MANY_A_SIDE = "At most {most} cards a side: you {verb} {count}."
CATAN_HOLD_ONLY = "You hold only {count} {resource}."
CATAN_SAME_KIND = "Not the same kind on both sides: {kinds}."
CATAN_CARD_HELD = "card {i} of the {held} you hold"
CATAN_MENU_GIVE = "The cards you give…"
CATAN_CARD_ASKED = "card {i} you ask for"
CATAN_MENU_GET = "The cards you ask for…"
CATAN_OFFER_ONE = "Offer 1 {resource}"
CATAN_ASK_ONE = "Ask for 1 {resource}"
CATAN_OFFER_SEND = "Offer {give} for {get}"
CATAN_COUNTER_SEND = "Counter: {give} for {get}"
CATAN_OFFER_SO_FAR = "You give **{give}** for **{get}**."
CATAN_OFFER_HOW = ("Pick the cards in the two menus (at most {most} a side, not the same kind "
                   "on both), then Confirm to send it{to}")
CATAN_OFFER_TO_OTHERS = " to the other players."
CATAN_YOU_HOLD = "You hold: {cards}."
CATAN_WARNING = "⚠️ {refusal}"
CATAN_ASK_EVERY_KIND = ("⚠️ You ask for every kind you hold: ask for something else to give "
                        "one of them.")
CATAN_OFFER_BEGUN = "The cards of the offer you began stay in it; you may add more."
CATAN_SHIP_TITLE = "Move a ship"
CATAN_SHIP_PICK = "Pick the ship to move (only one ship moves a turn)."
CATAN_SHIP_MENU = "The ship to move…"
CATAN_SHIP_ON = "The ship on {edge}"
CATAN_SHIP_PLACES = "{count} place{s} it may go"
CATAN_SHIP_TO = "to {where}"
CATAN_SHIP_WHERE = "Where it goes…"
CATAN_SHIP_MORE = "More places…"
CATAN_SHIP_PICK_WHERE = "Pick where the ship on {edge} goes."
CATAN_SHIP_CONFIRM = "{move}. Confirm to move it."
CATAN_DISCARD_TITLE = "Discard on a 7"
CATAN_DISCARD_MENU = "The {owed} cards you discard…"
CATAN_DISCARD_MENU_MORE = "{left} more card{s} to discard…"
CATAN_NO_BUNDLE = "No bundle left is as small as the {left} still to pick: **Back** takes the last pick off."
CATAN_PICKED_TOO_MANY = "You picked {count} cards, {over} too many: **Back** takes the last pick off."
CATAN_DISCARD_HELD = "card {i} of the {held} {resource} you hold"
CATAN_BUNDLE = "{count} {resource}"
CATAN_BUNDLE_ABOUT = "picks add up; you hold {held} {resource}"
CATAN_DISCARD_ASK = ("A 7 was rolled and you hold more than 7 cards: pick the **{owed}** you "
                     "discard (half, rounded down). They go back to the bank; a discard cannot "
                     "be taken back.")
CATAN_BUNDLES = ("Your hand is bigger than one menu lists, so each entry is a bundle of cards "
                 "and your picks add up: 1 wood and 4 wood discard 5 wood.")
CATAN_DISCARD_CONFIRM = "You discard **{cards}** and keep **{kept}**. Confirm to discard them."
CATAN_DISCARD_SO_FAR = "Picked so far: **{cards}**. Pick {left} more card{s}."

"""Every sentence the bot can send, read as a newcomer would (issue 22, "Words"): the
sentences of cogs/texts.py, the descriptions and choices of the command tree as uploaded,
and what random games of every game say (events, move labels, the turn line, the panel's
and the DM's headline), scanned for the defects players met:

- a lower-case word after a full stop ("**It is your turn.** place your sealed bid");
- "1" before a plural ("1 victory points", "1 tricks");
- "he", "his" or "him" for a player, who may be anyone;
- an internal id shown as words (snake_case, "Pirates-Moloch");
- a description cut in the middle of a word.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator

import pytest

import engine
from cogs.look import texts
from cogs.look.actions import label
from cogs.look.adapters import adapter
from cogs.look.messages import hand_headline, status_line
from engine.core import is_over
from engine.table import Table
from tests.cogs.harness import Harness

NAMES = ["Anne", "Bartholomew", "Cleo", "Dan", "Esme", "Flint"]

#: a word, then a sentence's end, then a word in lower case ("e.g." and the like aside)
LOWER_AFTER_STOP = re.compile(
    r"(?<![.\w])(?!e\.g\.|i\.e\.|etc\.|vs\.)[A-Za-z)\]”'\d]+[.!?](?:\*\*|_)?[ ]+(?:\*\*|_)?[a-z]")
ONE_PLURAL = re.compile(r"(?<![\d.,])\b(\w+ )?1 (?:[a-z]+ )?([a-z]+)\b")
#: words after which "1" is a name, not a count ("space 1 seizes", "row 1")
NUMBERED = {"space", "row", "round", "seat", "hand", "turn", "trick", "initiative", "move",
            "player", "step", "phase", "hex", "level", "ai"}
NOT_PLURAL = re.compile(r"(ss|us|is|ous|news|less|series|this|has|was|yes)$")
PLAYER_PRONOUN = re.compile(r"\b(he|his|him)\b", re.IGNORECASE)
SNAKE_CASE = re.compile(r"(?<![`/#:\w])[a-z]+_[a-z_]+\b(?!`)")
ID_PAIR = re.compile(r"\b(Pirates-Moloch|Moloch-Pirates)\b")


def _plain(text: str) -> str:
    """The words a reader sees: no code spans, links, mentions or custom emoji."""
    text = re.sub(r"`[^`]*`", "`x`", text)
    for game in engine.GAMES.values():  # "All Hands on Deck!" ends with its own "!"
        text = text.replace(game.title.split(" (")[0], "Title")
    text = re.sub(r"https?://\S+", "URL", text)
    return re.sub(r"<[@#:!&a-z0-9]+>", "X", text)


def defects(text: str) -> list[str]:
    """What reads wrong in ``text``, in words."""
    words = _plain(text)
    found = [f"lower case after a full stop: {m.group(0)!r}"
             for m in LOWER_AFTER_STOP.finditer(words)]
    found += [f"1 before a plural: {m.group(0)!r}" for m in ONE_PLURAL.finditer(words)
              if m.group(2).endswith("s") and not NOT_PLURAL.search(m.group(2))
              and (m.group(1) or "").strip().casefold() not in NUMBERED]
    found += [f"'{m.group(0)}' for a player" for m in PLAYER_PRONOUN.finditer(words)]
    found += [f"an internal id: {m.group(0)!r}" for m in SNAKE_CASE.finditer(words)]
    found += [f"an internal id: {m.group(0)!r}" for m in ID_PAIR.finditer(words)]
    return found


def test_the_scanner_finds_each_defect_it_looks_for() -> None:
    assert defects("**It is your turn.** place your sealed bid")
    assert defects("You score 1 victory points.") and defects("1 tricks")
    assert defects("Anne plays his card.") and defects("scenario new_shores")
    assert defects("Armies: Pirates-Moloch")
    assert not defects("**It is your turn.** Place your bid (e.g. two cards). 1 trick, 1 loss.")


def _texts_sentences() -> Iterator[tuple[str, str]]:
    for name, value in vars(texts).items():
        if name.isupper() and isinstance(value, str):
            yield f"texts.{name}", value


def _game_sentences(game_id: str, players: int, seed: str) -> Iterator[tuple[str, str]]:
    """What a random game says: each move's label and events, the turn line and the
    headlines, filled with players' names."""
    game = engine.get_game(game_id)
    table = Table.new(game, "1", "10", NAMES[0], {}, seed)
    for i in range(1, players):
        table.join(game, str(10 + i), NAMES[i])
    table.start(game, 0.0)
    names = [s.name for s in table.seats]
    rng = random.Random(seed)
    for _ in range(400):
        view = table.view(game, None)
        line, _ = status_line(table, view)
        yield f"{game_id} turn line", line
        for seat in range(players):
            yield f"{game_id} DM headline", hand_headline(table, seat, view)
        if is_over(game, table.state):
            break
        seat = rng.choice(sorted(game.to_act(table.state)))
        actions = game.legal_actions(table.state, seat)
        for a in actions[:10]:
            yield f"{game_id} move label", label(a, names)
        events = table.apply(game, seat, rng.choice(actions), 0.0)
        for e in events:
            if e.text:
                yield f"{game_id} event {e.kind}", texts.fill(e.text, names, seat)
    yield f"{game_id} prompt", adapter(game_id).prompt(table.view(game, None)) or ""


@pytest.mark.parametrize("game_id", sorted(engine.GAMES))
def test_what_a_whole_game_says_reads_right(game_id: str) -> None:
    game = engine.get_game(game_id)
    players = min(max(game.min_players, 3), game.max_players)
    found = sorted({f"{where}: {d}" for where, text in _game_sentences(game_id, players, "words")
                    for d in defects(text)})
    assert not found, "\n".join(found[:40])


def test_the_bot_s_own_sentences_read_right() -> None:
    found = [f"{where}: {d}" for where, text in _texts_sentences() for d in defects(text)]
    assert not found, "\n".join(found)


async def test_the_command_descriptions_read_right_and_are_cut_at_a_word(h: Harness) -> None:
    found = []

    def walk(node: dict, path: str) -> None:
        for key in ("description",):
            text = node.get(key) or ""
            found.extend(f"{path}: {d}" for d in defects(text))
            cut = re.search(r"(\w+)…", text)
            if cut and not re.search(rf"\b{re.escape(cut.group(1))}\b", _whole(path)):
                found.append(f"{path}: cut mid-word: {text!r}")
        for choice in node.get("choices") or []:
            found.extend(f"{path} choice: {d}" for d in defects(str(choice["name"])))
        for option in node.get("options") or []:
            walk(option, f"{path} {option['name']}")

    for command in h.rec.synced:
        walk(command, "/" + command["name"])
    assert not found, "\n".join(found)


def _whole(path: str) -> str:
    """The uncut help of the option ``path`` names, where a description is made from one."""
    name = path.split()[-1]
    for game in engine.GAMES.values():
        spec = game.options.get(name)
        if spec is not None:
            return spec.help
    return ""

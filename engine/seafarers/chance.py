"""Every random draw of a game: the state's own stream and the dice (DESIGN.md, "Chance":
all randomness comes from the table's seed and a counter kept in the state)."""

from __future__ import annotations

import random
from _random import Random as _CRandom
from hashlib import sha512
from typing import Any

from .state import State


def draw(s: State) -> random.Random:
    """The game's next random stream, ``engine.core.rng(s.seed, s.counter)`` after one more
    draw: the same numbers, made without random.Random's checks in Python (a roll's
    largest cost). random.Random seeds a string as the int of its bytes followed by their
    SHA-512 digest (its ``seed``, version 2): that int seeds the generator here directly;
    tests/engine/seafarers/test_speed_paths.py checks the two streams are one."""
    s.counter += 1
    key = f"{s.seed}#{s.counter}".encode()
    r = _NEW_RANDOM(random.Random)
    _SEED(r, int.from_bytes(key + sha512(key).digest(), "big"))
    r.gauss_next = None  # as random.Random.seed leaves it
    return r


_NEW_RANDOM = random.Random.__new__
_SEED = _CRandom.seed


def die(getrandbits: Any) -> int:
    """``randint(1, 6)`` of the generator whose ``getrandbits`` this is: the same number,
    drawn as random.Random draws it (3 random bits until they are below 6)."""
    r = getrandbits(3)
    while r >= 6:
        r = getrandbits(3)
    return r + 1

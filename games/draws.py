"""`random.Random`'s `randrange(n)` and `shuffle` drawn exactly as CPython 3.11 draws them, compiled.

`games.base.Rng` makes every draw of every game, on the contract path and in the playouts: a
draw is a reseeding in C and then `random.py`'s Python `randrange` or `shuffle`, whose loops
(`_randbelow_with_getrandbits`, the reversed Fisher-Yates) cost more than the generator itself.
These are the same loops over the same C `getrandbits`, so the same draws from the same state;
setup.py compiles them with mypyc. `tests/games/test_rng.py` compares them with
`random.Random` over thousands of sizes and sequences.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


def below(getrandbits: Callable[[int], int], n: int) -> int:
    """`Random.randrange(n)` for n >= 1 (`_randbelow_with_getrandbits`): `getrandbits(k)` for
    the bit length k of n, again until it is below n."""
    k = n.bit_length()  # not (n - 1): n may be 1
    r = getrandbits(k)
    while r >= n:
        r = getrandbits(k)
    return r


def shuffle(getrandbits: Callable[[int], int], items: list[Any]) -> None:
    """`Random.shuffle(items)` in place: each position from the last down swapped with one
    drawn at or below it."""
    for i in range(len(items) - 1, 0, -1):
        j = below(getrandbits, i + 1)
        items[i], items[j] = items[j], items[i]

"""Garbage-collector settings for a long-running serving process (the bot, the benchmarks)."""

from __future__ import annotations

import gc
from typing import Final

# Tracked objects allocated (net of those freed) before a young collection. With CPython's 700 a
# young collection runs every few `act`s; each meets the objects of the calls in flight, promotes
# them, and so brings on full collections, which walk every long-lived object (the cached states,
# the imported games' data, discord.py): tens of milliseconds each. The service's garbage is
# freed by reference counting (it makes no cycles), so collecting rarely costs no memory.
YOUNG_THRESHOLD: Final = 20_000


def tune_for_serving() -> None:
    """Call once the process has imported and loaded what it keeps for its whole life.

    `gc.freeze()` moves every object alive now (modules, game data, the catalogue) out of the
    collector's sight, so a full collection walks only what the service made since; the young
    threshold is raised so that short-lived objects die by reference counting before a
    collection sees them. Objects created later are collected as usual.
    """
    gc.collect()
    gc.freeze()
    _, middle, old = gc.get_threshold()
    gc.set_threshold(YOUNG_THRESHOLD, middle, old)

"""Every move a Venedig board allows, built once per data file so legal_moves only filters."""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations, product

from games.venedig.data import BASILIKA, CAMPO, CASA, PALAZZO, PONTE, TYPES, Data
from games.venedig.models import (
    Build,
    Casa,
    Convert,
    Done,
    Drain,
    Draw,
    Keep,
    Place,
    Play,
    Resolve,
    Solo,
    Swap,
)

DONE = Done()

# A location: the spaces a piece takes, and for a Ponte the district that scores.
Location = tuple[tuple[int, ...], str | None]


class Catalog:
    """Move objects and location tables for one board (shared, never mutated)."""

    def __init__(self, data: Data) -> None:
        self.data = data
        labels = data.labels
        self.locations: dict[int, list[Location]] = {
            CASA: [((s,), None) for s in range(len(labels))],
            CAMPO: [((s,), None) for s in range(len(labels))],
            PALAZZO: [(pair, None) for pair in data.pairs],
            BASILIKA: [(tri, None) for tri in data.triangles],
            PONTE: [(site.spaces, d) for site in data.sites for d in site.districts],
        }
        self.location_spaces = {k: tuple(sp for sp, _ in v) for k, v in self.locations.items()}
        self.free_locations: dict[tuple[str, int], tuple[int, ...]] = {}
        self.label_index = data.label_index()
        self.site_of: dict[tuple[int, ...], str] = {site.spaces: site.id for site in data.sites}
        # "A7-A8" / "BE1" -> spaces, per type, to read `at` back.
        self.at_spaces: dict[tuple[int, str], tuple[int, ...]] = {}
        self.build: dict[int, list[tuple[tuple[int, ...], Build]]] = {}
        self.solo: dict[int, list[tuple[tuple[int, ...], Solo]]] = {}
        for kind, locations in self.locations.items():
            name = TYPES[kind]
            self.build[kind] = []
            self.solo[kind] = []
            for spaces, district in locations:
                at = self.at(kind, spaces)
                self.at_spaces[(kind, at.casefold())] = spaces
                self.build[kind].append((spaces, Build(type=name, at=at, district=district)))
                self.solo[kind].append((spaces, Solo(type=name, at=at, district=district)))
        self.build_none = {k: Build(type=TYPES[k], at=None) for k in range(5)}
        self.solo_none = {k: Solo(type=TYPES[k], at=None) for k in range(5)}
        self.casa = [Casa(at=label) for label in labels]
        self.casa_none = Casa(at=None)
        self.place = [Place(at=label) for label in labels]
        self.drain = [Drain(at=label) for label in labels]
        self.resolve = {k: Resolve(type=TYPES[k]) for k in range(1, 5)}
        self.play = {(k, n): Play(type=TYPES[k], count=n) for k in range(1, 5) for n in range(1, 9)}
        self.draw_deck = Draw(source="deck")
        self.draw_pool = {k: Draw(source=TYPES[k]) for k in range(5)}
        # Draw option 2 by (type put into the pool, pool types taken), made as listed (legal._swap).
        self.swaps: dict[tuple[int, tuple[int, ...]], Swap] = {}
        self.keep = {
            pair: Keep(types=(TYPES[pair[0]], TYPES[pair[1]]))
            for pair in combinations(range(1, 5), 2)
        }

    def at(self, kind: int, spaces: tuple[int, ...]) -> str:
        """The location as players read it on the map: "A7", "A7-A8", or a bridge site id."""
        if kind == PONTE:
            return self.site_of[spaces]
        return "-".join(self.data.labels[s] for s in spaces)

    def spaces(self, kind: int, at: str) -> tuple[int, ...] | None:
        return self.at_spaces.get((kind, at.casefold()))


def conversions(values: tuple[int, ...], per_step: int) -> tuple[Convert, ...]:
    """Every set of held tiles worth ≥ one step, the ones wasting least gold first.

    Tiles worth 0 are left out: spending them adds nothing (a reading of ours: docs/games/venedig.md).
    """
    # The answer depends only on which values are held, not in which order: one cache entry
    # per multiset (a player's swamp and treasure tiles come as two sorted runs).
    return _conversions(tuple(sorted(values)), per_step)


@lru_cache(maxsize=4096)
def _conversions(values: tuple[int, ...], per_step: int) -> tuple[Convert, ...]:
    counts: dict[int, int] = {}
    for v in values:
        counts[v] = counts.get(v, 0) + 1
    kinds = sorted(v for v in counts if v > 0)
    found = []
    for picks in product(*(range(counts[v] + 1) for v in kinds)):
        total = sum(v * n for v, n in zip(kinds, picks, strict=True))
        if total < per_step:
            continue
        chosen = tuple(v for v, n in zip(kinds, picks, strict=True) for _ in range(n))
        found.append((total % per_step, -(total // per_step), chosen))
    found.sort()
    return tuple(_convert(chosen) for _, _, chosen in found)


# One Convert per set of values: the conversions of different holdings share most of theirs.
_CONVERTS: dict[tuple[int, ...], Convert] = {}


def _convert(values: tuple[int, ...]) -> Convert:
    found = _CONVERTS.get(values)
    if found is None:
        found = _CONVERTS[values] = Convert(values=values)
    return found

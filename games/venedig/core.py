"""Venedig state helpers the rules, legality and presentation share: seats, groups, board, gondolas.

They read a `Position`: a frozen `State`, or the rules' mutable `rules.Table` that `apply` and
the playout kernel play moves on, so that legality and scoring are written once for both.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from games.venedig.catalog import Catalog
from games.venedig.data import CASA, PONTE, TYPES, Data
from games.venedig.models import FREE, VIRTUAL


class Player(Protocol):
    """What the rules read of a player: a `PlayerState`, or a `rules.Seat` being changed."""

    @property
    def id(self) -> str: ...
    @property
    def hand(self) -> tuple[int, ...]: ...
    @property
    def front(self) -> tuple[int, ...]: ...
    @property
    def pos(self) -> int: ...
    @property
    def swamp(self) -> tuple[int, ...]: ...
    @property
    def treasure(self) -> tuple[int, ...]: ...


class Position(Protocol):
    """What legality, scoring and the greedy AI read of a game: a `State` or a `rules.Table`."""

    @property
    def players(self) -> Sequence[Player]: ...
    @property
    def virtual(self) -> tuple[int, ...] | None: ...
    @property
    def architects(self) -> Sequence[int | None]: ...
    @property
    def board(self) -> str: ...
    @property
    def pool(self) -> Sequence[int]: ...
    @property
    def turn(self) -> int: ...
    @property
    def phase(self) -> str: ...
    @property
    def drained(self) -> int: ...
    @property
    def locate(self) -> int | None: ...
    @property
    def free(self) -> tuple[int, ...]: ...  # the board's free spaces, in order
    @property
    def swamps(self) -> tuple[int, ...]: ...  # the board's swamp spaces, in order


def seats_around(state: Position) -> int:
    """Seats in the clockwise order, counting the virtual player (after P2) in 2-player games."""
    return len(state.players) + (1 if state.virtual is not None else 0)


def seat_id(state: Position, seat: int) -> str:
    return state.players[seat].id if seat < len(state.players) else VIRTUAL


def front(state: Position, seat: int) -> tuple[int, ...]:
    if seat < len(state.players):
        return state.players[seat].front
    assert state.virtual is not None
    return state.virtual


def out(state: Position, kind: int) -> int:
    total = state.virtual[kind] if state.virtual is not None else 0
    for player in state.players:
        total += player.front[kind]
    return total


def out_by_type(state: Position) -> list[int]:
    """`out` of every type, reading each front once."""
    totals = list(state.virtual) if state.virtual is not None else [0] * len(TYPES)
    for player in state.players:
        front = player.front
        for kind in range(len(totals)):
            totals[kind] += front[kind]
    return totals


def gold(player: Player) -> int:
    total = 0
    for value in player.swamp:  # loops: compiled, they add native ints; sum() is a generic call
        total += value
    for value in player.treasure:
        total += value
    return total


def may_convert(data: Data, player: Player) -> bool:
    """Whether the tiles held could be worth a step, judged by what everyone sees (their number).

    The pause between moves and the last chance to convert depend on this, not on the values,
    so that they never tell the table that a player holds 5 gold.
    """
    best = len(player.swamp) * data.swamp_max + len(player.treasure) * data.treasure_max
    return best >= data.gold_per_step


def without(hand: tuple[int, ...], kind: int, count: int) -> tuple[int, ...]:
    items = list(hand)
    for _ in range(count):
        items.remove(kind)
    return tuple(items)


def locations(cat: Catalog, board: str, kind: int) -> tuple[int, ...]:
    """Indices into cat.locations[kind] whose spaces are all free (cached per board)."""
    key = (board, kind)
    found = cat.free_locations.get(key)
    if found is None:
        if len(cat.free_locations) > 2048:
            cat.free_locations.clear()
        found = tuple(
            [i for i, spaces in enumerate(cat.location_spaces[kind]) if _all_free(board, spaces)]
        )
        cat.free_locations[key] = found
    return found


def _all_free(board: str, spaces: tuple[int, ...]) -> bool:
    # The board's characters compared in place: a set of its free spaces and a subset test
    # per location cost several times more (a generic method call each).
    return all(board[s] == FREE for s in spaces)


def actor(state: Position) -> int | None:
    """The seat that must decide now (None when the game is over)."""
    if state.phase == "over":
        return None
    if state.phase == "locate":
        assert state.locate is not None
        holder = state.architects[state.locate]
        assert holder is not None
        return holder
    return state.turn


def builder_of(state: Position, kind: int) -> int:
    holder = state.architects[kind]
    assert holder is not None
    return holder


def complete(state: Position, data: Data, kind: int) -> bool:
    return kind != CASA and out(state, kind) == data.required[kind]


def points_for(
    data: Data, board: str, kind: int, spaces: tuple[int, ...], district: str | None
) -> int:
    """What a piece just placed on `spaces` scores (digest §1.5 step 2; board already updated)."""
    if data.fixed_points[kind]:
        return data.fixed_points[kind]
    if kind == PONTE:
        assert district is not None
        return sum(1 for s in data.district_spaces[district] if board[s] == "0")
    around = {n for s in spaces for n in data.neighbours[s]} - set(spaces)
    with_piece = sum(1 for n in around if board[n].isdigit())
    return len(around) - with_piece if kind == TYPES.index("palazzo") else with_piece


def advance(positions: list[int], seat: int, steps: int) -> int:
    """Where `seat`'s gondola lands after `steps` (§1.5.1): occupied spaces are not counted.

    10 and 45 are one space; the start holds any number of gondolas.
    """
    taken = {45 if p == 10 else p for i, p in enumerate(positions) if i != seat and p > 0}
    pos = positions[seat]
    while steps > 0:
        pos += 1
        if (45 if pos == 10 else pos) not in taken:
            steps -= 1
    return pos

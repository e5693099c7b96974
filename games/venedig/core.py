"""Venedig state helpers the rules, legality and presentation share: seats, groups, board, gondolas."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from games.fastbuild import replace
from games.venedig.catalog import Catalog
from games.venedig.data import CASA, PONTE, TYPES, Data
from games.venedig.models import (
    VIRTUAL,
    PlayerState,
    State,
)

FREE = "_"
SWAMP = "."


def seats_around(state: State) -> int:
    """Seats in the clockwise order, counting the virtual player (after P2) in 2-player games."""
    return len(state.players) + (1 if state.virtual is not None else 0)


def seat_id(state: State, seat: int) -> str:
    return state.players[seat].id if seat < len(state.players) else VIRTUAL


def front(state: State, seat: int) -> tuple[int, ...]:
    if seat < len(state.players):
        return state.players[seat].front
    assert state.virtual is not None
    return state.virtual


def out(state: State, kind: int) -> int:
    total = state.virtual[kind] if state.virtual is not None else 0
    for player in state.players:
        total += player.front[kind]
    return total


def gold(player: PlayerState) -> int:
    return sum(player.swamp) + sum(player.treasure)


def may_convert(data: Data, player: PlayerState) -> bool:
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


@lru_cache(maxsize=512)
def free_spaces(board: str) -> tuple[int, ...]:
    return tuple(i for i, c in enumerate(board) if c == FREE)


@lru_cache(maxsize=512)
def swamp_spaces(board: str) -> tuple[int, ...]:
    return tuple(i for i, c in enumerate(board) if c == SWAMP)


def locations(cat: Catalog, board: str, kind: int) -> tuple[int, ...]:
    """Indices into cat.locations[kind] whose spaces are all free (cached per board)."""
    key = (board, kind)
    found = cat.free_locations.get(key)
    if found is None:
        if len(cat.free_locations) > 2048:
            cat.free_locations.clear()
        free = {i for i, c in enumerate(board) if c == FREE}
        found = tuple(
            i for i, spaces in enumerate(cat.location_spaces[kind]) if free.issuperset(spaces)
        )
        cat.free_locations[key] = found
    return found


def actor(state: State) -> int | None:
    """The seat that must decide now (None when the game is over)."""
    if state.phase == "over":
        return None
    if state.phase == "locate":
        assert state.locate is not None
        holder = state.architects[state.locate]
        assert holder is not None
        return holder
    return state.turn


def builder_of(state: State, kind: int) -> int:
    holder = state.architects[kind]
    assert holder is not None
    return holder


def complete(state: State, data: Data, kind: int) -> bool:
    return kind != CASA and out(state, kind) == data.required[kind]


def set_player(state: State, seat: int, **update: Any) -> State:
    players = list(state.players)
    players[seat] = replace(players[seat], **update)
    return replace(state, players=tuple(players))


def set_front(state: State, seat: int, new_front: tuple[int, ...]) -> State:
    if seat < len(state.players):
        return set_player(state, seat, front=new_front)
    return replace(state, virtual=new_front)


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

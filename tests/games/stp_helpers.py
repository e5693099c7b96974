"""Builders of exact Sankt Petersburg positions for scenario tests."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import games
from games.stpetersburg.data import BOARD_SIZE, STACKS, card_key
from games.stpetersburg.models import BoardCard, State

G = games.get("stpetersburg")
SEATS = ("A", "B", "C", "D")


def key(name: str) -> str:
    found = card_key(name)
    assert found is not None, name
    return found


def keys(names: Iterable[str]) -> tuple[str, ...]:
    return tuple(key(n) for n in names)


def position(
    players: int = 2,
    *,
    phase: str = "workers",
    turn: int = 0,
    board: Sequence[str] = (),
    old: Sequence[str] = (),
    areas: Mapping[int, Sequence[str]] | None = None,
    hands: Mapping[int, Sequence[str]] | None = None,
    money: Mapping[int, int] | None = None,
    points: Mapping[int, int] | None = None,
    stacks: Mapping[str, Sequence[str]] | None = None,
    markers: Mapping[str, int] | None = None,
    options: Mapping[str, Any] | None = None,
) -> State:
    """A game of `players` seats (A, B, ...) set to the given position; unnamed parts as dealt."""
    state = G.new(list(SEATS[:players]), seed=1, options=options or {})
    seats = list(state.players)
    for seat in range(players):
        changes: dict[str, Any] = {}
        if areas and seat in areas:
            changes["area"] = keys(areas[seat])
        if hands and seat in hands:
            changes["hand"] = keys(hands[seat])
        if money and seat in money:
            changes["money"] = money[seat]
        if points and seat in points:
            changes["points"] = points[seat]
        seats[seat] = seats[seat].model_copy(update=changes)
    update: dict[str, Any] = {"players": tuple(seats), "phase": phase, "turn": turn}
    if board or old:
        cards = [BoardCard(card=key(c), old=True) for c in old]
        cards += [BoardCard(card=key(c)) for c in board]
        update["board"] = (*cards, *(None,) * (BOARD_SIZE - len(cards)))
    if stacks is not None:
        update["stacks"] = {s: keys(stacks.get(s, state.stacks[s])) for s in STACKS}
    if markers is not None:
        update["markers"] = {**state.markers, **markers}
    return state.model_copy(update=update)


def play(state: State, *moves: tuple[str, str]) -> State:
    """Apply (seat, notation) pairs in order."""
    for seat, text in moves:
        state = G.apply(state, seat, G.parse(text))
    return state


def on_board(state: State) -> list[BoardCard]:
    """The cards on the market, in space order, without the empty spaces."""
    return [slot for slot in state.board if slot is not None]


def money_of(state: State, seat: int) -> int:
    return state.players[seat].money


def end_step(state: State) -> State:
    """Everyone passes until the action step ends: the phase or round changes, a decision is
    pending (a Pub purchase), or the game is over."""
    start = (state.phase, state.round)
    while (state.phase, state.round) == start and state.pending is None and not state.finished:
        (seat,) = G.to_act(state)
        state = play(state, (seat, "pass"))
    return state

"""Builders of exact Sankt Petersburg positions for scenario tests."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import games
from games.position import items
from games.stpetersburg.data import BOARD_SIZE, CARDS, PHASES, card_key
from games.stpetersburg.models import BoardCard, State
from tests.games.positions import at

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
    """A game of `players` seats (A, B, ...) set to the given position, unnamed parts as dealt:
    a position (tests/games/positions.py), so the cards named come out of their stacks."""
    state = G.new(list(SEATS[:players]), seed=1, options=options or {})
    parts: dict[str, Any] = {"phase": phase, "turn": turn + 1}
    for seat in range(players):
        number = seat + 1
        if areas and seat in areas:
            parts[f"{number}.area"] = items(CARDS[key(c)].en for c in areas[seat])
        if hands and seat in hands:
            parts[f"{number}.hand"] = items(CARDS[key(c)].en for c in hands[seat])
        if money and seat in money:
            parts[f"{number}.money"] = money[seat]
        if points and seat in points:
            parts[f"{number}.points"] = points[seat]
    if board or old:
        cards = [f"old {CARDS[key(c)].en}" for c in old] + [CARDS[key(c)].en for c in board]
        parts["board"] = items([*cards, *["-"] * (BOARD_SIZE - len(cards))])
    for stack, cards_ in (stacks or {}).items():
        parts[stack] = items(CARDS[key(c)].en for c in cards_)
    if markers is not None:
        held = {**state.markers, **markers}
        for seat in range(players):
            parts[f"{seat + 1}.markers"] = items(p for p in PHASES if held[p] == seat)
    return at(G, state, parts)


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

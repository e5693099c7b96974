"""Builders of exact Catherine positions for scenario tests."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import games
from games.catherine.models import Move, State
from games.catherine.rules import Table

G: Any = games.get("catherine")
D = G.data
SEATS = ("a", "b", "c", "d")


def start(players: int = 2, seed: int = 1, **options: Any) -> State:
    state: State = G.new(list(SEATS[:players]), seed=seed, options=options or None)
    return state


def set_player(state: State, seat: int, **fields: Any) -> State:
    players = list(state.players)
    for key in ("hand", "row", "below", "houses", "tiles", "chosen", "discarded"):
        if key in fields:
            fields[key] = tuple(fields[key])
    players[seat] = players[seat].model_copy(update=fields)
    return state.model_copy(update={"players": tuple(players)})


def activating(
    card: str,
    below: str,
    *,
    hand: Sequence[str] = (),
    row: Sequence[str] = (),
    players: int = 2,
    **fields: Any,
) -> State:
    """Seat a about to run `card` (activated by `below`), with `row` before it in the action row.

    Seat b still owes its own decision, so the round does not move on in these tests.
    """
    state = start(players).model_copy(update={"phase": "activate", "round": 1, "events": ()})
    full_row = (*row, card)
    state = set_player(
        state,
        0,
        hand=hand,
        row=full_row,
        below=("",) * len(row) + (below,),
        active=card,
        todo="action",
        **fields,
    )
    for seat in range(1, players):
        state = set_player(
            state, seat, hand=(), row=("W33",), below=("W09",), active="W33", todo="action"
        )
    return state


def play(state: State, seat: str, *texts: str) -> State:
    """Apply moves given as text, each resolved the way a player's typing is."""
    for text in texts:
        move: Move = G.resolve(state, seat, text)
        state = G.apply(state, seat, move)
    return state


def interim(state: State) -> State:
    """Run the interim scoring of the state's round (the book builds stay pending, if any)."""
    table = Table(D, state)
    table.interim()
    return table.freeze()


def events(state: State, kind: str) -> list[Any]:
    return [e for e in state.events if e.kind == kind]

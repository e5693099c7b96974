"""Builders of exact Catan card game positions for scenario tests."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import games
from games.catan.data import RESOURCES
from games.catan.game import Catan
from games.catan.models import Building, Counts, Move, State

G: Catan = games.get("catan")  # type: ignore[assignment]
SEATS = ("P1", "P2", "P3", "P4", "P5", "P6")


def hand(text: str = "") -> Counts:
    """'wood clay ore ore' -> counts; '3 ore 2 wool' also works."""
    counts = [0, 0, 0, 0, 0]
    repeat = 1
    for word in text.split():
        if word.isdigit():
            repeat = int(word)
            continue
        counts[RESOURCES.index(word)] += repeat  # type: ignore[arg-type]
        repeat = 1
    return (counts[0], counts[1], counts[2], counts[3], counts[4])


def building(spec: str) -> Building:
    """'s' settlement (robber back), 's:market_day', 'c' city (robber), 'c:market_day', 'x:X1'."""
    kind, _, rest = spec.partition(":")
    if kind == "x":
        return Building(event="robber", city=True, expansion=rest)
    return Building(event=rest or "robber", city=kind == "c")  # type: ignore[arg-type]


def position(
    players: int = 4,
    *,
    turn: int = 0,
    phase: str = "exchange",
    hands: Mapping[int, str] | None = None,
    roads: Mapping[int, int] | None = None,
    knights: Mapping[int, int] | None = None,
    buildings: Mapping[int, Sequence[str]] | None = None,
    **fields: Any,
) -> State:
    """A game at the start of seat `turn`'s turn, changed as given (other seats keep the deal)."""
    state = G.new(list(SEATS[:players]), seed=7, options={"start": 0})
    people = []
    for seat, p in enumerate(state.players):
        changes: dict[str, Any] = {}
        if hands and seat in hands:
            changes["hand"] = hand(hands[seat])
        if roads and seat in roads:
            changes["roads"] = roads[seat]
        if knights and seat in knights:
            changes["knights"] = knights[seat]
        if buildings and seat in buildings:
            changes["buildings"] = tuple(building(b) for b in buildings[seat])
        people.append(p.model_copy(update=changes))
    active = people[turn]
    base = {
        "players": tuple(people),
        "turn": turn,
        "phase": phase,
        "allowance": (active.roads + 1) // 2,
        "events": (),
    }
    return state.model_copy(update={**base, **fields})


def play(state: State, seat: int, text: str) -> State:
    """Apply the move written `text` for seat index `seat` (IllegalMove if the rules refuse)."""
    move: Move = G.parse(text)
    return G.apply(state, state.players[seat].id, move)


def hand_of(state: State, seat: int) -> Counts:
    return state.players[seat].hand


def vp(state: State, seat: int) -> int:
    return G.view(state, None).players[seat].vp

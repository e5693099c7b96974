"""Builders of exact Catherine positions for scenario tests."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import games
from games.catherine.data import GOODS
from games.catherine.models import Move, State
from games.catherine.rules import Table
from games.position import items
from tests.games.positions import at

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
    """Seat a about to run `card` (activated by `below`), with `row` before it in the action row:
    a position (tests/games/positions.py), the cards named taken from the deck. `fields` set
    more of seat a (favour, houses, tiles...).

    Every other seat still owes its own action (a card the test does not name), so the round
    does not move on in these tests.
    """
    named = {card, below, *hand, *row}
    # Each other seat runs a plain VP card (W33's kind: execute, then a bonus to pay for).
    actions = [c for c in D.deck if D.cards[c].tpl == "T9" and c not in named]
    spare = [c for c in reversed(D.deck) if c not in named and c not in actions]
    parts: dict[str, Any] = {
        "phase": "activate",
        "round": 1,
        "1.hand": items(hand),
        "1.row": items((*row, card)),
        "1.below": items(["-"] * len(row) + [below]),
        "1.active": card,
        "1.todo": "action",
    }
    for seat in range(2, players + 1):
        action, under = actions.pop(), spare.pop()
        parts |= {f"{seat}.hand": "", f"{seat}.row": action, f"{seat}.below": under}
        parts |= {f"{seat}.active": action, f"{seat}.todo": "action"}
    for name in ("favour", "jokers", "vp"):
        if name in fields:
            parts[f"1.{name}"] = fields.pop(name)
    if "1.jokers" in parts:  # out of the supply (a 2-player game has none)
        parts["jokers"] = D.rules.jokers - parts["1.jokers"] if players > 2 else 0
    if "houses" in fields:
        parts["1.houses"] = items(fields.pop("houses"))
    if "tiles" in fields:
        tiles = fields.pop("tiles")
        parts["1.goods"] = items(g for g, n in zip(GOODS, tiles, strict=True) for _ in range(n))
    state = at(G, start(players), parts)
    return set_player(state, 0, **fields) if fields else state


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

"""Set positions for Venedig scenario tests: spaces by digest coordinates, seats by letter."""

from __future__ import annotations

from typing import Any

from games.venedig import GAME
from games.venedig.data import DATA, TYPES
from games.venedig.models import Move, State
from tests.games.positions import at

SEATS = ("A", "B", "C", "D", "E")
_CELL = {cell: i for i, cell in enumerate(DATA.cells)}


def space(c: int, r: int) -> int:
    return _CELL[(c, r)]


def label(c: int, r: int) -> str:
    return DATA.labels[space(c, r)]


def kinds(*names: str) -> tuple[int, ...]:
    return tuple(sorted(TYPES.index(n) for n in names))


def counts(**by_type: int) -> tuple[int, ...]:
    return tuple(by_type.get(t, 0) for t in TYPES)


def start(players: int = 3, seed: int = 1) -> State:
    """A new game with seat A to start, every hand empty (set what a test needs): a position,
    so the cards dealt went back to the bottom of the deck."""
    state = GAME.new(SEATS[:players], seed=seed, options={"start": 0})
    empty = {f"{seat}.hand": "" for seat in range(1, players + 1)}
    if state.virtual is not None:
        empty["virtual"] = ""
    return at(GAME, state, {**empty, "phase": "build"})


def with_player(state: State, seat: str, **update: Any) -> State:
    players = tuple(p.model_copy(update=update) if p.id == seat else p for p in state.players)
    return state.model_copy(update={"players": players})


def with_architect(state: State, kind: str, seat: int | None) -> State:
    architects = list(state.architects)
    architects[TYPES.index(kind)] = seat
    return state.model_copy(update={"architects": tuple(architects)})


def drained(state: State, *cells: tuple[int, int]) -> State:
    board = list(state.board)
    for c, r in cells:
        board[space(c, r)] = "_"
    return state.model_copy(update={"board": "".join(board)})


def built(state: State, kind: str, *cells: tuple[int, int]) -> State:
    board = list(state.board)
    for c, r in cells:
        board[space(c, r)] = str(TYPES.index(kind))
    return state.model_copy(update={"board": "".join(board)})


def play(state: State, seat: str, text: str) -> State:
    """`text` played by `seat` through resolve, as a player would type it."""
    move: Move = GAME.resolve(state, seat, text)
    return GAME.apply(state, seat, move)


def events(state: State, kind: str) -> list[dict[str, Any]]:
    return [e.data | {"seat": e.seat} for e in state.events if e.kind == kind]


def pos(state: State, seat: str) -> int:
    return next(p.pos for p in state.players if p.id == seat)


def player(state: State, seat: str) -> Any:
    return next(p for p in state.players if p.id == seat)

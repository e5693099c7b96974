"""Tables that start from a position text (a testing aid of the console) and positions as text.

A table started from a position keeps the text in its options under `POSITION_OPTION`; every
replay (verify, undo, catch-up) starts from it instead of `game.new`, so the move log still
replays to the snapshot.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from bot.service import errors
from bot.service.errors import game_text
from bot.service.store import TableRecord
from games.base import Game, GameError, InvalidPosition
from games.position import seats_in, with_seats

AnyGame = Game[Any, Any, Any]
POSITION_OPTION: Final = "position"


def initial_state(
    game: AnyGame, seats: Sequence[str], *, seed: int, options: Mapping[str, Any]
) -> Any:
    """The state a table starts from: `game.new`, or its start position with the table's seats."""
    text = options.get(POSITION_OPTION)
    if not isinstance(text, str):
        return game.new(seats, seed=seed, options=options)
    return state_from_position(game, seats, text)


def state_from_position(game: AnyGame, seats: Sequence[str], text: str) -> Any:
    """The position's state with the table's seats (in seat order) in place of its own; a
    BadPosition naming the part when the game refuses it."""
    try:
        named = seats_in(text)
        if named is not None and len(named) != len(seats):
            raise InvalidPosition(
                f"seats: {len(named)} in the position, {len(seats)} at the table",
                f"seats: 局面の席は{len(named)}、テーブルの席は{len(seats)}です",
            )
        state = game.from_position(with_seats(text, seats))
        if list(game.players(state)) != list(seats):
            raise InvalidPosition(
                f"seats: {', '.join(game.players(state))} are not the table's seats",
                f"seats: {', '.join(game.players(state))} はテーブルの席ではありません",
            )
    except GameError as error:
        raise errors.BadPosition(detail=game_text(error)) from None
    return state


def position_for(game: AnyGame, record: TableRecord, state: Any, user: str | None) -> str:
    """A finished (or abandoned) game's whole position; while it runs, the text of what `user`
    may see (their seat's view; a spectator's when they have no seat)."""
    if record.status != "playing" or game.outcome(state) is not None:
        return game.position_text(state)
    seat = next((s.seat for s in record.seats if user is not None and s.user == user), None)
    return game.view_text(state, seat)

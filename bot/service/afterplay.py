"""A finished game looked back at: its end-of-game chart and its board at any earlier move.

Both replay the move log from the table's seed (the log is the truth; snapshots keep only the
latest state). Only finished games: a running game's earlier boards could tell what a later
public board no longer shows.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import games
from bot.service import after_errors, errors
from bot.service.store import MoveRecord, Store, TableRecord
from bot.service.undo_log import live_moves, replay_states, undo_target
from games.base import Game, ScoreChart


@dataclass(frozen=True, slots=True)
class Replayed:
    """A finished table with the state after setup and after every move."""

    record: TableRecord
    game: Game[Any, Any, Any]
    states: list[Any]
    moves: list[MoveRecord]

    @property
    def seats(self) -> tuple[str, ...]:
        return tuple(s.seat for s in sorted(self.record.seats, key=lambda s: s.position))


async def replay(store: Store, table_id: str) -> Replayed:
    """Every state of a finished game, from its seed and move log."""
    record = await store.get(table_id)
    if record is None:
        raise errors.UnknownTable(table=table_id)
    if record.status != "finished" or record.game is None:
        raise after_errors.NotFinished()
    game = games.get(record.game)
    moves = await store.moves(table_id)
    return Replayed(record, game, replay_states(game, record, moves), moves)


async def chart(store: Store, table_id: str) -> tuple[ScoreChart, tuple[str, ...]] | None:
    """The game's end-of-game chart and the seats in order; None if the game offers none."""
    replayed = await replay(store, table_id)
    # The game as it stands: moves an undo took back are not part of its story.
    standing = [replayed.states[0], *(replayed.states[m.seq] for m in live_moves(replayed.moves))]
    series = replayed.game.score_series(standing)
    return None if series is None else (series, replayed.seats)


@dataclass(frozen=True, slots=True)
class EarlierBoard:
    """A finished game's public board after some move, and what that move was."""

    game: Game[Any, Any, Any]
    view: Any
    move: int
    last: int
    entry: MoveRecord | None  # the log entry that led here

    def title(self, lang: str) -> str:
        if self.entry is None:
            return after_errors.after_text("replay.setup", lang)
        target = undo_target(self.entry)
        if target is None:
            shown = self.game.format(self.game.parse(self.entry.notation), lang=lang)
        else:
            shown = after_errors.after_text("undo.logged", lang, move=target)
        played = f": {self.entry.seat} {shown}"
        return after_errors.after_text(
            "replay.title", lang, move=self.move, last=self.last, played=played
        )


async def board_at(store: Store, table_id: str, move: int | None) -> EarlierBoard:
    """The public view after `move` moves (0: the setup; None: the end) of a finished game."""
    replayed = await replay(store, table_id)
    last = len(replayed.states) - 1
    move = last if move is None else move
    if not 0 <= move <= last:
        raise after_errors.NoSuchMove(move=move, last=last)
    entry = replayed.moves[move - 1] if move else None
    return EarlierBoard(
        game=replayed.game,
        view=replayed.game.view(replayed.states[move], None),
        move=move,
        last=last,
        entry=entry,
    )

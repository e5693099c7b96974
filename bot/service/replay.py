"""Replaying a table's move log from its seed, to check it against the stored snapshot."""

from __future__ import annotations

from dataclasses import dataclass

import games
from bot.service.errors import BadPosition
from bot.service.positions import initial_state
from bot.service.store import Store
from bot.service.undo_log import undo_target
from games.base import GameError


@dataclass(frozen=True, slots=True)
class Verification:
    """The result of `verify`: true when the replayed log equals the latest snapshot."""

    table_id: str
    ok: bool
    moves: int
    problem: str | None = None

    def __bool__(self) -> bool:
        return self.ok


async def verify(store: Store, table_id: str) -> Verification:
    """Replay every logged move from the table's seed and compare with the latest snapshot.

    Works on any Store: it reads only the table, the move log and the snapshot.
    """
    stored = await store.load(table_id, history=True)  # one transaction: no torn copy
    if stored is None:
        return Verification(table_id, False, 0, "no such table")
    record, moves = stored.record, stored.moves
    if record.game is None or record.status == "lobby":
        return Verification(table_id, True, 0)
    game = games.get(record.game)
    if stored.state is None:
        return Verification(table_id, False, len(moves), "no snapshot")
    snapshot = (stored.state_version, stored.state)

    def failed(problem: str) -> Verification:
        return Verification(table_id, False, len(moves), problem)

    seats = [s.seat for s in sorted(record.seats, key=lambda s: s.position)]
    try:
        state = initial_state(game, seats, seed=record.seed, options=record.options)
        states = [state]
        for expected_seq, entry in enumerate(moves, start=1):
            if entry.seq != expected_seq:
                return failed(f"move log has a gap: seq {entry.seq} where {expected_seq} belongs")
            target = undo_target(entry)
            if target is not None:
                # An accepted undo gives back the state from before the move it took back.
                if not 1 <= target < entry.seq:
                    return failed(f"move {entry.seq}: an undo of move {target}")
                state = states[target - 1]
                states.append(state)
                continue
            move = game.parse(entry.notation)
            if move.model_dump_json() != entry.move:
                return failed(f"move {entry.seq}: notation {entry.notation!r} differs from JSON")
            state = game.apply(state, entry.seat, move)
            states.append(state)
    except GameError as error:
        return failed(f"replay refused: {error}")
    except BadPosition as error:
        return failed(f"start position refused: {error}")
    if snapshot[0] != len(moves) or record.version != len(moves):
        return failed(
            f"snapshot at {snapshot[0]}, version {record.version}, but {len(moves)} moves logged"
        )
    try:
        problems = game.check(game.load(snapshot[1]))
    except ValueError:
        problems = []  # a snapshot that does not even load differs from the replay below
    if problems:
        return failed(f"the snapshot fails a check: {problems[0]}")
    if state.model_dump_json() != snapshot[1]:
        return failed("the replayed state differs from the snapshot")
    return Verification(table_id, True, len(moves))

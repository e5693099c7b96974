"""What a player missed: the board owed since a seat's last turn, and private notices not yet seen.

Nothing here needs memory: the move log is replayed from the seed to narrate any stretch of
it again, so a board lost in a crash can be posted later (the outbox) and a seat's private notices
(its income at a scoring, a secret choice) wait in the log until that seat next looks.
"""

from __future__ import annotations

import logging
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Final

from bot.service import errors
from bot.service.i18n import Text
from bot.service.pings import Stretches
from bot.service.positions import initial_state
from bot.service.table_core import LoadedTable, TableCore, UpdateBuilder, game_name, seat_names
from bot.service.undo_log import replay_states, undo_played, undo_target
from bot.service.updates import Update

log = logging.getLogger(__name__)

# Boards of tables changed longer ago than this are no longer owed (the channel is likely gone).
OUTBOX_HORIZON: Final = 7 * 86400.0
# Tables whose narration this process keeps (the tables being played now); others are replayed.
NARRATED_TABLES: Final = 256


@dataclass
class Narrated:
    """A table's move log narrated so far, with the state it reached (a cache: see _replayed)."""

    state: Any
    start: UpdateBuilder
    seq: int = 0
    played_at: float | None = None
    steps: list[tuple[int, UpdateBuilder]] = field(default_factory=list)
    turns: dict[int, str | None] = field(default_factory=dict)  # version -> whose turn (turn_of)


@dataclass(frozen=True, slots=True)
class Unseen:
    """A seat's private notices since it last looked, and the version they run up to."""

    seat: str
    texts: tuple[Text, ...]
    version: int


class CatchUpActions(TableCore):
    """Narrates stretches of the move log again: owed boards, unseen private notices."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._narrated: OrderedDict[str, Narrated] = OrderedDict()

    async def _replayed(self, loaded: LoadedTable, after: int) -> UpdateBuilder:
        """An UpdateBuilder holding every move after `after` (and the start, when `after` is 0)."""
        game, record = loaded.game, loaded.record
        if record.status == "lobby" or game is None:
            raise errors.NotStarted()
        narrated = self._narrated.get(record.id)
        if narrated is None or narrated.seq > record.version:
            seats = [s.seat for s in sorted(record.seats, key=lambda s: s.position)]
            state = initial_state(game, seats, seed=record.seed, options=record.options)
            start = UpdateBuilder()
            start.headline.append(
                Text.of("table.started", game=game_name(game), seats=seat_names(record.seats))
            )
            start.headline.extend(start.narrate(game, record, state))
            narrated = Narrated(state=state, start=start, turns={0: game.turn_of(state)})
        if narrated.seq < record.version:
            # The log only grows: what was narrated stays true, so only new moves are replayed.
            # Another narration of this table (a panel refreshed while a board is posted) may
            # replay the same entries meanwhile, on the same cache: an entry is applied only
            # where the cache has not reached it yet, so each is told once, on the state the
            # log says it was played on.
            for entry in await self.store.moves(record.id, after=narrated.seq):
                if entry.seq != narrated.seq + 1:
                    continue
                step = UpdateBuilder()
                if undo_target(entry) is not None:
                    # An accepted undo: the table went back to the state before the move it
                    # took back; the story keeps both the move and its undo.
                    logged = await self.store.moves(record.id)
                    if entry.seq != narrated.seq + 1:
                        continue
                    narrated.state = replay_states(game, record, logged[: entry.seq])[-1]
                    narrated.turns[entry.seq] = game.turn_of(narrated.state)
                    step.moves.append(undo_played(entry))
                    narrated.steps.append((entry.seq, step))
                    narrated.seq, narrated.played_at = entry.seq, entry.played_at
                    continue
                move = game.parse(entry.notation)
                narrated.state = game.apply(narrated.state, entry.seat, move)
                narrated.turns[entry.seq] = game.turn_of(narrated.state)
                waited = (
                    None if narrated.played_at is None else entry.played_at - narrated.played_at
                )
                step.add_move(game, record, entry, move, narrated.state, waited)
                narrated.steps.append((entry.seq, step))
                narrated.seq, narrated.played_at = entry.seq, entry.played_at
        self._narrated[record.id] = narrated
        self._narrated.move_to_end(record.id)
        while len(self._narrated) > NARRATED_TABLES:
            self._narrated.popitem(last=False)
        builder = UpdateBuilder()
        if after <= 0:
            builder.headline.extend(narrated.start.headline)
            builder.private.extend(narrated.start.private)
        for seq, step in narrated.steps:
            # Up to the version read: another call may have carried the cache further meanwhile,
            # and a board must not tell moves its own state (who acts) does not show yet.
            if after < seq <= record.version:
                builder.moves.extend(step.moves)
                builder.private.extend(step.private)
        return builder

    async def board_version(self, table_id: str) -> int | None:
        """The version of the latest board posted for the table (None: none yet)."""
        return await self.store.board_version(table_id)

    async def unposted(self) -> list[str]:
        """Tables whose latest board was never posted (a crash or an outage came in between)."""
        return await self.store.unposted(self.clock() - OUTBOX_HORIZON)

    async def board(self, table_id: str) -> Update:
        """The board owed now, with whom it pings and whether it edits the latest board.

        It pings the members a decision became theirs for since the latest board was posted
        (see `bot.service.pings`); when there are none, the latest board is brought up to date
        in place. Its story is what happened since its readers last saw the table: their last
        turn, or the last board that asked them to act, so no line is told to them twice.
        A story that cannot be told (a fault in narrating) leaves the board without it: the
        board is posted all the same, and the fault is logged.
        """
        loaded = await self._current(table_id)
        record, game = loaded.record, loaded.game
        if record.status == "lobby" or game is None:
            raise errors.NotStarted()
        posted = await self.store.board_version(table_id)
        playing = record.status == "playing"
        moves = [m for m in await self.store.moves(table_id) if m.seq <= record.version]
        acting = game.to_act(loaded.peek()) if playing else frozenset()
        humans = {s.seat for s in record.seats if s.kind == "human"}
        try:
            await self._replayed(loaded, record.version)  # the narration, up to date
            turns = self._turns(table_id)
            plan = Stretches(moves, acting, turns).plan(humans, posted, finished=not playing)
            builder = await self._replayed(loaded, plan.after)
        except errors.TableError:
            raise
        except Exception:
            log.exception(
                "table %s: narrating the board failed; posted without its story", table_id
            )
            plan = Stretches(moves, acting).plan(humans, posted, finished=not playing)
            builder = UpdateBuilder()
        builder.private.clear()  # the public board carries no private notice
        update = builder.build(loaded)
        ping = tuple(s for s in update.to_act if s.seat in plan.ping)
        return replace(update, ping=ping, edit=plan.edit)

    def _turns(self, table_id: str) -> dict[int, str | None]:
        """Whose turn it was at each version narrated (the game's `turn_of`)."""
        narrated = self._narrated.get(table_id)
        return {} if narrated is None else dict(narrated.turns)

    async def unseen(self, table_id: str, user: str) -> Unseen:
        """`user`'s private notices since that seat last looked (see `mark_seen`)."""
        loaded = await self._current(table_id)
        seat = self._seat_of(loaded.record, user)
        seen = (await self.store.seen_versions(table_id)).get(seat.seat, 0)
        version = loaded.record.version
        if seen >= version or loaded.game is None:
            return Unseen(seat.seat, (), version)
        builder = await self._replayed(loaded, seen)
        texts = tuple(n.text for n in builder.private if n.seat == seat.seat)
        return Unseen(seat.seat, texts, version)

    async def mark_seen(self, table_id: str, seat: str, version: int) -> None:
        """The seat has been shown its private notices up to `version`."""
        await self.store.mark_seen(table_id, seat, version)

    async def set_notices_by_dm(self, user: str, wanted: bool) -> None:
        """Whether `user` wants private notices by direct message when no panel is open."""
        await self.store.set_notices_by_dm(user, wanted)

    async def notices_by_dm(self, users: Sequence[str]) -> set[str]:
        return await self.store.notices_by_dm(users)

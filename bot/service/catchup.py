"""What a player missed: the board owed since a seat's last turn, and private notices not yet seen.

Nothing here is kept in memory: the move log is replayed from the seed to narrate any stretch of
it again, so a board lost in a crash can be posted later (the outbox) and a seat's private notices
(its income at a scoring, a secret choice) wait in the log until that seat next looks.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.service import errors
from bot.service.i18n import Text
from bot.service.table_core import LoadedTable, TableCore, UpdateBuilder, game_name, seat_names
from bot.service.updates import Update

# Boards of tables changed longer ago than this are no longer owed (the channel is likely gone).
OUTBOX_HORIZON = 7 * 86400.0


@dataclass(frozen=True, slots=True)
class Unseen:
    """A seat's private notices since it last looked, and the version they run up to."""

    seat: str
    texts: tuple[Text, ...]
    version: int


class CatchUpActions(TableCore):
    """Narrates stretches of the move log again: owed boards, unseen private notices."""

    async def _replayed(self, loaded: LoadedTable, after: int) -> UpdateBuilder:
        """An UpdateBuilder holding every move after `after` (and the start, when `after` is 0)."""
        game, record = loaded.game, loaded.record
        if record.status == "lobby" or game is None:
            raise errors.NotStarted()
        seats = [s.seat for s in sorted(record.seats, key=lambda s: s.position)]
        state = game.new(seats, seed=record.seed, options=record.options)
        builder = UpdateBuilder()
        if after <= 0:
            builder.headline.append(
                Text.of("table.started", game=game_name(game), seats=seat_names(record.seats))
            )
            builder.headline.extend(builder.narrate(game, record, state))
        previous: float | None = None
        for entry in await self.store.moves(record.id):
            move = game.parse(entry.notation)
            state = game.apply(state, entry.seat, move)
            if entry.seq > after:
                waited = None if previous is None else entry.played_at - previous
                builder.add_move(game, record, entry, move, state, waited)
            previous = entry.played_at
        return builder

    async def board_version(self, table_id: str) -> int | None:
        """The version of the latest board posted for the table (None: none yet)."""
        return await self.store.board_version(table_id)

    async def unposted(self) -> list[str]:
        """Tables whose latest board was never posted (a crash or an outage came in between)."""
        return await self.store.unposted(self.clock() - OUTBOX_HORIZON)

    async def board(self, table_id: str) -> Update:
        """The board owed now: what happened since the last turn of the one person to act (all
        moves of others and AIs, scorings), or since the last posted board otherwise."""
        loaded = await self._current(table_id)
        posted = await self.store.board_version(table_id)
        after = -1 if posted is None else posted
        game = loaded.game
        if game is not None and loaded.record.status == "playing":
            acting = game.to_act(loaded.peek())
            humans = [s for s in loaded.record.seats if s.kind == "human" and s.seat in acting]
            if len(humans) == 1:
                after = min(after, await self._last_turn(table_id, humans[0].seat))
        builder = await self._replayed(loaded, after)
        builder.private.clear()  # the public board carries no private notice
        return builder.build(loaded)

    async def _last_turn(self, table_id: str, seat: str) -> int:
        """The seq of `seat`'s last move before the moves it is making now (0: none).

        A seat that moved and is still to act (a decision after its own move) is in the middle
        of its turn: its turn began after its previous run of moves.
        """
        moves = await self.store.moves(table_id)
        run = len(moves)
        while run > 0 and moves[run - 1].seat == seat:
            run -= 1
        earlier = [m.seq for m in moves[:run] if m.seat == seat]
        return earlier[-1] if earlier else 0

    async def unseen(self, table_id: str, user: str) -> Unseen:
        """`user`'s private notices since that seat last looked (see `mark_seen`)."""
        loaded = await self._current(table_id)
        seat = self._seat_of(loaded.record, user)
        seen = (await self.store.seen_versions(table_id)).get(seat.seat, 0)
        version = loaded.record.version
        if seen >= version or loaded.game is None:
            return Unseen(seat.seat, (), version)
        builder = await self._replayed(loaded, seen)
        loaded.release()
        texts = tuple(n.text for n in builder.private if n.seat == seat.seat)
        return Unseen(seat.seat, texts, version)

    async def mark_seen(self, table_id: str, seat: str, version: int) -> None:
        """The seat has been shown its private notices up to `version`."""
        await self.store.mark_seen(table_id, seat, version)

"""Rematch: the same game, options and seats (AI seats kept) once a table has finished.

Each human accepts; the new table starts when all have, or when the deadline the host chose
passes (or at once, when the host says so), with the computer in place of those who have not.
One rematch per finished table; the rematch record links the old table to the new one.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Final

from bot.service import errors
from bot.service.i18n import Text, duration
from bot.service.lobby import LobbyActions
from bot.service.store import ChannelBusy, SeatRecord, TableRecord
from bot.service.store.rematches import RematchRecord
from bot.service.table_core import AnyGame
from bot.service.updates import SeatInfo, TableInfo, Update

# The longest a host may let a rematch wait for the others (hours in /rematch).
MAX_WAIT: Final = 7 * 86400.0


class RematchNotFinished(errors.TableError):
    """A rematch is for a finished game only."""

    key = "error.rematch_not_finished"


class RematchDone(errors.TableError):
    """The table had its rematch already."""

    key = "error.rematch_done"


@dataclass(frozen=True, slots=True)
class RematchResult:
    """What an accept or a host's decision did: a line for the old table's channel, and the new
    table's first update when the rematch started."""

    old: TableInfo
    rematch: RematchRecord
    text: Text
    started: Update | None = None


class RematchActions(LobbyActions):
    """Rematches of finished tables."""

    async def rematch_of(self, table_id: str) -> RematchRecord | None:
        return await self.store.rematches.get(table_id)

    async def rematch(self, table_id: str, user: str) -> RematchResult:
        """`user` accepts a rematch of the finished table (the first to accept asks for it)."""
        async with self._lock(f"rematch:{table_id}"):
            old, rematch = await self._rematch_record(table_id)
            self._seat_of(old, user)
            if user not in rematch.accepted:
                rematch = replace(rematch, accepted=(*rematch.accepted, user))
                await self.store.rematches.put(rematch)
            if not self._waiting_for(old, rematch):
                return await self._start_rematch(old, rematch)
            return RematchResult(TableInfo.of(old), rematch, self._waiting_text(old, rematch, user))

    async def rematch_after(
        self, table_id: str, user: str, seconds: float, *, moderator: bool = False
    ) -> RematchResult:
        """The host's choice: start the rematch after `seconds` (0: now) with the computer in
        place of those who have not accepted by then. It counts as the host's accept."""
        if not (isinstance(seconds, int | float) and 0 <= seconds <= MAX_WAIT):
            raise errors.BadSetting(name="hours", detail=duration(MAX_WAIT))
        async with self._lock(f"rematch:{table_id}"):
            old, rematch = await self._rematch_record(table_id)
            self._require_host(old, user, moderator)
            accepted = rematch.accepted
            if any(s.user == user for s in old.seats) and user not in accepted:
                accepted = (*accepted, user)
            rematch = replace(rematch, accepted=accepted, start_at=self.clock() + seconds)
            await self.store.rematches.put(rematch)
            if seconds == 0 or not self._waiting_for(old, rematch):
                return await self._start_rematch(old, rematch)
            text = Text.of("rematch.deadline", after=duration(seconds))
            return RematchResult(TableInfo.of(old), rematch, text)

    async def start_due_rematches(self) -> list[RematchResult]:
        """Start the rematches whose host's deadline has passed (the periodic tick calls this)."""
        started = []
        for due in await self.store.rematches.due(self.clock()):
            try:
                async with self._lock(f"rematch:{due.table_id}"):
                    old, rematch = await self._rematch_record(due.table_id)
                    started.append(await self._start_rematch(old, rematch))
            except errors.TableError:
                continue  # started meanwhile, or the channel is busy: tried again next tick
        return started

    async def _rematch_record(self, table_id: str) -> tuple[TableRecord, RematchRecord]:
        old = (await self._current(table_id)).record
        if old.status != "finished" or old.game is None:
            raise RematchNotFinished()
        rematch = await self.store.rematches.get(table_id)
        if rematch is None:
            rematch = RematchRecord(table_id, (), self.clock())
        if rematch.new_table is not None:
            raise RematchDone(table=rematch.new_table)
        return old, rematch

    @staticmethod
    def _waiting_for(old: TableRecord, rematch: RematchRecord) -> list[SeatRecord]:
        return [
            s for s in old.seats if s.kind == "human" and s.user and s.user not in rematch.accepted
        ]

    def _waiting_text(self, old: TableRecord, rematch: RematchRecord, user: str) -> Text:
        seat = next(s.seat for s in old.seats if s.user == user)
        waiting = ", ".join(SeatInfo.of(s).seat for s in self._waiting_for(old, rematch))
        return Text.of("rematch.accepted", seat=seat, waiting=waiting)

    async def _start_rematch(self, old: TableRecord, rematch: RematchRecord) -> RematchResult:
        """Open the new table in the old one's channel with the same seats and start it."""
        game = self._game(old.game or "")
        now = self.clock()
        stand_in = self._stand_in(game)
        seats = tuple(
            SeatRecord(s.position, s.seat, "human", s.user, s.lang, now)
            if s.kind == "human" and s.user in rematch.accepted
            else SeatRecord(
                s.position, s.seat, stand_in if s.kind == "human" else s.kind, None, s.lang, now
            )
            for s in old.seats
        )
        host = old.host if old.host in rematch.accepted else rematch.accepted[0]
        record = replace(
            old,
            id=self.new_id(),
            thread=None,
            host=host,
            seed=self.new_seed(),
            status="lobby",
            version=0,
            revision=0,
            created_at=now,
            updated_at=now,
            finished_at=None,
            seats=seats,
        )
        try:
            await self.store.create(record)
        except ChannelBusy:
            raise errors.TableBusy() from None
        update = await self.start(old.channel, host, game=game.id, options=dict(old.options))
        rematch = replace(rematch, new_table=record.id)
        await self.store.rematches.put(rematch)
        text = Text.of("rematch.started", table=record.id)
        return RematchResult(TableInfo.of(old), rematch, text, update)

    def _stand_in(self, game: AnyGame) -> str:
        """The computer player that sits in for a human who did not accept."""
        kinds = [k.key for k in game.ai_kinds()]
        kind = self.thinker.takeover_kind(game)
        return kind if kind in kinds else kinds[0]

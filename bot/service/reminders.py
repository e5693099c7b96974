"""Reminders for those who keep a table waiting, and automatic moves for the long absent."""

from __future__ import annotations

import logging
import math
from collections.abc import Awaitable, Callable
from dataclasses import replace

from pydantic import BaseModel

from bot.service import errors, metrics
from bot.service.errors import clip_input
from bot.service.i18n import Text, duration
from bot.service.quiet import awake_seconds
from bot.service.store import (
    OwedReminder,
    SeatRecord,
    StaleRevision,
    TableRecord,
    TakeoverMode,
)
from bot.service.store.members import MemberSettings
from bot.service.table_core import (
    MAX_REMINDER,
    MIN_REMINDER,
    UNCHANGED,
    LoadedTable,
    TableCore,
    Unchanged,
    UpdateBuilder,
    game_name,
)
from bot.service.updates import (
    Changed,
    Reminder,
    SeatInfo,
    TableInfo,
    Tick,
    Update,
)

log = logging.getLogger(__name__)


def with_reminders(
    record: TableRecord, remind: float, after: float | None, mode: str
) -> TableRecord:
    """The record with these reminder settings, each checked first (BadSetting names the bad one)."""
    for key, seconds in (("remind_after", remind), ("takeover_after", after)):
        if seconds is not None and not _is_number(seconds):
            raise errors.BadSetting(name=key, detail=Text.plain(clip_input(seconds)))
    if not MIN_REMINDER <= remind <= MAX_REMINDER:
        raise errors.BadSetting(name="remind_after", detail=duration(remind))
    if mode not in ("off", "pass", "ai"):
        raise errors.BadSetting(name="takeover", detail=Text.plain(clip_input(mode)))
    if mode != "off" and after is None:
        raise errors.TakeoverNeedsTime()
    if after is not None and not remind <= after <= MAX_REMINDER:
        raise errors.BadSetting(name="takeover_after", detail=duration(after))
    return replace(
        record,
        remind_after=remind,
        takeover_after=after,
        takeover=mode,  # type: ignore[arg-type]  # checked above
    )


def _is_number(value: object) -> bool:
    """A finite real number (NaN and infinity pass no range check and break durations)."""
    return isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value)


class ReminderActions(TableCore):
    """Reminder settings, and the periodic `tick` that reminds and moves for absent players."""

    async def set_reminders(
        self,
        table_id: str,
        user: str,
        *,
        remind_after: float | Unchanged = UNCHANGED,
        takeover_after: float | Unchanged | None = UNCHANGED,
        takeover: str | Unchanged = UNCHANGED,
        moderator: bool = False,
    ) -> Changed:
        """Change how long the table waits before reminding, and before moving for the absent."""

        async def write(loaded: LoadedTable) -> Changed:
            record = loaded.record
            if record.status in ("finished", "abandoned"):
                raise errors.GameFinished() if record.status == "finished" else errors.TableClosed()
            self._require_host(record, user, moderator)
            remind = record.remind_after if isinstance(remind_after, Unchanged) else remind_after
            after = (
                record.takeover_after if isinstance(takeover_after, Unchanged) else takeover_after
            )
            mode = record.takeover if isinstance(takeover, Unchanged) else takeover
            await self._save(loaded, with_reminders(record, remind, after, mode))
            return Changed(TableInfo.of(loaded.record), self._reminder_text(loaded.record))

        return await self._writing(table_id, write)

    @staticmethod
    def _reminder_text(record: TableRecord) -> Text:
        if record.takeover == "off" or record.takeover_after is None:
            takeover = Text.of("table.takeover_off")
        else:
            takeover = Text.of(
                "table.takeover_on",
                after=duration(record.takeover_after),
                mode=Text.of(f"takeover.{record.takeover}"),
            )
        return Text.of(
            "table.reminders_set", remind=duration(record.remind_after), takeover=takeover
        )

    # ---------------------------------------------------------------- time passing

    async def tick(self) -> Tick:
        """Run due reminders and automatic moves; the adapter calls this every minute or so."""
        return await self._tick(self.stalled_after, remind=True)

    async def recover(self) -> tuple[Update, ...]:
        """At start-up: let AI seats finish moves a crashed process left undone."""
        return (await self._tick(0.0, remind=False)).updates

    async def _tick(self, stalled_after: float, *, remind: bool) -> Tick:
        now = self.clock()
        reminders: list[Reminder] = []
        updates: list[Update] = []
        for table_id in await self.store.due(now, stalled_after=stalled_after):
            try:
                # One process at a time works on a due table; a claim dies with its process.
                async with self.store.claim(table_id) as mine:
                    if mine:
                        await self._tick_table(table_id, now, remind, reminders, updates)
            except errors.StorageUnavailable:
                continue  # the next tick tries again
        return Tick(tuple(reminders), tuple(updates))

    async def _tick_table(
        self,
        table_id: str,
        now: float,
        remind: bool,
        reminders: list[Reminder],
        updates: list[Update],
    ) -> None:
        async with self._lock(table_id):
            try:
                loaded = self._working(await self._current(table_id))
            except errors.TableError:
                return  # e.g. a game this process does not have, or storage trouble
            builder = UpdateBuilder()
            try:
                self._playing(loaded)
                await self._play_ai(loaded, builder)
                if remind:
                    members = await self._members_at(loaded)
                    await self._take_over(loaded, now, builder, members)
                    reminders.extend(await self._remind(loaded, now, members))
            except errors.TableError:
                pass  # finished or closed meanwhile, or the storage refused for now
            except StaleRevision:
                pass  # another process moved it; what we wrote stands
            except Exception:  # one table's fault must not stop the others' reminders
                log.exception("tick of table %s failed", table_id)
            if loaded.pending:  # made in memory but not written: as if never made
                self._forget(table_id)
                builder = UpdateBuilder()
            if builder.moves:
                updates.append(builder.build(loaded))

    async def _members_at(self, loaded: LoadedTable) -> dict[str, MemberSettings]:
        """The own settings (away, quiet hours) of the table's waiting players: their clocks
        stand still while they are away or in their quiet hours (bot.service.quiet)."""
        users = [s.user for s in loaded.record.seats if s.user and s.waiting_since is not None]
        return await self.store.members.of(users)

    async def _take_over(
        self,
        loaded: LoadedTable,
        now: float,
        builder: UpdateBuilder,
        members: dict[str, MemberSettings],
    ) -> None:
        record = loaded.record
        if record.takeover == "off" or record.takeover_after is None:
            return
        for _ in range(len(record.seats) * 4):
            record = loaded.record
            late = [
                s
                for s in record.seats
                if s.kind == "human"
                and s.waiting_since is not None
                and awake_seconds(members.get(s.user or ""), s.waiting_since, now)
                >= (record.takeover_after or 0)
            ]
            if not late or record.status != "playing":
                return
            seat = late[0]
            assert loaded.game is not None and seat.waiting_since is not None
            move = await self._automatic_move(loaded, seat, record.takeover)
            await self._commit(loaded, seat, move, "auto", builder, now - seat.waiting_since)
            await self._play_ai(loaded, builder)

    async def _automatic_move(
        self, loaded: LoadedTable, seat: SeatRecord, mode: TakeoverMode
    ) -> BaseModel:
        game, state = loaded.game, loaded.state
        assert game is not None
        if mode == "pass":
            for move in game.legal_moves(state, seat.seat):
                if game.format(move, lang="en").strip().casefold() == "pass":
                    return move  # type: ignore[no-any-return]
        # No pass in this position (or mode 'ai'): the configured AI chooses for the absent player.
        seed = f"{loaded.record.seed}:{loaded.record.version}:{seat.seat}:auto"
        kind = self.thinker.takeover_kind(game)
        return await self.thinker.choose(game, state, loaded.state_json, seat.seat, kind, seed)

    async def _remind(
        self, loaded: LoadedTable, now: float, members: dict[str, MemberSettings]
    ) -> list[Reminder]:
        """Mark the seats due a reminder as reminded and put their reminders in the outbox, in
        one write guarded by the revision; `send_reminders` sends them."""
        record = loaded.record
        if record.status != "playing" or loaded.game is None:
            return []
        due = [
            s
            for s in record.seats
            if s.kind == "human"
            and s.waiting_since is not None
            and awake_seconds(
                members.get(s.user or ""),
                s.waiting_since if s.reminded_at is None else s.reminded_at,
                now,
            )
            >= record.remind_after
        ]
        if not due:
            return []
        await self._flush(loaded)
        record = loaded.record
        marked = tuple(replace(s, reminded_at=now) if s in due else s for s in record.seats)
        new = replace(record, seats=marked, revision=record.revision + 1, updated_at=self.clock())
        owed = [
            OwedReminder(record.id, s.position, s.user, now, now - (s.waiting_since or now))
            for s in due
        ]
        await self.store.record_reminders(
            new,
            expected_revision=record.revision,
            changed_seats=[s for s in marked if s not in record.seats],
            owed=owed,
        )
        loaded.record = new
        self._remember(loaded)
        return [self._reminder(loaded, each) for each in owed]

    def _reminder(self, loaded: LoadedTable, owed: OwedReminder) -> Reminder:
        assert loaded.game is not None
        seat = next(s for s in loaded.record.seats if s.position == owed.position)
        text = Text.of(
            "reminder.waiting",
            seat=seat.seat,
            game=game_name(loaded.game),
            waited=duration(owed.waited),
        )
        key = f"{owed.position}.{int(owed.due_at)}"
        return Reminder(TableInfo.of(loaded.record), SeatInfo.of(seat), owed.waited, text, key)

    # ---------------------------------------------------------------- the reminder outbox

    async def owed_reminder_tables(self) -> list[str]:
        """Tables with reminders recorded but not yet sent (a crash or an outage came between)."""
        return list(dict.fromkeys(r.table_id for r in await self.store.owed_reminders()))

    async def send_reminders(
        self, table_id: str, send: Callable[[Reminder], Awaitable[bool]]
    ) -> bool:
        """Send the table's owed reminders through `send` (True once sent), oldest first; each
        leaves the outbox once sent. One no longer of use (the seat moved, was reminded again or
        changed hands, the game ended) leaves unsent. True when none is left owed.

        The table is claimed meanwhile, so processes sharing a PostgreSQL database do not send
        the same reminder together; a reminder sent by a process that died before taking it out
        is sent again, and `key` lets the adapter make Discord drop the second copy.
        """
        async with self.store.claim(table_id) as mine:
            if not mine:
                return False  # another process is at it now
            owed = await self.store.owed_reminders(table_id)
            if not owed:
                return True
            try:
                loaded = await self._current(table_id)
            except errors.UnknownTable:
                owed_to_nobody = owed
            else:
                owed_to_nobody = [each for each in owed if not _still_owed(loaded, each)]
            left = False
            for each in owed:
                if each not in owed_to_nobody and not await send(self._reminder(loaded, each)):
                    left = True  # kept for the next attempt
                    continue
                await self.store.reminder_done(each)
                if each not in owed_to_nobody:
                    metrics.REMINDERS_SENT.inc()
            return not left


def _still_owed(loaded: LoadedTable, owed: OwedReminder) -> bool:
    """Whether the reminder still says something true: the same person's seat is still waiting
    since it was recorded, and no later reminder has replaced it."""
    seat = next((s for s in loaded.record.seats if s.position == owed.position), None)
    return (
        loaded.record.status == "playing"
        and loaded.game is not None
        and seat is not None
        and seat.kind == "human"
        and seat.user == owed.user
        and seat.waiting_since is not None
        and seat.reminded_at == owed.due_at
    )

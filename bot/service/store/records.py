"""What the table service stores and the `Store` protocol every backend implements.

Every write of a table is guarded by its `revision`, so a writer holding a stale copy is refused
(`StaleRevision`) and never applies anything twice. Failures of the storage itself are the
service's typed errors (`bot.service.errors.StorageUnavailable` and its kinds), so adapters
answer them like any other refusal; a database that cannot be used at all is `CannotOpen`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal, Protocol

if TYPE_CHECKING:
    from bot.service.store.health import HealthQueries
    from bot.service.store.members import MemberStore
    from bot.service.store.rematches import RematchStore
    from bot.service.store.reviews import ReviewStore
    from bot.service.store.stats import StatsStore
    from bot.service.store.undo import UndoStore

SeatKind = str  # "human", or the key of an AI kind the game offers
TableStatus = Literal["lobby", "playing", "finished", "abandoned"]
TakeoverMode = Literal["off", "pass", "ai"]
MovedBy = Literal["player", "ai", "auto"]
OPEN_STATUSES: tuple[TableStatus, ...] = ("lobby", "playing")


class StoreError(Exception):
    """A persistence failure the caller can act on."""


class CannotOpen(StoreError):
    """The database cannot be used at all (unreadable, not a database, a newer schema).

    Its message is one line naming the database and the reason, for a supervisor's log.
    """


class StaleRevision(StoreError):
    """The table changed since the caller read it; re-read and decide again."""


class ChannelBusy(StoreError):
    """The channel already has an open table."""


class DuplicateId(StoreError):
    """A table with this id exists already."""


class OverCap(StoreError):
    """The member sits at as many open tables as allowed already; nothing was written."""


@dataclass(frozen=True, slots=True)
class SeatCap:
    """A write that seats `user` may leave them at no more than `most` open tables.

    The store counts and writes in one guarded step (per member), so concurrent joins, even from
    several processes, cannot walk past the cap.
    """

    user: str
    most: int


@dataclass(frozen=True, slots=True)
class SeatRecord:
    """One seat at a table: who sits there and how long they have kept the table waiting."""

    position: int
    seat: str  # the id the game knows this seat by (a display name unique at the table)
    kind: SeatKind
    user: str | None  # the person playing it; None for an AI seat
    lang: str
    joined_at: float
    waiting_since: float | None = None  # set while the seat is among those to act
    reminded_at: float | None = None
    replaced_user: str | None = None  # the person an AI seat took over from


@dataclass(frozen=True, slots=True)
class TableRecord:
    """A table's row and seats; the game state lives in snapshots and the move log."""

    id: str
    channel: str
    guild: str | None
    thread: str | None
    host: str
    game: str | None
    options: Mapping[str, Any]
    seed: int
    status: TableStatus
    version: int  # moves applied; buttons carry it
    revision: int  # bumps with every write of the table; guards concurrent writers
    lang: str
    remind_after: float  # seconds
    takeover_after: float | None  # seconds; None = never
    takeover: TakeoverMode
    created_at: float
    updated_at: float
    finished_at: float | None = None
    seats: tuple[SeatRecord, ...] = field(default_factory=tuple)


@dataclass(frozen=True, slots=True)
class MoveRecord:
    """One entry of the append-only move log."""

    seq: int  # 1 for the first move; equals the table version after it
    seat: str
    notation: str  # canonical English notation; replay parses it
    move: str  # the move's JSON
    secret: bool  # a simultaneous choice: hidden from the public log while the game runs
    by: MovedBy
    played_at: float
    acting: tuple[str, ...] = ()  # the seats that could act before this move


@dataclass(frozen=True, slots=True)
class MessageRecord:
    """A message the adapter posted for a table (a board), so it can be found again."""

    message_id: str
    channel_id: str
    kind: str
    version: int
    posted_at: float


@dataclass(frozen=True, slots=True)
class OwedReminder:
    """A reminder recorded as due and not yet known to be sent (the reminder outbox)."""

    table_id: str
    position: int  # the seat's
    user: str | None  # whom it reminds: a seat given to someone else since owes them nothing
    due_at: float  # when it was recorded: the seat's `reminded_at` from then on
    waited: float  # seconds the seat had kept the table waiting by then


@dataclass(frozen=True, slots=True)
class StoredTable:
    """A table as read in one transaction: its record, latest state and moves, all consistent."""

    record: TableRecord
    state: str | None  # the latest snapshot's JSON (None in the lobby)
    state_version: int  # the version the snapshot is at (0 without one)
    moves: tuple[MoveRecord, ...]  # the last move only, or the whole log when asked for


class Store(Protocol):
    """What the table service needs from persistence; nothing else touches the database."""

    async def create(
        self, table: TableRecord, *, cap: SeatCap | None = None, state: str | None = None
    ) -> None:
        """Insert a new table with its seats (and a snapshot at its version, if given);
        ChannelBusy, DuplicateId or OverCap (`cap` checked in the same step) if it cannot."""

    async def open_in(self, channel: str) -> TableRecord | None:
        """The lobby or running table of a channel (or of a game thread)."""

    async def latest_in(self, channel: str) -> TableRecord | None:
        """The most recent table of a channel or thread, open or not (for a final board)."""

    async def get(self, table_id: str) -> TableRecord | None: ...

    async def load(self, table_id: str, *, history: bool = False) -> StoredTable | None:
        """The table with its latest state and its last move (every move with `history`),
        read in one transaction, so a concurrent writer never yields a torn copy."""

    async def revision(self, table_id: str) -> int | None:
        """The table's current revision: a cheap check that a cached copy is still current."""

    async def save(
        self,
        table: TableRecord,
        *,
        expected_revision: int,
        state: str | None = None,
        cap: SeatCap | None = None,
    ) -> None:
        """Write the table row and all its seats (and a snapshot at its version, if given);
        OverCap if `cap` does not hold (checked in the same step)."""

    async def append(
        self,
        table: TableRecord,
        moves: Sequence[MoveRecord],
        state: str,
        *,
        expected_revision: int,
        changed_seats: Sequence[SeatRecord],
    ) -> None:
        """Write moves (a player's and the AI's answers), the resulting state and the table row
        in one transaction, if the table is still at `expected_revision`; else StaleRevision."""

    async def snapshot(self, table_id: str) -> tuple[int, str] | None:
        """The latest (version, state JSON) of a table."""

    async def moves(self, table_id: str, *, after: int = 0) -> list[MoveRecord]: ...

    async def due(self, now: float, *, stalled_after: float) -> list[str]:
        """Ids of running tables with a seat to remind, to take over, or an AI seat left waiting."""

    def claim(self, table_id: str) -> AbstractAsyncContextManager[bool]:
        """Claim a due table for this process while the context lasts: True if it got it.

        Several processes share the reminders and AI takeovers this way, each table handled by
        one of them at a time; a claim ends with its process, so a crash loses none.
        """
        ...

    async def add_message(self, table_id: str, message: MessageRecord) -> None: ...

    async def messages(self, table_id: str) -> list[MessageRecord]: ...

    async def migrate(self) -> int:
        """Apply the migrations not yet applied (open does it too); the schema version in force."""

    async def table_ids(self) -> list[str]:
        """Every table's id, oldest first (for copying a database)."""

    async def import_table(self, stored: StoredTable, messages: Sequence[MessageRecord]) -> None:
        """Write a table exactly as read from another store (with its whole move log), in one
        transaction; DuplicateId if this store has it already."""

    async def board_version(self, table_id: str) -> int | None:
        """The version of the latest board posted for a table (None: none yet)."""

    async def unposted(self, since: float) -> list[str]:
        """Running or finished tables (changed since `since`) whose latest board is not posted."""

    async def record_reminders(
        self,
        table: TableRecord,
        *,
        expected_revision: int,
        changed_seats: Sequence[SeatRecord],
        owed: Sequence[OwedReminder],
    ) -> None:
        """Write the table row and the seats just reminded, and put their reminders in the
        outbox, in one transaction, if the table is still at `expected_revision`; else
        StaleRevision (and nothing is written)."""

    async def owed_reminders(self, table_id: str | None = None) -> list[OwedReminder]:
        """The reminders in the outbox (of one table, or of all), oldest first."""

    async def owe_reminders(self, owed: Sequence[OwedReminder]) -> None:
        """Put reminders in the outbox (those there already stay as they are)."""

    async def reminder_done(self, reminder: OwedReminder) -> None:
        """Take a reminder out of the outbox: sent, or no longer of use."""

    async def seen_versions(self, table_id: str) -> dict[str, int]:
        """Per seat, the version up to which its private notices were shown to it."""

    async def mark_seen(self, table_id: str, seat: str, version: int) -> None: ...

    async def set_notices_by_dm(self, user: str, wanted: bool) -> None: ...

    async def notices_by_dm(self, users: Sequence[str]) -> set[str]:
        """Those of `users` who want their private notices by direct message."""

    async def dm_wishes(self) -> list[str]:
        """Every member who wants their private notices by direct message (for copying)."""

    async def open_tables_of(self, user: str) -> int:
        """How many open tables (lobby or playing) seat this user."""
        ...

    @property
    def stats(self) -> StatsStore:
        """Finished games' results and the ratings cache (bot.service.store.stats)."""

    @property
    def undo(self) -> UndoStore:
        """Undo requests waiting for consent (bot.service.store.undo)."""

    @property
    def members(self) -> MemberStore:
        """Members' own settings and mentions held over quiet hours (bot.service.store.members)."""

    @property
    def rematches(self) -> RematchStore:
        """Rematches asked for at finished tables (bot.service.store.rematches)."""

    @property
    def health(self) -> HealthQueries:
        """Counts for the metrics: open tables by game, boards owed (bot.service.store.health)."""

    @property
    def reviews(self) -> ReviewStore:
        """Game reviews and their finished parts (bot.service.store.reviews)."""

    async def close(self) -> None: ...

    async def __aenter__(self) -> Store: ...

    async def __aexit__(self, *exc: object) -> None: ...

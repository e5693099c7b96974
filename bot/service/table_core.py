"""The shared machinery of the table service: cached tables, guarded writes, moves and AI turns."""

from __future__ import annotations

import asyncio
import logging
import random
import secrets
import time
import unicodedata
import weakref
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Final, TypeVar

from pydantic import BaseModel

import games
from bot.service import errors, logs, metrics
from bot.service.i18n import Text, duration
from bot.service.players import check_ai_kind, random_move
from bot.service.review import Reviewer
from bot.service.stats import StatsService
from bot.service.store import (
    MovedBy,
    MoveRecord,
    OverCap,
    SeatCap,
    SeatRecord,
    StaleRevision,
    Store,
    TableRecord,
    TakeoverMode,
)
from bot.service.thinking import Thinker
from bot.service.updates import (
    Notice,
    PlayedMove,
    SeatInfo,
    TableInfo,
    Update,
    ai_label,
)
from games.base import Event, Game, GameError, Outcome
from games.review import ReviewBudget

AnyGame = Game[Any, Any, Any]
R = TypeVar("R")
log = logging.getLogger(__name__)

# An AI chain longer than this means a game that never hands the turn back: stop and log.
MAX_AI_MOVES: Final = 5_000
# Refused writes are retried this often after re-reading the table (another process moved).
WRITE_ATTEMPTS: Final = 3
NAME_LENGTH: Final = 24
MIN_REMINDER: Final = 60.0
MAX_REMINDER: Final = 30 * 86400.0


class Unchanged:
    """Marks a setting the caller leaves as it is (None already means 'never')."""


UNCHANGED: Final = Unchanged()


@dataclass(frozen=True)
class TableDefaults:
    """Settings a new table starts with (from config)."""

    lang: str = "en"
    remind_after: float = 24 * 3600.0
    takeover_after: float | None = None
    takeover: TakeoverMode = "off"
    open_tables_per_member: int = 5  # a member may sit at this many open tables at once
    away_days_max: int = 14  # the longest a member may be away (/away days:N)


@dataclass
class LoadedTable:
    """A table as this process holds it: the record, and for a started game its state.

    The state is kept both as its JSON text (what is written, and what a thinking process is
    sent) and, once first used, parsed: parsing it at every call cost more than anything else
    the service does. A parsed state is a few dozen objects for the garbage collector, and the
    collector is tuned for a long-lived process (`bot.service.memory`), so thousands of cached
    tables do not lengthen its pauses noticeably (docs/performance.md, "Table service").

    Moves made during a call wait in `pending` (and `state_json` is None) until `_flush` writes
    them all, with the final state, in one transaction guarded by `written`'s revision.
    """

    record: TableRecord
    game: AnyGame | None
    state_json: str | None
    last_move: MoveRecord | None = None  # tells whether a simultaneous choice is still going on
    parsed: Any | None = None
    pending: list[MoveRecord] = field(default_factory=list)
    written: TableRecord | None = None  # the record as stored, while moves are pending
    # (revision, seat) -> the canonical English notation of that seat's legal moves, as `hand`
    # listed them: a button's notation is then found without formatting every move again.
    # Plain strings, so thousands of cached tables add nothing for the garbage collector to walk.
    offered: dict[tuple[int, str], tuple[str, ...]] = field(default_factory=dict)

    @property
    def state(self) -> Any:
        if self.parsed is None and self.state_json is not None:
            assert self.game is not None
            state = self.game.load(self.state_json)
            # A snapshot read from the store is checked once, here (never on the move path):
            # one that fails is reported by table and violation and not played on.
            problems = self.game.check(state)
            if problems:
                raise errors.SnapshotFailsCheck(table=self.record.id, problem=problems[0])
            self.parsed = state
        return self.parsed

    def set_state(self, state: Any, state_json: str) -> None:
        self.parsed, self.state_json = state, state_json

    def legal_texts(self, seat: str, state: Any) -> tuple[str, ...]:
        """The canonical notation of `seat`'s legal moves in `state` (this copy's state), kept
        for the current revision only."""
        key = (self.record.revision, seat)
        texts = self.offered.get(key)
        if texts is None:
            assert self.game is not None
            texts = legal_notations(self.game, state, seat)
            if any(revision != key[0] for revision, _ in self.offered):
                self.offered = {}
            self.offered[key] = texts
        return texts

    def listed(self, seat: str) -> tuple[str, ...] | None:
        """The notations `legal_texts` listed for `seat` at the current revision, if it did."""
        return self.offered.get((self.record.revision, seat))

    def peek(self) -> Any:
        """The state for reading (reads take no lock: a state is never changed, only replaced)."""
        return self.state


def legal_notations(game: AnyGame, state: Any, seat: str) -> tuple[str, ...]:
    """The canonical (English) notation of `seat`'s legal moves in `state`, in their order:
    what a button naming a move by its index points into."""
    return tuple(game.format(m, lang="en") for m in game.legal_moves(state, seat))


def _default_id() -> str:
    return secrets.token_hex(4)


def _default_seed() -> int:
    return secrets.randbits(48)


def clean_name(name: str) -> str:
    """A display name safe to show anywhere: without control and format characters (bidi
    overrides, zero-width joiners and spaces), whitespace collapsed, at most NAME_LENGTH long."""
    kept = "".join(
        " " if c.isspace() else c
        for c in unicodedata.normalize("NFKC", name)
        if c.isspace() or unicodedata.category(c)[0] != "C"
    )
    return " ".join(kept.split())[:NAME_LENGTH].strip()


def seat_name(name: str, taken: Sequence[str]) -> str:
    """A seat name from a display name: cleaned, short, and unique at the table (so two names
    that look alike once cleaned are told apart by a number)."""
    base = clean_name(name) or "Player"
    folded = {t.casefold() for t in taken}
    candidate, n = base, 1
    while candidate.casefold() in folded:
        n += 1
        candidate = f"{base[: NAME_LENGTH - 3]} {n}"
    return candidate


def game_name(game: AnyGame) -> Text:
    return Text(en=game.names["en"], ja=game.names.get("ja", game.names["en"]))


def seat_names(seats: Sequence[SeatInfo | SeatRecord]) -> Text:
    infos = [s if isinstance(s, SeatInfo) else SeatInfo.of(s) for s in seats]
    return Text.each(lambda lang: ", ".join(s.label(lang) for s in infos))


def describe_event(game: AnyGame, event: Event) -> Text:
    return Text.each(lambda lang: game.describe(event, lang=lang))


class UpdateBuilder:
    """Collects what happens during one service call into an Update."""

    def __init__(self) -> None:
        self.headline: list[Text] = []
        self.moves: list[PlayedMove] = []
        self.private: list[Notice] = []

    def add_move(
        self,
        game: AnyGame,
        record: TableRecord,
        move_record: MoveRecord,
        move: BaseModel,
        state: Any,
        waited: float | None,
    ) -> None:
        seat = move_record.seat
        user = next((s.user for s in record.seats if s.seat == seat), None)
        notation = Text.each(lambda lang: game.format(move, lang=lang))
        if move_record.secret:
            # A simultaneous choice: the channel learns only that it was made.
            if move_record.by == "auto":
                text = (
                    Text.of("move.auto_secret_late", seat=seat)
                    if waited is None
                    else Text.of("move.auto_secret", seat=seat, waited=duration(waited))
                )
            else:
                text = Text.of("move.secret", seat=seat)
            if user is not None:
                self.private.append(Notice(seat, user, Text.of("move.your_secret", move=notation)))
        elif move_record.by == "auto":
            text = (
                Text.of("move.auto_late", seat=seat, move=notation)
                if waited is None
                else Text.of("move.auto", seat=seat, waited=duration(waited), move=notation)
            )
        else:
            text = Text.of("move.played", seat=seat, move=notation)
        public = self.narrate(game, record, state)
        self.moves.append(
            PlayedMove(
                seq=move_record.seq,
                seat=seat,
                by=move_record.by,
                notation=None if move_record.secret else move_record.notation,
                text=text,
                events=tuple(public),
                words=None if move_record.secret else notation,
            )
        )

    def narrate(self, game: AnyGame, record: TableRecord, state: Any) -> list[Text]:
        """The public words of the state's events; private ones become their owner's notices."""
        public: list[Text] = []
        for event in game.events(state):
            words = describe_event(game, event)
            if event.private_to is None:
                public.append(words)
            else:
                owner = next((s.user for s in record.seats if s.seat == event.private_to), None)
                if owner is not None:  # nobody reads an AI seat's notices
                    self.private.append(Notice(event.private_to, owner, words))
        return public

    def build(self, loaded: LoadedTable) -> Update:
        """The Update of the call."""
        game, state, record = loaded.game, loaded.state, loaded.record
        assert game is not None and state is not None
        acting = game.to_act(state)
        outcome = game.outcome(state)
        closing: list[Text] = []
        if outcome is not None:
            closing.append(Text.of("game.over"))
            closing.extend(
                Text.of(
                    "game.standing.one" if s.score == 1 else "game.standing",
                    rank=s.rank,
                    seat=s.seat,
                    score=s.score,
                )
                for s in outcome.standings
            )
        return Update(
            table=TableInfo.of(record),
            headline=tuple(self.headline),
            moves=tuple(self.moves),
            private=tuple(self.private),
            to_act=tuple(SeatInfo.of(s) for s in record.seats if s.seat in acting),
            view=game.view(state, None),
            outcome=outcome,
            closing=tuple(closing),
        )


class TableCore:
    """Holds the store, the clock and this process's cache; commits moves and plays AI seats."""

    def __init__(
        self,
        store: Store,
        *,
        clock: Callable[[], float] = time.time,
        new_id: Callable[[], str] = _default_id,
        new_seed: Callable[[], int] = _default_seed,
        defaults: TableDefaults | None = None,
        cache_size: int = 2_000,
        stalled_after: float = 30.0,
        thinker: Thinker | None = None,
        review_budget: ReviewBudget | None = None,
    ) -> None:
        self.store = store
        self.stats = StatsService(store)
        self.clock = clock
        self.new_id = new_id
        self.new_seed = new_seed
        self.defaults = defaults or TableDefaults()
        self.stalled_after = stalled_after  # an AI seat waiting this long was left by a crash
        self.thinker = thinker or Thinker()  # slow AI kinds think in its process pool
        # Reviews of finished games run in the same pool (whichever thinker is set then).
        self.reviews = Reviewer(store, lambda: self.thinker, review_budget)
        self._cache: OrderedDict[str, LoadedTable] = OrderedDict()
        self._cache_size = cache_size
        # A lock lives while someone holds or awaits it, so idle tables cost no memory here.
        self._locks: weakref.WeakValueDictionary[str, asyncio.Lock] = weakref.WeakValueDictionary()

    # ---------------------------------------------------------------- plumbing

    def _lock(self, key: str) -> asyncio.Lock:
        lock = self._locks.get(key)
        if lock is None:
            lock = self._locks[key] = asyncio.Lock()
        return lock

    async def settle(self, timeout: float) -> bool:
        """Wait (at most `timeout` seconds) until no table or lobby is being written, e.g. to
        stop the process; whether it is so."""
        deadline = asyncio.get_running_loop().time() + timeout
        while any(lock.locked() for lock in list(self._locks.values())):
            if asyncio.get_running_loop().time() >= deadline:
                return False
            await asyncio.sleep(0.02)
        return True

    def _game(self, game_id: str) -> AnyGame:
        try:
            return games.get(game_id)
        except KeyError:
            known = ", ".join(g.id for g in games.all())
            raise errors.UnknownGame(game=errors.clip_input(game_id), known=known) from None

    def _remember(self, loaded: LoadedTable) -> LoadedTable:
        cached = self._cache.get(loaded.record.id)
        # A slow reader must not replace a newer copy written meanwhile by this process.
        if cached is None or cached.record.revision <= loaded.record.revision:
            self._cache[loaded.record.id] = loaded
            self._cache.move_to_end(loaded.record.id)
            while len(self._cache) > self._cache_size:
                self._cache.popitem(last=False)
            return loaded
        return cached

    def _forget(self, table_id: str) -> None:
        self._cache.pop(table_id, None)

    async def _read(self, table_id: str) -> LoadedTable:
        """The table from the database: its record and, once started, its latest snapshot and
        last move, read in one transaction (another process may be writing it meanwhile)."""
        stored = await self.store.load(table_id)
        if stored is None:
            raise errors.UnknownTable(table=table_id)
        record = stored.record
        if record.status == "lobby" or record.game is None:
            return self._remember(LoadedTable(record, None, None))
        try:
            game = games.get(record.game)
        except KeyError:
            raise errors.GameUnavailable(game=record.game) from None
        last = stored.moves[-1] if stored.moves else None
        return self._remember(LoadedTable(record, game, stored.state, last))

    async def _cached(self, table_id: str) -> LoadedTable:
        """This process's copy (loading it if absent); writes detect a stale copy themselves."""
        loaded = self._cache.get(table_id)
        return loaded if loaded is not None else await self._read(table_id)

    async def _current(self, table_id: str) -> LoadedTable:
        """A copy known to be current: checked against the database's revision (for reads)."""
        loaded = self._cache.get(table_id)
        if loaded is not None and await self.store.revision(table_id) == loaded.record.revision:
            return loaded
        return await self._read(table_id)

    async def _writing(
        self,
        table_id: str,
        work: Callable[[LoadedTable], Awaitable[R]],
        *,
        check: bool = True,
        rejudge: Callable[[LoadedTable], Awaitable[R]] | None = None,
    ) -> R:
        """Run a write of the table under its lock; when another process wrote the table first
        (StaleRevision), re-read it and run `work` again, like `act` does.

        With `check`, the cached copy is first checked against the database's revision (cheap);
        without, a stale copy is found by the write itself, or, when `work` refuses (a
        TableError) without writing, by checking the revision then: a copy another process
        made stale is read again and the request judged anew by `rejudge` (default `work`).
        """
        logs.TABLE.set(table_id)  # the table of this task's log records (log_format = "json")
        async with self._lock(table_id):
            checked = check
            for attempt in range(WRITE_ATTEMPTS):
                loaded = self._working(
                    await (self._current(table_id) if checked else self._cached(table_id))
                )
                judged_on = loaded.record.revision
                try:
                    return await work(loaded)
                except StaleRevision:
                    self._forget(table_id)
                    checked = True  # the copy is read afresh: a refusal now is the table's own
                    if attempt == WRITE_ATTEMPTS - 1:
                        raise errors.StaleBoard() from None
                except errors.TableError as error:
                    # Only a pure refusal is judged again: nothing made, nothing written, and
                    # not the storage failing (a write may have happened before it failed).
                    refused = not loaded.pending and loaded.record.revision == judged_on
                    if (
                        checked
                        or not refused
                        or isinstance(error, errors.StorageUnavailable)
                        or await self.store.revision(table_id) == judged_on
                    ):
                        if loaded.pending:  # moves made in memory but never written
                            self._forget(table_id)
                        raise
                    self._forget(table_id)
                    checked = True
                    work = rejudge or work
                except BaseException:
                    if loaded.pending:  # moves made in memory but never written
                        self._forget(table_id)
                    raise
            raise AssertionError("unreachable")

    @staticmethod
    def _working(loaded: LoadedTable) -> LoadedTable:
        """A copy to make moves on: readers of the cached copy never see a move before it is
        written, and a failed write leaves the cache as it was."""
        return replace(loaded, pending=[], written=None, offered=dict(loaded.offered))

    async def _flush(self, loaded: LoadedTable) -> None:
        """Write the moves made since the last write (a player's and the AI's answers) with the
        resulting state and record in one transaction, guarded by the revision they started from."""
        if not loaded.pending:
            return
        written = loaded.written
        assert written is not None and loaded.parsed is not None
        state_json = loaded.parsed.model_dump_json()
        record = loaded.record
        changed = [new for new, old in zip(record.seats, written.seats, strict=True) if new != old]
        try:
            await self.store.append(
                record,
                loaded.pending,
                state_json,
                expected_revision=written.revision,
                changed_seats=changed,
            )
        except BaseException:
            self._forget(record.id)  # this copy is ahead of the database now
            raise
        for move in loaded.pending:
            metrics.MOVES.labels(record.game or "", move.by).inc()
        state = loaded.parsed
        loaded.state_json, loaded.pending, loaded.written = state_json, [], None
        self._remember(loaded)
        if record.status == "finished" and written.status != "finished":
            # Only once the last move is written: a refused write records no result.
            assert loaded.game is not None
            await self._record_result(record, loaded.game.outcome(state))

    async def _save(
        self,
        loaded: LoadedTable,
        record: TableRecord,
        state: Any | None = None,
        *,
        cap: SeatCap | None = None,
    ) -> None:
        """Write a changed record (and the starting state) guarded by the revision read, and by
        the member's open-table cap when the write seats someone (`cap`)."""
        await self._flush(loaded)
        new = replace(record, revision=loaded.record.revision + 1, updated_at=self.clock())
        state_json = None if state is None else state.model_dump_json()
        try:
            await self.store.save(
                new, expected_revision=loaded.record.revision, state=state_json, cap=cap
            )
        except OverCap:
            assert cap is not None
            raise errors.TooManyTables(max=cap.most) from None
        loaded.record = new
        if state is not None and state_json is not None:
            loaded.set_state(state, state_json)
        self._remember(loaded)

    @staticmethod
    def _seat_of(record: TableRecord, user: str) -> SeatRecord:
        seat = next((s for s in record.seats if s.user == user), None)
        if seat is None:
            raise errors.NotSeated()
        return seat

    @staticmethod
    def _require_host(record: TableRecord, user: str, moderator: bool) -> None:
        if moderator or record.host == user:
            return
        host = next((s.seat for s in record.seats if s.user == record.host), record.host)
        raise errors.NotHost(host=host)

    def _playing(self, loaded: LoadedTable) -> tuple[AnyGame, Any]:
        status = loaded.record.status
        if status == "lobby":
            raise errors.NotStarted()
        if status == "abandoned":
            raise errors.TableClosed()
        if status == "finished":
            raise errors.GameFinished()
        assert loaded.game is not None and loaded.state is not None
        return loaded.game, loaded.state

    async def _commit(
        self,
        loaded: LoadedTable,
        seat: SeatRecord,
        move: BaseModel,
        by: MovedBy,
        builder: UpdateBuilder,
        waited: float | None = None,
        applied: Any | None = None,
    ) -> None:
        """Apply one move in memory; `_flush` writes it with the moves that follow it."""
        game, state = loaded.game, loaded.state
        assert game is not None
        record = loaded.record
        before = game.to_act(state)
        new_state = applied if applied is not None else game.apply(state, seat.seat, move)
        after = game.to_act(new_state)
        finished = game.outcome(new_state) is not None or not after
        now = self.clock()
        seats: list[SeatRecord] = []
        for s in record.seats:
            # A seat still waiting keeps its start time; a seat that just moved starts afresh.
            keep = s.seat in after and s.seat in before and s.seat != seat.seat
            if s.seat in after and not finished:
                new = s if keep else replace(s, waiting_since=now, reminded_at=None)
            elif s.waiting_since is None and s.reminded_at is None:
                new = s  # not waiting, and not about to: unchanged (most seats, most moves)
            else:
                new = replace(s, waiting_since=None, reminded_at=None)
            seats.append(new)
        new_record = replace(
            record,
            version=record.version + 1,
            revision=record.revision + 1,
            status="finished" if finished else "playing",
            updated_at=now,
            finished_at=now if finished else None,
            seats=tuple(seats),
        )
        move_record = MoveRecord(
            seq=record.version + 1,
            seat=seat.seat,
            notation=game.format(move, lang="en"),
            move=move.model_dump_json(),
            secret=self._is_secret(loaded.last_move, before),
            by=by,
            played_at=now,
            acting=tuple(sorted(before)),
        )
        if not loaded.pending:
            loaded.written = record
        loaded.pending.append(move_record)
        loaded.record, loaded.last_move = new_record, move_record
        loaded.parsed, loaded.state_json = new_state, None  # written by _flush
        builder.add_move(game, new_record, move_record, move, new_state, waited)

    async def _record_result(self, record: TableRecord, outcome: Outcome | None) -> None:
        """Ratings and statistics of a finished game; a failure there never undoes the move."""
        if outcome is None:
            return
        try:
            await self.stats.record(record, outcome)
        except Exception:
            log.exception(
                "table %s: recording the result failed; `python -m bot rebuild-ratings` repairs it",
                record.id,
            )

    @staticmethod
    def _is_secret(last: MoveRecord | None, acting: frozenset[str]) -> bool:
        """Whether a move is a simultaneous choice, whose notation the channel must not see.

        It is when several seats may act now, and also for the last seats of a simultaneous
        choice still going on (the game reveals the choices itself, in its events). This errs
        towards hiding: a single-seat turn right after a simultaneous one is hidden too.
        """
        if len(acting) > 1:
            return True
        return last is not None and last.secret and acting <= set(last.acting)

    async def _play_ai(self, loaded: LoadedTable, builder: UpdateBuilder) -> None:
        """Let AI seats move until a human must act or the game ends; then write every move made
        (the move before and the AI's answers) in one transaction."""
        await self._ai_moves(loaded, builder)
        await self._flush(loaded)

    async def _ai_moves(self, loaded: LoadedTable, builder: UpdateBuilder) -> None:
        game = loaded.game
        assert game is not None
        for _ in range(MAX_AI_MOVES):
            if loaded.record.status != "playing":
                return
            acting = game.to_act(loaded.state)
            seat = next(
                (s for s in loaded.record.seats if s.kind != "human" and s.seat in acting), None
            )
            if seat is None:
                return
            # Seeded by table and version: the same position gets the same AI move anywhere.
            seed = f"{loaded.record.seed}:{loaded.record.version}:{seat.seat}"
            # Slow kinds think in a process pool: the loop and other tables go on meanwhile.
            started = time.perf_counter()
            move = await self.thinker.choose(
                game, loaded.state, loaded.state_json, seat.seat, seat.kind, seed
            )
            metrics.AI_SECONDS.labels(seat.kind).observe(time.perf_counter() - started)
            try:
                await self._commit(loaded, seat, move, "ai", builder)
            except GameError:
                # The human's move is already written: a faulty AI must not turn it into an error.
                log.exception("AI %s chose an illegal move at %s", seat.kind, loaded.record.id)
                fallback = random_move(game, loaded.state, seat.seat, random.Random(seed))
                await self._commit(loaded, seat, fallback, "ai", builder)
        log.error(
            "table %s: AI seats made %d moves in a row; stopped", loaded.record.id, MAX_AI_MOVES
        )

    async def _hand_to_ai(
        self, table_id: str, user: str, target: str, kind: str, *, leaving: bool
    ) -> Update:
        return await self._writing(
            table_id, lambda loaded: self._hand_seat(loaded, user, target, kind, leaving=leaving)
        )

    async def _hand_seat(
        self, loaded: LoadedTable, user: str, target: str, kind: str, *, leaving: bool
    ) -> Update:
        self._playing(loaded)
        record = loaded.record
        check_ai_kind(loaded.game, kind)
        if leaving:
            seat: SeatRecord | None = self._seat_of(record, user)
        else:
            seat = next(
                (s for s in record.seats if target in (s.user, s.seat) and s.kind == "human"),
                None,
            )
        if seat is None:
            if any(target == s.seat for s in record.seats):
                raise errors.NotHumanSeat(name=target)
            raise errors.UnknownSeat(name=errors.clip_input(target))
        ai = replace(seat, kind=kind, user=None, replaced_user=seat.user)
        seats = tuple(ai if s is seat else s for s in record.seats)
        humans = [s for s in seats if s.kind == "human"]
        key = "table.left_game" if leaving else "table.replaced"
        line = Text.of(key, name=seat.seat, kind=ai_label(kind))
        builder = UpdateBuilder()
        builder.headline.append(line)
        if not humans:
            await self._save(loaded, replace(record, seats=seats, status="abandoned"))
            builder.headline.append(Text.of("lobby.closed"))
            return builder.build(loaded)
        host = record.host if record.host != seat.user else humans[0].user or record.host
        await self._save(loaded, replace(record, seats=seats, host=host))
        await self._play_ai(loaded, builder)
        return builder.build(loaded)

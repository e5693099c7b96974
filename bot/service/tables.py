"""TableService: lobbies, seats, moves, turn notices, reminders and host actions. No Discord here.

Adapters (the Discord cogs, the console) call these methods and show what comes back. Every
refusal is a `TableError` carrying a message key; nothing is changed when one is raised. The
database is the truth: each process keeps a cache of the states it holds, but every write is
guarded by the table's revision, so a cache made stale by another process is detected and reloaded.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import replace
from typing import Any, Final

from pydantic import BaseModel

from bot.service import errors
from bot.service.catchup import CatchUpActions
from bot.service.errors import game_text
from bot.service.i18n import Text
from bot.service.lobby import LobbyActions
from bot.service.members import MemberActions
from bot.service.positions import position_for
from bot.service.rematch import RematchActions
from bot.service.reminders import ReminderActions
from bot.service.replay import Verification, verify
from bot.service.store import (
    MessageRecord,
    MoveRecord,
    SeatRecord,
)
from bot.service.table_core import (
    UNCHANGED,
    AnyGame,
    LoadedTable,
    TableCore,
    TableDefaults,
    UpdateBuilder,
    legal_notations,
    seat_names,
)
from bot.service.undo import UndoActions
from bot.service.undo_log import move_words, replay_states, undo_target, undo_words
from bot.service.updates import (
    Changed,
    Hand,
    LogEntry,
    SeatInfo,
    Status,
    TableInfo,
    Update,
)
from games.base import GameError, GameOver, IllegalMove, InvalidMove, normalise

__all__ = ["UNCHANGED", "TableDefaults", "TableService"]

log = logging.getLogger(__name__)
# Versions count moves; a button's version has at most 9 digits, and SQLite's integers are 64-bit.
MAX_VERSION: Final = 10**9
# Typed moves longer than this are refused unread (notations are a few words).
MOVE_TEXT_MAX: Final = 500


def _starts_a_move(game: AnyGame, text: str) -> bool:
    """Whether typed text is just a move's verb (`buy`): "nothing matches" says more than the
    parser's complaint about the missing rest."""
    words = normalise(text).split(" ")
    if len(words) != 1 or not words[0]:
        return False
    verbs = set()
    for command in game.commands.commands if game.commands is not None else ():
        verbs.add(normalise(command.template).split(" ")[0])
        verbs.update(normalise(name) for name in command.names.values())
    return words[0] in verbs


def _listed(loaded: LoadedTable, seat: str, move: str | BaseModel) -> str | BaseModel:
    """The legal move a typed notation names when it is, exactly, one `hand` listed for this
    revision (a button's choice): found by its place in the list instead of by formatting and
    comparing every legal move in every language; anything else is left to `resolve`."""
    texts = loaded.listed(seat)
    if not isinstance(move, str) or texts is None or move not in texts:
        return move
    game, index = loaded.game, texts.index(move)
    assert game is not None
    moves = game.legal_moves(loaded.state, seat)
    if index < len(moves) and game.format(moves[index], lang="en") == move:
        chosen: BaseModel = moves[index]
        return chosen
    return move


def _others_chose(since: Sequence[MoveRecord], seat: str) -> bool:
    """Whether the moves `since` (some) are all other seats' secret choices made while `seat`
    owed its own: a simultaneous step still open for it."""
    return bool(since) and all(m.secret and m.seat != seat and seat in m.acting for m in since)


def _only_others_chose(
    since: Sequence[MoveRecord],
    seat: str,
    game: AnyGame | None,
    loaded: LoadedTable,
    move: str | BaseModel,
) -> bool:
    """Whether every move since a click's version is another seat's secret choice made while
    `seat` owed its own (a simultaneous step still open for it), and the clicked move is still
    one of its legal moves: nothing the seat could see has changed but who has chosen."""
    if game is None or loaded.record.status != "playing" or not _others_chose(since, seat):
        return False
    state = loaded.state
    if seat not in game.to_act(state):
        return False
    asked = move if isinstance(move, str) else game.format(move, lang="en")
    return asked in loaded.legal_texts(seat, state)


class TableService(
    RematchActions,
    LobbyActions,
    ReminderActions,
    CatchUpActions,
    UndoActions,
    MemberActions,
    TableCore,
):
    """Lobbies, games and reminders for any number of channels; one lock per table."""

    # ---------------------------------------------------------------- finding tables

    async def find(self, channel: str, *, closed_too: bool = False) -> TableInfo | None:
        """The open table (lobby or running) of a channel or game thread, if any.

        With `closed_too`, the channel's latest table even when finished or abandoned (so
        /status and /log can still show a game that just ended).
        """
        if closed_too:
            record = await self.store.latest_in(channel)
        else:
            record = await self.store.open_in(channel)
        return None if record is None else TableInfo.of(record)

    async def info(self, table_id: str) -> TableInfo:
        return TableInfo.of((await self._current(table_id)).record)

    async def set_thread(self, table_id: str, thread: str) -> TableInfo:
        """Record the thread the adapter opened for the game, so commands there find the table."""

        async def write(loaded: LoadedTable) -> TableInfo:
            await self._save(loaded, replace(loaded.record, thread=thread))
            return TableInfo.of(loaded.record)

        return await self._writing(table_id, write)

    # ---------------------------------------------------------------- playing

    async def act(
        self, table_id: str, user: str, move: str | BaseModel, *, version: int | None = None
    ) -> Update:
        """Play `move` (notation, as typed, or a Move) for `user`'s seat; AI seats then answer.

        `version` is the state version the request was built on (a button carries it): if it is
        not current the request is refused. Without it, the version this process knew when the
        request arrived is used, so two identical requests racing apply only once.
        """
        if version is not None and not (isinstance(version, int) and 0 <= version <= MAX_VERSION):
            raise errors.StaleBoard()  # no board ever showed it (a forged or garbled request)
        seen = version if version is not None else (await self._cached(table_id)).record.version
        strict = version is not None
        update = await self._act_guarded(table_id, user, move, seen, strict, version)
        try:
            await self._came_back(user)  # a move ends its player's away
        except Exception:  # the move is written: it must not be reported as failed
            log.exception("table %s: ending the away of %s failed", table_id, user)
        return update

    async def _act_guarded(
        self,
        table_id: str,
        user: str,
        move: str | BaseModel,
        seen: int,
        strict: bool,
        version: int | None,
    ) -> Update:
        # A stale cached copy is found by the write's revision guard; then the table is re-read
        # and the request judged again. A copy another process made stale before the request
        # arrived says nothing of what its sender saw: the request is then judged on the table
        # as it is now, as if it had just arrived.
        return await self._writing(
            table_id,
            lambda loaded: self._act(loaded, user, move, seen, strict),
            check=False,
            rejudge=lambda loaded: self._act(
                loaded, user, move, loaded.record.version if version is None else version, strict
            ),
        )

    async def _act(
        self, loaded: LoadedTable, user: str, move: str | BaseModel, seen: int, strict: bool
    ) -> Update:
        # The guards run in a fixed order, each with its own error (boardgame.io's order).
        game, state = self._playing(loaded)
        record = loaded.record
        seat = self._seat_of(record, user)
        if seen != record.version:
            await self._check_not_played(loaded, seat, move, seen, strict)
        acting = game.to_act(state)
        if seat.seat not in acting:
            waiting = [s for s in record.seats if s.seat in acting]
            raise errors.NotYourTurn(waiting=seat_names(waiting))
        chosen, applied = self._resolve(game, state, seat.seat, _listed(loaded, seat.seat, move))
        builder = UpdateBuilder()
        await self._commit(loaded, seat, chosen, "player", builder, applied=applied)
        try:
            await self._ai_moves(loaded, builder)
        except Exception:
            # A faulty AI must not cost the player the move: what was made is written below and
            # reported as done; the AI answers at the next tick.
            log.exception("table %s: the AI's answer failed; left to the next tick", record.id)
        # The player's move and the AI's answers in one transaction: if it fails, neither is
        # written and the player is told so (never a move written but reported failed).
        await self._flush(loaded)
        return builder.build(loaded)

    async def _check_not_played(
        self,
        loaded: LoadedTable,
        seat: SeatRecord,
        move: str | BaseModel,
        seen: int,
        strict: bool,
    ) -> None:
        """Refuse a request built on version `seen` if its seat has moved since (a double click),
        or if the seat could not act at `seen` (typed while another move was being processed).

        Only the very move played since is "already played"; another option clicked on the same
        old board is refused as a stale board.
        """
        record, game = loaded.record, loaded.game
        since = await self.store.moves(record.id, after=seen)
        own = [m for m in since if m.seat == seat.seat]
        if own and game is not None and undo_target(own[0]) is None:
            asked = move if isinstance(move, str) else game.format(move, lang="en")
            if not strict or normalise(asked) == normalise(own[0].notation):
                # The error goes only to this player, so even a secret choice may be named.
                played = game.parse(own[0].notation)
                raise errors.AlreadyPlayed(
                    move=Text.each(lambda lang: game.format(played, lang=lang))
                )
        if strict and not own and _only_others_chose(since, seat.seat, game, loaded, move):
            # Clicked a moment before the board changed, and all that changed since is that
            # others made their secret choices of the same step: the member saw what is there
            # now (but the marks of who has chosen), and the move is still theirs to make.
            return
        if strict or own:
            raise errors.StaleBoard()
        if since and seat.seat not in since[0].acting:
            # The turn passed to this seat only after the request arrived: it was sent out of turn.
            waiting = [s for s in record.seats if s.seat in since[0].acting]
            raise errors.NotYourTurn(waiting=seat_names(waiting))

    async def offered_at(self, table_id: str, user: str, version: int) -> tuple[str, ...]:
        """`user`'s legal moves, in order and in canonical notation, on the board of `version`
        (what a button naming a move by its index there means): the moves now, or, on an older
        board whose click may still be taken (every move since is another seat's secret choice
        of a step the seat still owes), the moves the seat had at `version`, replayed from the
        log. Any other older board is refused as out of date."""
        loaded = await self._current(table_id)
        record, game, state = loaded.record, loaded.game, loaded.peek()
        if record.status == "lobby" or game is None:
            raise errors.NotStarted()
        seat = self._seat_of(record, user).seat
        if record.status != "playing":
            return ()  # no move is offered any more: the click is out of date
        if version == record.version:
            return loaded.legal_texts(seat, state) if seat in game.to_act(state) else ()
        if not 0 <= version < record.version:
            raise errors.StaleBoard()
        logged = await self.store.moves(record.id)
        if not _others_chose([m for m in logged if m.seq > version], seat):
            raise errors.StaleBoard()
        then = replay_states(game, record, [m for m in logged if m.seq <= version])[-1]
        return legal_notations(game, then, seat)

    @staticmethod
    def _resolve(
        game: AnyGame, state: Any, seat: str, move: str | BaseModel
    ) -> tuple[BaseModel, Any]:
        """The move meant and the state it leads to; the game's refusals become TableErrors."""
        if isinstance(move, str) and len(move) > MOVE_TEXT_MAX:
            # No move's notation is this long; the game need not read it, nor the reply quote it.
            raise errors.MoveNotUnderstood(detail=Text.plain(errors.clip_input(move)))
        try:
            chosen: BaseModel = game.resolve(state, seat, move) if isinstance(move, str) else move
            return chosen, game.apply(state, seat, chosen)
        except InvalidMove as error:
            raise errors.MoveNotUnderstood(detail=game_text(error)) from None
        except IllegalMove as error:
            if isinstance(move, str) and not error.candidates and not _starts_a_move(game, move):
                # resolve says only "nothing matches"; text that is no move at all says so.
                try:
                    game.parse(move)
                except InvalidMove as unparsed:
                    raise errors.MoveNotUnderstood(detail=game_text(unparsed)) from None
            raise errors.MoveNotAllowed(
                candidates=error.candidates, detail=game_text(error)
            ) from None
        except GameOver:
            raise errors.GameFinished() from None
        except GameError as error:
            raise errors.MoveNotAllowed(detail=game_text(error)) from None

    # ---------------------------------------------------------------- looking

    async def status(self, table_id: str) -> Status:
        """The public view of a running or finished game."""
        loaded = await self._current(table_id)
        if loaded.record.status == "lobby" or loaded.game is None:
            raise errors.NotStarted()
        game, state = loaded.game, loaded.peek()
        acting = game.to_act(state)
        return Status(
            table=TableInfo.of(loaded.record),
            to_act=tuple(SeatInfo.of(s) for s in loaded.record.seats if s.seat in acting),
            view=game.view(state, None),
            outcome=game.outcome(state),
            waiting_since={
                s.seat: s.waiting_since for s in loaded.record.seats if s.waiting_since is not None
            },
        )

    async def hand(self, table_id: str, user: str) -> Hand:
        """What `user`'s seat alone may see, with its legal moves now."""
        loaded = await self._current(table_id)
        if loaded.record.status == "lobby" or loaded.game is None:
            raise errors.NotStarted()
        seat = self._seat_of(loaded.record, user)
        game, state = loaded.game, loaded.peek()
        acting = loaded.record.status == "playing" and seat.seat in game.to_act(state)
        return Hand(
            table=TableInfo.of(loaded.record),
            seat=SeatInfo.of(seat),
            view=game.view(state, seat.seat),
            to_act=acting,
            legal_moves=loaded.legal_texts(seat.seat, state) if acting else (),
        )

    async def position(self, table_id: str, user: str | None = None) -> str:
        """The game as position text: all of it once over; while it runs, what `user` may see."""
        loaded = await self._current(table_id)
        if loaded.record.status == "lobby" or loaded.game is None:
            raise errors.NotStarted()
        return position_for(loaded.game, loaded.record, loaded.peek(), user)

    async def log(self, table_id: str, user: str | None = None) -> tuple[LogEntry, ...]:
        """The move log in notation; secret choices are shown only to their own seat until the end."""
        loaded = await self._current(table_id)
        own = next((s.seat for s in loaded.record.seats if user and s.user == user), None)
        # A seat handed to an AI keeps the secrets its former holder made there, but from the
        # moment it left them (its moves by the AI) they see what the public sees.
        former = next(
            (s.seat for s in loaded.record.seats if user and s.replaced_user == user), None
        )
        over = loaded.record.status in ("finished", "abandoned")
        game = loaded.game
        entries = []
        for m in await self.store.moves(table_id):
            mine = m.seat == own or (m.seat == former and m.by != "ai")
            shown = over or not m.secret or mine
            words = None
            undone = undo_target(m)
            if undone is not None:
                words = undo_words(undone)
            elif shown and game is not None:
                words = move_words(game, m.notation)
            entries.append(
                LogEntry(
                    seq=m.seq,
                    seat=m.seat,
                    by=m.by,
                    notation=m.notation if shown else None,
                    played_at=m.played_at,
                    words=words,
                )
            )
        return tuple(entries)

    async def verify(self, table_id: str) -> Verification:
        """Replay the move log from the seed and compare with the latest snapshot."""
        return await verify(self.store, table_id)

    # ---------------------------------------------------------------- host and moderators

    async def abandon(self, table_id: str, user: str, *, moderator: bool = False) -> Changed:
        """Close an open table for good (host or moderator)."""

        async def write(loaded: LoadedTable) -> Changed:
            record = loaded.record
            if record.status == "abandoned":
                raise errors.TableClosed()
            if record.status == "finished":
                raise errors.GameFinished()
            self._require_host(record, user, moderator)
            seats = tuple(replace(s, waiting_since=None, reminded_at=None) for s in record.seats)
            await self._save(loaded, replace(record, status="abandoned", seats=seats))
            who = next((s.seat for s in record.seats if s.user == user), user)
            return Changed(TableInfo.of(loaded.record), Text.of("table.abandoned", name=who))

        return await self._writing(table_id, write)

    async def replace_with_ai(
        self,
        table_id: str,
        user: str,
        target: str,
        kind: str = "greedy",
        *,
        moderator: bool = False,
    ) -> Update:
        """Hand the seat of `target` (a seat name or user id) to an AI (host or moderator)."""
        loaded = await self._current(table_id)
        self._require_host(loaded.record, user, moderator)
        return await self._hand_to_ai(table_id, user, target, kind, leaving=False)

    async def record_message(
        self,
        table_id: str,
        message_id: str,
        channel_id: str,
        *,
        kind: str = "board",
        version: int | None = None,
    ) -> None:
        """Remember a message the adapter posted for the table (e.g. a board) and its version
        (the table's current one unless given): a board is owed while none has that version."""
        if version is None:
            version = (await self._cached(table_id)).record.version
        message = MessageRecord(message_id, channel_id, kind, version, self.clock())
        await self.store.add_message(table_id, message)

    async def messages(self, table_id: str) -> list[MessageRecord]:
        return await self.store.messages(table_id)

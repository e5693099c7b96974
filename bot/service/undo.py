"""Undo with consent: take back your last move if nothing hidden was revealed since and everyone agrees.

The asker's last move (and every move after it) must not have revealed anything hidden
(`Game.reveals`). The other human players are asked; AI seats agree; one refusal, a timeout or any
move in the meantime cancels the request. An accepted undo is appended to the move log (the move
stays there, followed by its undo), so the log still replays from the seed.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Literal

from bot.service import errors
from bot.service.after_errors import UndoRefused, after_text
from bot.service.i18n import Text
from bot.service.store import MoveRecord, SeatRecord, StaleRevision, TableRecord
from bot.service.store.undo import UndoRecord
from bot.service.table_core import WRITE_ATTEMPTS, LoadedTable, TableCore, UpdateBuilder
from bot.service.undo_log import (
    live_moves,
    public_words,
    replay_states,
    undo_json,
    undo_notation,
    undo_target,
)
from bot.service.updates import TableInfo, Update

UndoStatus = Literal["asked", "agreed", "accepted", "refused"]


def _text(key: str, **params: object) -> Text:
    """The message in each language; a parameter given as Text is taken in that language."""
    return Text.each(
        lambda lang: after_text(
            key, lang, **{k: v.get(lang) if isinstance(v, Text) else v for k, v in params.items()}
        )
    )


@dataclass(frozen=True, slots=True)
class UndoResult:
    """What an undo request or vote came to: the words for the channel, who is still asked,
    and, once accepted, the update to post (the board as it was before the move)."""

    status: UndoStatus
    table: TableInfo
    text: Text
    waiting: tuple[str, ...] = ()  # users still to answer
    update: Update | None = None


class UndoActions(TableCore):
    """/undo and the answers to it, mixed into TableService."""

    undo_timeout: float = 3600.0  # seconds the others have to answer

    async def ask_undo(self, table_id: str, user: str) -> UndoResult:
        """Ask to take back `user`'s last move; accepted at once when nobody else must agree."""
        async with self._lock(table_id):
            loaded = await self._current(table_id)
            game, _ = self._playing(loaded)
            record = loaded.record
            seat = self._seat_of(record, user)
            pending = await self.store.undo.get(table_id)
            if pending is not None and self._open(pending, record):
                raise UndoRefused("undo.pending")
            moves = await self.store.moves(table_id)
            last_undo = max((m.seq for m in moves if undo_target(m) is not None), default=0)
            mine = [m for m in live_moves(moves) if m.seat == seat.seat and m.seq > last_undo]
            if not mine:
                raise UndoRefused("undo.nothing")
            target = mine[-1]
            states = replay_states(game, record, moves)
            for entry in moves[target.seq - 1 :]:
                if game.reveals(states[entry.seq - 1], states[entry.seq]):
                    raise UndoRefused(
                        "undo.revealed", move=entry.seq, seat=entry.seat, notation=entry.notation
                    )
            voters = tuple(
                dict.fromkeys(
                    s.user
                    for s in record.seats
                    if s.kind == "human" and s.user is not None and s.user != user
                )
            )
            request = UndoRecord(
                table_id=table_id,
                asker=user,
                seat=seat.seat,
                target=target.seq,
                version=record.version,
                voters=voters,
                expires_at=self.clock() + self.undo_timeout,
            )
            if not voters:
                return await self._accept(loaded, request, target, states)
            await self.store.undo.put(request)
            names = ", ".join(s.seat for s in record.seats if s.user in voters)
            return UndoResult(
                "asked",
                TableInfo.of(record),
                _text(
                    "undo.asked",
                    asker=seat.seat,
                    move=target.seq,
                    notation=public_words(game, target),  # said in public: as the log says it
                    voters=names,
                    minutes=round(self.undo_timeout / 60),
                ),
                waiting=voters,
            )

    async def answer_undo(self, table_id: str, user: str, agree: bool) -> UndoResult:
        """One player's answer; the last agreement applies the undo, a refusal ends it."""
        async with self._lock(table_id):
            for _ in range(WRITE_ATTEMPTS):
                result = await self._answer(table_id, user, agree)
                if result is not None:
                    return result
            raise errors.TableBusy()

    async def _answer(self, table_id: str, user: str, agree: bool) -> UndoResult | None:
        """The answer, or None when another process changed the request meanwhile (re-read)."""
        loaded = await self._current(table_id)
        game, _ = self._playing(loaded)
        record = loaded.record
        request = await self.store.undo.get(table_id)
        if request is None:
            raise UndoRefused("undo.none")
        # Only a seat's current holder answers for it: a voter whose seat went to an AI since
        # the request no longer does (the AI seat agrees).
        holders = {s.user for s in record.seats if s.kind == "human" and s.user is not None}
        asked = tuple(v for v in request.voters if v in holders)
        if user not in asked or user in request.votes:
            raise UndoRefused("undo.not_asked")
        if request.version != record.version:
            await self.store.undo.delete(table_id)
            raise UndoRefused("undo.moved_on")
        if self.clock() > request.expires_at:
            await self.store.undo.delete(table_id)
            raise UndoRefused("undo.expired")
        voter = next((s.seat for s in record.seats if s.user == user), user)
        if not agree:
            await self.store.undo.delete(table_id)
            return UndoResult(
                "refused",
                TableInfo.of(record),
                _text("undo.refused", voter=voter, move=request.target),
            )
        if not await self.store.undo.vote(request, user):
            return None
        request = replace(request, votes={**request.votes, user: True})
        waiting = tuple(v for v in asked if v not in request.votes)
        if waiting:
            names = ", ".join(s.seat for s in record.seats if s.user in waiting)
            return UndoResult(
                "agreed",
                TableInfo.of(record),
                _text("undo.agreed", voter=voter, waiting=names),
                waiting=waiting,
            )
        moves = await self.store.moves(table_id)
        states = replay_states(game, record, moves)
        return await self._accept(loaded, request, moves[request.target - 1], states)

    def _open(self, request: UndoRecord, record: TableRecord) -> bool:
        return request.version == record.version and self.clock() <= request.expires_at

    async def _accept(
        self, loaded: LoadedTable, request: UndoRecord, target: MoveRecord, states: list[Any]
    ) -> UndoResult:
        """Log the undo with the state from before the target move as the new snapshot."""
        game = loaded.game
        assert game is not None
        record = loaded.record
        restored = states[target.seq - 1]
        now = self.clock()
        acting = game.to_act(restored)
        seats: list[SeatRecord] = []
        changed: list[SeatRecord] = []
        for s in record.seats:
            new = replace(s, waiting_since=now if s.seat in acting else None, reminded_at=None)
            seats.append(new)
            if new != s:
                changed.append(new)
        new_record = replace(
            record,
            version=record.version + 1,
            revision=record.revision + 1,
            updated_at=now,
            seats=tuple(seats),
        )
        entry = MoveRecord(
            seq=record.version + 1,
            seat=request.seat,
            notation=undo_notation(target.seq),
            move=undo_json(target.seq),
            secret=False,
            by="player",
            played_at=now,
            acting=tuple(sorted(game.to_act(loaded.state))),
        )
        state_json = restored.model_dump_json()
        try:
            await self.store.append(
                new_record,
                (entry,),
                state_json,
                expected_revision=record.revision,
                changed_seats=changed,
            )
        except StaleRevision:
            self._forget(record.id)
            await self.store.undo.delete(record.id)
            raise UndoRefused("undo.moved_on") from None
        await self.store.undo.delete(record.id)
        loaded.record, loaded.last_move = new_record, entry
        loaded.set_state(restored, state_json)
        self._remember(loaded)
        text = _text(
            "undo.accepted",
            asker=request.seat,
            move=target.seq,
            notation=public_words(game, target),
        )
        builder = UpdateBuilder()
        builder.headline.append(text)
        return UndoResult("accepted", TableInfo.of(new_record), text, update=builder.build(loaded))

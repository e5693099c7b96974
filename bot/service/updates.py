"""What the table service hands back to adapters: updates, notices, lobbies, status, hands, log."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel

from bot.service.i18n import Text, t
from bot.service.store import MovedBy, SeatKind, SeatRecord, TableRecord, TableStatus, TakeoverMode
from games.base import Outcome


def ai_label(kind: str) -> Text:
    """An AI kind in words: the three the bot knows by name, any other by its key."""
    if kind in ("random", "greedy", "strong"):
        return Text.of(f"seat.kind.{kind}")
    return Text.of("seat.kind.other", kind=kind)


@dataclass(frozen=True, slots=True)
class SeatInfo:
    """A seat as adapters show it: the game's seat id, the person (if any) and the kind."""

    seat: str
    user: str | None
    kind: SeatKind
    lang: str

    @property
    def is_ai(self) -> bool:
        return self.kind != "human"

    @classmethod
    def of(cls, record: SeatRecord) -> SeatInfo:
        return cls(seat=record.seat, user=record.user, kind=record.kind, lang=record.lang)

    def label(self, lang: str = "en") -> str:
        """The seat's name, marked when a computer plays it."""
        if self.is_ai:
            return f"{self.seat} ({ai_label(self.kind).get(lang)})"
        return self.seat


@dataclass(frozen=True, slots=True)
class TableInfo:
    """A table's identity and settings, without its game state."""

    id: str
    channel: str
    thread: str | None
    guild: str | None
    host: str
    game: str | None
    options: Mapping[str, Any]
    status: TableStatus
    version: int
    lang: str
    remind_after: float
    takeover_after: float | None
    takeover: TakeoverMode
    seats: tuple[SeatInfo, ...]

    @classmethod
    def of(cls, record: TableRecord) -> TableInfo:
        return cls(
            id=record.id,
            channel=record.channel,
            thread=record.thread,
            guild=record.guild,
            host=record.host,
            game=record.game,
            options=dict(record.options),
            status=record.status,
            version=record.version,
            lang=record.lang,
            remind_after=record.remind_after,
            takeover_after=record.takeover_after,
            takeover=record.takeover,
            seats=tuple(SeatInfo.of(s) for s in record.seats),
        )

    def seat_of(self, user: str) -> SeatInfo | None:
        return next((s for s in self.seats if s.user == user), None)


@dataclass(frozen=True, slots=True)
class Changed:
    """A table whose settings or seats changed, with a line saying what changed."""

    table: TableInfo
    text: Text


@dataclass(frozen=True, slots=True)
class Lobby(Changed):
    """A table before its game starts, with a line saying what changed."""

    def summary(self, lang: str = "en") -> str:
        host = next((s.seat for s in self.table.seats if s.user == self.table.host), "?")
        seats = ", ".join(s.label(lang) for s in self.table.seats)
        game = self.table.game or t("lobby.no_game", lang)
        return t("lobby.summary", lang, table=self.table.id, host=host, game=game, seats=seats)


@dataclass(frozen=True, slots=True)
class Notice:
    """A private message for one seat only (its hand changed, its secret choice, its turn)."""

    seat: str
    user: str | None
    text: Text


@dataclass(frozen=True, slots=True)
class PlayedMove:
    """One move applied during an update, described publicly (never revealing a secret choice)."""

    seq: int
    seat: str
    by: MovedBy
    notation: str | None  # canonical notation; None when the move is a secret choice
    text: Text  # the public line for the move
    events: tuple[Text, ...]  # the public consequences, in the game's words
    words: Text | None = None  # the move alone, in each language (None for a secret choice)


@dataclass(frozen=True, slots=True)
class Update:
    """The result of a change at a running table: what happened, who acts next, the public view.

    Everything here but `private` may be shown in the channel; `private` notices go only to the
    person in that seat (ephemeral reply or DM).
    """

    table: TableInfo
    headline: tuple[Text, ...]  # lines before the moves (game started, seat replaced ...)
    moves: tuple[PlayedMove, ...]
    private: tuple[Notice, ...]
    to_act: tuple[SeatInfo, ...]
    view: BaseModel  # the public view (viewer None)
    outcome: Outcome | None
    closing: tuple[Text, ...] = field(default=())  # final standings when the game ended
    # For a board (TableService.board): the members it pings, those a decision became theirs
    # for since the latest board; and whether it is that board brought up to date in place.
    ping: tuple[SeatInfo, ...] = field(default=())
    edit: bool = False

    @property
    def version(self) -> int:
        return self.table.version

    @property
    def finished(self) -> bool:
        return self.table.status in ("finished", "abandoned")

    def public_lines(self, lang: str = "en") -> list[str]:
        """Everything that happened, in words, for the channel."""
        lines = [text.get(lang) for text in self.headline]
        for move in self.moves:
            # The game's own narration says what the move did; the bare move line is shown when
            # the game narrates nothing, or when the bot moved for an absent player.
            if move.by == "auto" or not move.events:
                lines.append(move.text.get(lang))
            lines.extend(event.get(lang) for event in move.events)
        # A game that tells its own end ("The game is over.") is not told it twice.
        lines.extend(line for text in self.closing if (line := text.get(lang)) not in lines)
        return lines

    def notices_for(self, seat: str) -> list[Notice]:
        return [notice for notice in self.private if notice.seat == seat]


@dataclass(frozen=True, slots=True)
class Status:
    """A running or finished table as anyone may see it."""

    table: TableInfo
    to_act: tuple[SeatInfo, ...]
    view: BaseModel
    outcome: Outcome | None
    waiting_since: Mapping[str, float]  # seat -> when it started waiting


@dataclass(frozen=True, slots=True)
class Hand:
    """What one seat alone may see: its private view and its legal moves in notation."""

    table: TableInfo
    seat: SeatInfo
    view: BaseModel
    to_act: bool
    legal_moves: tuple[str, ...]  # canonical English notation, for autocomplete and buttons


@dataclass(frozen=True, slots=True)
class LogEntry:
    """One line of the move log; `notation` is None for a secret choice the reader may not see."""

    seq: int
    seat: str
    by: MovedBy
    notation: str | None
    played_at: float
    words: Text | None = None  # the move in each language, when the reader may see it

    def line(self, lang: str = "en") -> str:
        if self.words is not None:
            shown = self.words.get(lang)
        else:
            shown = self.notation if self.notation is not None else t("log.hidden", lang)
        return f"{self.seq}. {self.seat}: {shown}"


@dataclass(frozen=True, slots=True)
class Reminder:
    """A person who has kept a table waiting longer than its reminder interval."""

    table: TableInfo
    seat: SeatInfo
    waited: float  # seconds
    text: Text
    key: str = ""  # the same for every attempt to send this reminder (e.g. a message nonce)


@dataclass(frozen=True, slots=True)
class Tick:
    """What a periodic `TableService.tick` produced: reminders to send, moves made for the absent."""

    reminders: tuple[Reminder, ...]
    updates: tuple[Update, ...]

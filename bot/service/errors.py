"""Typed errors of the table service: each carries a catalogue key so adapters answer in any language."""

from __future__ import annotations

from typing import Any, ClassVar, Final

from bot.service.i18n import Text, t
from games.adapters import clip
from games.base import GameError

# How much of what someone typed an error quotes back, and how long a game's explanation may be.
QUOTE_MAX: Final = 80
GAME_TEXT_MAX: Final = 300


class TableError(Exception):
    """A request the table service refuses; nothing was changed. `message(lang)` is for the user."""

    key: ClassVar[str] = ""

    def __init__(self, **params: Any) -> None:
        self.params = params
        super().__init__(self.message("en"))

    def message(self, lang: str = "en") -> str:
        return t(self.key, lang, **self.params)


class UnknownTable(TableError):
    """No table has this id."""

    key = "error.unknown_table"


class NoTableHere(TableError):
    """The channel has no open table."""

    key = "error.no_table_here"


class TableBusy(TableError):
    """The channel already has a game in progress."""

    key = "error.table_busy"


class NotSeated(TableError):
    """The user has no seat at this table."""

    key = "error.not_seated"


class AlreadySeated(TableError):
    """The user already has a seat at this table."""

    key = "error.already_seated"


class NotHost(TableError):
    """Only the host or a moderator may do this."""

    key = "error.not_host"


class LobbyFull(TableError):
    """The chosen game takes no more players."""

    key = "error.lobby_full"


class AlreadyStarted(TableError):
    """A lobby action on a table whose game has begun."""

    key = "error.already_started"


class NotStarted(TableError):
    """A game action on a table still in its lobby."""

    key = "error.not_started"


class GameFinished(TableError):
    """The game has ended."""

    key = "error.game_finished"


class TableClosed(TableError):
    """The table was abandoned."""

    key = "error.table_closed"


class UnknownGame(TableError):
    """No game is registered under that id."""

    key = "error.unknown_game"


class NoGameChosen(TableError):
    """Start without a game."""

    key = "error.no_game_chosen"


class BadOptions(TableError):
    """The game refused its options; `detail` is the game's own explanation."""

    key = "error.bad_options"


class TooFewPlayers(TableError):
    """Fewer seats than the game needs."""

    key = "error.too_few_players"


class TooManyPlayers(TableError):
    """More seats than the game takes."""

    key = "error.too_many_players"


class NotYourTurn(TableError):
    """The seat is not among those who may act now."""

    key = "error.not_your_turn"


class AlreadyPlayed(TableError):
    """The seat has moved since the board this request was based on (a double click)."""

    key = "error.already_played"


class StaleBoard(TableError):
    """A request carried a state version that is no longer current."""

    key = "error.stale_board"


class MoveNotUnderstood(TableError):
    """The text is not a move of this game."""

    key = "error.move_not_understood"


class MoveNotAllowed(TableError):
    """A move the rules do not allow now; `candidates` lists what an ambiguous text could mean."""

    key = "error.move_not_allowed"

    def __init__(self, candidates: tuple[str, ...] = (), **params: Any) -> None:
        self.candidates = candidates
        super().__init__(**params)


class BadSetting(TableError):
    """A table setting outside its allowed range."""

    key = "error.bad_setting"


class TakeoverNeedsTime(BadSetting):
    """Automatic moves chosen without saying after how long."""

    key = "error.takeover_needs_time"


class UnknownSeat(TableError):
    """No seat by that name."""

    key = "error.unknown_seat"


class NotHumanSeat(TableError):
    """The seat is already an AI seat."""

    key = "error.not_human_seat"


class NoBotToRemove(TableError):
    """remove_bot at a table without AI seats."""

    key = "error.no_bot_to_remove"


class TooManyTables(TableError):
    """The member already sits at as many open tables as one member may."""

    key = "error.too_many_tables"


class GameUnavailable(TableError):
    """A stored table names a game this process does not have."""

    key = "error.game_unavailable"


class BadPosition(TableError):
    """The game refused a start position; `detail` is its own explanation naming the part."""

    key = "error.bad_position"


class SnapshotFailsCheck(TableError):
    """A stored snapshot whose state fails the game's `check`: reported, never played on."""

    key = "error.snapshot_fails_check"


class BadBotKind(TableError):
    """An AI kind the game (or, before a game is chosen, every game) does not offer."""

    key = "error.bad_bot_kind"


def clip_input(value: object) -> str:
    """Input quoted back in an error, clipped: a 100 KB move must not make a 100 KB reply."""
    return clip(str(value), QUOTE_MAX)


class StorageUnavailable(TableError):
    """The game's storage refused a read or write (I/O error); nothing was changed, try again."""

    key = "error.storage_failed"


class StorageBusy(StorageUnavailable):
    """Another process held the database's write lock longer than the busy timeout."""

    key = "error.storage_busy"


class StorageFull(StorageUnavailable):
    """The disk (or the database's size limit) is full."""

    key = "error.storage_full"


class StorageReadOnly(StorageUnavailable):
    """The database file cannot be written (permissions, a read-only disk)."""

    key = "error.storage_read_only"


class StorageDamaged(StorageUnavailable):
    """The database file is damaged (a malformed page); an operator must restore it."""

    key = "error.storage_damaged"


def game_text(error: GameError) -> Text:
    """A game's error message in every language, clipped (it may quote the input)."""
    return Text.each(lambda lang: clip(error.message(lang), GAME_TEXT_MAX))

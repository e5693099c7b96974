"""Texts and errors of the after-game features (replay, chart, undo), in English and Japanese."""

from __future__ import annotations

from typing import ClassVar

from bot.service.errors import TableError

TEXTS: dict[str, dict[str, str]] = {
    "not_finished": {
        "en": "That game is not over yet: earlier boards are shown once it has ended.",
        "ja": "このゲームはまだ終わっていません。過去の盤面は終了後に見られます。",
    },
    "no_finished_game": {
        "en": "There is no finished game in this channel.",
        "ja": "このチャンネルには終わったゲームがありません。",
    },
    "no_such_move": {
        "en": "There is no move {move}: give a number from 0 (the setup) to {last}.",
        "ja": "手番 {move} はありません。0（開始時）から {last} までの数を指定してください。",
    },
    "replay.title": {
        "en": "Board after move {move} of {last}{played}",
        "ja": "{last}手中 {move}手目の後の盤面{played}",
    },
    "replay.setup": {"en": "The board at the start", "ja": "開始時の盤面"},
}


def after_text(key: str, lang: str, **params: object) -> str:
    entry = TEXTS[key]
    return entry.get(lang, entry["en"]).format(**params)


class AfterError(TableError):
    """A TableError whose words live in this module's TEXTS."""

    key: ClassVar[str] = ""

    def message(self, lang: str = "en") -> str:
        return after_text(self.key, lang, **self.params)


class NotFinished(AfterError):
    """Replays and charts are for finished games only."""

    key = "not_finished"


class NoFinishedGame(AfterError):
    """The channel has no finished game to look back at."""

    key = "no_finished_game"


class NoSuchMove(AfterError):
    """A move number outside the game's log."""

    key = "no_such_move"

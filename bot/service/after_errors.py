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
    "undo.logged": {"en": "took back move {move}", "ja": "{move}手目を取り消し"},
    "undo.asked": {
        "en": "{asker} asks to take back their move {move} ({notation}). {voters}: agree or refuse "
        "(one refusal, or no answer within {minutes} minutes, cancels it).",
        "ja": "{asker} が {move}手目（{notation}）の取り消しを求めています。{voters}: 同意か拒否を"
        "選んでください（一人でも拒否するか、{minutes}分以内に答えがなければ取り消しません）。",
    },
    "undo.accepted": {
        "en": "{asker} took back move {move} ({notation}).",
        "ja": "{asker} が {move}手目（{notation}）を取り消しました。",
    },
    "undo.agreed": {
        "en": "{voter} agrees; still waiting for {waiting}.",
        "ja": "{voter} が同意しました。残り: {waiting}",
    },
    "undo.refused": {
        "en": "{voter} refused: move {move} stands.",
        "ja": "{voter} が拒否しました。{move}手目はそのままです。",
    },
    "undo.nothing": {
        "en": "You have no move to take back (since the last undo).",
        "ja": "取り消せるあなたの手はありません（前回の取り消し以降）。",
    },
    "undo.revealed": {
        "en": "Move {move} ({seat}: {notation}) revealed hidden information (a card drawn, a secret "
        "choice or a random draw), so it cannot be taken back.",
        "ja": "{move}手目（{seat}: {notation}）で隠れていた情報（引いたカード・秘密の選択・ランダム）が"
        "明らかになったため、取り消せません。",
    },
    "undo.pending": {
        "en": "An undo is already waiting for answers at this table.",
        "ja": "このテーブルではすでに取り消しの回答待ちです。",
    },
    "undo.none": {
        "en": "There is no undo request to answer at this table.",
        "ja": "このテーブルには回答する取り消し依頼がありません。",
    },
    "undo.not_asked": {
        "en": "This undo is not yours to answer.",
        "ja": "この取り消しにあなたは回答できません。",
    },
    "undo.expired": {
        "en": "The undo request ran out of time; the move stands.",
        "ja": "取り消し依頼は時間切れです。手はそのままです。",
    },
    "undo.moved_on": {
        "en": "The game moved on since the undo was asked; the request is cancelled.",
        "ja": "依頼の後にゲームが進んだため、取り消し依頼は無効になりました。",
    },
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


class UndoRefused(AfterError):
    """An undo that cannot be asked or answered; the key says why."""

    def __init__(self, reason: str, **params: object) -> None:
        self.reason = reason
        super().__init__(**params)

    def message(self, lang: str = "en") -> str:
        return after_text(self.reason, lang, **self.params)

"""Message catalogue (English, Japanese) and `t(key, lang, **params)` for every user-facing text."""

from __future__ import annotations

import string
from collections.abc import Callable
from typing import Any

LANGS: tuple[str, ...] = ("en", "ja")
DEFAULT_LANG = "en"


def lang_of(locale: str | None) -> str:
    """A supported language for a Discord locale such as 'ja' or 'en-US' (English otherwise)."""
    if locale and locale.lower().startswith("ja"):
        return "ja"
    return DEFAULT_LANG


CATALOGUE: dict[str, dict[str, str]] = {
    # ---------------------------------------------------------------- errors
    "error.unknown_table": {
        "en": "There is no table {table}.",
        "ja": "テーブル {table} はありません。",
    },
    "error.no_table_here": {
        "en": "There is no table in this channel. Type /join to open one.",
        "ja": "このチャンネルにはテーブルがありません。/join で開いてください。",
    },
    "error.table_busy": {
        "en": "A game is already being played in this channel.",
        "ja": "このチャンネルではすでにゲームが進行中です。",
    },
    "error.not_seated": {
        "en": "You are not seated at this table.",
        "ja": "あなたはこのテーブルの参加者ではありません。",
    },
    "error.already_seated": {
        "en": "You are already seated at this table.",
        "ja": "あなたはすでにこのテーブルに参加しています。",
    },
    "error.not_host": {
        "en": "Only the host ({host}) or a moderator can do that.",
        "ja": "それができるのはホスト（{host}）かモデレーターだけです。",
    },
    "error.lobby_full": {
        "en": "The table is full: {game} takes at most {max} players.",
        "ja": "テーブルは満席です：{game}は最大{max}人までです。",
    },
    "error.already_started": {
        "en": "The game has already started.",
        "ja": "ゲームはすでに始まっています。",
    },
    "error.not_started": {
        "en": "The game has not started yet. The host can start it with /start.",
        "ja": "ゲームはまだ始まっていません。ホストが /start で開始できます。",
    },
    "error.game_finished": {
        "en": "This game is over.",
        "ja": "このゲームは終了しています。",
    },
    "error.table_closed": {
        "en": "This table was abandoned.",
        "ja": "このテーブルは中止されました。",
    },
    "error.unknown_game": {
        "en": "There is no game called {game}. Games: {known}.",
        "ja": "「{game}」というゲームはありません。ゲーム一覧：{known}",
    },
    "error.no_game_chosen": {
        "en": "Choose a game first, for example /start game:{example}. Games: {known}.",
        "ja": "先にゲームを選んでください（例：/start game:{example}）。ゲーム一覧：{known}",
    },
    "error.bad_options": {
        "en": "Those options do not work: {detail}",
        "ja": "そのオプションは使えません：{detail}",
    },
    "error.too_few_players": {
        "en": "{game} needs at least {min} players; the table has {have}.",
        "ja": "{game}には{min}人以上が必要です（現在{have}人）。",
    },
    "error.too_many_players": {
        "en": "{game} takes at most {max} players; the table has {have}.",
        "ja": "{game}は最大{max}人までです（現在{have}人）。",
    },
    "error.not_your_turn": {
        "en": "It is not your turn. Waiting for: {waiting}.",
        "ja": "あなたの手番ではありません。待っている相手：{waiting}",
    },
    "error.already_played": {
        "en": "You already played that ({move}).",
        "ja": "その手はすでに打たれています（{move}）。",
    },
    "error.stale_board": {
        "en": "That board is out of date; use the latest one.",
        "ja": "その盤面は古くなっています。最新の盤面を使ってください。",
    },
    "error.move_not_understood": {
        "en": "That is not a move: {detail}",
        "ja": "手として読めません：{detail}",
    },
    "error.move_not_allowed": {
        "en": "You cannot do that now: {detail}",
        "ja": "今はそれはできません：{detail}",
    },
    "error.bad_setting": {
        "en": "Bad value for {name}: {detail}",
        "ja": "{name} の値が正しくありません：{detail}",
    },
    "error.takeover_needs_time": {
        "en": "Say after how many hours to move for an absent player (takeover_hours).",
        "ja": "何時間後に不在のプレイヤーの代わりに打つかを指定してください（代打ち時間）。",
    },
    "error.unknown_seat": {
        "en": "Nobody called {name} is seated at this table.",
        "ja": "このテーブルに {name} という参加者はいません。",
    },
    "error.not_human_seat": {
        "en": "{name} is already played by the computer.",
        "ja": "{name} はすでにコンピューターが担当しています。",
    },
    "error.no_bot_to_remove": {
        "en": "There is no computer player to remove.",
        "ja": "外せるコンピューター参加者がいません。",
    },
    "error.storage_failed": {
        "en": "The game's storage could not be read or written; nothing was changed. Try again.",
        "ja": "ゲームの保存領域を読み書きできませんでした。何も変更されていません。もう一度お試しください。",
    },
    "error.storage_busy": {
        "en": "The game's storage is busy; nothing was changed. Try again in a moment.",
        "ja": "ゲームの保存領域が混み合っています。何も変更されていません。少し待ってからもう一度お試しください。",
    },
    "error.storage_full": {
        "en": "The game's storage is full; nothing was changed. Ask the bot's operator to free space.",
        "ja": "ゲームの保存領域がいっぱいです。何も変更されていません。ボットの管理者に空き容量の確保を依頼してください。",
    },
    "error.storage_read_only": {
        "en": "The game's storage cannot be written right now; nothing was changed. Ask the bot's operator.",
        "ja": "ゲームの保存領域に今は書き込めません。何も変更されていません。ボットの管理者に連絡してください。",
    },
    "error.storage_damaged": {
        "en": "The game's storage is damaged; nothing was changed. Ask the bot's operator to restore it.",
        "ja": "ゲームの保存領域が破損しています。何も変更されていません。ボットの管理者に復旧を依頼してください。",
    },
    "error.bad_position": {
        "en": "That position cannot start a game: {detail}",
        "ja": "その局面からは始められません：{detail}",
    },
    "error.snapshot_fails_check": {
        "en": "Table {table}: the saved game fails a check ({problem}), so it is not played on. "
        "Ask the bot's operator to look at it.",
        "ja": "テーブル {table}: 保存されたゲームが検査に通らない（{problem}）ため、続けられません。"
        "ボットの管理者に確認を依頼してください。",
    },
    "error.game_unavailable": {
        "en": "The game {game} is not installed in this bot any more.",
        "ja": "ゲーム「{game}」はこのボットで利用できなくなっています。",
    },
    "error.too_many_tables": {
        "en": "You already sit at {max} open tables; finish or leave one first.",
        "ja": "すでに{max}卓の進行中のテーブルに参加しています。どれかを終えるか抜けてください。",
    },
    "error.bad_bot_kind": {
        "en": "There is no computer player {kind}; choose one of: {kinds}.",
        "ja": "コンピューター「{kind}」はありません。使えるもの: {kinds}",
    },
    # ---------------------------------------------------------------- lobby and table
    "seat.bot": {"en": "Bot {n}", "ja": "ボット{n}"},
    "seat.kind.human": {"en": "player", "ja": "プレイヤー"},
    "seat.kind.random": {"en": "random bot", "ja": "ランダムボット"},
    "seat.kind.greedy": {"en": "greedy bot", "ja": "強欲ボット"},
    "seat.kind.strong": {"en": "strong bot", "ja": "強いボット"},
    "seat.kind.other": {"en": "{kind} bot", "ja": "{kind}ボット"},
    "lobby.summary": {
        "en": "Table {table} (host {host}), game: {game}. Seated: {seats}.",
        "ja": "テーブル {table}（ホスト {host}）、ゲーム：{game}。参加者：{seats}",
    },
    "lobby.no_game": {"en": "not chosen", "ja": "未選択"},
    "lobby.joined": {"en": "{name} joined the table.", "ja": "{name} がテーブルに参加しました。"},
    "lobby.left": {"en": "{name} left the table.", "ja": "{name} がテーブルを離れました。"},
    "lobby.closed": {
        "en": "The last player left; the table is closed.",
        "ja": "最後の参加者が離れたため、テーブルを閉じました。",
    },
    "table.started": {
        "en": "{game} begins. Seats in order: {seats}.",
        "ja": "{game}を開始します。席順：{seats}",
    },
    "table.abandoned": {
        "en": "{name} abandoned the table.",
        "ja": "{name} がテーブルを中止しました。",
    },
    "table.replaced": {
        "en": "{name} is now played by a {kind}.",
        "ja": "{name} は今後{kind}が担当します。",
    },
    "table.left_game": {
        "en": "{name} left the game; a {kind} takes the seat.",
        "ja": "{name} がゲームを離れました。{kind}が席を引き継ぎます。",
    },
    "table.reminders_set": {
        "en": "Reminders every {remind}; {takeover}.",
        "ja": "リマインダー：{remind}ごと。{takeover}",
    },
    "table.takeover_off": {"en": "no automatic moves", "ja": "自動手番なし"},
    "table.takeover_on": {
        "en": "after {after} without a move: {mode}",
        "ja": "{after}手番がなければ：{mode}",
    },
    "takeover.pass": {"en": "automatic pass", "ja": "自動パス"},
    "takeover.ai": {"en": "the computer moves for the player", "ja": "コンピューターが代打ち"},
    "move.played": {"en": "{seat}: {move}", "ja": "{seat}：{move}"},
    "move.secret": {
        "en": "{seat} has made a secret choice.",
        "ja": "{seat} が秘密の選択をしました。",
    },
    "move.your_secret": {"en": "You chose: {move}", "ja": "あなたの選択：{move}"},
    "move.auto": {
        "en": "{seat} did not move for {waited}; played for them: {move}",
        "ja": "{seat} が{waited}手番を行わなかったため、代わりに打ちました：{move}",
    },
    "move.auto_secret": {
        "en": "{seat} did not move for {waited}; a choice was made for them.",
        "ja": "{seat} が{waited}手番を行わなかったため、代わりに選択しました。",
    },
    # The catch-up story of a game's first move does not know when the wait began.
    "move.auto_late": {
        "en": "{seat} did not move in time; played for them: {move}",
        "ja": "{seat} が時間内に手番を行わなかったため、代わりに打ちました：{move}",
    },
    "move.auto_secret_late": {
        "en": "{seat} did not move in time; a choice was made for them.",
        "ja": "{seat} が時間内に手番を行わなかったため、代わりに選択しました。",
    },
    "turn.next": {"en": "To act: {seats}", "ja": "手番：{seats}"},
    "game.over": {"en": "The game is over.", "ja": "ゲーム終了です。"},
    "game.standing.one": {
        "en": "{rank}. {seat}: {score} point",
        "ja": "{rank}位 {seat}：{score}点",
    },
    "game.standing": {
        "en": "{rank}. {seat}: {score} points",
        "ja": "{rank}位 {seat}：{score}点",
    },
    "reminder.waiting": {
        "en": "{seat}, {game} has been waiting for your move for {waited}.",
        "ja": "{seat} さん、{game}であなたの手番を{waited}お待ちしています。",
    },
    "log.hidden": {"en": "(secret choice)", "ja": "（秘密の選択）"},
    "log.empty": {"en": "No moves yet.", "ja": "まだ手はありません。"},
    "time.minutes": {"en": "{n} min", "ja": "{n}分"},
    "time.hours": {"en": "{n} h", "ja": "{n}時間"},
    "time.days": {"en": "{n} d", "ja": "{n}日"},
    # ---------------------------------------------------------------- game review
    "review.not_offered": {
        "en": "{game} has no strong AI, so it offers no review.",
        "ja": "{game}には強いAIがないため、振り返りはできません。",
    },
    "review.button": {"en": "Review", "ja": "振り返り"},
    "review.progress": {
        "en": "The strong AI is looking back at the game… {done} of {total} steps done.",
        "ja": "強いAIが対局を振り返っています…（{total}段階中 {done}段階完了）",
    },
    "review.title": {
        "en": "**Review of {game}** by the strong AI: each decision judged from what its "
        "player could see then.",
        "ja": "強いAIによる**{game}の振り返り**：各手はその時点で本人に見えていた情報だけで"
        "評価しています。",
    },
    "review.chart_public": {
        "en": "The strong AI has reviewed this game: the chart shows each player's estimated "
        "chance of winning, move by move. Click Review on the final board (or /review) for "
        "your own costliest decisions.",
        "ja": "強いAIがこの対局を振り返りました。グラフは各プレイヤーの推定勝率の推移です。"
        "自分の悪手は最終盤面の「振り返り」ボタン（または /review）で確認できます。",
    },
    "review.costliest": {
        "en": "Your costliest decisions:",
        "ja": "あなたの損の大きかった手：",
    },
    "review.decision": {
        "en": "{n}. Move {move}: **{made}** here instead of **{preferred}** cost about {win} % "
        "win chance{points}.",
        "ja": "{n}. {move}手目：**{preferred}** ではなく **{made}** を選んだことで、勝率が約"
        "{win}%{points}下がりました。",
    },
    "review.points": {"en": " and {points} points", "ja": "（{points}点）"},
    "review.evidence": {
        "en": "   Your estimated chance: {made_win} % after it, {preferred_win} % with "
        "{preferred} (±{error} % over {worlds} paired samples).",
        "ja": "   推定勝率：実際の手の後 {made_win}%、{preferred} なら {preferred_win}%"
        "（{worlds}組の比較で ±{error}%）。",
    },
    "review.none_costly": {
        "en": "The AI found no decision of yours that clearly cost you: where it preferred "
        "another move, the difference was within its noise.",
        "ja": "はっきり損をした手は見つかりませんでした。AIが別の手を好んだ場面も、差は誤差の"
        "範囲でした。",
    },
    "review.not_player": {
        "en": "You did not play in this game, so there are no decisions of yours to review.",
        "ja": "あなたはこの対局に参加していないため、評価する手はありません。",
    },
    "review.failed": {
        "en": "The review stopped halfway (its worker failed). What it had done is kept: ask "
        "again to carry on.",
        "ja": "振り返りが途中で止まりました（処理の失敗）。終わった部分は保存されています。"
        "もう一度押すと続きから再開します。",
    },
    "review.board_caption": {
        "en": "Board {n}: what you saw before move {move}.",
        "ja": "盤面{n}：{move}手目の前にあなたに見えていた盤面。",
    },
}


class Text:
    """One message in every supported language; adapters pick the reader's language.

    Made from its strings, or lazily (`of`, `each`, `join`): then each language is produced
    the first time it is read, so a move narrated to a channel that reads English never
    spends time on its Japanese (and the reverse). Immutable; equal when both languages are.
    """

    __slots__ = ("_en", "_ja", "_render")

    def __init__(self, en: str, ja: str) -> None:
        self._en: str | None = en
        self._ja: str | None = ja
        self._render: Callable[[str], str] | None = None

    @classmethod
    def _lazy(cls, render: Callable[[str], str]) -> Text:
        text = cls.__new__(cls)
        text._en = text._ja = None
        text._render = render
        return text

    @property
    def en(self) -> str:
        return self._en if self._en is not None else self._make("en")

    @property
    def ja(self) -> str:
        return self._ja if self._ja is not None else self._make("ja")

    def get(self, lang: str) -> str:
        return self.ja if lang == "ja" else self.en

    def _make(self, lang: str) -> str:
        assert self._render is not None
        made = self._render(lang)
        if lang == "ja":
            self._ja = made
        else:
            self._en = made
        return made

    def __str__(self) -> str:
        return self.en

    def __repr__(self) -> str:
        return f"Text(en={self.en!r}, ja={self.ja!r})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Text):
            return NotImplemented
        return self.en == other.en and self.ja == other.ja

    def __hash__(self) -> int:
        return hash((self.en, self.ja))

    def __reduce__(self) -> tuple[type[Text], tuple[str, str]]:
        # Pickled and copied as its words (a lazy text's maker may be a closure).
        return Text, (self.en, self.ja)

    @classmethod
    def of(cls, key: str, **params: Any) -> Text:
        """The catalogue entry `key` with `params`, in every language."""
        CATALOGUE[key]  # an unknown key fails here, where it is used, not when first read
        return cls._lazy(lambda lang: t(key, lang, **params))

    @classmethod
    def plain(cls, text: str) -> Text:
        """Text that reads the same in every language (a name, a number)."""
        return cls(en=text, ja=text)

    @classmethod
    def each(cls, render: Callable[[str], str]) -> Text:
        """Text made by calling `render(lang)` for each language (a game's own descriptions),
        when that language is first read."""
        return cls._lazy(render)

    @classmethod
    def join(cls, parts: list[Text], separator: str = ", ") -> Text:
        parts = list(parts)
        return cls._lazy(
            lambda lang: (
                ("、" if separator == ", " else separator) if lang == "ja" else separator
            ).join(p.get(lang) for p in parts)
        )


def t(key: str, lang: str = DEFAULT_LANG, **params: Any) -> str:
    """The message `key` in `lang` (English where that language lacks it), filled with `params`.

    A parameter that is itself a `Text` is shown in the same language.
    """
    entry = CATALOGUE[key]
    template = entry.get(lang) or entry[DEFAULT_LANG]
    values = {name: (v.get(lang) if isinstance(v, Text) else v) for name, v in params.items()}
    return template.format(**values)


def placeholders(template: str) -> set[str]:
    """The names a template expects, for the catalogue consistency test."""
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def duration(seconds: float) -> Text:
    """A waiting time in words: minutes below two hours, hours below two days, else days."""
    if seconds < 2 * 3600:
        return Text.of("time.minutes", n=max(1, round(seconds / 60)))
    if seconds < 2 * 86400:
        return Text.of("time.hours", n=round(seconds / 3600))
    return Text.of("time.days", n=round(seconds / 86400))


# Living with many tables (/mygames, /away, /settings, held mentions): a block of its own.
CATALOGUE.update(
    {
        "error.bad_away_days": {
            "en": "Away is for 1 to {max} days.",
            "ja": "不在は1日から{max}日までです。",
        },
        "error.bad_timezone": {
            "en": "{zone} is not a time zone. Use an IANA name such as Europe/Berlin or "
            "Asia/Tokyo (the list is autocompleted).",
            "ja": "{zone} はタイムゾーンではありません。Europe/Berlin や Asia/Tokyo のような"
            "IANA名を指定してください（候補が表示されます）。",
        },
        "error.bad_quiet": {
            "en": "Quiet hours are two hours of the day, from-to, such as 23-08 (or off).",
            "ja": "静かな時間は「開始-終了」の時刻で指定してください（例：23-08、解除は off）。",
        },
        "error.quiet_needs_zone": {
            "en": "Set your time zone too, for example timezone:Asia/Tokyo quiet:23-08.",
            "ja": "タイムゾーンも指定してください（例：timezone:Asia/Tokyo quiet:23-08）。",
        },
        "away.set": {
            "en": "You are away until {until}. Meanwhile nobody is reminded of your moves and no "
            "takeover happens for your seats. It ends then, at your next move, or with /away off.",
            "ja": "{until} まで不在にしました。その間はあなたへのリマインダーも代打ちもありません。"
            "期限が来るか、次に手を指すか、/away off で終わります。",
        },
        "away.note": {"en": "Note: {note}", "ja": "メモ：{note}"},
        "away.off": {
            "en": "Welcome back: you are no longer away.",
            "ja": "おかえりなさい。不在を終了しました。",
        },
        "away.not_away": {"en": "You are not away.", "ja": "不在ではありません。"},
        "away.mark": {"en": "away until {until}", "ja": "{until}まで不在"},
        "settings.shown": {
            "en": "Your time zone: {zone}. Quiet hours: {quiet}.",
            "ja": "タイムゾーン：{zone}。静かな時間：{quiet}。",
        },
        "settings.quiet_hours": {
            "en": "{start}:00–{end}:00 (boards then do not ping you; the ping comes when they "
            "end, and reminder clocks stand still)",
            "ja": "{start}時～{end}時（その間は盤面で通知せず、終わった時に通知します。"
            "リマインダーの時間も進みません）",
        },
        "settings.none": {"en": "none", "ja": "なし"},
        "settings.no_zone": {"en": "not set (UTC)", "ja": "未設定（UTC）"},
        "mention.after_quiet": {
            "en": "{seat}, your quiet hours are over: {game} is waiting for your move.",
            "ja": "{seat} さん、静かな時間が終わりました。{game}であなたの手番です。",
        },
        "mygames.yours": {"en": "Waiting for you:", "ja": "あなたの手番："},
        "mygames.others": {"en": "Waiting for others:", "ja": "他の人の手番："},
        "mygames.lobbies": {"en": "Lobbies:", "ja": "募集中："},
        "mygames.finished": {"en": "Finished lately:", "ja": "最近終わったゲーム："},
        "mygames.none": {
            "en": "You hold no seat at any table of this server.",
            "ja": "このサーバーで参加中のテーブルはありません。",
        },
        "mygames.table": {
            "en": "{game} ({players}): {who} to act, waiting {waited}",
            "ja": "{game}（{players}）：{who} の手番、{waited}経過",
        },
        "mygames.lobby": {
            "en": "{game} ({players}): not started",
            "ja": "{game}（{players}）：未開始",
        },
        "mygames.result": {
            "en": "{game}, finished {ago} ago: {standings}",
            "ja": "{game}（{ago}前に終了）：{standings}",
        },
        "mygames.no_game": {"en": "no game chosen", "ja": "ゲーム未選択"},
        "mygames.you": {"en": "you", "ja": "あなた"},
        "error.rematch_not_finished": {
            "en": "A rematch can be asked for once the game here is over.",
            "ja": "再戦はここのゲームが終わってから申し込めます。",
        },
        "error.rematch_done": {
            "en": "This game had its rematch already (table {table}).",
            "ja": "このゲームはすでに再戦しています（テーブル {table}）。",
        },
        "rematch.accepted": {
            "en": "{seat} is in for a rematch. Waiting for: {waiting}. The host can start it "
            "with the computer for the others: /rematch hours:H (0: now).",
            "ja": "{seat} が再戦に参加します。残り：{waiting}。ホストは /rematch hours:H"
            "（0で今すぐ）で、未参加の人をコンピューターにして開始できます。",
        },
        "rematch.deadline": {
            "en": "The rematch starts in {after}, with the computer for whoever has not "
            "accepted by then.",
            "ja": "再戦は{after}後に始まります。それまでに参加しない人はコンピューターが担当します。",
        },
        "rematch.started": {
            "en": "The rematch has started (table {table}).",
            "ja": "再戦が始まりました（テーブル {table}）。",
        },
        "rematch.button": {"en": "Rematch", "ja": "再戦"},
        "error.unknown_card": {
            "en": "{game} has no card or tile called {name}. Some there are: {some}",
            "ja": "{game}に「{name}」というカード・タイルはありません。例：{some}",
        },
        "error.no_glossary": {
            "en": "{game} has no card glossary yet.",
            "ja": "{game}にはまだカードの解説がありません。",
        },
        "card.cost": {"en": "Cost: {cost}", "ja": "費用：{cost}"},
        "card.note": {"en": "Rules note: {note}", "ja": "ルールの注記：{note}"},
        "card.reconstructed": {
            "en": "Reconstructed: {what}",
            "ja": "推定（再構成）：{what}",
        },
        "mygames.everywhere": {
            "en": "Tables waiting for your move on all servers: {count}",
            "ja": "全サーバーであなたの手番のテーブル：{count}",
        },
    }
)

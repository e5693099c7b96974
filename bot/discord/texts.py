"""Words of the Discord adapter only (command descriptions, labels, short replies), in en and ja.

Messages shared with other adapters live in `bot.service.i18n`; this catalogue holds what exists only
because of Discord (buttons, slash command descriptions, permission problems).
"""

from __future__ import annotations

from typing import Any

from bot.service.i18n import CATALOGUE, Text, t

DISCORD: dict[str, dict[str, str]] = {
    # ---------------------------------------------------------------- command descriptions
    "cmd.join": {
        "en": "Sit down at this channel's table",
        "ja": "このチャンネルのテーブルに参加する",
    },
    "cmd.leave": {"en": "Leave this channel's table", "ja": "このチャンネルのテーブルを離れる"},
    "cmd.start": {
        "en": "Start a game at this channel's table",
        "ja": "このチャンネルでゲームを開始する",
    },
    "cmd.status": {"en": "Show the board again", "ja": "盤面をもう一度表示する"},
    "cmd.hand": {
        "en": "Show your hand and money (only you see it)",
        "ja": "手札と所持金を表示する（自分だけに見えます）",
    },
    "cmd.move": {"en": "Play any move in notation", "ja": "記法で手を指す"},
    "cmd.notices": {
        "en": "Get your private notices (income, secret choices) by direct message",
        "ja": "自分宛ての通知（収入・秘密の選択）をDMで受け取る",
    },
    "opt.dm": {
        "en": "On: by DM when no private panel is open; off: only in My hand",
        "ja": "オン：非公開パネルを開いていない時はDMで／オフ：自分の手札にのみ表示",
    },
    "cmd.log": {"en": "Show the moves played so far", "ja": "これまでの手を表示する"},
    "cmd.abandon": {
        "en": "Close this table for good (host or moderator)",
        "ja": "テーブルを中止する（ホストかモデレーター）",
    },
    "cmd.kick": {
        "en": "Hand a player's seat to the computer (host or moderator)",
        "ja": "プレイヤーの席をコンピューターに任せる（ホストかモデレーター）",
    },
    "cmd.remind": {
        "en": "Set reminders and automatic moves (host or moderator)",
        "ja": "リマインダーと自動手番を設定する（ホストかモデレーター）",
    },
    "cmd.games": {"en": "List the games the bot can host", "ja": "遊べるゲームの一覧"},
    "cmd.rules": {
        "en": "A short summary of a game and how to play it here",
        "ja": "ゲームの概要と遊び方",
    },
    # ---------------------------------------------------------------- option descriptions
    "opt.game": {"en": "The game to play", "ja": "遊ぶゲーム"},
    "opt.bots": {"en": "How many computer players to add", "ja": "追加するコンピューターの人数"},
    "opt.ai": {"en": "How the computer players play", "ja": "コンピューターの種類"},
    "opt.remind_hours": {
        "en": "Remind a player after this many hours",
        "ja": "この時間（時間単位）手番がなければ通知する",
    },
    "opt.notation": {
        "en": "The move in the game's notation (autocompleted)",
        "ja": "ゲームの記法での手（入力補完つき）",
    },
    "opt.player": {"en": "The seat to hand to the computer", "ja": "コンピューターに任せる席"},
    "opt.hours": {"en": "Remind after this many hours", "ja": "この時間ごとに通知する"},
    "opt.takeover_hours": {
        "en": "Move for an absent player after this many hours",
        "ja": "この時間を過ぎたら代わりに手番を行う",
    },
    "opt.takeover": {"en": "What to do for an absent player", "ja": "不在のプレイヤーの手番の扱い"},
    # ---------------------------------------------------------------- choices
    "choice.off": {"en": "nothing", "ja": "何もしない"},
    "choice.pass": {"en": "pass for them", "ja": "自動パス"},
    "choice.ai": {"en": "the computer plays for them", "ja": "コンピューターが代打ち"},
    # ---------------------------------------------------------------- components
    "ui.other": {"en": "Other moves…", "ja": "その他の手…"},
    "ui.page": {"en": "{label} ({page}/{pages})", "ja": "{label}（{page}/{pages}）"},
    "ui.my_hand": {"en": "My hand", "ja": "自分の手札"},
    # ---------------------------------------------------------------- replies
    "reply.played": {"en": "You played: {move}", "ja": "あなたの手：{move}"},
    "reply.dm_notices": {"en": "Only for you, from {where}:", "ja": "{where} からあなたへ："},
    "reply.notices_dm_on": {
        "en": "Your private notices will come by DM when no panel of yours is open.",
        "ja": "パネルを開いていない時は、あなた宛ての通知をDMで送ります。",
    },
    "reply.notices_dm_off": {
        "en": 'Your private notices will wait for your next "My hand".',
        "ja": "あなた宛ての通知は次に「自分の手札」を開いた時に表示します。",
    },
    "reply.since_you_looked": {"en": "Since you last looked:", "ja": "前回見てから："},
    "reply.latest_board": {"en": "Latest board: {where}", "ja": "最新の盤面：{where}"},
    "reply.board_posted": {"en": "The board is in {where}.", "ja": "盤面は {where} にあります。"},
    "reply.started_thread": {
        "en": "{game} continues in {thread}.",
        "ja": "{game}は {thread} で続きます。",
    },
    "reply.old_board_hand": {
        "en": "That board is old; this is your hand now.",
        "ja": "古い盤面です。現在の手札はこちらです。",
    },
    "reply.private_view": {
        "en": "**{seat}** – only you see this (your hand, money and other secrets):",
        "ja": "**{seat}** – あなたにだけ表示されます（手札・所持金などの秘密）：",
    },
    "reply.your_turn": {"en": "It is your turn.", "ja": "あなたの手番です。"},
    "reply.not_your_turn": {"en": "Waiting for: {seats}", "ja": "手番待ち：{seats}"},
    "reply.no_moves_log": {"en": "No moves yet.", "ja": "まだ手はありません。"},
    "reply.games": {"en": "Games I can host:", "ja": "遊べるゲーム："},
    "reply.game_line": {
        "en": "`{id}` – {name} ({min}–{max} players)",
        "ja": "`{id}` – {name}（{min}〜{max}人）",
    },
    "reply.kicked": {
        "en": "{name} is now played by the computer.",
        "ja": "{name} はコンピューターが担当します。",
    },
    "reply.to_act": {"en": "To act: {who}", "ja": "手番：{who}"},
    "reply.final": {"en": "Final scores:", "ja": "最終得点："},
    "error.stopping": {
        "en": "The bot is restarting; try again in a minute.",
        "ja": "ボットを再起動しています。1分ほどしてからもう一度どうぞ。",
    },
    "error.slow_down_clicks": {
        "en": "Too many clicks at once; wait a few seconds.",
        "ja": "クリックが多すぎます。数秒待ってからどうぞ。",
    },
    "error.slow_down": {
        "en": "Too many commands at once; try again in a minute.",
        "ja": "コマンドが多すぎます。1分ほどしてからもう一度どうぞ。",
    },
    "reply.board_recent": {
        "en": "The board was posted a moment ago: {where}",
        "ja": "盤面は少し前に投稿されています：{where}",
    },
    "error.discord_forbidden": {
        "en": "Discord did not let me do that here (missing permission or closed DMs).",
        "ja": "Discordにより実行できませんでした（権限不足、またはDMが閉じられています）。",
    },
    "error.discord_rate_limited": {
        "en": "Discord is rate limiting me; please try again in a moment.",
        "ja": "Discordの利用制限中です。少し待ってからもう一度お試しください。",
    },
    "error.discord_failed": {
        "en": "Discord refused the message; please try again.",
        "ja": "Discordがメッセージを受け付けませんでした。もう一度お試しください。",
    },
    "error.internal": {
        "en": "Something went wrong on my side; it has been logged.",
        "ja": "内部エラーが発生しました。記録しました。",
    },
    "error.choose_one": {
        "en": "Several moves match: {candidates}",
        "ja": "複数の手が当てはまります：{candidates}",
    },
    "error.server_only": {
        "en": "Tables live in server channels.",
        "ja": "テーブルはサーバーのチャンネルで使えます。",
    },
    # ---------------------------------------------------------------- /rules: how to play here
    "rules.here": {
        "en": "**Here:** `/join`, then the host types `/start {start}` ({options}).",
        "ja": "**遊び方：**`/join` の後、ホストが `/start {start}`（{options}）。",
    },
    "rules.controls": {
        "en": "Play with the board's menus and buttons, or {commands}`/move` (autocompleted). "
        "`My hand` or `/hand` shows your private view to you alone; `/status` reposts the board, "
        "`/log` lists the moves.",
        "ja": "盤面のメニューとボタン、または {commands}`/move`（入力補完つき）で手を指します。"
        "「自分の手札」か `/hand` で自分だけの情報を表示、`/status` で盤面を再表示、`/log` で棋譜。",
    },
    "rules.none": {"en": "No summary of the rules yet.", "ja": "ルールの概要はまだありません。"},
}


def dt(key: str, lang: str = "en", **params: Any) -> str:
    """A Discord adapter text (falling back to the shared catalogue for keys it does not have)."""
    entry = DISCORD.get(key)
    if entry is None:
        return t(key, lang, **params)
    template = entry.get(lang) or entry["en"]
    values = {name: (v.get(lang) if isinstance(v, Text) else v) for name, v in params.items()}
    return template.format(**values)


def known(key: str) -> bool:
    return key in DISCORD or key in CATALOGUE

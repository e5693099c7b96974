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
    "cmd.stp": {"en": "Sankt Petersburg moves", "ja": "サンクトペテルブルグの手"},
    "cmd.stp.buy": {"en": "Buy a card from the board", "ja": "場のカードを購入する"},
    "cmd.stp.take": {
        "en": "Take a card from the board into your hand",
        "ja": "場のカードを手札に加える",
    },
    "cmd.stp.play": {"en": "Play a card from your hand", "ja": "手札のカードを出す"},
    "cmd.stp.pass": {"en": "Pass", "ja": "パスする"},
    "cmd.stp.observe": {"en": "Use your Observatory on a stack", "ja": "天文台で山札を1枚見る"},
    "cmd.stp.drawn": {
        "en": "Decide on the card your Observatory revealed",
        "ja": "天文台で公開したカードを処理する",
    },
    "cmd.stp.pub": {"en": "Buy points with your Pub", "ja": "酒場で勝利点を買う"},
    # ---------------------------------------------------------------- option descriptions
    "opt.game": {"en": "The game to play", "ja": "遊ぶゲーム"},
    "opt.bots": {"en": "How many computer players to add", "ja": "追加するコンピューターの人数"},
    "opt.bot_kind": {"en": "How the computer players play", "ja": "コンピューターの強さ"},
    "opt.public_money": {
        "en": "Sankt Petersburg: everyone's money is open",
        "ja": "サンクトペテルブルグ：所持金を公開する",
    },
    "opt.remind_hours": {
        "en": "Remind a player after this many hours",
        "ja": "この時間（時間単位）手番がなければ通知する",
    },
    "opt.notation": {"en": "The move, e.g. buy Lumberjack", "ja": "手（例：購入 木こり）"},
    "opt.player": {"en": "The seat to hand to the computer", "ja": "コンピューターに任せる席"},
    "opt.hours": {"en": "Remind after this many hours", "ja": "この時間ごとに通知する"},
    "opt.takeover_hours": {
        "en": "Move for an absent player after this many hours",
        "ja": "この時間を過ぎたら代わりに手番を行う",
    },
    "opt.takeover": {"en": "What to do for an absent player", "ja": "不在のプレイヤーの手番の扱い"},
    "opt.card": {"en": "The card", "ja": "カード"},
    "opt.stack": {"en": "The stack", "ja": "山札"},
    "opt.action": {"en": "What to do with the revealed card", "ja": "公開したカードの処理"},
    "opt.target": {
        "en": "The card it replaces (trading cards)",
        "ja": "置き換えるカード（拡張カード）",
    },
    "opt.points": {"en": "How many points to buy", "ja": "買う勝利点"},
    # ---------------------------------------------------------------- choices
    "choice.random": {"en": "random", "ja": "ランダム"},
    "choice.greedy": {"en": "greedy", "ja": "強欲"},
    "choice.off": {"en": "nothing", "ja": "何もしない"},
    "choice.pass": {"en": "pass for them", "ja": "自動パス"},
    "choice.ai": {"en": "the computer plays for them", "ja": "コンピューターが代打ち"},
    "choice.buy": {"en": "buy it", "ja": "購入"},
    "choice.take": {"en": "take it into hand", "ja": "手札に加える"},
    "choice.discard": {"en": "discard it", "ja": "捨てる"},
    "choice.workers": {"en": "workers", "ja": "職人"},
    "choice.buildings": {"en": "buildings", "ja": "建物"},
    "choice.aristocrats": {"en": "aristocrats", "ja": "貴族"},
    "choice.trading": {"en": "trading", "ja": "拡張"},
    # ---------------------------------------------------------------- components
    "ui.buy": {"en": "Buy a card…", "ja": "カードを購入…"},
    "ui.take": {"en": "Take a card into hand…", "ja": "カードを手札に…"},
    "ui.other": {"en": "Other moves…", "ja": "その他の手…"},
    "ui.page": {"en": "{label} ({page}/{pages})", "ja": "{label}（{page}/{pages}）"},
    "ui.my_hand": {"en": "My hand", "ja": "自分の手札"},
    "ui.cost": {"en": "costs {cost}", "ja": "コスト {cost}"},
    # ---------------------------------------------------------------- replies
    "reply.played": {"en": "You played: {move}", "ja": "あなたの手：{move}"},
    "reply.board_posted": {"en": "The board is in {where}.", "ja": "盤面は {where} にあります。"},
    "reply.started_thread": {
        "en": "{game} continues in {thread}.",
        "ja": "{game}は {thread} で続きます。",
    },
    "reply.old_board_hand": {
        "en": "That board is old; this is your hand now.",
        "ja": "古い盤面です。現在の手札はこちらです。",
    },
    "reply.hand": {
        "en": "**{seat}** – money {money}, points {points}. Hand: {hand}.",
        "ja": "**{seat}** – 所持金 {money}、勝利点 {points}。手札：{hand}",
    },
    "reply.hand_empty": {"en": "empty", "ja": "なし"},
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
    # ---------------------------------------------------------------- rules summary
    "rules.stpetersburg": {
        "en": (
            "**Sankt Petersburg** (1–4 players). Each round has four phases: workers, buildings, "
            "aristocrats and trading cards. On your turn you **buy** a card from the board, "
            "**take** one into your hand (at most 3), **play** one from your hand, or **pass**; the "
            "phase ends when everyone passes in a row. After each phase its colour scores: workers "
            "pay roubles, buildings pay points, aristocrats pay both. The game ends after the round "
            "in which a stack runs out; aristocrat variety adds a bonus, each 10 roubles is a point, "
            "each card left in hand costs 5.\n"
            "**Here:** `/join`, then the host types `/start game:stpetersburg` (add `bots:` for "
            "computer players). Use the board's menus and buttons, or `/stp buy card:…`, "
            "`/stp take`, `/stp play`, `/stp pass`, or `/move buy Lumberjack`. `My hand` or `/hand` "
            "shows your cards and money to you alone. `/status` reposts the board, `/log` lists the moves."
        ),
        "ja": (
            "**サンクトペテルブルグ**（1〜4人）。各ラウンドは職人・建物・貴族・拡張の4フェイズ。"
            "手番では場のカードを**購入**、**手札**に加える（最大3枚）、手札から**出す**、または**パス**。"
            "全員が続けてパスするとフェイズ終了。フェイズごとに得点：職人はルーブル、建物は勝利点、貴族は両方。"
            "どれかの山札が尽きたラウンドで終了し、貴族の種類ボーナス、10ルーブルごとに1点、手札1枚ごとに−5点。\n"
            "**遊び方：**`/join` の後、ホストが `/start game:stpetersburg`（`bots:` でコンピューター追加）。"
            "盤面のメニューとボタン、または `/stp buy card:…`、`/stp take`、`/stp play`、`/stp pass`、"
            "`/move 購入 木こり` で手を指します。「自分の手札」か `/hand` で手札と所持金を自分だけに表示。"
            "`/status` で盤面を再表示、`/log` で棋譜。"
        ),
    },
    "rules.generic": {
        "en": "**{name}**: `/join`, then `/start game:{id}`; play with the board's buttons or `/move`.",
        "ja": "**{name}**：`/join` の後 `/start game:{id}`。盤面のボタンか `/move` で遊びます。",
    },
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

"""/stats, /leaderboard and /history as lines of text in English or Japanese, for every adapter."""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence

import games
from bot.service.stats import GameStats, HistoryEntry, LeaderRow

NameOf = Callable[[str], str]  # a player key ("user:<id>", "ai:<kind>") -> how it is shown
LinkOf = Callable[[HistoryEntry], str | None]

TEXTS: dict[str, dict[str, str]] = {
    "stats.title": {"en": "Statistics of {who}", "ja": "{who} の成績"},
    "stats.none": {
        "en": "{who} has no finished games here yet.",
        "ja": "{who} はここでまだ終わったゲームがありません。",
    },
    "stats.line": {
        "en": "**{game}**: {played} played, {wins} won, average place {rank:.2f}, best score "
        "{best}, rating {rating}",
        "ja": "**{game}**: {played}戦 {wins}勝、平均順位 {rank:.2f}、最高得点 {best}、レーティング "
        "{rating}",
    },
    "stats.rating": {"en": "{mu:.1f} ± {sigma:.1f}", "ja": "{mu:.1f} ± {sigma:.1f}"},
    "stats.unrated": {"en": "none yet (solo games only)", "ja": "まだなし（ソロのみ）"},
    "board.title": {"en": "Leaderboard: {game}", "ja": "ランキング: {game}"},
    "board.none": {
        "en": "Nobody has a rating at {game} in this server yet.",
        "ja": "このサーバーでは、まだ誰も{game}のレーティングを持っていません。",
    },
    "board.line": {
        "en": "{place}. {who}: {ordinal:.1f} ({mu:.1f} ± {sigma:.1f}), {wins}/{played} won",
        "ja": "{place}. {who}: {ordinal:.1f}（{mu:.1f} ± {sigma:.1f}）、{played}戦 {wins}勝",
    },
    "board.note": {
        "en": "Ranked by mu − 3σ: a rating that is surely reached.",
        "ja": "mu − 3σ（確実に届いている値）の順です。",
    },
    "history.title": {"en": "Recent games of {who}", "ja": "{who} の最近のゲーム"},
    "history.none": {
        "en": "{who} has no finished games here yet.",
        "ja": "{who} はここでまだ終わったゲームがありません。",
    },
    "history.line": {
        "en": "{date} **{game}**: {standings}",
        "ja": "{date} **{game}**: {standings}",
    },
    "ai.name": {"en": "AI ({kind})", "ja": "AI（{kind}）"},
    "unknown.game": {
        "en": "There is no game {game}.",
        "ja": "{game} というゲームはありません。",
    },
}


def text(key: str, lang: str, **params: object) -> str:
    entry = TEXTS[key]
    return entry.get(lang, entry["en"]).format(**params)


def default_name(player: str, lang: str) -> str:
    """A player key as shown when the adapter knows no better: the AI kind, or the id."""
    kind, _, value = player.partition(":")
    if kind == "ai":
        return text("ai.name", lang, kind=value)
    return value.removeprefix("console:")


def game_name(game_id: str, lang: str) -> str:
    try:
        names = games.get(game_id).names
    except KeyError:
        return game_id
    return names.get(lang, names["en"])


def stats_lines(who: str, figures: Sequence[GameStats], lang: str) -> list[str]:
    if not figures:
        return [text("stats.none", lang, who=who)]
    lines = [text("stats.title", lang, who=who)]
    for f in figures:
        rating = (
            text("stats.rating", lang, mu=f.mu, sigma=f.sigma)
            if f.mu is not None and f.sigma is not None
            else text("stats.unrated", lang)
        )
        lines.append(
            text(
                "stats.line",
                lang,
                game=game_name(f.game, lang),
                played=f.played,
                wins=f.wins,
                rank=f.average_rank,
                best=f.best_score,
                rating=rating,
            )
        )
    return lines


def leaderboard_lines(
    game: str, rows: Sequence[LeaderRow], lang: str, name_of: NameOf | None = None
) -> list[str]:
    shown = game_name(game, lang)
    if not rows:
        return [text("board.none", lang, game=shown)]
    name = name_of or (lambda p: default_name(p, lang))
    lines = [text("board.title", lang, game=shown)]
    lines += [
        text(
            "board.line",
            lang,
            place=r.place,
            who=name(r.player),
            ordinal=r.ordinal,
            mu=r.mu,
            sigma=r.sigma,
            wins=r.wins,
            played=r.played,
        )
        for r in rows
    ]
    lines.append(text("board.note", lang))
    return lines


def history_lines(
    who: str, entries: Sequence[HistoryEntry], lang: str, link_of: LinkOf | None = None
) -> list[str]:
    if not entries:
        return [text("history.none", lang, who=who)]
    lines = [text("history.title", lang, who=who)]
    for entry in entries:
        standings = ", ".join(f"{rank}. {seat} {score}" for seat, _, rank, score in entry.standings)
        line = text(
            "history.line",
            lang,
            date=time.strftime("%Y-%m-%d", time.gmtime(entry.finished_at)),
            game=game_name(entry.game, lang),
            standings=standings,
        )
        link = link_of(entry) if link_of else None
        lines.append(f"{line} {link}" if link else line)
    return lines

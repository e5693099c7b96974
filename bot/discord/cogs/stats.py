"""/stats, /leaderboard and /history: ratings and finished games of this server, for every game."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord.board import clip_lines, user_lang
from bot.discord.cogs.common import bot_of, local
from bot.discord.cogs.lobby import GAME_CHOICES
from bot.service.stats import NO_GUILD, HistoryEntry
from bot.service.stats_text import default_name, history_lines, leaderboard_lines, stats_lines

NOBODY = discord.AllowedMentions.none()  # names are mentions for clarity; nobody is pinged


def shown_name(player: str, lang: str) -> str:
    """A member as a mention (Discord shows their name), an AI seat as its kind."""
    kind, _, value = player.partition(":")
    return f"<@{value}>" if kind == "user" else default_name(player, lang)


def link(entry: HistoryEntry) -> str | None:
    """The game's thread (or its channel) in Discord."""
    if entry.guild == NO_GUILD:
        return None
    return f"https://discord.com/channels/{entry.guild}/{entry.channel}"


def guild_of(interaction: discord.Interaction[Any]) -> str | None:
    return str(interaction.guild_id) if interaction.guild_id else None


class Stats(commands.Cog):
    """Statistics: personal ones answer only the asker; the leaderboard is for everyone."""

    @app_commands.command(
        name=local("stats", "成績"),
        description=local(
            "Games played, wins, average place, rating and best score",
            "対戦数・勝利数・平均順位・レーティング・最高得点",
        ),
    )
    @app_commands.guild_only()
    @app_commands.rename(member=local("member", "メンバー"), game=local("game", "ゲーム"))
    @app_commands.describe(
        member=local("Whose statistics (default: yours)", "誰の成績か（省略時は自分）"),
        game=local("Only this game", "このゲームだけ"),
    )
    @app_commands.choices(game=GAME_CHOICES)
    async def stats(
        self,
        interaction: discord.Interaction[Any],
        member: discord.Member | None = None,
        game: str | None = None,
    ) -> None:
        lang = user_lang(interaction)
        who = member or interaction.user
        figures = await bot_of(interaction).service.stats.player(
            guild_of(interaction), str(who.id), game
        )
        await interaction.response.send_message(
            clip_lines(stats_lines(who.display_name, figures, lang)), ephemeral=True
        )

    @app_commands.command(
        name=local("leaderboard", "ランキング"),
        description=local(
            "The best rated players of a game in this server", "このサーバーでのゲーム別ランキング"
        ),
    )
    @app_commands.guild_only()
    @app_commands.rename(game=local("game", "ゲーム"))
    @app_commands.describe(game=local("The game", "ゲーム"))
    @app_commands.choices(game=GAME_CHOICES)
    async def leaderboard(self, interaction: discord.Interaction[Any], game: str) -> None:
        lang = user_lang(interaction)
        rows = await bot_of(interaction).service.stats.leaderboard(guild_of(interaction), game)
        lines = leaderboard_lines(game, rows, lang, lambda p: shown_name(p, lang))
        await interaction.response.send_message(clip_lines(lines), allowed_mentions=NOBODY)

    @app_commands.command(
        name=local("history", "履歴"),
        description=local("Recent finished games, with links", "最近終わったゲーム（リンク付き）"),
    )
    @app_commands.guild_only()
    @app_commands.rename(member=local("member", "メンバー"))
    @app_commands.describe(
        member=local("Whose games (default: yours)", "誰のゲームか（省略時は自分）")
    )
    async def history(
        self, interaction: discord.Interaction[Any], member: discord.Member | None = None
    ) -> None:
        lang = user_lang(interaction)
        who = member or interaction.user
        entries = await bot_of(interaction).service.stats.history(
            guild_of(interaction), str(who.id)
        )
        await interaction.response.send_message(
            clip_lines(history_lines(who.display_name, entries, lang, link)),
            ephemeral=True,
            suppress_embeds=True,
        )


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Stats())

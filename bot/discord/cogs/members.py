"""/mygames, /away and /settings: a member's own view and settings across all their tables.

Every answer is for the asker alone; the service decides, this cog only parses and replies.
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord.board import clip_lines, latest_board_url, tell, user_lang
from bot.discord.cogs.common import AUTOCOMPLETE_MAX, bot_of, local
from bot.service.members import MyTable
from bot.service.quiet import zone_names
from bot.service.table_core import UNCHANGED


def board_links(boards: dict[str, str | None]) -> Any:
    def link(entry: MyTable) -> str | None:
        url = boards.get(entry.table.id)
        return f"<{url}>" if url else None  # <...>: no embed under every line

    return link


class Members(commands.Cog):
    """A member's tables across channels, and the settings that follow them to every table."""

    @app_commands.command(
        name=local("mygames", "自分のゲーム"),
        description=local(
            "Your tables on this server, those waiting for you first (only you see it)",
            "このサーバーで参加中のテーブル（自分の手番が先、自分だけに表示）",
        ),
    )
    @app_commands.guild_only()
    async def mygames(self, interaction: discord.Interaction[Any]) -> None:
        bot = bot_of(interaction)
        lang = user_lang(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        guild = str(interaction.guild_id) if interaction.guild_id else None
        mine = await bot.service.my_games(str(interaction.user.id), guild)
        boards = {
            m.table.id: latest_board_url(m.table, await bot.service.messages(m.table.id))
            for m in mine.tables
        }
        await tell(interaction, clip_lines(mine.lines(lang, board_links(boards))))

    @app_commands.command(
        name=local("away", "不在"),
        description=local(
            "Be away for some days: no reminders, no takeovers (off: back now)",
            "数日間不在にする：リマインダーも代打ちもなし（off で終了）",
        ),
    )
    @app_commands.rename(
        days=local("days", "日数"), note=local("note", "メモ"), off=local("off", "終了")
    )
    @app_commands.describe(
        days=local("For how many days", "何日間"),
        note=local("A note the others may read", "他の人に見えるメモ"),
        off=local("End your away now", "不在を今すぐ終える"),
    )
    async def away(
        self,
        interaction: discord.Interaction[Any],
        days: app_commands.Range[int, 1, 365] | None = None,
        note: app_commands.Range[str, 1, 100] | None = None,
        off: bool = False,
    ) -> None:
        service = bot_of(interaction).service
        lang = user_lang(interaction)
        user = str(interaction.user.id)
        if off or days is None:
            said = await service.end_away(user)
        else:
            said = await service.set_away(user, days, note)
        await tell(interaction, said.get(lang))

    @app_commands.command(
        name=local("settings", "設定"),
        description=local(
            "Your time zone and quiet hours (no pings then), for all your tables",
            "タイムゾーンと静かな時間（その間は通知なし）を全テーブル共通で設定",
        ),
    )
    @app_commands.rename(
        timezone=local("timezone", "タイムゾーン"), quiet=local("quiet", "静かな時間")
    )
    @app_commands.describe(
        timezone=local(
            "Your IANA time zone, e.g. Asia/Tokyo", "IANAタイムゾーン（例：Asia/Tokyo）"
        ),
        quiet=local(
            "Quiet hours from-to, e.g. 23-08 (off: none)", "静かな時間（例：23-08、off で解除）"
        ),
    )
    async def settings(
        self,
        interaction: discord.Interaction[Any],
        timezone: app_commands.Range[str, 1, 64] | None = None,
        quiet: app_commands.Range[str, 1, 16] | None = None,
    ) -> None:
        service = bot_of(interaction).service
        said = await service.set_quiet(
            str(interaction.user.id),
            timezone=UNCHANGED if timezone is None else timezone,
            quiet=UNCHANGED if quiet is None else quiet,
        )
        await tell(interaction, said.get(user_lang(interaction)))

    @settings.autocomplete("timezone")
    async def timezone_autocomplete(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        typed = current.strip().casefold().replace(" ", "_")
        names = zone_names()
        found = [n for n in names if n.casefold().startswith(typed)]
        found += [n for n in names if typed in n.casefold() and n not in found]
        return [app_commands.Choice(name=n, value=n) for n in found[:AUTOCOMPLETE_MAX]]


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Members())

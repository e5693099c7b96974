"""/mygames, /away and /settings: a member's own view and settings across all their tables.

Every answer is for the asker alone; the service decides, this cog only parses and replies.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

import games
from bot.discord.board import clip_lines, error_text, latest_board_url, tell, user_lang
from bot.discord.cogs.common import AUTOCOMPLETE_MAX, bot_of, is_moderator, local, table_here
from bot.discord.rematch import announce
from bot.service import errors
from bot.service.glossary import card_choices, card_lines, find_entry
from bot.service.members import MyTable
from bot.service.quiet import zone_names
from bot.service.table_core import UNCHANGED, AnyGame


def board_links(boards: dict[str, str | None]) -> Callable[[MyTable], str | None]:
    """Each listed table's latest board, as /mygames links it."""

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

    @app_commands.command(
        name=local("rematch", "再戦"),
        description=local(
            "Accept a rematch of the game that ended here (host: when to start it)",
            "ここで終わったゲームの再戦に参加する（ホストは開始時期も指定）",
        ),
    )
    @app_commands.guild_only()
    @app_commands.rename(hours=local("hours", "時間"))
    @app_commands.describe(
        hours=local(
            "Host: start after these hours, the computer for those not in (0: now)",
            "ホスト：この時間後に開始、未参加の人はコンピューター（0で今すぐ）",
        )
    )
    async def rematch(
        self,
        interaction: discord.Interaction[Any],
        hours: app_commands.Range[float, 0, 168] | None = None,
    ) -> None:
        bot = bot_of(interaction)
        lang = user_lang(interaction)
        user = str(interaction.user.id)
        await interaction.response.defer(ephemeral=True, thinking=True)
        try:
            table = await table_here(interaction, closed_too=True)
            if hours is None:
                result = await bot.service.rematch(table.id, user)
            else:
                result = await bot.service.rematch_after(
                    table.id, user, hours * 3600, moderator=is_moderator(interaction)
                )
        except errors.TableError as error:
            await tell(interaction, error_text(error, lang))
            return
        await tell(interaction, result.text.get(lang))
        await announce(bot, result, interaction)

    @app_commands.command(
        name=local("card", "カード"),
        description=local(
            "What a card, building or tile of this table's game does",
            "このテーブルのゲームのカード・建物・タイルの説明",
        ),
    )
    @app_commands.guild_only()
    @app_commands.rename(card_name=local("name", "名前"))
    @app_commands.describe(
        card_name=local("Its name (autocompleted)", "名前（候補が表示されます）")
    )
    async def card(
        self, interaction: discord.Interaction[Any], card_name: app_commands.Range[str, 1, 100]
    ) -> None:
        lang = user_lang(interaction)
        try:
            entry = find_entry(await table_game(interaction), card_name)
        except errors.TableError as error:
            await tell(interaction, error_text(error, lang))
            return
        await tell(interaction, clip_lines(card_lines(entry, lang)))

    @card.autocomplete("card_name")
    async def card_autocomplete(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        try:
            game = await table_game(interaction)
        except errors.TableError:
            return []
        return [
            app_commands.Choice(name=label[:100], value=key)
            for label, key in card_choices(game, current, user_lang(interaction), AUTOCOMPLETE_MAX)
        ]


async def table_game(interaction: discord.Interaction[Any]) -> AnyGame:
    """The game of the channel's table (its latest, even finished), or the error saying why not."""
    table = await table_here(interaction, closed_too=True)
    if table.game is None:
        known = ", ".join(g.id for g in games.all())
        raise errors.NoGameChosen(example=games.all()[0].id, known=known)
    return games.get(table.game)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Members())

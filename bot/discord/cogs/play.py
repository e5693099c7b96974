"""Playing commands for every game: /status, /hand, /move (notation with autocomplete), /log."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord.board import (
    as_edit,
    clip_lines,
    error_text,
    hand_panel,
    status_reply,
    tell,
    user_lang,
)
from bot.discord.cogs.common import bot_of, move_choices, name, table_here, text
from bot.discord.texts import dt
from bot.service import errors


async def play_text(interaction: discord.Interaction[Any], move: str) -> None:
    """A typed move (from /move or a game's own commands) for the caller's seat."""
    bot = bot_of(interaction)
    lang = user_lang(interaction)
    await interaction.response.defer(ephemeral=True, thinking=True)
    try:
        table = await table_here(interaction)
        update = await bot.service.act(table.id, str(interaction.user.id), move)
    except errors.TableError as error:
        await tell(interaction, error_text(error, lang))
        return
    mine = [m for m in update.moves if m.by == "player"]
    words = mine[0].words if mine else None
    shown = words.get(lang) if words is not None else move
    await interaction.followup.send(dt("reply.played", lang, move=shown)[:2000], ephemeral=True)
    await bot.after_move(interaction, update, lang)


class Play(commands.Cog):
    """Looking at and playing the game of a channel."""

    @app_commands.command(
        name=name("status"), description=text("Show the board again", "cmd.status")
    )
    @app_commands.guild_only()
    async def status(self, interaction: discord.Interaction[Any]) -> None:
        table = await table_here(interaction, closed_too=True)
        lang = user_lang(interaction)
        await tell(interaction, await status_reply(bot_of(interaction), table, lang))

    @app_commands.command(
        name=name("hand"),
        description=text("Show your hand and money (only you see it)", "cmd.hand"),
    )
    @app_commands.guild_only()
    async def hand(self, interaction: discord.Interaction[Any]) -> None:
        bot = bot_of(interaction)
        table = await table_here(interaction, closed_too=True)
        lang = user_lang(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        user = str(interaction.user.id)
        panel = await hand_panel(bot, table.id, user, lang)
        await bot.send_with_retry(interaction.edit_original_response, lambda: as_edit(panel))
        if "view" in panel:
            panel["view"].stop()
        await bot.panels.replace(table.id, user, interaction, lang)

    @app_commands.command(
        name=name("move"), description=text("Play any move in notation", "cmd.move")
    )
    @app_commands.guild_only()
    @app_commands.rename(notation=name("notation"))
    @app_commands.describe(
        notation=text("The move in the game's notation (autocompleted)", "opt.notation")
    )
    async def move(
        self, interaction: discord.Interaction[Any], notation: app_commands.Range[str, 1, 200]
    ) -> None:
        await play_text(interaction, notation)

    @move.autocomplete("notation")
    async def move_autocomplete(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        return await move_choices(interaction, current)

    @app_commands.command(
        name=name("notices"),
        description=text(
            "Get your private notices (income, secret choices) by direct message", "cmd.notices"
        ),
    )
    @app_commands.rename(dm=name("dm"))
    @app_commands.describe(
        dm=text("On: by DM when no private panel is open; off: only in My hand", "opt.dm")
    )
    async def notices(self, interaction: discord.Interaction[Any], dm: bool) -> None:
        bot = bot_of(interaction)
        await bot.service.set_notices_by_dm(str(interaction.user.id), dm)
        key = "reply.notices_dm_on" if dm else "reply.notices_dm_off"
        await tell(interaction, dt(key, user_lang(interaction)))

    @app_commands.command(
        name=name("log"), description=text("Show the moves played so far", "cmd.log")
    )
    @app_commands.guild_only()
    async def log(self, interaction: discord.Interaction[Any]) -> None:
        bot = bot_of(interaction)
        table = await table_here(interaction, closed_too=True)
        lang = table.lang  # the log is the game's public record: in the table's language
        entries = await bot.service.log(table.id, str(interaction.user.id))
        lines = [entry.line(lang) for entry in entries] or [dt("reply.no_moves_log", lang)]
        if len("\n".join(lines)) > 1990:
            lines = ["…", *lines]
        await tell(interaction, clip_lines(lines, 1990))


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Play())

"""Playing commands for every game: /status, /hand, /move (notation with autocomplete), /log."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord.board import (
    clip_lines,
    error_text,
    hand_panel,
    publish_status,
    recent_board,
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
    shown = mine[0].text.get(lang) if mine else move
    await interaction.followup.send(dt("reply.played", lang, move=shown)[:2000], ephemeral=True)
    await bot.after_move(interaction, update, lang)


class Play(commands.Cog):
    """Looking at and playing the game of a channel."""

    @app_commands.command(
        name=name("status"), description=text("Show the board again", "cmd.status")
    )
    @app_commands.guild_only()
    async def status(self, interaction: discord.Interaction[Any]) -> None:
        table = await table_here(interaction)
        lang = user_lang(interaction)
        bot = bot_of(interaction)
        recent = await recent_board(bot, table, interaction.guild_id)
        if recent is not None:  # no new public board for every /status: point to the latest
            await tell(interaction, dt("reply.board_recent", lang, where=recent))
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        message = await publish_status(bot, table.id, interaction=interaction)
        where = message.jump_url if message is not None else "-"
        await interaction.followup.send(dt("reply.board_posted", lang, where=where), ephemeral=True)

    @app_commands.command(
        name=name("hand"),
        description=text("Show your hand and money (only you see it)", "cmd.hand"),
    )
    @app_commands.guild_only()
    async def hand(self, interaction: discord.Interaction[Any]) -> None:
        bot = bot_of(interaction)
        table = await table_here(interaction)
        lang = user_lang(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        panel = await hand_panel(bot, table.id, str(interaction.user.id), lang)
        await bot.send_with_retry(interaction.followup.send, lambda: {**panel, "ephemeral": True})
        if "view" in panel:
            panel["view"].stop()

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
        name=name("log"), description=text("Show the moves played so far", "cmd.log")
    )
    @app_commands.guild_only()
    async def log(self, interaction: discord.Interaction[Any]) -> None:
        bot = bot_of(interaction)
        table = await table_here(interaction)
        lang = user_lang(interaction)
        entries = await bot.service.log(table.id, str(interaction.user.id))
        lines = [entry.line(lang) for entry in entries] or [dt("reply.no_moves_log", lang)]
        if len("\n".join(lines)) > 1990:
            lines = ["…", *lines]
        await tell(interaction, clip_lines(lines, 1990))


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Play())

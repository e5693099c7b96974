"""/replay: the board of a finished game at any earlier move, replayed from the seed."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord.board import clip_lines, error_text, render_png, tell, user_lang
from bot.discord.cogs.common import bot_of, local
from bot.service import afterplay, errors
from bot.service.after_errors import NoFinishedGame


class After(commands.Cog):
    """Looking back at a finished game; the answer is for the asker only."""

    @app_commands.command(
        name=local("replay", "再生"),
        description=local(
            "The board of the finished game here at an earlier move", "終わったゲームの過去の盤面"
        ),
    )
    @app_commands.guild_only()
    @app_commands.rename(move=local("move", "手数"))
    @app_commands.describe(
        move=local(
            "After this many moves (0: the start; default: the end)",
            "何手目の後か（0は開始時、省略時は最後）",
        )
    )
    async def replay(
        self, interaction: discord.Interaction[Any], move: app_commands.Range[int, 0] | None = None
    ) -> None:
        bot = bot_of(interaction)
        lang = user_lang(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        try:
            table = await bot.service.find(str(interaction.channel_id), closed_too=True)
            if table is None:
                raise NoFinishedGame()
            board = await afterplay.board_at(bot.service.store, table.id, move)
        except errors.TableError as error:
            await tell(interaction, error_text(error, lang))
            return
        text = board.game.board_text(board.view, lang=lang)
        content = clip_lines([f"**{board.title(lang)}**", f"```\n{text}\n```"])
        image = await render_png(bot, board.view, lang)
        kwargs: dict[str, Any] = {"ephemeral": True}
        if image is not None:
            kwargs["file"] = image.file()
        await interaction.followup.send(content, **kwargs)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(After())

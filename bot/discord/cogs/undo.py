"""/undo with consent: the asker's request, and Agree / Refuse buttons for the other players."""

from __future__ import annotations

import re
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord.board import error_text, publish_update, tell, user_lang
from bot.discord.cogs.common import bot_of, local, table_here
from bot.discord.components import CountedClick
from bot.service import errors
from bot.service.undo import UndoResult

UNDO_TEMPLATE = r"spt:undo:(?P<table>[A-Za-z0-9_-]{1,32}):(?P<version>[0-9]{1,9}):(?P<vote>[yn])"
LABELS = {
    "y": {"en": "Agree", "ja": "同意"},
    "n": {"en": "Refuse", "ja": "拒否"},
}


class UndoVote(
    CountedClick, discord.ui.DynamicItem[discord.ui.Button[Any]], template=UNDO_TEMPLATE
):
    """One answer to an undo request; it carries the table version asked at, so it survives a
    restart, and a click after the game moved on is refused by the service."""

    def __init__(self, table: str, version: int, vote: str, lang: str = "en") -> None:
        self.table, self.version, self.vote = table, version, vote
        super().__init__(
            discord.ui.Button(
                label=LABELS[vote].get(lang, LABELS[vote]["en"]),
                style=discord.ButtonStyle.success if vote == "y" else discord.ButtonStyle.danger,
                custom_id=f"spt:undo:{table}:{version}:{vote}",
            )
        )

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> UndoVote:
        return cls(match["table"], int(match["version"]), match["vote"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        bot = bot_of(interaction)
        lang = user_lang(interaction)
        try:
            result = await bot.service.answer_undo(
                self.table, str(interaction.user.id), self.vote == "y"
            )
        except errors.TableError as error:
            await tell(interaction, error_text(error, lang))
            return
        await interaction.response.send_message(result.text.get(result.table.lang))
        await post(bot, result, interaction)


async def post(bot: Any, result: UndoResult, interaction: discord.Interaction[Any]) -> None:
    """After an accepted undo the board as it was before the move is posted anew."""
    if result.update is not None:
        await publish_update(bot, result.update, interaction=interaction)


def vote_view(result: UndoResult) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for vote in ("y", "n"):
        view.add_item(UndoVote(result.table.id, result.table.version, vote, result.table.lang))
    view.stop()  # the DynamicItems answer clicks; no per-message view is kept in memory
    return view


class Undo(commands.Cog):
    """Taking back a move needs everyone's consent and nothing hidden revealed since."""

    @app_commands.command(
        name=local("undo", "取り消し"),
        description=local(
            "Ask to take back your last move (the others must agree)",
            "直前の自分の手の取り消しを求める（他の人の同意が必要）",
        ),
    )
    @app_commands.guild_only()
    async def undo(self, interaction: discord.Interaction[Any]) -> None:
        bot = bot_of(interaction)
        lang = user_lang(interaction)
        try:
            table = await table_here(interaction)
            result = await bot.service.ask_undo(table.id, str(interaction.user.id))
        except errors.TableError as error:
            await tell(interaction, error_text(error, lang))
            return
        text = result.text.get(result.table.lang)
        if result.waiting:
            mentions = " ".join(f"<@{user}>" for user in result.waiting if user.isdigit())
            await interaction.response.send_message(
                f"{mentions}\n{text}".strip(),
                view=vote_view(result),
                allowed_mentions=discord.AllowedMentions(users=True),
            )
            return
        await interaction.response.send_message(text)
        await post(bot, result, interaction)


async def setup(bot: commands.Bot) -> None:
    bot.add_dynamic_items(UndoVote)
    await bot.add_cog(Undo())

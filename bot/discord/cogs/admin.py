"""Host and moderator commands: /abandon, /kick (hand a seat to the computer), /remind."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

import games
from bot.discord.board import publish, retire_boards, tell, user_lang
from bot.discord.cogs.common import bot_of, is_moderator, name, table_here, text
from bot.service.tables import UNCHANGED

TAKEOVER_CHOICES = [
    app_commands.Choice(name=text("nothing", "choice.off"), value="off"),
    app_commands.Choice(name=text("pass for them", "choice.pass"), value="pass"),
    app_commands.Choice(name=text("the computer plays for them", "choice.ai"), value="ai"),
]


class Admin(commands.Cog):
    """What the host of a table (or a server moderator) may do."""

    @app_commands.command(
        name=name("abandon"),
        description=text("Close this table for good (host or moderator)", "cmd.abandon"),
    )
    @app_commands.guild_only()
    async def abandon(self, interaction: discord.Interaction[Any]) -> None:
        bot = bot_of(interaction)
        table = await table_here(interaction)
        changed = await bot.service.abandon(
            table.id, str(interaction.user.id), moderator=is_moderator(interaction)
        )
        await interaction.response.send_message(changed.text.get(changed.table.lang))
        await retire_boards(bot, table.id, keep="")  # the last board's buttons would refuse
        await bot.refresh_panels(changed.table)  # and so would those of open panels

    @app_commands.command(
        name=name("kick"),
        description=text("Hand a player's seat to the computer (host or moderator)", "cmd.kick"),
    )
    @app_commands.guild_only()
    @app_commands.rename(player=name("player"), ai=name("ai"))
    @app_commands.describe(
        player=text("The seat to hand to the computer", "opt.player"),
        ai=text("How the computer players play", "opt.ai"),
    )
    async def kick(
        self, interaction: discord.Interaction[Any], player: str, ai: str | None = None
    ) -> None:
        bot = bot_of(interaction)
        table = await table_here(interaction)
        # Deferred privately: a refusal goes to the caller alone; the new board tells everyone.
        await interaction.response.defer(ephemeral=True, thinking=True)
        update = await bot.service.replace_with_ai(
            table.id,
            str(interaction.user.id),
            player,
            ai or "greedy",
            moderator=is_moderator(interaction),
        )
        lang = user_lang(interaction)
        await tell(interaction, "\n".join(t.get(lang) for t in update.headline) or "-")
        await publish(bot, update.table.id, interaction=interaction, announce=update.headline)

    @kick.autocomplete("player")
    async def kick_autocomplete(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        table = await bot_of(interaction).service.find(str(interaction.channel_id))
        if table is None:
            return []
        typed = current.casefold()
        return [
            app_commands.Choice(name=s.seat, value=s.seat)
            for s in table.seats
            if not s.is_ai and typed in s.seat.casefold()
        ][:25]

    @kick.autocomplete("ai")
    async def kick_ai_autocomplete(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        table = await bot_of(interaction).service.find(str(interaction.channel_id))
        if table is None or table.game is None or table.game not in {g.id for g in games.all()}:
            return []
        lang = user_lang(interaction)
        typed = current.casefold()
        return [
            app_commands.Choice(
                name=f"{k.key}: {k.texts.get(lang, k.texts['en'])}"[:100], value=k.key
            )
            for k in games.get(table.game).ai_kinds()
            if typed in k.key.casefold()
        ][:25]

    @app_commands.command(
        name=name("remind"),
        description=text("Set reminders and automatic moves (host or moderator)", "cmd.remind"),
    )
    @app_commands.guild_only()
    @app_commands.rename(
        hours=name("hours"), takeover_hours=name("takeover_hours"), takeover=name("takeover")
    )
    @app_commands.describe(
        hours=text("Remind after this many hours", "opt.hours"),
        takeover_hours=text(
            "Move for an absent player after this many hours", "opt.takeover_hours"
        ),
        takeover=text("What to do for an absent player", "opt.takeover"),
    )
    @app_commands.choices(takeover=TAKEOVER_CHOICES)
    async def remind(
        self,
        interaction: discord.Interaction[Any],
        hours: app_commands.Range[float, 0.02, 720.0] | None = None,
        takeover_hours: app_commands.Range[float, 0.02, 720.0] | None = None,
        takeover: str | None = None,
    ) -> None:
        bot = bot_of(interaction)
        table = await table_here(interaction)
        changed = await bot.service.set_reminders(
            table.id,
            str(interaction.user.id),
            remind_after=UNCHANGED if hours is None else hours * 3600,
            takeover_after=UNCHANGED if takeover_hours is None else takeover_hours * 3600,
            takeover=UNCHANGED if takeover is None else takeover,
            moderator=is_moderator(interaction),
        )
        await tell(interaction, changed.text.get(user_lang(interaction)))


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Admin())

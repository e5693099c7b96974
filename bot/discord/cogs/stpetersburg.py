"""Sankt Petersburg's own move commands: /stp buy, take, play, pass, observe, drawn, pub."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

import games
from bot.discord.cogs.common import move_choices, name, text
from bot.discord.cogs.play import play_text
from games.base import InvalidMove

GAME = games.get("stpetersburg")

STACK_CHOICES = [
    app_commands.Choice(name=text(stack, f"choice.{stack}"), value=stack)
    for stack in ("workers", "buildings", "aristocrats", "trading")
]
DRAWN_CHOICES = [
    app_commands.Choice(name=text("buy it", "choice.buy"), value="buy"),
    app_commands.Choice(name=text("take it into hand", "choice.take"), value="take"),
    app_commands.Choice(name=text("discard it", "choice.discard"), value="discard"),
]


def with_verb(verb: str, typed: str) -> str:
    """`typed` as a move of kind `verb`: autocomplete gives whole notation, people type a card."""
    try:
        move = GAME.parse(typed)
    except InvalidMove:
        return f"{verb} {typed}"
    return typed if getattr(move, "kind", None) == verb else f"{verb} {typed}"


class StPetersburg(commands.Cog):
    """Typed, autocompleted moves for Sankt Petersburg."""

    stp = app_commands.Group(
        name=name("stp"),
        description=text("Sankt Petersburg moves", "cmd.stp"),
        guild_only=True,
    )

    @stp.command(name=name("buy"), description=text("Buy a card from the board", "cmd.stp.buy"))
    @app_commands.rename(card=name("card"))
    @app_commands.describe(card=text("The card", "opt.card"))
    async def buy(
        self, interaction: discord.Interaction[Any], card: app_commands.Range[str, 1, 100]
    ) -> None:
        await play_text(interaction, with_verb("buy", card))

    @buy.autocomplete("card")
    async def buy_autocomplete(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        return await move_choices(interaction, current, ("buy",))

    @stp.command(
        name=name("take"),
        description=text("Take a card from the board into your hand", "cmd.stp.take"),
    )
    @app_commands.rename(card=name("card"))
    @app_commands.describe(card=text("The card", "opt.card"))
    async def take(
        self, interaction: discord.Interaction[Any], card: app_commands.Range[str, 1, 100]
    ) -> None:
        await play_text(interaction, with_verb("take", card))

    @take.autocomplete("card")
    async def take_autocomplete(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        return await move_choices(interaction, current, ("take",))

    @stp.command(name=name("play"), description=text("Play a card from your hand", "cmd.stp.play"))
    @app_commands.rename(card=name("card"))
    @app_commands.describe(card=text("The card", "opt.card"))
    async def play(
        self, interaction: discord.Interaction[Any], card: app_commands.Range[str, 1, 100]
    ) -> None:
        await play_text(interaction, with_verb("play", card))

    @play.autocomplete("card")
    async def play_autocomplete(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        return await move_choices(interaction, current, ("play",))

    @stp.command(name=name("pass"), description=text("Pass", "cmd.stp.pass"))
    async def pass_(self, interaction: discord.Interaction[Any]) -> None:
        await play_text(interaction, "pass")

    @stp.command(
        name=name("observe"), description=text("Use your Observatory on a stack", "cmd.stp.observe")
    )
    @app_commands.rename(stack=name("stack"))
    @app_commands.describe(stack=text("The stack", "opt.stack"))
    @app_commands.choices(stack=STACK_CHOICES)
    async def observe(self, interaction: discord.Interaction[Any], stack: str) -> None:
        await play_text(interaction, f"observe {stack}")

    @stp.command(
        name=name("drawn"),
        description=text("Decide on the card your Observatory revealed", "cmd.stp.drawn"),
    )
    @app_commands.rename(action=name("action"), target=name("target"))
    @app_commands.describe(
        action=text("What to do with the revealed card", "opt.action"),
        target=text("The card it replaces (trading cards)", "opt.target"),
    )
    @app_commands.choices(action=DRAWN_CHOICES)
    async def drawn(
        self, interaction: discord.Interaction[Any], action: str, target: str | None = None
    ) -> None:
        if target and getattr(_parsed(target), "kind", None) == "drawn":
            await play_text(interaction, target)
            return
        await play_text(interaction, f"{action} drawn" + (f" > {target}" if target else ""))

    @drawn.autocomplete("target")
    async def drawn_autocomplete(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        choices = await move_choices(interaction, current, ("drawn",))
        return [c for c in choices if ">" in c.value]

    @stp.command(name=name("pub"), description=text("Buy points with your Pub", "cmd.stp.pub"))
    @app_commands.rename(points=name("points"))
    @app_commands.describe(points=text("How many points to buy", "opt.points"))
    async def pub(
        self, interaction: discord.Interaction[Any], points: app_commands.Range[int, 0, 100]
    ) -> None:
        await play_text(interaction, f"pub {points}")


def _parsed(typed: str) -> Any:
    try:
        return GAME.parse(typed)
    except InvalidMove:
        return None


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(StPetersburg())

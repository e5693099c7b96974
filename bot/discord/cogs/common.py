"""Small helpers the cogs share: translatable strings, the table of a channel, who may moderate."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

import games
from bot.discord.board import user_lang
from bot.service import errors
from bot.service.updates import TableInfo
from games.base import normalise

if TYPE_CHECKING:
    from bot.discord.host import Host

AUTOCOMPLETE_MAX = 25
CHOICE_MAX = 100


def text(english: str, key: str) -> app_commands.locale_str:
    """A description (or choice name) translated by the bot's Translator through `key`."""
    return app_commands.locale_str(english, key=key)


def name(english: str) -> app_commands.locale_str:
    """A command or option name with its Japanese form."""
    return app_commands.locale_str(english, key=f"name.{english}")


def bot_of(interaction: discord.Interaction[Any]) -> Host:
    return interaction.client  # type: ignore[no-any-return]


def is_moderator(interaction: discord.Interaction[Any]) -> bool:
    permissions = interaction.permissions
    return bool(permissions.manage_guild or permissions.manage_messages)


async def table_here(interaction: discord.Interaction[Any]) -> TableInfo:
    """The open table of the channel (or game thread) the interaction came from."""
    table = await bot_of(interaction).service.find(str(interaction.channel_id))
    if table is None:
        raise errors.NoTableHere()
    return table


async def move_choices(
    interaction: discord.Interaction[Any], current: str, kinds: tuple[str, ...] | None = None
) -> list[app_commands.Choice[str]]:
    """Autocomplete from the caller's legal moves (names in their language, values in notation)."""
    bot = bot_of(interaction)
    table = await bot.service.find(str(interaction.channel_id))
    if table is None or table.game is None:
        return []
    try:
        hand = await bot.service.hand(table.id, str(interaction.user.id))
    except errors.TableError:
        return []
    game = games.get(table.game)
    lang = user_lang(interaction)
    typed = normalise(current)
    out = []
    for notation in hand.legal_moves:
        move = game.parse(notation)
        if kinds is not None and getattr(move, "kind", None) not in kinds:
            continue
        shown = game.format(move, lang=lang)
        if typed and typed not in normalise(shown) and typed not in normalise(notation):
            continue
        if len(notation) > CHOICE_MAX:
            continue
        out.append(app_commands.Choice(name=shown[:CHOICE_MAX], value=notation))
        if len(out) == AUTOCOMPLETE_MAX:
            break
    return out

"""Small helpers the cogs share: translatable strings, the table of a channel, who may moderate."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

from bot.discord.board import offers_of, user_lang
from bot.service import errors
from bot.service.updates import TableInfo
from games.adapters import clip, moves_with_groups, text_in
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
    interaction: discord.Interaction[Any], current: str, groups: Sequence[str] = ()
) -> list[app_commands.Choice[str]]:
    """Autocomplete from the caller's offers in `groups` (all when empty): labels in the caller's
    language, values in notation."""
    bot = bot_of(interaction)
    table = await bot.service.find(str(interaction.channel_id))
    if table is None or table.game is None:
        return []
    try:
        hand = await bot.service.hand(table.id, str(interaction.user.id))
    except errors.TableError:
        return []
    typed = normalise(current)
    out = []
    for offer in moves_with_groups(offers_of(hand, user_lang(interaction)), groups):
        if typed and typed not in normalise(offer.label) and typed not in normalise(offer.move):
            continue
        if len(offer.move) > CHOICE_MAX:
            continue
        out.append(app_commands.Choice(name=clip(offer.label, CHOICE_MAX), value=offer.move))
        if len(out) == AUTOCOMPLETE_MAX:
            break
    return out


_NAME_CHARACTER = re.compile(r"[-_\w]")


def command_name(names: Mapping[str, str], lang: str) -> str:
    """A declared name in `lang` as Discord accepts it (lower case, no spaces, ≤ 32 characters);
    the English name when the localised one has nothing usable."""
    local = "".join(_NAME_CHARACTER.findall(text_in(names, lang).lower()))[:32]
    return local or names["en"]


def localised(texts: Mapping[str, str], limit: int = 100) -> app_commands.locale_str:
    """A declared description or choice name (en + ja), clipped to Discord's limit."""
    return app_commands.locale_str(clip(texts["en"], limit), ja=clip(text_in(texts, "ja"), limit))


def localised_name(names: Mapping[str, str]) -> app_commands.locale_str:
    """A declared command or option name with its Japanese form."""
    return app_commands.locale_str(names["en"], ja=command_name(names, "ja"))

"""The Rematch button and /rematch on Discord: the service decides; this posts what it says.

The old table's place (its thread, or its channel) is told who accepted, or where the new game's
first board is; the new table's board goes to the old table's channel.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

import discord

from bot.discord.board import (
    channel_of,
    error_text,
    escape_names,
    mentions_of,
    publish,
    tell,
    user_lang,
)
from bot.service import errors
from bot.service.rematch import RematchResult

if TYPE_CHECKING:
    from bot.discord.host import Host

log = logging.getLogger(__name__)


async def rematch_click(interaction: discord.Interaction[Any], table_id: str) -> None:
    """'Rematch' on a final board: the clicking player accepts."""
    bot: Host = interaction.client
    lang = user_lang(interaction)
    await interaction.response.defer(ephemeral=True, thinking=True)
    try:
        result = await bot.service.rematch(table_id, str(interaction.user.id))
    except errors.TableError as error:
        await tell(interaction, error_text(error, lang))
        return
    await tell(interaction, result.text.get(lang))
    await announce(bot, result, interaction)


async def announce(
    bot: Host, result: RematchResult, interaction: discord.Interaction[Any] | None = None
) -> None:
    """Post the new game's first board (once started), and tell the old table's place."""
    old = result.old
    line = result.text.get(old.lang)
    if result.started is not None:
        message = await publish(bot, result.started.table.id, interaction=interaction)
        if message is not None:
            line = f"{line} {message.jump_url}"
    channel = await channel_of(bot, old)
    if channel is None:
        return
    payload = {"content": escape_names(line, old.seats)[:2000], "allowed_mentions": mentions_of([])}
    try:
        await bot.send_with_retry(channel.send, payload.copy)
    except discord.HTTPException as error:
        log.warning("table %s: the rematch news was not posted: %s", old.id, error)

"""Lobby commands: /join, /leave, /games, /rules, and the start of a table (`start_table`, which
the generated `/start <game>` sub-commands call; see `bot.discord.cogs.generated`)."""

from __future__ import annotations

import dataclasses
import logging
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

import games
from bot.discord.board import escape_names, publish_update, tell, user_lang
from bot.discord.cogs.common import bot_of, command_name, is_moderator, name, table_here, text
from bot.discord.texts import dt
from bot.service import errors
from bot.service.table_core import AnyGame
from bot.service.updates import TableInfo, Update

log = logging.getLogger(__name__)
NO_MENTIONS = discord.AllowedMentions.none()

GAME_CHOICES = [
    app_commands.Choice(name=text(g.names["en"], f"game.{g.id}"), value=g.id) for g in games.all()
]


async def open_thread(
    interaction: discord.Interaction[Any], table: TableInfo, title: str
) -> discord.Thread | None:
    """A public thread for the game where the bot may create one; None keeps it in the channel."""
    channel = interaction.channel
    if not isinstance(channel, discord.TextChannel) or interaction.guild is None:
        return None
    me = interaction.guild.me
    if me is None:
        return None
    allowed = channel.permissions_for(me)
    if not (allowed.create_public_threads and allowed.send_messages_in_threads):
        return None
    try:
        thread = await channel.create_thread(
            name=title[:100],
            type=discord.ChannelType.public_thread,
            auto_archive_duration=10080,
        )
    except discord.HTTPException as error:
        log.warning(
            "table %s: no thread (%s %s); the game stays in the channel",
            table.id,
            error.status,
            error.text,
        )
        return None
    await bot_of(interaction).service.set_thread(table.id, str(thread.id))
    return thread


async def start_table(
    interaction: discord.Interaction[Any],
    game: str,
    *,
    bots: int = 0,
    ai: str | None = None,
    remind_hours: float | None = None,
    options: dict[str, Any] | None = None,
) -> None:
    """`/start <game> ...`: start the channel's table, open its thread, post the first board.

    `options` holds only the game options the host gave; None keeps what the lobby chose.
    """
    bot = bot_of(interaction)
    lang = user_lang(interaction)
    user = str(interaction.user.id)
    chosen = games.get(game)
    await interaction.response.defer(ephemeral=True, thinking=True)
    update = await bot.service.start(
        str(interaction.channel_id),
        user,
        game=game,
        options=options,
        bots=bots,
        bot_kind=ai or chosen.ai_kinds()[0].key,
        name=interaction.user.display_name,
        lang=lang,
        guild=str(interaction.guild_id),
        moderator=is_moderator(interaction),
        remind_after=None if remind_hours is None else remind_hours * 3600,
    )
    table = update.table
    title = chosen.names.get(table.lang, chosen.names["en"])
    thread = await open_thread(interaction, table, f"{title} · {table.id}")
    if thread is not None:
        table = await bot.service.info(table.id)
        update = dataclasses.replace(update, table=table)
        announce = dt("reply.started_thread", table.lang, game=title, thread=thread.mention)
        try:
            await bot.send_with_retry(interaction.channel.send, lambda: {"content": announce})  # type: ignore[union-attr]
        except discord.HTTPException as error:
            log.warning("table %s: could not announce the thread: %s", table.id, error)
    message = await publish_update(bot, update, interaction=interaction)
    where = message.jump_url if message is not None else (thread.mention if thread else "-")
    await interaction.followup.send(dt("reply.board_posted", lang, where=where), ephemeral=True)


def how_to_play(game: AnyGame, lang: str) -> str:
    """The game's rules summary and how to play it here, built from its options and commands."""
    summary = game.rules_summary.get(lang) or game.rules_summary.get("en") or dt("rules.none", lang)
    options = ["bots:", "ai:", "remind_hours:"] + [f"{s.name}:" for s in game.option_specs()]
    here = dt("rules.here", lang, start=game.id, options=" ".join(f"`{o}`" for o in options))
    commands = ""
    if game.commands is not None:
        group = game.commands
        prefix = command_name(group.names, lang)
        shown = [f"`/{prefix} {command_name(c.names, lang)}`" for c in group.commands]
        commands = ", ".join(shown) + ", "
    return "\n".join([summary, here + " " + dt("rules.controls", lang, commands=commands)])


class Lobby(commands.Cog):
    """Opening, filling and starting the table of a channel."""

    @app_commands.command(
        name=name("join"), description=text("Sit down at this channel's table", "cmd.join")
    )
    @app_commands.guild_only()
    async def join(self, interaction: discord.Interaction[Any]) -> None:
        bot = bot_of(interaction)
        lang = user_lang(interaction)
        lobby = await bot.service.join(
            str(interaction.channel_id),
            str(interaction.user.id),
            name=interaction.user.display_name,
            lang=lang,
            guild=str(interaction.guild_id),
        )
        reply = f"{lobby.text.get(lang)}\n{lobby.summary(lang)}"
        await interaction.response.send_message(escape_names(reply, lobby.table.seats))

    @app_commands.command(
        name=name("leave"), description=text("Leave this channel's table", "cmd.leave")
    )
    @app_commands.guild_only()
    async def leave(self, interaction: discord.Interaction[Any]) -> None:
        bot = bot_of(interaction)
        lang = user_lang(interaction)
        # Deferred privately: a refusal goes to the caller alone; what changed is posted publicly.
        await interaction.response.defer(ephemeral=True, thinking=True)
        before = await bot.service.find(str(interaction.channel_id))
        result = await bot.service.leave(str(interaction.channel_id), str(interaction.user.id))
        if isinstance(result, Update):
            await tell(interaction, "\n".join(t.get(lang) for t in result.headline) or "-")
            await publish_update(bot, result, interaction=interaction)
            return
        await tell(interaction, result.text.get(lang))
        seats = before.seats if before is not None else result.table.seats
        public = escape_names(result.text.get(result.table.lang), seats)
        if isinstance(interaction.channel, discord.abc.Messageable):
            try:
                await interaction.channel.send(public, allowed_mentions=NO_MENTIONS)
            except discord.HTTPException as error:
                log.warning("table %s: could not announce the leave: %s", result.table.id, error)

    @app_commands.command(
        name=name("games"), description=text("List the games the bot can host", "cmd.games")
    )
    async def list_games(self, interaction: discord.Interaction[Any]) -> None:
        lang = user_lang(interaction)
        lines = [dt("reply.games", lang)]
        for g in games.all():
            shown = g.names.get(lang, g.names["en"])
            lines.append(
                dt(
                    "reply.game_line",
                    lang,
                    id=g.id,
                    name=shown,
                    min=g.min_players,
                    max=g.max_players,
                )
            )
        await interaction.response.send_message("\n".join(lines), ephemeral=True)

    @app_commands.command(
        name=name("rules"),
        description=text("A short summary of a game and how to play it here", "cmd.rules"),
    )
    @app_commands.rename(game=name("game"))
    @app_commands.describe(game=text("The game to play", "opt.game"))
    @app_commands.choices(game=GAME_CHOICES)
    async def rules(self, interaction: discord.Interaction[Any], game: str | None = None) -> None:
        lang = user_lang(interaction)
        if game is None:
            try:
                table = await table_here(interaction)
                game = table.game
            except errors.TableError:
                game = None
        game = game or games.all()[0].id
        body = how_to_play(games.get(game), lang)
        await tell(interaction, body[:2000])


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Lobby())

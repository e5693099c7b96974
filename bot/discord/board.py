"""The board message and the private panel: text, image and components for a table, and sending them.

The cogs and the DynamicItems call these; nothing here decides game matters: TableService does.
"""

from __future__ import annotations

import asyncio
import io
import logging
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import discord
from pydantic import BaseModel

import games
from bot.discord.components import build_view, choices_for
from bot.discord.texts import dt
from bot.service import errors
from bot.service.i18n import lang_of
from bot.service.updates import Hand, SeatInfo, TableInfo, Update
from games.adapters import Offer, clip

if TYPE_CHECKING:
    from bot.discord.host import Host, Renderer

log = logging.getLogger(__name__)

MESSAGE_MAX = 2000


def user_lang(interaction: discord.Interaction[Any]) -> str:
    """Japanese for a Japanese Discord client, English otherwise."""
    return lang_of(str(interaction.locale) if interaction.locale else None)


def clip_lines(lines: Sequence[str], limit: int = MESSAGE_MAX) -> str:
    """Lines joined, dropping the oldest middle lines (keeping the first) to fit Discord's limit."""
    lines = [line for line in lines if line]
    text = "\n".join(lines)
    if len(text) <= limit:
        return text
    head, tail = lines[0][: limit // 4], list(lines[1:])
    while tail and len(head) + 3 + len("\n".join(tail)) > limit:
        tail.pop(0)
    text = "\n".join([head, "…", *tail])
    return text[:limit]


def who(seat: SeatInfo, lang: str) -> str:
    return f"<@{seat.user}>" if seat.user and not seat.is_ai else safe_name(seat.label(lang))


def safe_name(name: str) -> str:
    """A seat name as Discord shows it literally: no markdown, links or mentions of its own."""
    escaped = discord.utils.escape_markdown(name, ignore_links=False)
    # escape_markdown leaves masked links ([text](url)) alone: their brackets are escaped here.
    escaped = escaped.replace("[", "\\[").replace("]", "\\]")
    return discord.utils.escape_mentions(escaped)


def escape_names(text: str, seats: Sequence[SeatInfo]) -> str:
    """`text` with every seat name in it escaped (names come from display names, which anyone
    may set to `<@someone>` or a markdown link)."""
    for name in sorted({s.seat for s in seats}, key=len, reverse=True):
        escaped = safe_name(name)
        if escaped != name:
            text = text.replace(name, escaped)
    return text


def mentions_of(seats: Sequence[SeatInfo]) -> discord.AllowedMentions:
    """Pings for exactly these seats' players, and nobody else whatever the text says."""
    users = [discord.Object(int(s.user)) for s in seats if s.user and s.user.isdigit()]
    return discord.AllowedMentions(users=users, roles=False, everyone=False, replied_user=False)


def default_renderer() -> Renderer | None:
    """render.render_view when the renderer is installed; the board goes without an image otherwise."""
    try:
        from render import render_view
    except ImportError:  # pragma: no cover - render ships with the bot
        return None
    return render_view


ALT_TEXT_MAX = 1024  # Discord's limit for an attachment's description


def alt_text(view: BaseModel, lang: str) -> str | None:
    """The game's text board of a view: the image's description, read out by screen readers."""
    game_id = getattr(view, "game", None)
    try:
        text = games.get(str(game_id)).board_text(view, lang=lang)
    except Exception:
        log.exception("the text board of a %s view failed; no alt text", game_id)
        return None
    return clip(text, ALT_TEXT_MAX) or None


class BoardImage:
    """A rendered board: PNG bytes and their alt text, made into a fresh File for each send."""

    def __init__(self, data: bytes, description: str | None) -> None:
        self.data = data
        self.description = description

    def file(self) -> discord.File:
        return discord.File(
            io.BytesIO(self.data), filename="board.png", description=self.description
        )


async def render_png(bot: Host, view: BaseModel, lang: str) -> BoardImage | None:
    """The view as a PNG with its alt text, drawn in a worker thread; None if rendering fails."""
    renderer = bot.renderer
    if renderer is None:
        return None
    try:
        data = await asyncio.to_thread(renderer, view, lang=lang, scale=bot.render_scale)
    except Exception:
        log.exception(
            "rendering a %s view failed; sending the board without an image",
            getattr(view, "game", "?"),
        )
        return None
    return BoardImage(data, alt_text(view, lang))


def offers_of(hand: Hand, lang: str) -> list[Offer]:
    """The seat's legal moves as the game presents them (from the seat's own view)."""
    game = games.get(hand.table.game or "")
    moves = [game.parse(notation) for notation in hand.legal_moves]
    return game.offers(hand.view, moves, lang=lang)


# ---------------------------------------------------------------- the public board


def board_text(
    update_lines: Sequence[str],
    to_act: Sequence[SeatInfo],
    finished: bool,
    lang: str,
    seats: Sequence[SeatInfo] = (),
) -> str:
    lines = [escape_names(line, seats) for line in update_lines]
    if not finished and to_act:
        lines.append(dt("reply.to_act", lang, who=", ".join(who(s, lang) for s in to_act)))
    return clip_lines(lines)


async def board_view(
    bot: Host, table: TableInfo, to_act: Sequence[SeatInfo], view: BaseModel, finished: bool
) -> discord.ui.View | None:
    """Components for the seat to act: public moves, plus "My hand" for every human player."""
    if finished or table.game is None:
        return None
    humans = [s for s in to_act if not s.is_ai and s.user]
    lang = humans[0].lang if len(humans) == 1 else table.lang
    choices = []
    if len(humans) == 1:
        try:
            hand = await bot.service.hand(table.id, humans[0].user or "")
        except errors.TableError:
            hand = None
        if hand is not None and hand.to_act:
            choices = choices_for(offers_of(hand, lang), public_only=True)
    groups = games.get(table.game).move_groups
    return build_view(table.id, table.version, choices, lang=lang, groups=groups, hand_button=True)


async def channel_of(bot: Host, table: TableInfo) -> discord.abc.Messageable | None:
    """Where the table's board goes: its thread if it has one, else its channel."""
    for channel_id in (table.thread, table.channel):
        if channel_id is None:
            continue
        channel = bot.get_channel(int(channel_id))
        if channel is None:
            try:
                channel = await bot.fetch_channel(int(channel_id))
            except discord.HTTPException:
                log.warning("table %s: channel %s is gone or hidden", table.id, channel_id)
                continue
        if isinstance(channel, discord.abc.Messageable):
            return channel
    return None


async def publish(
    bot: Host,
    table: TableInfo,
    lines: Sequence[str],
    to_act: Sequence[SeatInfo],
    view: BaseModel,
    finished: bool,
    *,
    interaction: discord.Interaction[Any] | None = None,
) -> discord.Message | None:
    """Post a new board message: text, image, mention of who acts next, components."""
    lang = table.lang
    content = board_text(lines, to_act, finished, lang, table.seats)
    image = await render_png(bot, view, lang)
    components = await board_view(bot, table, to_act, view, finished)
    mentions = mentions_of([] if finished else [s for s in to_act if not s.is_ai])

    def payload() -> dict[str, Any]:
        kwargs: dict[str, Any] = {"content": content, "allowed_mentions": mentions}
        if image is not None:
            kwargs["file"] = image.file()
        if components is not None:
            kwargs["view"] = components
        return kwargs

    channel = await channel_of(bot, table)
    message: discord.Message | None = None
    if channel is not None:
        try:
            message = await bot.send_with_retry(channel.send, payload)
        except discord.Forbidden as error:
            log.warning(
                "table %s: may not post the board in %s (%s)",
                table.id,
                table.thread or table.channel,
                error.text,
            )
        except discord.HTTPException as error:
            log.warning(
                "table %s: posting the board failed: %s %s", table.id, error.status, error.text
            )
    if message is None and interaction is not None:
        # The interaction's own webhook may still post where the bot itself may not.
        try:
            message = await bot.send_with_retry(
                interaction.followup.send, lambda: {**payload(), "wait": True}
            )
        except discord.HTTPException as error:
            log.warning("table %s: the board could not be posted at all: %s", table.id, error)
            await tell(interaction, dt("error.discord_forbidden", user_lang(interaction)))
    if components is not None:
        components.stop()  # no per-message view kept in memory: the DynamicItems answer clicks
    if message is not None:
        await bot.service.record_message(table.id, str(message.id), str(message.channel.id))
    return message


async def publish_update(
    bot: Host, update: Update, *, interaction: discord.Interaction[Any] | None = None
) -> discord.Message | None:
    return await publish(
        bot,
        update.table,
        update.public_lines(update.table.lang),
        update.to_act,
        update.view,
        update.finished,
        interaction=interaction,
    )


async def recent_board(bot: Host, table: TableInfo, guild_id: int | None) -> str | None:
    """A link to the table's latest board if it shows the current position and was posted
    less than `status_repost_seconds` ago (so /status need not post another one)."""
    boards = [m for m in await bot.service.messages(table.id) if m.kind == "board"]
    if not boards:
        return None
    latest = boards[-1]
    if latest.version != table.version:
        return None
    if bot.service.clock() - latest.posted_at >= bot.status_repost_seconds:
        return None
    where = guild_id if guild_id is not None else "@me"
    return f"https://discord.com/channels/{where}/{latest.channel_id}/{latest.message_id}"


async def publish_status(
    bot: Host, table_id: str, *, interaction: discord.Interaction[Any] | None = None
) -> discord.Message | None:
    status = await bot.service.status(table_id)
    lang = status.table.lang
    lines: list[str] = []
    if status.outcome is not None:
        lines.append(dt("reply.final", lang))
        lines.extend(f"{s.rank}. {s.seat}: {s.score}" for s in status.outcome.standings)
    finished = status.table.status in ("finished", "abandoned")
    return await publish(
        bot, status.table, lines, status.to_act, status.view, finished, interaction=interaction
    )


# ---------------------------------------------------------------- the private panel


def hand_summary(hand: Hand, lang: str) -> str:
    """The seat's own position in words: the game's text board of its private view."""
    game = games.get(hand.table.game or "")
    lines = [dt("reply.private_view", lang, seat=hand.seat.seat)]
    board = game.board_text(hand.view, lang=lang)
    if board:
        lines.append(f"```\n{clip(board, MESSAGE_MAX - 200)}\n```")
    if hand.to_act:
        lines.append(dt("reply.your_turn", lang))
    return clip_lines(lines)


async def hand_panel(bot: Host, table_id: str, user: str, lang: str) -> dict[str, Any]:
    """Keyword arguments for an ephemeral message: private image, summary and every legal move."""
    hand = await bot.service.hand(table_id, user)
    kwargs: dict[str, Any] = {"content": hand_summary(hand, lang)}
    image = await render_png(bot, hand.view, lang)
    if image is not None:
        kwargs["file"] = image.file()
    if hand.to_act and hand.legal_moves:
        groups = games.get(hand.table.game or "").move_groups
        choices = choices_for(offers_of(hand, lang))
        kwargs["view"] = build_view(
            hand.table.id, hand.table.version, choices, lang=lang, groups=groups
        )
    return kwargs


# ---------------------------------------------------------------- answering


async def tell(interaction: discord.Interaction[Any], text: str, **kwargs: Any) -> None:
    """An ephemeral answer, whether or not the interaction was answered or deferred already."""
    try:
        if interaction.response.is_done():
            await interaction.followup.send(text, ephemeral=True, **kwargs)
        else:
            await interaction.response.send_message(text, ephemeral=True, **kwargs)
    except discord.HTTPException as error:
        log.warning("could not answer interaction %s: %s", interaction.id, error)


def error_text(error: errors.TableError, lang: str) -> str:
    text = error.message(lang)
    candidates: Sequence[str] = getattr(error, "candidates", ())
    if candidates and "{" not in text:
        listed = ", ".join(candidates[:12])
        if listed not in text:
            text += "\n" + dt("error.choose_one", lang, candidates=listed)
    return text[:MESSAGE_MAX]

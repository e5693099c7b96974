"""The board message and the private panel: text, image and components for a table, and sending them.

The cogs and the DynamicItems call these; nothing here decides game matters: TableService does.
"""

from __future__ import annotations

import asyncio
import hashlib
import io
import logging
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

import discord
from pydantic import BaseModel

import games
from bot.discord.components import build_view, choices_for
from bot.discord.panels import UNKNOWN_INTERACTION
from bot.discord.review_button import final_view
from bot.discord.texts import dt
from bot.service import afterplay, errors, metrics
from bot.service.i18n import Text, lang_of
from bot.service.updates import Hand, SeatInfo, TableInfo, Update
from games.adapters import Offer, clip

if TYPE_CHECKING:
    from bot.discord.host import Host, Renderer

log = logging.getLogger(__name__)

MESSAGE_MAX = 2000
NONCE_MAX = 25  # Discord's limit for a message nonce


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


def who(seat: SeatInfo, lang: str, away: Mapping[str, float] | None = None) -> str:
    shown = f"<@{seat.user}>" if seat.user and not seat.is_ai else safe_name(seat.label(lang))
    until = (away or {}).get(seat.seat)
    return shown if until is None else f"{shown} ({away_mark(until, lang)})"


def away_mark(until: float, lang: str) -> str:
    """ "away until <date>", the date in each reader's own time zone (a Discord timestamp)."""
    return Text.of("away.mark", until=f"<t:{int(until)}:f>").get(lang)


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
    return fit_lines(text, ALT_TEXT_MAX) or None


def fit_lines(text: str, limit: int) -> str:
    """A text board within `limit` characters, shortened the way a reader loses least: first
    the runs of indented lines go (a seat's details, a map's rows), last first; then whole
    lines from the end. The unindented lines of every game's text board say the phase, who acts and each
    seat's public standing, so they stay whenever they fit."""
    if len(text) <= limit:
        return text
    lines = text.splitlines()
    # Runs of indented lines go together (a map's rows with their header), the last run first.
    runs: list[list[int]] = []
    for i, line in enumerate(lines):
        if line[:1].isspace():
            if runs and runs[-1][-1] == i - 1:
                runs[-1].append(i)
            else:
                runs.append([i])
    kept = [True] * len(lines)
    size = len(text) + len(" …")
    while size > limit and runs:
        for dropped in runs.pop():
            kept[dropped] = False
            size -= len(lines[dropped]) + 1
    shortened = [line for line, keep in zip(lines, kept, strict=True) if keep]
    while shortened and len("\n".join([*shortened, "…"])) > limit:
        shortened.pop()
    return "\n".join([*shortened, "…"]) if shortened else clip(text, limit)


class BoardImage:
    """A rendered board: PNG bytes and their alt text, made into a fresh File for each send."""

    def __init__(self, data: bytes, description: str | None, filename: str = "board.png") -> None:
        self.data = data
        self.description = description
        self.filename = filename

    def file(self) -> discord.File:
        return discord.File(
            io.BytesIO(self.data), filename=self.filename, description=self.description
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
    away: Mapping[str, float] | None = None,
) -> str:
    lines = [escape_names(line, seats) for line in update_lines]
    if not finished and to_act:
        lines.append(dt("reply.to_act", lang, who=", ".join(who(s, lang, away) for s in to_act)))
    return clip_lines(lines)


async def board_view(
    bot: Host, table: TableInfo, to_act: Sequence[SeatInfo], view: BaseModel, finished: bool
) -> discord.ui.View | None:
    """Components for the seat to act: public moves, plus "My hand" for every human player; a
    finished game's board gets its after-game buttons (Rematch, Review)."""
    if finished or table.status == "finished":
        return final_view(table)
    if table.game is None:
        return None
    humans = [s for s in to_act if not s.is_ai and s.user]
    lang = table.lang  # the public board speaks the table's language, whoever is to act
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


def message_nonce(which: str, table_id: str) -> str:
    """The nonce of a table's message (at most 25 characters), `which` naming the message among
    the table's: Discord returns the first message when the same nonce is sent again within
    minutes, so a message resent after a crash is not posted twice."""
    nonce = f"{which}.{table_id}"
    if len(nonce) > NONCE_MAX:  # a long table id: a digest keeps nonces of tables apart
        digest = hashlib.blake2s(table_id.encode(), digest_size=8).hexdigest()
        nonce = f"{which}.{digest}"[:NONCE_MAX]
    return nonce


def board_nonce(table_id: str, version: int) -> str:
    """The nonce of the table's board at `version`."""
    return message_nonce(f"b{version}", table_id)


async def publish(
    bot: Host,
    table_id: str,
    *,
    interaction: discord.Interaction[Any] | None = None,
    announce: Sequence[Text] = (),
) -> discord.Message | None:
    """Post the board the table is owed, if any (the outbox): text, image, mention, components.

    A board is owed while the table's version is ahead of its latest posted board, so this may
    be called any number of times (after a move, at start-up, on every tick) and posts once. The
    text says what happened since the last turn of the person to act; the previous board then
    loses its components, so only the latest board can be clicked.

    `announce` is news that is not in the move log (a seat handed to the computer): it heads
    the owed board, or is posted on its own when no board is owed.
    """
    message: discord.Message | None = None
    async with bot.board_lock(table_id):
        table = await bot.service.info(table_id)
        if table.status == "lobby":
            return None
        posted = await bot.service.board_version(table_id)
        if posted is None or table.version > posted:
            update = await bot.service.board(table_id)
            table = update.table
            if announce:
                update = replace(update, headline=(*announce, *update.headline))
            message = await _post_or_edit(bot, update, interaction, fresh=bool(announce))
        elif announce:
            await _announce(bot, table, announce)
    # Even when another caller posted the board meanwhile: the panel a move was made from
    # must not keep showing it.
    await bot.refresh_panels(table)
    return message


async def _announce(bot: Host, table: TableInfo, lines: Sequence[Text]) -> None:
    """Post news about a table on its own (no board owed), pinging nobody."""
    channel = await channel_of(bot, table)
    if channel is None:
        return
    content = clip_lines([escape_names(line.get(table.lang), table.seats) for line in lines])
    payload = {"content": content, "allowed_mentions": mentions_of([])}
    try:
        await bot.send_with_retry(channel.send, payload.copy)
    except discord.HTTPException as error:
        log.warning("table %s: news not posted: %s", table.id, error)


async def _post_or_edit(
    bot: Host,
    update: Update,
    interaction: discord.Interaction[Any] | None,
    *,
    fresh: bool = False,
) -> discord.Message | None:
    """Post the board of `update` (or edit the latest one in place) and record its version."""
    table_id = update.table.id
    boards = [m for m in await bot.service.messages(table_id) if m.kind == "board"]
    latest = max(boards, key=lambda m: (m.version, m.posted_at)) if boards else None
    message: discord.Message | None = None
    if latest is not None and not fresh and update.edit:
        # Nobody new must act (the same person goes on, or more choices of a simultaneous
        # step arrive): the latest board is brought up to date in place, pinging nobody, so
        # the thread gets one message per decision that became someone's.
        message = await _edit(bot, update, latest)
    if message is None:
        message = await _post(bot, update, interaction)
        if message is not None:
            await retire_boards(bot, table_id, keep=str(message.id))
    if message is not None:
        await bot.service.record_message(
            table_id, str(message.id), str(message.channel.id), version=update.version
        )
    return message


async def _edit(bot: Host, update: Update, latest: Any) -> discord.Message | None:
    """The latest board, edited to show `update`; None if Discord refuses (a new one is posted)."""
    lang = update.table.lang
    away = await bot.service.away_marks(update.table)
    content = board_text(
        update.public_lines(lang), update.to_act, update.finished, lang, update.table.seats, away
    )
    image = await render_png(bot, update.view, lang)
    components = await board_view(bot, update.table, update.to_act, update.view, update.finished)
    channel = bot.get_partial_messageable(int(latest.channel_id))
    try:
        message: discord.Message = await channel.get_partial_message(int(latest.message_id)).edit(
            content=content,
            attachments=[image.file()] if image is not None else [],
            view=components,
        )
    except discord.HTTPException as error:
        log.info("table %s: board %s not edited: %s", update.table.id, latest.message_id, error)
        return None
    finally:
        if components is not None:
            components.stop()
    return message


async def _post(
    bot: Host, update: Update, interaction: discord.Interaction[Any] | None
) -> discord.Message | None:
    table = update.table
    lang = table.lang
    away = await bot.service.away_marks(table)
    content = board_text(
        update.public_lines(lang), update.to_act, update.finished, lang, table.seats, away
    )
    image = await render_png(bot, update.view, lang)
    components = await board_view(bot, table, update.to_act, update.view, update.finished)
    chart = await final_chart(bot, table) if update.finished and image is not None else None
    # Only the members a decision became theirs for are pinged; the others to act were pinged by
    # an earlier board (the text still names them all). Those in their quiet hours are named but
    # not pinged: their ping is held until the quiet hours end.
    newly = [] if update.finished else [s for s in update.ping if not s.is_ai]
    mentions = mentions_of(await bot.service.mention_now(table, newly))
    nonce = board_nonce(table.id, update.version)

    def payload() -> dict[str, Any]:
        kwargs: dict[str, Any] = {"content": content, "allowed_mentions": mentions}
        if image is not None and chart is not None:
            kwargs["files"] = [image.file(), chart.file()]
        elif image is not None:
            kwargs["file"] = image.file()
        if components is not None:
            kwargs["view"] = components
        return kwargs

    channel = await channel_of(bot, table)
    message: discord.Message | None = None
    if channel is not None:
        try:
            message = await bot.send_with_retry(channel.send, lambda: {**payload(), "nonce": nonce})
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
    return message


async def retire_boards(bot: Host, table_id: str, *, keep: str) -> None:
    """Take the components off the previous board, so an old board cannot be clicked."""
    boards = [m for m in await bot.service.messages(table_id) if m.kind == "board"]
    previous = [m for m in boards if m.message_id != keep]
    if not previous:
        return
    last = max(previous, key=lambda m: (m.version, m.posted_at))
    channel = bot.get_partial_messageable(int(last.channel_id))
    try:
        await channel.get_partial_message(int(last.message_id)).edit(view=None)
    except discord.HTTPException as error:
        log.info("table %s: old board %s kept its buttons: %s", table_id, last.message_id, error)


async def final_chart(bot: Host, table: TableInfo) -> BoardImage | None:
    """The end-of-game chart of a finished table, drawn in a worker thread; None if the game
    offers none (or drawing it fails: the final board goes without it)."""
    from render.chart import chart_text, render_chart

    try:
        found = await afterplay.chart(bot.service.store, table.id)
        if found is None:
            return None
        series, seats = found
        data = await asyncio.to_thread(
            render_chart, series, lang=table.lang, scale=bot.render_scale, seats=seats
        )
    except Exception:
        log.exception(
            "table %s: the end-of-game chart failed; posting the board without it", table.id
        )
        return None
    return BoardImage(data, chart_text(series, table.lang), filename="chart.png")


async def publish_update(
    bot: Host, update: Update, *, interaction: discord.Interaction[Any] | None = None
) -> discord.Message | None:
    """Post the board owed after `update` (see `publish`)."""
    return await publish(bot, update.table.id, interaction=interaction)


def latest_board_url(table: TableInfo, boards: Sequence[Any]) -> str | None:
    """A link to the table's latest board message, if one was posted."""
    posted = [m for m in boards if m.kind == "board"]
    if not posted:
        return None
    last = max(posted, key=lambda m: (m.version, m.posted_at))
    return (
        f"https://discord.com/channels/{table.guild or '@me'}/{last.channel_id}/{last.message_id}"
    )


async def status_reply(bot: Host, table: TableInfo, lang: str) -> str:
    """/status, for the asker alone: standings or who is to act, and where the latest board is."""
    status = await bot.service.status(table.id)
    lines: list[str] = []
    if status.outcome is not None:
        lines.append(dt("reply.final", lang))
        lines.extend(f"{s.rank}. {s.seat}: {s.score}" for s in status.outcome.standings)
    elif status.to_act:
        away = await bot.service.away_marks(table)
        named = [
            s.label(lang) + (f" ({away_mark(away[s.seat], lang)})" if s.seat in away else "")
            for s in status.to_act
        ]
        lines.append(dt("reply.to_act", lang, who=", ".join(named)))
    text = games.get(table.game or "").board_text(status.view, lang=lang)
    if text:
        lines.append(f"```\n{clip(text, MESSAGE_MAX - 400)}\n```")
    url = latest_board_url(table, await bot.service.messages(table.id))
    if url is not None:
        lines.append(dt("reply.latest_board", lang, where=url))
    return clip_lines(lines)


# ---------------------------------------------------------------- the private panel


def hand_summary(hand: Hand, lang: str, unseen: Sequence[str] = ()) -> str:
    """The seat's own position in words: what it missed, then the text board of its own view."""
    game = games.get(hand.table.game or "")
    lines = []
    if unseen:
        lines.append(dt("reply.since_you_looked", lang))
        lines.extend(f"• {line}" for line in unseen)
    lines.append(dt("reply.private_view", lang, seat=hand.seat.seat))
    board = game.board_text(hand.view, lang=lang)
    if board:
        lines.append(f"```\n{clip(board, MESSAGE_MAX - 600)}\n```")
    if hand.to_act:
        lines.append(dt("reply.your_turn", lang))
    return clip_lines(lines)


async def hand_panel(bot: Host, table_id: str, user: str, lang: str) -> dict[str, Any]:
    """Keyword arguments for an ephemeral message: what the seat missed, its private image and
    summary, and every legal move. The notices shown count as seen."""
    hand = await bot.service.hand(table_id, user)
    unseen = await bot.service.unseen(table_id, user)
    kwargs: dict[str, Any] = {
        "content": hand_summary(hand, lang, [text.get(lang) for text in unseen.texts])
    }
    image = await render_png(bot, hand.view, lang)
    if image is not None:
        kwargs["file"] = image.file()
    if hand.to_act and hand.legal_moves:
        groups = games.get(hand.table.game or "").move_groups
        choices = choices_for(offers_of(hand, lang))
        kwargs["view"] = build_view(
            hand.table.id, hand.table.version, choices, lang=lang, groups=groups
        )
    if unseen.texts:
        await bot.service.mark_seen(table_id, unseen.seat, unseen.version)
    return kwargs


def as_edit(panel: dict[str, Any]) -> dict[str, Any]:
    """A panel's send arguments as edit arguments (the image replaces the old attachment)."""
    edit = {"content": panel["content"], "view": panel.get("view")}
    edit["attachments"] = [panel["file"]] if "file" in panel else []
    return edit


# ---------------------------------------------------------------- answering


async def tell(interaction: discord.Interaction[Any], text: str, **kwargs: Any) -> None:
    """An ephemeral answer, whether or not the interaction was answered or deferred already."""
    try:
        if interaction.response.is_done():
            await interaction.followup.send(text, ephemeral=True, **kwargs)
        else:
            await interaction.response.send_message(text, ephemeral=True, **kwargs)
    except discord.HTTPException as error:
        if isinstance(error, discord.NotFound) and error.code == UNKNOWN_INTERACTION:
            # It expired before we could answer (e.g. during a gateway outage).
            log.warning("interaction %s expired before it was answered; dropped", interaction.id)
        else:
            log.warning("could not answer interaction %s: %s", interaction.id, error)


def error_text(error: errors.TableError, lang: str) -> str:
    metrics.refused(error)  # every refusal a member is shown passes here
    text = error.message(lang)
    candidates: Sequence[str] = getattr(error, "candidates", ())
    if candidates and "{" not in text:
        listed = ", ".join(candidates[:12])
        if listed not in text:
            text += "\n" + dt("error.choose_one", lang, candidates=listed)
    return text[:MESSAGE_MAX]

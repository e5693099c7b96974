"""/review and the Review button: the strong AI's look back at a finished game.

The asker gets a private answer: the win-chance chart and their three costliest decisions, each
with the board as they saw it then. While the review runs, that answer is a progress message
edited as parts finish. When a review is done, its chart is posted once to the table's thread.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord.board import BoardImage, channel_of, error_text, render_png, user_lang
from bot.discord.cogs.common import bot_of, local
from bot.discord.host import Host
from bot.discord.panels import answered
from bot.discord.review_button import ReviewButton
from bot.service import errors
from bot.service.after_errors import NoFinishedGame
from bot.service.i18n import t
from bot.service.review import Reviewed
from bot.service.review_text import answer_lines, chart, costliest, seat_of
from bot.service.updates import TableInfo

log = logging.getLogger(__name__)

MESSAGE_MAX = 2000
PROGRESS_STEPS = 10  # the progress message is edited about this many times in all


async def chart_image(bot: Host, reviewed: Reviewed, lang: str) -> BoardImage:
    """The win-chance chart as a PNG, drawn in a worker thread."""
    from render.chart import chart_text, render_chart

    series, seats = chart(reviewed)
    data = await asyncio.to_thread(
        render_chart, series, lang=lang, scale=bot.render_scale, seats=seats
    )
    return BoardImage(data, chart_text(series, lang)[:1000], filename="review-chart.png")


async def private_answer(bot: Host, reviewed: Reviewed, user: str, lang: str) -> dict[str, Any]:
    """The asker's answer: the text, the chart, and the board before each costliest decision."""
    seat = seat_of(reviewed, user)
    images = [await chart_image(bot, reviewed, lang)]
    for decision in costliest(reviewed, seat):
        image = await render_png(bot, decision.view, lang)
        if image is not None:
            image.filename = f"decision-{decision.number}.png"
            caption = t("review.board_caption", lang, n=decision.number, move=decision.verdict.seq)
            image.description = f"{caption} {image.description or ''}"[:1000]
            images.append(image)
    content = "\n".join(answer_lines(reviewed, seat, lang))[:MESSAGE_MAX]
    return {"content": content, "attachments": [image.file() for image in images]}


async def answer_review(interaction: discord.Interaction[Any], table_id: str) -> None:
    """Defer privately, show progress while the review runs, then the asker's answer."""
    bot = bot_of(interaction)
    lang = user_lang(interaction)
    if not await answered(interaction.response.defer(ephemeral=True, thinking=True)):
        return
    shown = -1

    async def progress(done: int, total: int) -> None:
        nonlocal shown
        step = done * PROGRESS_STEPS // max(1, total)
        if step == shown or done == total:
            return
        shown = step
        await interaction.edit_original_response(
            content=t("review.progress", lang, done=done, total=total)
        )

    try:
        reviewed = await bot.service.reviews.review(table_id, progress)
    except errors.TableError as error:
        await interaction.edit_original_response(content=error_text(error, lang))
        return
    except Exception:  # a worker that died: the parts done are kept for the next request
        log.exception("review of %s failed", table_id)
        await interaction.edit_original_response(content=t("review.failed", lang))
        return
    answer = await private_answer(bot, reviewed, str(interaction.user.id), lang)
    try:
        await interaction.edit_original_response(**answer)
    except discord.HTTPException as error:
        # A long review outlives the interaction (15 minutes): the next click shows it at once.
        log.info("review of %s: the answer could not be shown: %s", table_id, error)


async def post_chart(bot: Host, table_id: str) -> None:
    """Once per review: the chart, public to the table, in its thread (or channel)."""
    if not await bot.service.store.reviews.claim_chart(table_id):
        return
    reviewed = await bot.service.reviews.stored(table_id)
    info: TableInfo = await bot.service.info(table_id)
    channel = await channel_of(bot, info)
    if reviewed is None or channel is None:
        return
    image = await chart_image(bot, reviewed, info.lang)
    try:
        await channel.send(t("review.chart_public", info.lang), file=image.file())
    except discord.HTTPException as error:
        log.warning("review of %s: the chart was not posted: %s", table_id, error)


class Review(commands.Cog):
    """The game review: the command here, the button on the final board."""

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        self.resuming: asyncio.Task[None] | None = None

    async def cog_load(self) -> None:
        host: Host = self.bot  # type: ignore[assignment]
        host.service.reviews.finished.append(lambda table_id: post_chart(host, table_id))
        if host.background:
            self.resuming = asyncio.create_task(self._resume(host))

    async def cog_unload(self) -> None:
        if self.resuming is not None:
            self.resuming.cancel()

    async def _resume(self, host: Host) -> None:
        """Reviews a stopped process left unfinished go on once the bot is connected."""
        await host.wait_until_ready()
        resumed = await host.service.reviews.resume()
        if resumed:
            log.info("resumed %d unfinished reviews", len(resumed))

    @app_commands.command(
        name=local("review", "振り返り"),
        description=local(
            "The strong AI's review of the finished game here: your costliest decisions",
            "終わった対局を強いAIが振り返り、あなたの損の大きかった手を示します",
        ),
    )
    @app_commands.guild_only()
    @app_commands.rename(table=local("table", "テーブル"))
    @app_commands.describe(
        table=local(
            "A finished table's id (default: the latest game here)",
            "終わったテーブルのID（省略時はここの最新のゲーム）",
        )
    )
    async def review(self, interaction: discord.Interaction[Any], table: str | None = None) -> None:
        bot = bot_of(interaction)
        try:
            if table is None:
                found = await bot.service.find(str(interaction.channel_id), closed_too=True)
                if found is None:
                    raise NoFinishedGame()
            else:
                found = await bot.service.info(errors.clip_input(table.strip()))
                if found.guild != str(interaction.guild_id):
                    raise errors.UnknownTable(table=errors.clip_input(table))
        except errors.TableError as error:
            await interaction.response.send_message(
                error_text(error, user_lang(interaction)), ephemeral=True
            )
            return
        await answer_review(interaction, found.id)


async def setup(bot: commands.Bot) -> None:
    bot.add_dynamic_items(ReviewButton)
    await bot.add_cog(Review(bot))

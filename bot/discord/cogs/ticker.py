"""The background task: reminders and automatic moves as TableService.tick decides, every minute."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import discord
from discord.ext import commands, tasks

from bot.discord.board import channel_of, escape_names, mentions_of, publish_update

if TYPE_CHECKING:
    from bot.discord.host import Host

log = logging.getLogger(__name__)


class Ticker(commands.Cog):
    """Runs TableService.tick on a timer and posts what it produced."""

    def __init__(self, bot: Host) -> None:
        self.bot = bot
        self.loop = tasks.loop(seconds=bot.tick_seconds)(self._tick)
        self.loop.before_loop(self._recover)

    async def cog_load(self) -> None:
        if self.bot.background:
            self.loop.start()

    async def cog_unload(self) -> None:
        self.loop.cancel()

    async def _recover(self) -> None:
        """At start-up, let AI seats finish what a stopped process left undone."""
        await self.bot.wait_until_ready()
        try:
            for update in await self.bot.service.recover():
                await publish_update(self.bot, update)
        except Exception:
            log.exception("recovering tables at start-up failed")

    async def _tick(self) -> None:
        try:
            tick = await self.bot.service.tick()
        except Exception:
            log.exception("table tick failed")
            return
        for update in tick.updates:
            try:
                await publish_update(self.bot, update)
            except Exception:
                log.exception("posting the board of table %s failed", update.table.id)
        for reminder in tick.reminders:
            channel = await channel_of(self.bot, reminder.table)
            if channel is None:
                continue
            seat = reminder.seat
            mention = f"<@{seat.user}> " if seat.user else ""
            content = mention + escape_names(reminder.text.get(seat.lang), reminder.table.seats)
            payload = {"content": content[:2000], "allowed_mentions": mentions_of([seat])}
            try:
                await self.bot.send_with_retry(channel.send, payload.copy)
            except discord.HTTPException as error:
                log.warning("reminder for table %s not sent: %s", reminder.table.id, error)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Ticker(bot))  # type: ignore[arg-type]

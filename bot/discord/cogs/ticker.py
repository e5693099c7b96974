"""The background task: reminders and automatic moves as TableService.tick decides, every minute."""

from __future__ import annotations

import logging
import time
from typing import TYPE_CHECKING

import discord
from discord.ext import commands, tasks

from bot.discord.board import channel_of, escape_names, mentions_of, publish

if TYPE_CHECKING:
    from bot.discord.host import Host

log = logging.getLogger(__name__)

RETRY_FIRST = 60.0
RETRY_MAX = 3600.0


class Ticker(commands.Cog):
    """Runs TableService.tick on a timer and posts what it produced."""

    def __init__(self, bot: Host) -> None:
        self.bot = bot
        self.loop = tasks.loop(seconds=bot.tick_seconds)(self._tick)
        self.loop.before_loop(self._recover)
        self.retry: dict[str, tuple[float, float]] = {}  # table -> (next attempt, last delay)

    async def cog_load(self) -> None:
        if self.bot.background:
            self.loop.start()

    async def cog_unload(self) -> None:
        self.loop.cancel()

    async def _recover(self) -> None:
        """At start-up, let AI seats finish what a stopped process left undone, then post every
        board a crash kept from being posted (the outbox)."""
        await self.bot.wait_until_ready()
        try:
            await self.bot.service.recover()
        except Exception:
            log.exception("recovering tables at start-up failed")
        await self.drain()

    async def drain(self) -> None:
        """Post the boards owed (a table's version ahead of its latest posted board)."""
        try:
            owed = await self.bot.service.unposted()
        except Exception:
            log.exception("reading the outbox failed")
            return
        now = time.monotonic()
        self.retry = {k: v for k, v in self.retry.items() if k in owed}
        for table_id in owed:
            when, delay = self.retry.get(table_id, (0.0, 0.0))
            if when > now:
                continue
            try:
                posted = await publish(self.bot, table_id) is not None
            except Exception:
                log.exception("posting the owed board of table %s failed", table_id)
                posted = False
            if posted:
                self.retry.pop(table_id, None)
            else:
                # A channel gone or closed to the bot: try again later, less and less often.
                delay = min(max(2 * delay, RETRY_FIRST), RETRY_MAX)
                self.retry[table_id] = (now + delay, delay)

    async def _tick(self) -> None:
        try:
            tick = await self.bot.service.tick()
        except Exception:
            log.exception("table tick failed")
            return
        await self.drain()  # the boards of moves made for the absent, and any still owed
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

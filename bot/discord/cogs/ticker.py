"""The background task: reminders and automatic moves as TableService.tick decides, every minute.

Every process runs it, whatever shards it holds: the service's claims give each due table to one
process at a time, and everything is addressed by channel id (fetched through the REST API when
this process's shards do not hold it), so a process serves tables of servers on other processes'
shards too. Boards and reminders both go through
outboxes in the database: whatever a process recorded and could not post (it died, Discord was
down) is posted at the next start of any process, or at its next tick.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING

import discord
from discord.ext import commands, tasks

from bot.discord.board import channel_of, escape_names, mentions_of, message_nonce, publish
from bot.discord.rematch import announce
from bot.service.updates import Reminder

if TYPE_CHECKING:
    from bot.discord.host import Host

log = logging.getLogger(__name__)

RETRY_FIRST = 60.0
RETRY_MAX = 3600.0


class Backoff:
    """When to try a table's owed messages again after a failure: less and less often."""

    def __init__(self) -> None:
        self.after: dict[str, tuple[float, float]] = {}  # table -> (next attempt, last delay)

    async def attempt(
        self,
        owed: Callable[[], Awaitable[list[str]]],
        post: Callable[[str], Awaitable[bool]],
        what: str,
    ) -> None:
        """Try `post(table)` for each table `owed()` lists whose time has come; forget tables no
        longer owed. `post` answers whether everything owed was posted."""
        try:
            tables = await owed()
        except Exception:
            log.exception("reading the outbox of %s failed", what)
            return
        now = time.monotonic()
        self.after = {k: v for k, v in self.after.items() if k in tables}
        for table_id in tables:
            when, delay = self.after.get(table_id, (0.0, 0.0))
            if when > now:
                continue
            try:
                done = await post(table_id)
            except Exception:
                log.exception("posting the owed %s of table %s failed", what, table_id)
                done = False
            if done:
                self.after.pop(table_id, None)
            else:
                # A channel gone or closed to the bot: try again later, less and less often.
                delay = min(max(2 * delay, RETRY_FIRST), RETRY_MAX)
                self.after[table_id] = (now + delay, delay)


class Ticker(commands.Cog):
    """Runs TableService.tick on a timer and posts what it produced."""

    def __init__(self, bot: Host) -> None:
        self.bot = bot
        self.loop = tasks.loop(seconds=bot.tick_seconds)(self._tick)
        self.loop.before_loop(self._recover)
        self.boards = Backoff()
        self.reminders = Backoff()

    async def cog_load(self) -> None:
        if self.bot.background:
            self.loop.start()

    async def cog_unload(self) -> None:
        self.loop.cancel()

    async def _recover(self) -> None:
        """At start-up, let AI seats finish what a stopped process left undone, then post every
        board and reminder a crash kept from being posted (the outboxes)."""
        await self.bot.wait_until_ready()
        try:
            await self.bot.service.recover()
        except Exception:
            log.exception("recovering tables at start-up failed")
        await self.drain()
        await self.send_reminders()

    async def drain(self) -> None:
        """Post the boards owed (a table's version ahead of its latest posted board)."""

        async def post(table_id: str) -> bool:
            return await publish(self.bot, table_id) is not None

        await self.boards.attempt(self.bot.service.unposted, post, "boards")

    async def send_reminders(self) -> None:
        """Send the reminders owed (recorded by a tick, here or in another process)."""

        async def post(table_id: str) -> bool:
            return await self.bot.service.send_reminders(table_id, self._send_reminder)

        await self.reminders.attempt(self.bot.service.owed_reminder_tables, post, "reminders")

    async def _send_reminder(self, reminder: Reminder) -> bool:
        channel = await channel_of(self.bot, reminder.table)
        if channel is None:
            return False
        seat = reminder.seat
        mention = f"<@{seat.user}> " if seat.user else ""
        content = mention + escape_names(reminder.text.get(seat.lang), reminder.table.seats)
        payload = {
            "content": content[:2000],
            "allowed_mentions": mentions_of([seat]),
            "nonce": message_nonce(f"r{reminder.key}", reminder.table.id),
        }
        try:
            await self.bot.send_with_retry(channel.send, payload.copy)
        except discord.HTTPException as error:
            log.warning("reminder for table %s not sent: %s", reminder.table.id, error)
            return False
        return True

    async def _tick(self) -> None:
        try:
            await self.bot.service.tick()
        except Exception:
            log.exception("table tick failed")
        await self.drain()  # the boards of moves made for the absent, and any still owed
        await self.send_reminders()  # those this tick recorded, and any still owed
        await self.release_mentions()
        await self.start_rematches()

    async def start_rematches(self) -> None:
        """Rematches whose host's deadline passed start, with the computer for the rest."""
        try:
            started = await self.bot.service.start_due_rematches()
        except Exception:
            log.exception("starting the rematches due failed")
            return
        for result in started:
            await announce(self.bot, result)

    async def release_mentions(self) -> None:
        """The pings held over members' quiet hours, once those end (if the move is still owed);
        their notices by direct message, held likewise, follow."""
        try:
            pinged = await self.bot.service.release_mentions(self._send_reminder)
        except Exception:
            log.exception("releasing the mentions held over quiet hours failed")
            return
        for table_id in pinged:
            try:
                await self.bot.deliver_notices(await self.bot.service.info(table_id))
            except Exception:
                log.exception("table %s: notices after quiet hours not sent", table_id)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Ticker(bot))  # type: ignore[arg-type]

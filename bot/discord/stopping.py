"""Stopping cleanly on SIGTERM (systemctl stop, docker stop): finish what is in flight, then exit.

On SIGTERM the bot stops taking interactions (each is refused privately from then on), lets the
writes in flight commit, posts the boards it owes (a few seconds at most) and ends its connection;
the caller then closes the database and the process exits with status 0. A SIGKILL still loses
nothing acknowledged (the next start posts what is owed); this only spares that recovery.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal
from collections.abc import Coroutine
from typing import Any, Protocol

from bot.service.tables import TableService

log = logging.getLogger(__name__)

GRACE_SECONDS = 5.0  # for the writes in flight and the owed boards together


class Stoppable(Protocol):
    service: TableService
    stopping: bool

    def get_cog(self, name: str, /) -> Any: ...


async def stop_gently(bot: Stoppable, grace: float = GRACE_SECONDS) -> None:
    """Refuse new interactions, wait for the writes in flight, post the owed boards."""
    bot.stopping = True
    loop = asyncio.get_running_loop()
    deadline = loop.time() + grace
    if not await bot.service.settle(grace / 2):
        log.warning("stopping: writes still in flight after %.1f s", grace / 2)
    ticker = bot.get_cog("Ticker")
    if ticker is not None:
        try:
            await asyncio.wait_for(ticker.drain(), max(0.1, deadline - loop.time()))
        except TimeoutError:
            log.warning("stopping: not every owed board was posted; the next start posts them")
        except Exception:
            log.exception("stopping: posting the owed boards failed")


async def serve_until_stopped(bot: Stoppable, connect: Coroutine[Any, Any, None]) -> None:
    """Run `connect` (the bot's connection) until it ends, or until SIGTERM: then stop gently
    and end it. Returns normally in both cases, so the caller's clean-up runs."""
    loop = asyncio.get_running_loop()
    terminated = asyncio.Event()
    loop.add_signal_handler(signal.SIGTERM, terminated.set)
    running = asyncio.ensure_future(connect)
    waiting = asyncio.ensure_future(terminated.wait())
    try:
        await asyncio.wait({running, waiting}, return_when=asyncio.FIRST_COMPLETED)
        if running.done():
            running.result()
            return
        log.info("SIGTERM: stopping")
        await stop_gently(bot)
    finally:
        loop.remove_signal_handler(signal.SIGTERM)
        for task in (waiting, running):
            if not task.done():
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await task

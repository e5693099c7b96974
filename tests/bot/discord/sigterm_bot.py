"""A bot on SimCord for the SIGTERM test, in a process of its own: members play a stream of moves.

Run: python -m tests.bot.discord.sigterm_bot DB. Prints `ack <table>` for every move a member was
told was played (the "You played" reply), stops on SIGTERM as the real bot does
(`bot.discord.stopping`), then prints `owed <n>` (boards still owed) and exits.
"""

from __future__ import annotations

import asyncio
import sys
from typing import Any

import simcord

import tests.bot.testgames  # noqa: F401  (registers tally)
from bot.discord.stopping import serve_until_stopped
from bot.service.config import LimitSettings, Settings
from bot.service.store import open_store
from bot.service.thinking import Thinker
from tests.bot.discord.conftest import GUILD_ID, make_bot

PLAYERS = 3


async def play(players: list[tuple[Any, Any, str]]) -> None:
    """Each member in turn types `add 1` (SimCord runs one interaction at a time), until one is
    refused (the bot stopping, or a game over)."""
    while True:
        for member, channel, table_id in players:
            result = await member.slash(channel, "move", notation="add 1")
            replies = [r.content for r in (result.response, *result.followups) if r is not None]
            if not any(r.startswith("You played") for r in replies):
                return
            print(f"ack {table_id}", flush=True)


async def _until(stream: asyncio.Task[None]) -> None:
    await asyncio.shield(stream)  # serving may end; the stream ends by itself, once refused


async def main(database: str) -> None:
    fast = LimitSettings(commands_per_minute=1000, clicks_per_10_seconds=1000)
    settings = Settings(database=database, sync_guild=GUILD_ID, limits=fast)
    thinker = Thinker()
    thinker.start()  # as the bot does: its worker must not outlive the process either
    try:
        async with await open_store(settings.database) as store:
            bot = make_bot(store, settings)
            env = simcord.Env(bot, shard_count=1)
            guild = env.create_guild("Spieltisch", id=GUILD_ID)
            await env.start()
            try:
                players = []
                for n in range(PLAYERS):
                    member = guild.add_member(env.create_user(f"p{n}"))
                    channel = guild.create_text_channel(f"games{n}")
                    update = await bot.service.start(
                        str(channel.id),
                        str(member.id),
                        game="tally",
                        name=f"P{n}",
                        bots=1,
                        options={"target": 200},
                    )
                    players.append((member, channel, update.table.id))
                print("ready", flush=True)
                stream = asyncio.create_task(play(players))
                # Serving ends by SIGTERM, or when the stream stops by itself (a game over, a
                # failure: then the test sees too few acknowledgements rather than waiting).
                await serve_until_stopped(bot, _until(stream))
                await stream
                print(f"owed {len(await bot.service.unposted())}", flush=True)
            finally:
                await env.shutdown()
    finally:
        thinker.close()


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1]))

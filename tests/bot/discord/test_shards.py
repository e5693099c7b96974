"""Two bot processes on different Discord shards sharing one database: whichever process runs the
background tick reminds, moves for the absent and posts owed boards for any table, even one whose
server is on the other process's shard.

SimCord attaches one client at a time to its in-memory Discord, so the two processes take turns
on the same Discord (`restart_bot`): process A holds the server's shard and starts the table;
process B holds only the other shard, so its gateway never hears of the server, and must post
through the REST API by channel id. Each process keeps its own TableService (and cache) across
its turns, as a process that stays up would.
"""

from __future__ import annotations

import re
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path

import pytest
import simcord

from bot.discord.app import Bot
from bot.service.config import Settings
from bot.service.store import SqliteStore, Store
from bot.service.tables import TableService
from tests.bot.discord.conftest import GUILD_ID, make_bot, make_service
from tests.bot.discord.driver import bot_messages, components_of, latest_board, to_act

SHARDS = 2
SERVER_SHARD = (GUILD_ID >> 22) % SHARDS  # where Discord routes the server's events
OTHER_SHARD = 1 - SERVER_SHARD


@dataclass
class Processes:
    """Two bot processes' services on one store, and the Discord they take turns on."""

    env: simcord.Env
    store: Store
    a: TableService  # holds the server's shard
    b: TableService  # holds the other shard only
    settings: Settings

    def bot(self, service: TableService) -> Bot:
        shard = SERVER_SHARD if service is self.a else OTHER_SHARD
        settings = self.settings.model_copy(update={"shard_ids": (shard,)})
        return make_bot(self.store, settings, service=service)

    async def switch_to(self, service: TableService) -> Bot:
        bot = self.bot(service)
        await self.env.restart_bot(bot)
        return bot


@pytest.fixture
async def processes(tmp_path: Path) -> AsyncIterator[Processes]:
    settings = Settings(database=tmp_path / "db.sqlite3", sync_guild=GUILD_ID, shard_count=SHARDS)
    async with await SqliteStore.open(settings.database) as store:
        a, b = make_service(store), make_service(store)
        first = make_bot(
            store, settings.model_copy(update={"shard_ids": (SERVER_SHARD,)}), service=a
        )
        env = simcord.Env(first)
        env.create_guild("Spieltisch", id=GUILD_ID)
        await env.start()
        try:
            yield Processes(env, store, a, b, settings)
        finally:
            await env.shutdown()
        env.raise_errors()


async def test_the_other_shards_process_reminds_moves_and_posts_for_the_table(
    processes: Processes,
) -> None:
    env = processes.env
    guild = env.guild
    channel = guild.create_text_channel("games")
    alice = guild.add_member(env.create_user("alice"))
    bob = guild.add_member(env.create_user("bob"))
    members = {alice.id: alice, bob.id: bob}
    await alice.slash(channel, "join")
    await bob.slash(channel, "join")
    await alice.slash(channel, "start stpetersburg", remind_hours=1.0, public_money=True)
    (thread,) = channel.threads
    await alice.slash(thread, "remind", takeover_hours=2.0, takeover="pass")
    board = latest_board(thread)
    waiting = members[to_act(board)[0]]

    # Process A stops serving Discord; B, on the other shard, never hears of the server.
    b = await processes.switch_to(processes.b)
    assert b.get_guild(GUILD_ID) is None and b.get_channel(thread.id) is None
    before = len(bot_messages(thread))
    await env.advance_time(65 * 60)
    reminders = [m for m in bot_messages(thread)[before:] if "waiting for your move" in m.content]
    assert len(reminders) == 1 and f"<@{waiting.id}>" in reminders[0].content

    # Two hours without a move: B passes for the absent player and posts the board it owes.
    await env.advance_time(60 * 60)
    after = latest_board(thread)
    assert after.id != board.id
    assert f"{waiting.name} passed" in after.content
    assert to_act(after) and to_act(after) != [waiting.id]

    # A move written by process A, which died before it could post the board: B posts it.
    mover = members[to_act(after)[0]]
    await processes.a.act("t1", str(mover.id), "pass")
    await env.advance_time(60)
    owed = latest_board(thread)  # a new board, or the last one brought up to date in place
    assert f"{mover.name} passed" in owed.content and owed.content != after.content

    # Back on process A, whose cached copy B's writes made stale: the revision tells it, and
    # a click on the latest board is judged on the table as it is now.
    await processes.switch_to(processes.a)
    player = members[to_act(owed)[0]]
    passing = next(c for c in components_of(owed) if c["custom_id"].endswith(":pass"))
    result = await player.click(owed, custom_id=passing["custom_id"])
    assert result.acknowledged and not result.followups, [f.content for f in result.followups]
    assert latest_board(thread).id != owed.id
    assert (await processes.b.info("t1")).version == (await processes.a.info("t1")).version


async def test_the_other_shards_process_delivers_private_notices_by_dm(
    processes: Processes,
) -> None:
    env = processes.env
    channel = env.guild.create_text_channel("games")
    alice = env.guild.add_member(env.create_user("alice"))
    bob = env.guild.add_member(env.create_user("bob"))
    await alice.slash(channel, "join")
    await bob.slash(channel, "join")
    await alice.slash(channel, "start stpetersburg")  # money is secret: income is a private notice
    (thread,) = channel.threads
    await alice.slash(thread, "remind", hours=1.0, takeover_hours=1.0, takeover="pass")
    await bob.slash(thread, "notices", dm=True)
    offered = await bob.autocomplete(thread, "move", "notation", "buy")
    await bob.slash(thread, "move", notation=offered[0]["value"])  # a worker: income to come

    # Nobody comes back; process B passes for each in turn until the workers are paid.
    await processes.switch_to(processes.b)
    for _ in range(6):
        await env.advance_time(61 * 60)
        dms = [m.content for m in bob.user.dm_channel.history() if m.author.bot]
        if dms:
            break
    assert any(re.search(r"bob received \d+ rubles?", text) for text in dms), dms
    assert not any("alice received" in text for text in dms)

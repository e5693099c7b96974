"""Issue 24, finding 11: SIGTERM stops the bot cleanly: nothing acknowledged lost, exit 0."""

from __future__ import annotations

import asyncio
import signal
import subprocess
import sys
from collections import Counter
from pathlib import Path

from bot.service.store import SqliteStore
from bot.service.tables import TableService
from tests.bot.processes import children_of, wait_until_gone

ACKS_BEFORE_SIGTERM = 30


def test_sigterm_during_a_stream_of_moves_loses_nothing_and_exits_0(tmp_path: Path) -> None:
    """SIGTERM while three members play: every acknowledged move is in the database, no board is
    owed, the process exits with status 0 and leaves no worker behind."""
    database = tmp_path / "db.sqlite3"
    bot = subprocess.Popen(
        [sys.executable, "-m", "tests.bot.discord.sigterm_bot", str(database)],
        stdout=subprocess.PIPE,
        text=True,
    )
    acked: Counter[str] = Counter()
    try:
        assert bot.stdout is not None
        for line in bot.stdout:
            if line.startswith("ack "):
                acked[line.split()[1]] += 1
                if sum(acked.values()) >= ACKS_BEFORE_SIGTERM:
                    break
        children = children_of(bot.pid)
        bot.send_signal(signal.SIGTERM)
        rest, _ = bot.communicate(timeout=120)
    finally:
        if bot.poll() is None:
            bot.kill()
            bot.wait()
    assert bot.returncode == 0
    lines = rest.splitlines()
    acked.update(line.split()[1] for line in lines if line.startswith("ack "))
    assert "owed 0" in lines
    assert wait_until_gone(children) == []
    assert sum(acked.values()) >= ACKS_BEFORE_SIGTERM
    assert asyncio.run(_played_moves(database, list(acked))) >= acked


async def _played_moves(database: Path, tables: list[str]) -> Counter[str]:
    store = await SqliteStore.open(database)
    try:
        service = TableService(store)
        return Counter(
            {t: sum(1 for m in await service.log(t) if m.by == "player") for t in tables}
        )
    finally:
        await store.close()

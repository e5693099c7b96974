"""Issue 24: the strong AI's worker processes: a wedged one is replaced, and none outlives the bot."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
from collections.abc import Iterator

import pytest

import games
from bot.service.thinking import Thinker, ThinkingSettings
from tests.bot.processes import alive, children_of, wait_until_gone


@pytest.fixture
def stopped() -> Iterator[list[int]]:
    """Processes a test stops with SIGSTOP; killed afterwards whatever happened."""
    pids: list[int] = []
    yield pids
    for pid in pids:
        if alive(pid):
            os.kill(pid, signal.SIGKILL)


async def test_a_wedged_strong_ai_worker_is_replaced(stopped: list[int]) -> None:
    """Finding 8: after SIGSTOP of the pool's worker, the move that times out plays greedy, and
    the worker is replaced: the next move thinks in a fresh process."""
    thinker = Thinker(ThinkingSettings(seconds=0.2, iterations=2, margin=0.5))
    try:
        worker = await asyncio.wrap_future(thinker._pool().submit(os.getpid))
        os.kill(worker, signal.SIGSTOP)
        stopped.append(worker)
        game = games.get("stpetersburg")
        state = game.new(["a", "b"], seed=1)
        seat = sorted(game.to_act(state))[0]
        move = await thinker.choose(game, state, None, seat, "strong", "seed")
        assert move in game.legal_moves(state, seat)  # greedy's, after the timeout
        fresh = await asyncio.wait_for(
            asyncio.wrap_future(thinker._pool().submit(os.getpid)), timeout=120
        )
        assert fresh != worker
        assert wait_until_gone([worker]) == []
    finally:
        thinker.close()


# A stand-in for the bot: a thinker whose pool has started, then nothing until it is killed.
BOT_WITH_WORKERS = """
import os, sys, time
from bot.service.thinking import Thinker, ThinkingSettings
from tests.bot.processes import alive, children_of, wait_until_gone
thinker = Thinker(ThinkingSettings(workers=2))
thinker.start()
thinker._pool().submit(os.getpid).result()
print("ready", flush=True)
time.sleep(600)
"""


def test_no_worker_outlives_a_killed_bot() -> None:
    """Finding 9: after SIGKILL of the bot, its AI workers and the multiprocessing resource
    tracker kept running; now every child of the bot process ends soon after it."""
    bot = subprocess.Popen(
        [sys.executable, "-c", BOT_WITH_WORKERS], stdout=subprocess.PIPE, text=True
    )
    try:
        assert bot.stdout is not None and bot.stdout.readline().strip() == "ready"
        children = children_of(bot.pid)
        assert len(children) >= 2  # a worker and the resource tracker at least
    finally:
        bot.kill()
        bot.wait()
    left = wait_until_gone(children)
    for pid in left:
        os.kill(pid, signal.SIGKILL)
    assert left == []

"""A process killed between (or during) moves loses no move it acknowledged."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from bot.service.store import open_store
from bot.service.tables import TableService

ROOT = Path(__file__).resolve().parents[3]


def run_and_kill(database: str, acks_before_kill: int) -> int:
    """Start the worker, let it acknowledge some moves, SIGKILL it; the last version it reported."""
    worker = subprocess.Popen(
        [sys.executable, "-m", "tests.bot.service.crash_worker", database],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    assert worker.stdout is not None
    last = -1
    try:
        assert worker.stdout.readline().strip() == "ready"
        for _ in range(acks_before_kill):
            line = worker.stdout.readline()
            assert line.startswith("ack "), line
            last = int(line.split()[1])
    finally:
        worker.send_signal(signal.SIGKILL)  # no clean shutdown: mid-transaction, mid-write
        worker.wait(timeout=10)
    assert worker.returncode == -signal.SIGKILL
    # The worker may have run ahead of our reading: its last words are still in the pipe.
    for line in worker.stdout.read().splitlines():
        if line.startswith("ack "):
            last = int(line.split()[1])
    worker.stdout.close()
    return last


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
async def test_a_killed_process_loses_no_acknowledged_move(
    backend: str, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    if backend == "sqlite":
        database = str(tmp_path / "crash.sqlite3")
    else:
        database = request.getfixturevalue("postgres_dsn")
    acknowledged = 0
    for acks in (5, 17, 30):
        acknowledged = run_and_kill(database, acks)
        store = await open_store(database)
        service = TableService(store)
        table = await service.find("crash")
        assert table is not None
        # Every acknowledged move is there; at most the one in flight was added after it.
        assert acknowledged <= table.version <= acknowledged + 1
        moves = await service.log(table.id)
        assert [m.seq for m in moves] == list(range(1, table.version + 1))
        check = await service.verify(table.id)
        assert check.ok, check.problem
        await store.close()
    assert acknowledged >= 30


def _start_worker(database: str) -> subprocess.Popen[str]:
    worker = subprocess.Popen(
        [sys.executable, "-m", "tests.bot.service.crash_worker", database],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    assert worker.stdout is not None and worker.stdout.readline().strip() == "ready"
    return worker


def _acks(worker: subprocess.Popen[str], count: int | None) -> list[int]:
    """The next `count` acknowledged versions (or, once killed, all those left in the pipe)."""
    assert worker.stdout is not None
    lines = (
        [worker.stdout.readline() for _ in range(count)]
        if count is not None
        else worker.stdout.read().splitlines()
    )
    return [int(line.split()[1]) for line in lines if line.startswith("ack ")]


async def test_two_processes_on_postgresql_one_killed_mid_stream_lose_no_move(
    postgres_dsn: str,
) -> None:
    store = await open_store(postgres_dsn)
    await TableService(store).start(
        "crash", "u1", game="tally", name="Alice", options={"target": 200}
    )
    await store.close()
    first, second = _start_worker(postgres_dsn), _start_worker(postgres_dsn)
    acknowledged: list[int] = []
    try:
        acknowledged += _acks(first, 15)
        first.send_signal(signal.SIGKILL)  # mid-stream, while the other keeps playing
        first.wait(timeout=10)
        acknowledged += _acks(first, None)
        acknowledged += _acks(second, 15)
    finally:
        second.send_signal(signal.SIGKILL)
        second.wait(timeout=10)
    acknowledged += _acks(second, None)
    for worker in (first, second):
        assert worker.stdout is not None
        worker.stdout.close()

    store = await open_store(postgres_dsn)
    service = TableService(store)
    table = await store.latest_in("crash")  # the workers may have played it to its end
    assert table is not None
    assert len(set(acknowledged)) == len(acknowledged)  # no version acknowledged twice
    assert max(acknowledged) <= table.version  # every acknowledged move is there
    moves = await service.log(table.id)
    assert [m.seq for m in moves] == list(range(1, table.version + 1))  # each applied once
    check = await service.verify(table.id)
    assert check.ok, check.problem
    await store.close()

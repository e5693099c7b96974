"""Soak benchmark: minutes of mixed load on many tables, with the serving process SIGKILLed at random.

Run: .venv/bin/python -m bench.soak [--minutes 10] [--tables 1000] [--rate 400] [--kill-every 30]
         [--db FILE or postgresql://...]
Prints one JSON object: moves acknowledged vs present after every kill, the WAL size (SQLite) and
the worker's resident memory sampled over time, a replay check of the tables, and how many of
the killed workers' child processes (AI pool workers, the resource tracker) were still alive
5 seconds after the run (`processes_left`: must be 0).

A worker process (`--worker DB`) serves the tables: players think (exponential times) so that all
tables together offer `--rate` moves per second; each reads its hand and plays a random legal
move through `act`, another task reads boards (`status`), changes reminder settings now and then
and runs the reminder tick. The worker prints `ack <table> <version>` after each `act` returns.
The worker starts the AI process pool as the bot does. The parent kills it with SIGKILL after a
random time (mean `--kill-every` s), starts a new one on the same database, and at the end checks
that every acknowledged version is present.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import signal
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

from bench.tables import GAME, Table
from bot.service import errors
from bot.service.memory import tune_for_serving
from bot.service.store import open_store
from bot.service.tables import TableService
from bot.service.thinking import Thinker
from tests.bot.processes import children_of, wait_until_gone

# ---------------------------------------------------------------- the worker


async def _table_in(service: TableService, channel: str) -> Table:
    user = f"{channel}-human"
    found = await service.find(channel)
    if found is not None and found.status == "playing":
        return Table(channel, user, found.id)
    if found is not None:
        await service.abandon(found.id, user, moderator=True)
    update = await service.start(channel, user, game=GAME, bots=1, name="Human")
    return Table(channel, user, update.table.id, update.finished)


async def serve(database: str, count: int, rate: float, seed: int) -> None:
    thinker = Thinker()
    thinker.start()  # as the bot does: its workers must end with this process, however it ends
    tune_for_serving()  # as the bot does
    store = await open_store(database)
    service = TableService(store, thinker=thinker)
    tables = []
    for start in range(0, count, 100):
        batch = range(start, min(count, start + 100))
        tables += await asyncio.gather(*(_table_in(service, f"s{n}") for n in batch))
    print("ready", flush=True)
    mean_think = count * 2.0 / rate  # one act is about two moves (the player's, the AI's)
    out = sys.stdout

    async def play(table: Table, rng: random.Random) -> None:
        while True:
            await asyncio.sleep(rng.expovariate(1 / mean_think))
            try:
                if table.finished:
                    table.table_id = (await _table_in(service, table.channel)).table_id
                    table.finished = False
                hand = await service.hand(table.table_id, table.user)
                update = await service.act(table.table_id, table.user, rng.choice(hand.legal_moves))
            except errors.TableError:
                continue  # e.g. storage busy: the player tries again later
            table.saw(update)
            out.write(f"ack {update.table.id} {update.version}\n")
            out.flush()

    async def chores(rng: random.Random) -> None:
        while True:
            await asyncio.sleep(0.05)
            table = rng.choice(tables)
            try:
                await service.status(table.table_id)
                if rng.random() < 0.05:
                    hours = rng.choice((12, 24, 48))
                    await service.set_reminders(
                        table.table_id, table.user, remind_after=hours * 3600
                    )
                if rng.random() < 0.02:
                    await service.tick()
            except errors.TableError:
                continue

    rng = random.Random(seed)
    await asyncio.gather(
        chores(random.Random(rng.random())),
        *(play(t, random.Random(rng.random())) for t in tables),
    )


# ---------------------------------------------------------------- the parent


class Worker:
    """One serving process and a thread reading its acknowledgements."""

    def __init__(
        self, database: str, arguments: argparse.Namespace, seed: int, acked: dict[str, int]
    ) -> None:
        self.process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "bench.soak",
                "--worker",
                database,
                "--tables",
                str(arguments.tables),
                "--rate",
                str(arguments.rate),
                "--seed",
                str(seed),
            ],
            stdout=subprocess.PIPE,
            text=True,
        )
        self.ready = threading.Event()
        self.acks = 0
        self._reader = threading.Thread(target=self._read, args=(acked,), daemon=True)
        self._reader.start()

    def _read(self, acked: dict[str, int]) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            if line.startswith("ack "):
                _, table, version = line.split()
                acked[table] = max(acked.get(table, 0), int(version))
                self.acks += 1
            elif line.strip() == "ready":
                self.ready.set()

    def rss_mb(self) -> float | None:
        try:
            for line in Path(f"/proc/{self.process.pid}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    return round(int(line.split()[1]) / 1024, 1)
        except OSError:
            return None
        return None

    def kill(self) -> list[int]:
        """SIGKILL; the child processes it had (to check that they end on their own)."""
        children = children_of(self.process.pid)
        self.process.send_signal(signal.SIGKILL)
        self.process.wait()
        self._reader.join(timeout=10)  # the acks it wrote before dying are still in the pipe
        return children


async def check(database: str, acked: dict[str, int]) -> dict[str, Any]:
    """Every acknowledged version present; replay agrees with the snapshot on every table."""
    store = await open_store(database)
    try:
        service = TableService(store)
        missing = []
        present_moves = 0
        for table_id, version in acked.items():
            info = await service.info(table_id)
            present_moves += info.version
            if info.version < version:
                missing.append(
                    {"table": table_id, "acknowledged": version, "present": info.version}
                )
        failed = [t for t in acked if not (await service.verify(t)).ok]
    finally:
        await store.close()
    return {
        "tables_played": len(acked),
        "moves_acknowledged": sum(acked.values()),
        "moves_present": present_moves,
        "acknowledged_but_missing": missing,
        "replay_failures": failed,
    }


def soak(arguments: argparse.Namespace, database: str) -> dict[str, Any]:
    rng = random.Random(arguments.seed)
    acked: dict[str, int] = {}
    samples: list[dict[str, Any]] = []
    kills: list[float] = []
    started = time.monotonic()
    deadline = started + arguments.minutes * 60
    worker = Worker(database, arguments, rng.randrange(2**31), acked)
    next_kill = time.monotonic() + rng.expovariate(1 / arguments.kill_every)
    orphans: list[int] = []  # children of killed workers, which must end on their own
    sqlite = not database.startswith(("postgresql://", "postgres://"))
    while time.monotonic() < deadline:
        time.sleep(1.0)
        now = time.monotonic()
        wal = Path(f"{database}-wal")
        samples.append(
            {
                "t": round(now - started),
                "wal_mb": round(wal.stat().st_size / 2**20, 2) if sqlite and wal.exists() else 0.0,
                "rss_mb": worker.rss_mb(),
                "acks": sum(acked.values()),
            }
        )
        if now >= next_kill and worker.ready.is_set():
            orphans += worker.kill()
            kills.append(round(now - started, 1))
            worker = Worker(database, arguments, rng.randrange(2**31), acked)
            next_kill = now + rng.expovariate(1 / arguments.kill_every)
    orphans += worker.kill()
    left = wait_until_gone(orphans, seconds=5.0)
    for pid in left:  # reported below; not left running after the benchmark
        with contextlib.suppress(OSError):
            os.kill(pid, signal.SIGKILL)
    result = asyncio.run(check(database, acked))
    walls = [s["wal_mb"] for s in samples]
    rss = [s["rss_mb"] for s in samples if s["rss_mb"] is not None]
    return {
        "benchmark": "soak",
        "minutes": arguments.minutes,
        "tables": arguments.tables,
        "offered_moves_per_second": arguments.rate,
        "sigkills": len(kills),
        "killed_at_seconds": kills,
        **result,
        "wal_mb": {"max": max(walls, default=0), "last": walls[-1] if walls else 0},
        "rss_mb": {"max": max(rss, default=0), "last": rss[-1] if rss else 0},
        "backend": "sqlite" if sqlite else "postgresql",
        "database_mb": round(Path(database).stat().st_size / 2**20, 1) if sqlite else None,
        "child_processes_of_killed_workers": len(orphans),
        "processes_left": len(left),
        "samples_every_10s": samples[::10],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--minutes", type=float, default=10.0)
    parser.add_argument("--tables", type=int, default=1000)
    parser.add_argument("--rate", type=float, default=400.0, help="moves per second offered")
    parser.add_argument("--kill-every", type=float, default=30.0, help="mean seconds between kills")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--db", help="database file or postgresql:// URL (default: a temporary SQLite file)"
    )
    parser.add_argument("--worker", help=argparse.SUPPRESS)
    arguments = parser.parse_args()
    if arguments.worker is not None:
        asyncio.run(serve(arguments.worker, arguments.tables, arguments.rate, arguments.seed))
        return
    with tempfile.TemporaryDirectory(prefix="bench-soak-") as folder:
        database = arguments.db or str(Path(folder) / "soak.sqlite3")
        print(json.dumps(soak(arguments, database), indent=2))


if __name__ == "__main__":
    os.environ.setdefault("PYTHONHASHSEED", "0")
    main()

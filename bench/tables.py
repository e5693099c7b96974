"""TableService benchmark with SQLite: moves per second, act latency, CPU per move, memory per table.

Run: .venv/bin/python -m bench.tables [--tables 1,100,1000] [--seconds 8] [--rate 600]
         [--database postgresql://...] [--processes 1,2]
Prints one JSON object. Rendering is excluded. Without `--database` each run uses a new SQLite
file; with several `--processes` they share the database, each serving its share of the tables.

Every table is a two-player Sankt Petersburg game: one seat driven by the benchmark (a random
player reading its legal moves through `hand`, as an adapter building buttons would) and one
greedy AI seat that the service moves itself inside `act`. So one `act` applies the driven move
and the AI's answer; "moves" counts both. When a game ends its channel starts a new one, so the
number of open tables stays constant.

The process's garbage collector is set as the bot sets it (`bot.service.memory`), unless
`--gc default` keeps CPython's defaults. Each load reports its collections and longest pause,
and how many writes each SQLite commit carried (group commit) and reads each hop.

Two loads per table count:
- closed loop: every table acts again as soon as its last act returned (saturation; with many
  tables the latency is mostly waiting in line, by construction);
- paced: players think between moves (exponential think times) so that all tables together
  offer `--rate` moves per second; latency is measured from when the move was due, so time
  spent queueing is counted (no coordinated omission).
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import os
import platform
import random
import sqlite3
import statistics
import tempfile
import time
import tracemalloc
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bot.service.memory import tune_for_serving
from bot.service.store import SqliteStore
from bot.service.tables import TableDefaults, TableService
from bot.service.updates import Update

GAME = "stpetersburg"


@dataclass
class Table:
    """What a player remembers of its table between moves (not the whole Update: holding
    thousands of views would make the benchmark's own garbage collection the bottleneck)."""

    channel: str
    user: str
    table_id: str
    finished: bool = False

    def saw(self, update: Update) -> int:
        """Remember what matters of an update; the number of moves it applied."""
        self.table_id, self.finished = update.table.id, update.finished
        return len(update.moves)


@dataclass
class Run:
    latencies: list[float] = field(default_factory=list)  # seconds per act
    moves: int = 0
    acts: int = 0
    games_finished: int = 0


async def open_table(service: TableService, channel: str) -> Table:
    user = f"{channel}-human"
    update = await service.start(channel, user, game=GAME, bots=1, name="Human")
    return Table(channel, user, update.table.id, update.finished)


async def open_tables(service: TableService, count: int, prefix: str = "c") -> list[Table]:
    tables = []
    for start in range(0, count, 100):  # in batches, as many channels start at once
        batch = range(start, min(count, start + 100))
        tables += await asyncio.gather(*(open_table(service, f"{prefix}{n}") for n in batch))
    return tables


async def reopen_if_finished(service: TableService, table: Table, run: Run) -> None:
    """A finished game's channel starts a new one, so the number of open tables stays constant.
    Checked before every act: a load may begin on a table the load before it finished."""
    if table.finished:
        run.games_finished += 1
        table.table_id = (await open_table(service, table.channel)).table_id
        table.finished = False


async def one_act(service: TableService, table: Table, rng: random.Random, run: Run) -> None:
    """Read the driven seat's legal moves, play one at random, and record the act's time."""
    await reopen_if_finished(service, table, run)
    hand = await service.hand(table.table_id, table.user)
    move = rng.choice(hand.legal_moves)
    started = time.perf_counter()
    update = await service.act(table.table_id, table.user, move)
    run.latencies.append(time.perf_counter() - started)
    run.acts += 1
    run.moves += table.saw(update)


async def closed_loop(service: TableService, tables: list[Table], seconds: float) -> Run:
    run = Run()
    deadline = time.perf_counter() + seconds

    async def drive(table: Table, seed: int) -> None:
        rng = random.Random(seed)
        while time.perf_counter() < deadline:
            await one_act(service, table, rng, run)

    await asyncio.gather(*(drive(t, n) for n, t in enumerate(tables)))
    return run


async def paced(
    service: TableService, tables: list[Table], seconds: float, moves_per_second: float
) -> Run:
    run = Run()
    moves_per_act = 2.0  # the driven move and the AI's answer
    mean_think = len(tables) * moves_per_act / moves_per_second
    start = time.perf_counter()
    deadline = start + seconds

    async def drive(table: Table, seed: int) -> None:
        rng = random.Random(seed)
        due = start + rng.expovariate(1 / mean_think)
        while due < deadline:
            await asyncio.sleep(max(0.0, due - time.perf_counter()))
            await reopen_if_finished(service, table, run)
            hand = await service.hand(table.table_id, table.user)
            move = rng.choice(hand.legal_moves)
            update = await service.act(table.table_id, table.user, move)
            run.latencies.append(time.perf_counter() - due)  # includes any wait in line
            run.acts += 1
            run.moves += table.saw(update)
            del update, hand
            due = max(due, time.perf_counter()) + rng.expovariate(1 / mean_think)

    await asyncio.gather(*(drive(t, n) for n, t in enumerate(tables)))
    return run


class Collections:
    """The garbage collector's work during a load: collections per generation, and the longest
    pause, in wall time (what a player waits) and in the collecting thread's CPU time (what it
    would be on an idle machine)."""

    def __init__(self) -> None:
        self.counts = [0, 0, 0]
        self.longest = 0.0
        self.longest_cpu = 0.0
        self._started = (0.0, 0.0)

    def __enter__(self) -> Collections:
        gc.callbacks.append(self._seen)
        return self

    def __exit__(self, *exc: object) -> None:
        gc.callbacks.remove(self._seen)

    def _seen(self, phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            self._started = (time.perf_counter(), time.thread_time())
        else:
            self.counts[info["generation"]] += 1
            self.longest = max(self.longest, time.perf_counter() - self._started[0])
            self.longest_cpu = max(self.longest_cpu, time.thread_time() - self._started[1])

    def figures(self) -> dict[str, Any]:
        return {
            "gc_collections_by_generation": self.counts,
            "gc_longest_pause_ms": round(1000 * self.longest, 1),
            "gc_longest_pause_cpu_ms": round(1000 * self.longest_cpu, 1),
        }


def batching(store: SqliteStore, before: tuple[int, int, int, int]) -> dict[str, Any]:
    """Writes per commit and reads per hop since `before` (a `batch_counts` of the store), and
    how long the write hops took (a commit on the writer thread, with the wait to get there):
    their tail against the acts' tail tells the disk's share of the latency."""
    now = batch_counts(store)
    writes, commits = now[0] - before[0], now[1] - before[1]
    reads, hops = now[2] - before[2], now[3] - before[3]
    return {
        "writes_per_commit": round(writes / max(1, commits), 2),
        "reads_per_hop": round(reads / max(1, hops), 2),
        "write_hop_ms": percentiles(store.writes.hop_seconds or []),
    }


def batch_counts(store: SqliteStore) -> tuple[int, int, int, int]:
    return (store.writes.units, store.writes.batches, store.reads.units, store.reads.batches)


def percentiles(seconds: list[float]) -> dict[str, float]:
    """p50, p99 and the maximum of durations in seconds, in milliseconds."""
    ordered = sorted(seconds) or [0.0]

    def ms(q: float) -> float:
        return round(1000 * ordered[min(len(ordered) - 1, int(q * len(ordered)))], 2)

    return {"p50": ms(0.50), "p99": ms(0.99), "max": ms(1.0)}


def summary(run: Run, seconds: float, cpu_seconds: float) -> dict[str, Any]:
    return {
        "moves_per_second": round(run.moves / seconds),
        "acts_per_second": round(run.acts / seconds),
        "act_latency_ms": percentiles(run.latencies),
        "mean_act_ms": round(1000 * statistics.fmean(run.latencies), 2),
        # CPU time of the whole process (all threads) per move: steadier than moves/s when
        # other programs share the machine.
        "cpu_ms_per_move": round(1000 * cpu_seconds / max(1, run.moves), 3),
        "moves": run.moves,
        "games_finished": run.games_finished,
    }


async def measure(count: int, seconds: float, rate: float | None, folder: Path) -> dict[str, Any]:
    store = await SqliteStore.open(folder / f"bench-{count}.sqlite3")
    try:
        service = TableService(store, defaults=TableDefaults())
        tables = await open_tables(service, count)
        result: dict[str, Any] = {"open_tables": count}
        loads: list[tuple[str, float | None]] = [("closed_loop", None)]
        if rate is not None and count > 1:
            loads.append((f"paced_{round(rate)}_moves_per_second", rate))
        for name, offered in loads:
            before = batch_counts(store)
            store.writes.hop_seconds = []  # time this load's write hops
            with Collections() as collections:
                started, cpu = time.perf_counter(), time.process_time()
                loop_cpu = time.thread_time()  # this coroutine runs on the event loop's thread
                if offered is None:
                    run = await closed_loop(service, tables, seconds)
                else:
                    run = await paced(service, tables, seconds, offered)
                figures = summary(run, time.perf_counter() - started, time.process_time() - cpu)
                # The event loop's thread is the one a single process cannot spread over cores:
                # its CPU per move bounds what one process can do (1,000 ms / this = moves/s).
                loop_ms = 1000 * (time.thread_time() - loop_cpu) / max(1, run.moves)
            result[name] = (
                figures
                | {"event_loop_cpu_ms_per_move": round(loop_ms, 3)}
                | collections.figures()
                | batching(store, before)
            )
            del run
        sample = tables[0].table_id
        result["verify_sample_table"] = (await service.verify(sample)).ok
    finally:
        await store.close()
    result["database_mb"] = round(
        sum(p.stat().st_size for p in folder.glob(f"bench-{count}.sqlite3*")) / 2**20, 1
    )
    return result


async def memory_per_table(count: int, folder: Path) -> dict[str, float]:
    """Bytes held per open table in this process (its cached state and record), by tracemalloc."""
    store = await SqliteStore.open(folder / "memory.sqlite3")
    try:
        return await _memory_per_table(TableService(store), count)
    finally:
        await store.close()


async def _memory_per_table(service: TableService, count: int) -> dict[str, float]:
    await open_tables(service, 10, prefix="warm")  # warm imports and caches first
    gc.collect()
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    tables = await open_tables(service, count)
    for table in tables[:count]:  # play a little so states are mid-game, not fresh
        for _ in range(10):
            if not table.finished:
                hand = await service.hand(table.table_id, table.user)
                table.saw(await service.act(table.table_id, table.user, hand.legal_moves[0]))
    tables.clear()  # keep only what the service itself holds
    gc.collect()
    after = tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()
    return {"tables": count, "kb_per_open_table": round((after - before) / count / 1024, 1)}


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--tables", default="1,100,1000")
    parser.add_argument("--seconds", type=float, default=8.0)
    parser.add_argument("--rate", type=float, default=600.0, help="paced load, moves per second")
    parser.add_argument("--database", help="a PostgreSQL URL or SQLite file shared by the runs")
    parser.add_argument("--processes", default="1", help="e.g. 1,2: serving processes")
    parser.add_argument(
        "--gc",
        choices=("serving", "default"),
        default="serving",
        help="the garbage collector as the bot sets it (default), or CPython's defaults",
    )
    parser.add_argument("--child", help=argparse.SUPPRESS)
    parser.add_argument("--prefix", default="c", help=argparse.SUPPRESS)
    arguments = parser.parse_args()
    counts = [int(n) for n in arguments.tables.split(",")]
    if arguments.gc == "serving":
        tune_for_serving()
    if arguments.child is not None:
        from bench import shared

        await shared.child(
            arguments.child, counts[0], arguments.seconds, arguments.rate, arguments.prefix
        )
        return
    if arguments.database is not None or arguments.processes != "1":
        await multi_process(arguments, counts)
        return
    with tempfile.TemporaryDirectory(prefix="bench-tables-") as name:
        folder = Path(name)
        results = {
            str(n): await measure(n, arguments.seconds, arguments.rate, folder) for n in counts
        }
        memory = await memory_per_table(max(counts), folder)
    print(
        json.dumps(
            {
                "benchmark": "tables",
                "game": GAME,
                "seats": "1 driven random player + 1 greedy AI seat per table",
                "seconds_per_run": arguments.seconds,
                "python": platform.python_version(),
                "gc": arguments.gc,
                "load_average_at_start": [round(x, 2) for x in os.getloadavg()],
                "sqlite": sqlite3.sqlite_version,
                "cpus": os.cpu_count(),
                "results": results,
                "memory": memory,
            },
            indent=2,
        )
    )


async def multi_process(arguments: argparse.Namespace, counts: list[int]) -> None:
    from bench import shared

    with tempfile.TemporaryDirectory(prefix="bench-tables-") as name:
        database = arguments.database or str(Path(name) / "shared.sqlite3")
        results = [
            await asyncio.to_thread(
                shared.measure,
                database,
                int(p),
                n,
                arguments.seconds,
                arguments.rate,
                arguments.gc,
            )
            for n in counts
            for p in arguments.processes.split(",")
        ]
    shown = database.split("@")[-1] if arguments.database else "a temporary SQLite file"
    print(json.dumps({"benchmark": "tables", "database": shown, "results": results}, indent=2))


if __name__ == "__main__":
    asyncio.run(main())

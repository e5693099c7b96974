"""TableService on one shared database from several processes (the bench/tables.py `--processes`).

Each process serves its own share of the tables (as Discord shards would: a guild's tables
belong to one shard), on the same database; they start each load together. The parent merges
their moves and latencies: moves per second and p99 over all processes.
"""

from __future__ import annotations

import json
import subprocess
import sys
import time
from typing import Any

from bench.tables import Run, closed_loop, open_tables, paced, summary
from bot.service.store import open_store
from bot.service.tables import TableDefaults, TableService


async def child(database: str, count: int, seconds: float, rate: float, prefix: str) -> None:
    """One serving process: open its tables, then run each load when the parent says go."""
    store = await open_store(database)
    try:
        service = TableService(store, defaults=TableDefaults())
        tables = await open_tables(service, count, prefix=prefix)
        for load in ("closed_loop", "paced"):
            print("ready", flush=True)
            sys.stdin.readline()
            started, cpu = time.perf_counter(), time.process_time()
            if load == "closed_loop":
                run = await closed_loop(service, tables, seconds)
            else:
                run = await paced(service, tables, seconds, rate)
            report = {
                "moves": run.moves,
                "acts": run.acts,
                "seconds": time.perf_counter() - started,
                "cpu": time.process_time() - cpu,
                "latencies": run.latencies,
            }
            print(json.dumps(report), flush=True)
    finally:
        await store.close()


def measure(
    database: str, processes: int, count: int, seconds: float, rate: float, gc: str = "serving"
) -> dict[str, Any]:
    """Run `processes` children on `database`, `count` tables in all; merged figures."""
    tag = f"p{int(time.time())}"
    workers = [
        subprocess.Popen(
            [
                sys.executable,
                "-m",
                "bench.tables",
                "--child",
                database,
                "--tables",
                str(count // processes),
                "--seconds",
                str(seconds),
                "--rate",
                str(rate / processes),
                "--prefix",
                f"{tag}-{n}-",
                "--gc",
                gc,
            ],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        for n in range(processes)
    ]
    result: dict[str, Any] = {"open_tables": count, "processes": processes}
    try:
        for load in ("closed_loop", f"paced_{round(rate)}_moves_per_second"):
            for worker in workers:
                assert worker.stdout is not None
                if worker.stdout.readline().strip() != "ready":
                    raise RuntimeError("a benchmark process failed to start")
            for worker in workers:
                assert worker.stdin is not None
                worker.stdin.write("go\n")
                worker.stdin.flush()
            reports = [json.loads(w.stdout.readline()) for w in workers if w.stdout]
            merged = Run(
                latencies=[x for r in reports for x in r["latencies"]],
                moves=sum(r["moves"] for r in reports),
                acts=sum(r["acts"] for r in reports),
            )
            result[load] = summary(
                merged, max(r["seconds"] for r in reports), sum(r["cpu"] for r in reports)
            )
    finally:
        for worker in workers:
            worker.wait(timeout=60)
    return result

"""A process that plays moves and reports each acknowledged one, for the SIGKILL test.

Run: python -m tests.bot.service.crash_worker DATABASE (a SQLite path or a PostgreSQL URL). Opens (or continues) a solo Tally table in the
channel 'crash' and plays 'add 1' until killed, printing 'ack <version>' after each `act` returns. Several workers may
play the same table from separate processes.
"""

from __future__ import annotations

import asyncio
import sys

import tests.bot.testgames  # noqa: F401  (registers tally)
from bot.service import errors
from bot.service.store import open_store
from bot.service.tables import TableService


async def main(path: str) -> None:
    store = await open_store(path)
    service = TableService(store)
    table = await service.find("crash")
    if table is not None:
        table_id = table.id
    elif await store.latest_in("crash") is None:
        update = await service.start(
            "crash", "u1", game="tally", name="Alice", options={"target": 200}
        )
        table_id = update.table.id
    else:  # played to its end (by another worker) before this one started: nothing to do
        print("ready", flush=True)
        return
    print("ready", flush=True)
    while True:
        try:
            update = await service.act(table_id, "u1", "add 1")
        except errors.GameFinished:
            return  # the output ends: the test reads no more acknowledgements
        except errors.TableError:
            continue  # another process moved first (already played, stale board): go on
        print(f"ack {update.version}", flush=True)


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1]))

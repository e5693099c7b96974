"""`log_format = "json"`: one object per line with the table the record concerns."""

from __future__ import annotations

import io
import json
import logging
from pathlib import Path

from bench.tables import open_table
from bot.__main__ import main
from bot.service import logs
from bot.service.store import SqliteStore
from bot.service.tables import TableService


def record_as_json(message: str, *args: object) -> dict[str, object]:
    stream = io.StringIO()
    handler = logging.StreamHandler(stream)
    handler.setFormatter(logs.JsonFormatter())
    logger = logging.getLogger("spieltisch.test")
    logger.addHandler(handler)
    try:
        logger.warning(message, *args)
    finally:
        logger.removeHandler(handler)
    (line,) = stream.getvalue().splitlines()
    return dict(json.loads(line))


async def test_a_record_made_while_a_table_is_worked_on_names_the_table(tmp_path: Path) -> None:
    async with await SqliteStore.open(tmp_path / "db.sqlite3") as store:
        service = TableService(store)
        table = await open_table(service, "c1")
        hand = await service.hand(table.table_id, table.user)
        await service.act(table.table_id, table.user, hand.legal_moves[0])
        entry = record_as_json("seat %s moved", "Human")
    assert entry["table"] == table.table_id
    assert entry["message"] == "seat Human moved"
    assert entry["level"] == "WARNING" and entry["logger"] == "spieltisch.test"
    assert str(entry["time"]).endswith("Z") and "T" in str(entry["time"])


def test_outside_any_table_the_table_is_null_and_text_stays_the_default(tmp_path: Path) -> None:
    logs.TABLE.set(None)
    assert record_as_json("started")["table"] is None
    config = tmp_path / "config.toml"
    config.write_text('log_format = "yaml"\n')
    assert main(["--config", str(config), "verify"]) == 2  # refused by key, like any bad value

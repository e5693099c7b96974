"""`python -m bot doctor`: a line per check, what to do on ✗, nothing secret printed, exit 1 on ✗."""

from __future__ import annotations

import asyncio
import io
import sqlite3
from pathlib import Path

import pytest

from bot.discord.check import NEEDED, missing_in
from bot.doctor import doctor
from bot.service.store import SCHEMA_VERSION, SqliteStore

TOKEN = "mfa.not-a-real-token-but-secret"


def run(
    config: Path, monkeypatch: pytest.MonkeyPatch, token: str | None = TOKEN
) -> tuple[int, str]:
    if token is None:
        monkeypatch.delenv("SPIELTISCH_TOKEN", raising=False)
    else:
        monkeypatch.setenv("SPIELTISCH_TOKEN", token)
    monkeypatch.delenv("SPIELTISCH_DATABASE", raising=False)
    out = io.StringIO()
    status = doctor(config, offline=True, out=out)
    return status, out.getvalue()


def make_database(path: Path) -> None:
    async def create() -> None:
        async with await SqliteStore.open(path):
            pass

    asyncio.run(create())


def test_a_healthy_setup_passes_every_check(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    database = tmp_path / "db.sqlite3"
    make_database(database)
    config = tmp_path / "config.toml"
    config.write_text(f'database = "{database}"\n')
    status, out = run(config, monkeypatch)
    lines = out.splitlines()
    assert status == 0, out
    assert all(line[0] in "✓–" for line in lines), out
    assert f"schema: version {SCHEMA_VERSION}, up to date" in out
    assert "Discord token: set (not shown)" in out and TOKEN not in out
    assert "fonts:" in out and "free disk:" in out and "compiled modules:" in out
    assert sum(line.startswith("✓ game ") for line in lines) >= 4
    assert "– Discord: skipped (--offline)" in out


def test_bad_values_are_named_by_key_and_never_printed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    config = tmp_path / "config.toml"
    config.write_text(f'ai_seconds = "{TOKEN}"\nlog_format = "{TOKEN}"\nmetrics_port = 70000\n')
    status, out = run(config, monkeypatch)
    assert status == 1
    assert TOKEN not in out
    first = out.splitlines()[0]
    assert first.startswith("✗ settings:")
    for key in ("ai_seconds", "log_format", "metrics_port"):
        assert key in first
    assert "skipped" in out.splitlines()[1]


def test_no_token_pending_migrations_and_a_bad_data_file_say_what_to_do(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    database = tmp_path / "db.sqlite3"
    make_database(database)
    with sqlite3.connect(database) as connection:  # as if written by the previous version
        connection.execute("DELETE FROM schema_migrations WHERE version = ?", (SCHEMA_VERSION,))
    bad = tmp_path / "venedig.json"
    bad.write_text("{}")
    config = tmp_path / "config.toml"
    config.write_text(f'database = "{database}"\n[games.venedig]\ndata = "{bad}"\n')
    status, out = run(config, monkeypatch, token=None)
    assert status == 1
    assert "✗ Discord token: not set; put SPIELTISCH_TOKEN" in out
    assert "1 migration(s) pending; they run at the next start" in out
    assert any(line.startswith("✗ game venedig:") for line in out.splitlines()), out
    assert "✓ game catan: shipped data valid" in out


def test_a_database_from_a_newer_version_is_a_failure(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    database = tmp_path / "db.sqlite3"
    make_database(database)
    with sqlite3.connect(database) as connection:
        connection.execute(
            "INSERT INTO schema_migrations (version, applied_at) VALUES (?, 0)",
            (SCHEMA_VERSION + 1,),
        )
    config = tmp_path / "config.toml"
    config.write_text(f'database = "{database}"\n')
    status, out = run(config, monkeypatch)
    assert status == 1
    assert f"✗ schema: version {SCHEMA_VERSION + 1} is newer than this program" in out


def test_a_damaged_database_file_is_a_failure(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    database = tmp_path / "db.sqlite3"
    database.write_bytes(b"garbage" * 1000)
    config = tmp_path / "config.toml"
    config.write_text(f'database = "{database}"\n')
    status, out = run(config, monkeypatch)
    assert status == 1
    assert f"✗ database {database}:" in out


def test_the_permissions_checked_are_those_the_invite_link_asks_for() -> None:
    readme = (Path(__file__).parents[2] / "README.md").read_text(encoding="utf-8")
    assert f"permissions={NEEDED.value}" in readme
    assert missing_in(NEEDED.value) == []
    assert missing_in(8) == []  # administrator
    assert missing_in(NEEDED.value & ~(1 << 35)) == ["create_public_threads"]

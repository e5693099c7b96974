"""`python -m bot`: the console without a token in a terminal, clear exits otherwise."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from bot.__main__ import HOW_TO_SET_TOKEN, NO_TOKEN, main

ROOT = Path(__file__).resolve().parents[2]


def environment(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("SPIELTISCH_")}
    return {**env, "PYTHONPATH": str(ROOT), **extra}


def run(args: list[str], cwd: Path, **extra: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "bot", *args],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        cwd=cwd,
        env=environment(**extra),
        timeout=60,
    )


def test_without_a_token_or_a_terminal_it_says_how_to_set_the_token(tmp_path: Path) -> None:
    result = run([], tmp_path)
    assert result.returncode == 2
    assert result.stderr.strip() == HOW_TO_SET_TOKEN
    assert "SPIELTISCH_TOKEN" in result.stderr


def test_with_a_token_it_runs_the_discord_bot(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import bot.discord.app

    started: list[str | None] = []

    async def fake_run_discord(settings: Any) -> None:
        started.append(settings.token_value())

    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("SPIELTISCH_TOKEN", "abc")
    monkeypatch.setattr(bot.discord.app, "run_discord", fake_run_discord)
    assert main([]) == 0
    assert started == ["abc"]


def test_sync_without_a_token_says_how_to_set_it(tmp_path: Path) -> None:
    result = run(["sync", "--guild", "123"], tmp_path)
    assert result.returncode == 2
    assert result.stderr.strip() == HOW_TO_SET_TOKEN


def test_bad_settings_are_reported_with_file_and_key(tmp_path: Path) -> None:
    (tmp_path / "config.toml").write_text("language = 'klingon'\n")
    result = run(["console"], tmp_path)
    assert result.returncode == 2
    assert "config.toml: language: Input should be 'en' or 'ja'" in result.stderr


@pytest.mark.skipif(not hasattr(os, "openpty"), reason="needs a pseudo-terminal")
def test_without_a_token_in_a_terminal_it_opens_the_console(tmp_path: Path) -> None:
    controller, terminal = os.openpty()
    with os.fdopen(controller, "w") as keyboard:
        process = subprocess.Popen(
            [sys.executable, "-m", "bot"],
            stdin=terminal,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            cwd=tmp_path,
            env=environment(),
        )
        os.close(terminal)
        keyboard.write("/start game:stpetersburg\n/quit\n")
        keyboard.flush()
        out, err = process.communicate(timeout=60)
    assert process.returncode == 0, err
    assert out.startswith(NO_TOKEN)
    assert "Sankt Petersburg begins." in out
    assert (tmp_path / "data" / "spieltisch.sqlite3").is_file()  # defaults: SQLite under data/

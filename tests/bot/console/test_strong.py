"""The console with the search AI: `ai:strong` seats think in the process pool and answer."""

from __future__ import annotations

import io
import logging
from pathlib import Path

import pytest

from bot.console.app import run_console
from bot.service.config import Settings


async def test_a_strong_bot_plays_at_the_console(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    out = io.StringIO()
    settings = Settings(
        database=tmp_path / "console.sqlite3",
        console_images=tmp_path / "img",
        ai_seconds=0.05,
        ai_margin_seconds=60,
    )
    script = "/start game:stpetersburg bots:1 ai:strong\npass\npass\npass\n/log\n"
    with caplog.at_level(logging.WARNING, logger="bot.service.thinking"):
        code = await run_console(
            settings, stdin=io.StringIO(script), stdout=out, seed=7, player="alice"
        )
    assert code == 0
    output = out.getvalue()
    assert "Seats in order: alice, Bot 1 (strong bot)." in output
    log = output.split("alice> /log\n", 1)[1]
    assert log.count(". Bot 1: ") >= 4
    assert caplog.records == []  # each move came from the pool, none from the fallback

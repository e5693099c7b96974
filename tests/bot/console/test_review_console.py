"""The console's /review: progress lines, the player's costliest decisions, the chart written as
an image, in English and Japanese."""

from __future__ import annotations

import io
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

import bot.console.app as console_app
from bot.console.app import run_console
from bot.service.config import Settings
from bot.service.thinking import Thinker, ThinkingSettings


async def test_review_at_the_console(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with ThreadPoolExecutor(max_workers=1) as threads:
        # The test game lives in this process only: the review's parts run in a thread here.
        monkeypatch.setattr(
            console_app,
            "Thinker",
            lambda settings: Thinker(ThinkingSettings(workers=1), executor=threads),
        )
        settings = Settings.model_validate(
            {
                "database": str(tmp_path / "console.sqlite3"),
                "console_images": str(tmp_path / "img"),
                "review": {
                    "worlds": 6,
                    "max_worlds": 12,
                    "screen_worlds": 3,
                    "chart_worlds": 3,
                },
            }
        )
        script = [
            "/review",  # nothing finished yet
            "/join",
            "as bob",
            "/join",
            "as alice",
            "/start game:keen turns:1",
            "draw",
            "as bob",
            "draw",
            "/review",
            "/review",
            "/lang ja",
            "as alice",
            "/review",
        ]
        out = io.StringIO()
        code = await run_console(
            settings,
            stdin=io.StringIO("\n".join(script) + "\n"),
            stdout=out,
            seed=7,
            player="alice",
        )
    assert code == 0
    output = out.getvalue()
    assert "There is no finished game in this channel." in output
    first, second, japanese = output.split("> /review\n")[2:]
    assert "The strong AI is looking back at the game… 0 of" in first
    assert "**Review of Keen** by the strong AI" in first
    assert "**draw** here instead of **play" in first
    assert "Estimated chance of winning (%)" in first
    assert "looking back" not in second and "Review of Keen" in second  # stored: at once
    assert "キーンの振り返り" in japanese and "勝率が約" in japanese
    assert len(list((tmp_path / "img").glob("*-review-chart.png"))) == 1

"""The engine benchmark runs with any AI-match count, zero included (it only skips the match)."""

from __future__ import annotations

import json
import sys

import pytest

from bench import engine


def test_no_ai_games_skips_the_ai_match(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["engine", "--only", "stpetersburg", "--games", "1", "--repeat", "1", "--ai-games", "0"]
    monkeypatch.setattr(sys, "argv", argv)
    engine.main()
    report = json.loads(capsys.readouterr().out)["stpetersburg"]
    assert "ai" not in report
    assert report["4_seats"]["moves_per_game"] > 0
    assert report["apply_vs_json"]["apply_per_json_round_trip"] > 0

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


def test_instruction_children_play_the_same_games_on_both_paths() -> None:
    # bench.instructions subtracts a child that plays nothing from each path's child, so both
    # paths must play the same moves after the same warm-up (run here without valgrind).
    from bench import instructions

    moves = instructions.play("catan", 3, 2, "contract")
    assert moves > 0
    assert instructions.play("catan", 3, 2, "kernel") == moves
    assert instructions.play("catan", 3, 2, "none") == 0

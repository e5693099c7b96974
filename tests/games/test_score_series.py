"""The end-of-game chart each shipped game offers (`Game.score_series`), from a whole game's states."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

import games
from bot.service.players import choose_move
from games.catan.rules import vp as vp_of


def whole_game(game_id: str, seed: int, players: int = 3) -> list[object]:
    game = games.get(game_id)
    state = game.new([f"p{i}" for i in range(players)], seed=seed)
    states = [state]
    while game.outcome(state) is None:
        seat = sorted(game.to_act(state))[0]
        state = game.apply(
            state, seat, choose_move(game, state, seat, "greedy", random.Random(len(states)))
        )
        states.append(state)
    return states


@pytest.mark.parametrize("game_id", ["stpetersburg", "catherine", "venedig", "catan"])
@pytest.mark.parametrize("seed", [1, 2])
def test_the_chart_ends_at_the_final_scores(game_id: str, seed: int) -> None:
    game = games.get(game_id)
    states = whole_game(game_id, seed)
    chart = game.score_series(states)
    assert chart is not None
    outcome = game.outcome(states[-1])
    assert outcome is not None
    points = chart.panels[0]
    assert [line.seat for line in points.lines] == ["p0", "p1", "p2"]
    final = {line.seat: line.values[-1] for line in points.lines}
    assert final == {s.seat: s.score for s in outcome.standings}
    assert all(len(line.values) == len(chart.ticks) for p in chart.panels for line in p.lines)
    assert {"en", "ja"} <= set(points.title) and {"en", "ja"} <= set(chart.axis)
    assert chart.marks[-1].at == len(chart.ticks) - 1 and chart.marks[-1].label
    assert len(chart.ticks) > 5
    # Points never go down, except in Catan, where a longer road or more knights take a VP.
    if game_id != "catan":
        assert all(list(line.values) == sorted(line.values) for line in points.lines)


@pytest.mark.parametrize("game_id", ["stpetersburg", "catherine", "venedig", "catan"])
def test_no_chart_before_the_end(game_id: str) -> None:
    states = whole_game(game_id, 3)
    assert games.get(game_id).score_series(states[: len(states) // 2]) is None


def turn_starts(states: list[Any], turn_of: Callable[[Any], int]) -> list[Any]:
    """The state as play begins, as every later turn begins, and the last one."""
    starts = [s for i, s in enumerate(states) if i == 0 or turn_of(s) != turn_of(states[i - 1])]
    return [*starts[: len(starts) - (starts[-1] is states[-1])], states[-1]]


def test_venedig_chart_follows_the_gondolas_turn_by_turn() -> None:
    game = games.get("venedig")
    states: list[Any] = whole_game("venedig", 5)
    chart = game.score_series(states)
    assert chart is not None
    track, built = chart.panels
    expected = turn_starts(states, lambda s: s.turn)
    assert len(chart.ticks) == len(expected)
    for seat, (line, count) in enumerate(zip(track.lines, built.lines, strict=True)):
        assert list(line.values) == [s.players[seat].pos for s in expected]
        assert list(count.values) == [
            sum(1 for b in s.buildings if b.seat == seat) for s in expected
        ]
    assert all(line.values[0] == 0 for line in track.lines)
    # The rounds are numbered where the start player's turns begin.
    start = states[0].turn
    rounds = [i for i, s in enumerate(expected[:-1]) if s.turn == start]
    assert [chart.ticks[i] for i in rounds] == [str(n + 1) for n in range(len(rounds))]
    assert "gold converted" in chart.marks[-1].label["en"]
    assert "金貨の換算" in chart.marks[-1].label["ja"]


def test_catan_chart_shows_vp_per_turn() -> None:
    game = games.get("catan")
    states: list[Any] = whole_game("catan", 4)
    chart = game.score_series(states)
    assert chart is not None
    (points,) = chart.panels
    expected = turn_starts(states, lambda s: s.turns)
    assert len(chart.ticks) == len(expected)
    outcome = game.outcome(states[-1])
    assert outcome is not None
    for seat, line in enumerate(points.lines):
        assert list(line.values) == [vp_of(s.players[seat], game.data) for s in expected]
    final = {s.seat: s.score for s in outcome.standings}
    assert {line.seat: line.values[-1] for line in points.lines} == final
    assert chart.marks[-1].label["en"] in ("win", "round limit")

"""The end-of-game chart each shipped game offers (`Game.score_series`), from a whole game's states."""

from __future__ import annotations

import random

import pytest

import games
from bot.service.players import choose_move


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


@pytest.mark.parametrize("game_id", ["stpetersburg", "catherine"])
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
    # Points never go down in either game.
    assert all(list(line.values) == sorted(line.values) for line in points.lines)


@pytest.mark.parametrize("game_id", ["stpetersburg", "catherine"])
def test_no_chart_before_the_end(game_id: str) -> None:
    states = whole_game(game_id, 3)
    assert games.get(game_id).score_series(states[: len(states) // 2]) is None

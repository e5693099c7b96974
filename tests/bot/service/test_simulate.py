"""`python -m bot simulate`: AI games in bulk, the same figures from the same seed with any jobs."""

from __future__ import annotations

import argparse
import io
import json

import pytest

from bot.__main__ import main, parse_arguments
from bot.console.simulate import simulate
from bot.service.simulate import SimulationError, play_one, run, wilson


def test_wilson_interval_holds_the_rate_and_stays_in_bounds() -> None:
    low, high = wilson(30, 100)
    assert low < 0.3 < high
    assert wilson(0, 10)[0] == 0.0
    assert wilson(10, 10)[1] == pytest.approx(1.0)
    assert wilson(0, 0) == (0.0, 1.0)


@pytest.mark.parametrize("game", ["stpetersburg", "catherine"])
def test_a_game_ends_with_a_rank_and_score_per_seat(game: str) -> None:
    result = play_one(game, ("greedy", "random"), seed=5)
    assert sorted(result.ranks)[0] == 1
    assert len(result.scores) == 2
    assert result.moves > 10
    assert play_one(game, ("greedy", "random"), seed=5) == result


def test_same_seed_same_figures_in_one_or_two_processes() -> None:
    one = run("stpetersburg", 3, 6, ["greedy", "random", "random"], seed=11, jobs=1)
    two = run("stpetersburg", 3, 6, ["greedy", "random", "random"], seed=11, jobs=2)
    assert one.seats == two.seats
    assert one.kinds == two.kinds
    assert one.average_moves == two.average_moves
    assert sum(s.wins for s in one.seats) >= 6  # a shared first place counts for each
    other = run("stpetersburg", 3, 6, ["greedy", "random", "random"], seed=12, jobs=1)
    assert other.seats != one.seats


def test_the_kinds_row_sums_the_seats_of_that_kind() -> None:
    report = run("stpetersburg", 3, 4, ["random", "greedy", "random"], seed=2)
    random_row = next(k for k in report.kinds if k.kind == "random")
    assert random_row.games == 8
    assert random_row.wins == report.seats[0].wins + report.seats[2].wins


@pytest.mark.parametrize(
    ("words", "says"),
    [
        (["game:nope", "players:2", "games:2"], "No game 'nope'"),
        (["game:stpetersburg", "players:9", "games:2"], "takes 1–4 players"),
        (["game:stpetersburg", "players:2", "ai:greedy,clever"], "No AI 'clever'"),
        (["game:stpetersburg", "players:3", "ai:greedy,random"], "one kind per seat"),
        (["game:stpetersburg", "players:two"], "whole numbers"),
        (["stpetersburg"], "key:value"),
    ],
)
def test_bad_arguments_are_refused_clearly(
    words: list[str], says: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["simulate", *words]) == 2
    assert says in capsys.readouterr().err


def test_the_command_prints_a_table_and_json() -> None:
    words = ["game:stpetersburg", "players:2", "games:4", "ai:greedy,random"]
    out = io.StringIO()
    assert simulate(parse_arguments(["simulate", *words, "--seed", "4"]), out) == 0
    text = out.getvalue()
    assert "stpetersburg: 4 games, 2 players, seed 4" in text
    assert "greedy" in text and "95% CI" in text
    out = io.StringIO()
    assert simulate(parse_arguments(["simulate", *words, "--seed", "4", "--json"]), out) == 0
    figures = json.loads(out.getvalue())
    assert figures["games"] == 4
    assert [s["kind"] for s in figures["seats"]] == ["greedy", "random"]
    assert 0 <= figures["seats"][0]["ci_low"] <= figures["seats"][0]["win_rate"]


def test_games_must_be_positive() -> None:
    with pytest.raises(SimulationError):
        run("stpetersburg", 2, 0, ["random", "random"])
    arguments = argparse.Namespace(
        words=["game:stpetersburg", "players:2", "games:2"],
        game=None,
        players=None,
        games=None,
        ai=None,
        seed=0,
        jobs=0,
        json=False,
    )
    assert simulate(arguments) == 2

"""`python -m bot simulate`: AI games in bulk, the same figures from the same seed with any jobs."""

from __future__ import annotations

import argparse
import io
import json
import logging
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest

import games
from bot.__main__ import main, parse_arguments
from bot.console.simulate import simulate
from bot.service import thinking
from bot.service.simulate import Budget, SimulationError, play_one, run, wilson
from bot.service.thinking import Thinker, ThinkingSettings
from games.adapters import AiKind
from tests.bot.testgames import Tally


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
        (["game:stpetersburg", "ai:strong,greedy", "iterations:0"], "at least 1"),
        (["game:stpetersburg", "ai:strong,greedy", "iterations:many"], "whole numbers"),
        (["game:stpetersburg", "ai:strong,greedy", "seconds:0"], "more than 0"),
        (["game:stpetersburg", "ai:strong,greedy", "seconds:soon"], "take numbers"),
        (["game:stpetersburg", "ai:strong,greedy", "rotate:maybe"], "yes or no"),
        (["game:stpetersburg", "ai:greedy,greedy", "minutes:-1"], "more than 0"),
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
        iterations=None,
        seconds=None,
        rotate=False,
        minutes=None,
        lang="en",
    )
    assert simulate(arguments) == 2


def test_errors_are_told_in_japanese_when_asked(capsys: pytest.CaptureFixture[str]) -> None:
    words = ["game:stpetersburg", "ai:strong,greedy", "iterations:0", "--lang", "ja"]
    assert main(["simulate", *words]) == 2
    assert "1以上の整数" in capsys.readouterr().err


STRONG_VS_GREEDY = ("stpetersburg", 2, 2, ["strong", "greedy"])


@pytest.mark.parametrize("iterations", [2, 5])
def test_the_slow_kinds_search_within_the_budget_and_their_speed_is_told(iterations: int) -> None:
    report = run(*STRONG_VS_GREEDY, seed=3, budget=Budget(iterations=iterations))
    strong, greedy = report.kinds
    assert strong.playouts_per_move is not None
    # A seat with a single legal move does not search, so the mean is a little under the budget.
    assert iterations * 0.6 < strong.playouts_per_move <= iterations
    assert greedy.playouts_per_move is None
    assert strong.moves > 30 and strong.cpu_seconds_per_move > 0
    assert report.budget == {"seconds": None, "iterations": iterations}
    assert report.extra["settings"]["strong"]["iterations"] == iterations
    again = run(*STRONG_VS_GREEDY, seed=3, budget=Budget(iterations=iterations))
    assert again.seats == report.seats  # an iteration budget repeats exactly


def test_rotation_puts_every_kind_in_every_seat() -> None:
    fixed = run("stpetersburg", 2, 4, ["greedy", "random"], seed=5)
    assert [s.kind for s in fixed.seats] == ["greedy", "random"]
    turning = run("stpetersburg", 2, 4, ["greedy", "random"], seed=5, rotate=True)
    assert [s.kind for s in turning.seats] == ["greedy/random", "random/greedy"]
    assert turning.rotate and turning.kinds[0].games == 4
    # Each kind's figures follow it from seat to seat: greedy still beats random.
    assert turning.kinds[0].average_rank < turning.kinds[1].average_rank


def test_minutes_stop_the_run_and_say_when_nothing_finished() -> None:
    with pytest.raises(SimulationError, match="No game finished"):
        run(*STRONG_VS_GREEDY, budget=Budget(iterations=2), minutes=1e-9)
    report = run("stpetersburg", 2, 3, ["greedy", "random"], minutes=5)
    assert report.games == report.games_asked == 3


def test_the_table_tells_the_budget_and_cpu_per_move() -> None:
    words = ["game:stpetersburg", "players:2", "games:1", "ai:strong,greedy", "iterations:2"]
    out = io.StringIO()
    assert simulate(parse_arguments(["simulate", *words, "--rotate", "--json"]), out) == 0
    figures = json.loads(out.getvalue())
    assert figures["rotate"] and figures["budget"]["iterations"] == 2
    assert figures["kinds"][0]["cpu_seconds_per_move"] > 0
    out = io.StringIO()
    assert simulate(parse_arguments(["simulate", *words]), out) == 0
    assert "CPU s/move" in out.getvalue() and "budget 2 playouts a move" in out.getvalue()


class Late:
    """A slow AI that answers after the Thinker's timeout (then adds 1, which greedy never does)."""

    def __init__(self, **budget: object) -> None:
        self.budget = budget

    def choose(self, game: Any, state: Any, seat: str, rng: Any) -> Any:
        time.sleep(0.3)
        return next(m for m in game.legal_moves(state, seat) if getattr(m, "amount", 0) == 1)


class Failing(Late):
    def choose(self, game: Any, state: Any, seat: str, rng: Any) -> Any:
        raise RuntimeError("the search blew up")


class Stalling(Tally):
    """Tally with two slow AI kinds that never answer in time."""

    id = "stalling"

    def ai_kinds(self) -> tuple[AiKind, ...]:
        return (
            *super().ai_kinds(),
            AiKind("late", {"en": "late", "ja": "遅い"}, Late, slow=True),
            AiKind("failing", {"en": "fails", "ja": "失敗"}, Failing, slow=True),
        )


@pytest.fixture
def stalling() -> Iterator[None]:
    games.register(Stalling())
    yield
    games.unregister("stalling")


@pytest.fixture
def threads() -> Iterator[ThreadPoolExecutor]:
    with ThreadPoolExecutor(max_workers=2) as executor:
        yield executor


@pytest.mark.parametrize("kind", ["late", "failing"])
def test_a_slow_kind_that_fails_or_runs_late_leaves_the_move_to_greedy(
    kind: str, stalling: None, threads: ThreadPoolExecutor, caplog: pytest.LogCaptureFixture
) -> None:
    """As at a table: the Thinker's timeout and fallback, counted in the figures."""
    late = Thinker(ThinkingSettings(seconds=0.0, margin=0.05), executor=threads)
    with caplog.at_level(logging.WARNING, logger="bot.service.thinking"):
        report = run("stalling", 2, 2, [kind, "greedy"], seed=3, rotate=True, thinker=late)
    greedy_only = run("stalling", 2, 2, ["greedy", "greedy"], seed=3, rotate=True)
    slow = report.kinds[0]
    assert report.games == 2 and slow.moves > 0
    assert slow.fallbacks == slow.moves and report.kinds[1].fallbacks == 0

    # Greedy moved for the slow seat every time: the games are greedy against greedy.
    def outcomes(seats: Any) -> list[tuple[int, float, float, int]]:
        return [(s.wins, s.average_score, s.average_rank, s.moves) for s in seats]

    assert outcomes(report.seats) == outcomes(greedy_only.seats)
    assert ("timed out" if kind == "late" else "the search blew up") in caplog.text


def test_the_slow_kinds_think_through_the_bots_thinker(
    monkeypatch: pytest.MonkeyPatch, threads: ThreadPoolExecutor
) -> None:
    """Each strong move is the Thinker's worker function's answer to the state's JSON, on the
    run's budget, as at a table."""
    asked: list[tuple[str, str, int | None]] = []
    worker = thinking.think

    def recorded(
        game_id: str, state_json: str, seat: str, kind: str, seed: str, *rest: Any
    ) -> tuple[str, int, float]:
        asked.append((game_id, seat, rest[1]))
        return worker(game_id, state_json, seat, kind, seed, *rest)

    monkeypatch.setattr(thinking, "think", recorded)
    budget = Budget(iterations=3)
    thinker = Thinker(budget.thinking(), executor=threads)
    report = run(*STRONG_VS_GREEDY, seed=3, budget=budget, thinker=thinker)
    strong = report.kinds[0]
    assert strong.kind == "strong" and len(asked) == strong.moves > 30
    assert {(game, iterations) for game, _, iterations in asked} == {("stpetersburg", 3)}
    assert strong.playouts_per_move is not None and strong.playouts_per_move > 1
    assert strong.fallbacks == 0


def test_a_seeded_strong_run_repeats_through_the_spawned_pools_with_any_jobs() -> None:
    """Through the bot's real (spawned) thinking pool, one per simulate process."""
    one = run(*STRONG_VS_GREEDY, seed=8, budget=Budget(iterations=4), rotate=True)
    two = run(*STRONG_VS_GREEDY, seed=8, budget=Budget(iterations=4), rotate=True, jobs=2)
    assert one.seats == two.seats and one.kinds == two.kinds
    assert one.kinds[0].fallbacks == 0 and one.kinds[0].cpu_seconds_per_move > 0

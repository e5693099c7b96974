"""The terminal side of `python -m bot simulate`: arguments, a rich progress bar, the table or JSON."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from typing import TextIO

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from bot.service.simulate import Budget, Report, SimulationError, run

USAGE_EXAMPLE = (
    "python -m bot simulate game:<id> players:4 games:1000 ai:greedy,random,random,random"
)
WORDS = {
    "game",
    "players",
    "games",
    "ai",
    "seed",
    "jobs",
    "iterations",
    "seconds",
    "rotate",
    "minutes",
}


def add_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """The `simulate` sub-command; `key:value` words like the console's, or --key value."""
    simulate = commands.add_parser(
        "simulate",
        help="play AI-vs-AI games and print win rates",
        description=(
            f"Play AI-vs-AI games. Example: {USAGE_EXAMPLE} [--seed N] [--jobs N] [--json]"
            " [--iterations N | --seconds S] [--rotate] [--minutes M]"
        ),
    )
    simulate.add_argument(
        "words",
        nargs="*",
        help="game:<id> players:N games:N ai:kind,kind,... iterations:N seconds:S rotate:yes",
    )
    simulate.add_argument("--game")
    simulate.add_argument("--players", type=int)
    simulate.add_argument("--games", type=int)
    simulate.add_argument("--ai", help="AI kinds per seat, comma-separated")
    simulate.add_argument("--seed", type=int, default=0)
    simulate.add_argument("--jobs", type=int, default=1)
    simulate.add_argument("--json", action="store_true", help="print the figures as JSON")
    simulate.add_argument(
        "--iterations", type=int, help="slow AI kinds (strong): playouts per move (repeatable)"
    )
    simulate.add_argument(
        "--seconds", type=float, help="slow AI kinds (strong): seconds per move (default 1)"
    )
    simulate.add_argument(
        "--rotate", action="store_true", help="shift the AI kinds one seat each game"
    )
    simulate.add_argument("--minutes", type=float, help="report the games finished by then")
    simulate.add_argument("--lang", choices=("en", "ja"), default="en", help="error messages")


def _settings(arguments: argparse.Namespace) -> tuple[str, int, int, list[str]]:
    """The run's game, players, games and kinds; the other words land on `arguments`."""
    values: dict[str, str] = {}
    for word in arguments.words:
        key, colon, value = word.partition(":")
        if not colon or key not in WORDS:
            raise SimulationError(
                f"Cannot read {word!r}; write it as key:value. {USAGE_EXAMPLE}",
                f"「{word}」が読めません。key:value の形で書いてください。{USAGE_EXAMPLE}",
            )
        values[key] = value
    game = arguments.game or values.get("game")
    ai = arguments.ai or values.get("ai")
    whole = _converted(
        values,
        ("players", "games", "seed", "jobs", "iterations"),
        int,
        SimulationError(
            "players, games, seed, jobs and iterations take whole numbers.",
            "players・games・seed・jobs・iterations は整数で指定してください。",
        ),
    )
    real = _converted(
        values,
        ("seconds", "minutes"),
        float,
        SimulationError(
            "seconds and minutes take numbers (e.g. seconds:0.5).",
            "seconds・minutes は数で指定してください（例: seconds:0.5）。",
        ),
    )
    players = arguments.players or int(whole.get("players", 0))
    count = arguments.games or int(whole.get("games", 100))
    for key, number in [*whole.items(), *real.items()]:
        if key not in ("players", "games"):
            setattr(arguments, key, number)
    if "rotate" in values:
        if values["rotate"] not in ("yes", "no"):
            raise SimulationError("rotate: yes or no.", "rotate: yes か no で指定してください。")
        arguments.rotate = values["rotate"] == "yes"
    if not game:
        raise SimulationError(
            f"Say which game: game:<id>. {USAGE_EXAMPLE}",
            f"ゲームを game:<id> で指定してください。{USAGE_EXAMPLE}",
        )
    kinds = [k.strip() for k in (ai or "").split(",") if k.strip()]
    if not players:
        players = len(kinds)
    if not kinds:
        kinds = ["random"] * players
    if len(kinds) == 1 and players > 1:
        kinds = kinds * players
    return game, players, count, kinds


def _converted(
    values: dict[str, str],
    keys: tuple[str, ...],
    convert: Callable[[str], float],
    error: SimulationError,
) -> dict[str, float]:
    """The words among `keys` as numbers; `error` if one is not a number of that kind."""
    try:
        return {key: convert(values[key]) for key in keys if key in values}
    except ValueError:
        raise error from None


def table(report: Report) -> Table:
    """The per-seat and per-kind figures as one rich table."""
    out = Table(
        title=(
            f"{report.game}: {report.games} games, {report.players} players, seed {report.seed}"
        ),
        caption=(
            f"{report.average_moves:.1f} moves a game · {report.games_per_second:.1f} games/s "
            f"({report.seconds:.1f} s, {report.jobs} job{'s' if report.jobs != 1 else ''}) · "
            f"{report.ties} games with a shared first place (counted as a win for each)"
            f"{_budget_text(report)}"
        ),
    )
    headers = ("seat", "AI", "wins", "win rate", "95% CI", "avg score", "avg rank", "CPU s/move")
    for header in headers:
        out.add_column(header, justify="left" if header in {"seat", "AI"} else "right")
    rows = [*((str(s.seat), s) for s in report.seats), *(("all", k) for k in report.kinds)]
    for label, figures in rows:
        out.add_row(
            label,
            figures.kind,
            f"{figures.wins}/{figures.games}",
            f"{figures.win_rate:.1%}",
            f"{figures.ci_low:.1%}–{figures.ci_high:.1%}",
            f"{figures.average_score:.1f}",
            f"{figures.average_rank:.2f}",
            f"{figures.cpu_seconds_per_move:.4f}",
        )
    return out


def _budget_text(report: Report) -> str:
    """The slow kinds' budget and playouts per move, for the caption (nothing if none played)."""
    searched = [k for k in report.kinds if k.playouts_per_move is not None]
    if not searched:
        return ""
    budget = report.budget
    limit = (
        f"{budget['iterations']} playouts"
        if budget.get("iterations")
        else f"{budget.get('seconds') or 1.0} s"
    )
    per_move = ", ".join(f"{k.kind} {k.playouts_per_move:.1f}" for k in searched)
    rotated = " · seats rotated" if report.rotate else ""
    late = sum(k.fallbacks for k in searched)
    fallbacks = f" · {late} moves greedy's (the worker failed or ran late)" if late else ""
    return f" · budget {limit} a move, playouts a move: {per_move}{rotated}{fallbacks}"


def simulate(arguments: argparse.Namespace, stdout: TextIO = sys.stdout) -> int:
    """Run `simulate` as the arguments say; 2 with a short message on bad arguments."""
    try:
        game, players, count, kinds = _settings(arguments)
        if arguments.jobs < 1:
            raise SimulationError("jobs: must be at least 1.", "jobs: 1以上にしてください。")
        errors = Console(stderr=True)
        with Progress(
            TextColumn("[bold]{task.description}"),
            BarColumn(),
            MofNCompleteColumn(),
            TimeRemainingColumn(),
            console=errors,
            transient=True,
            disable=not errors.is_terminal,
        ) as bar:
            task = bar.add_task(game, total=count)
            report = run(
                game,
                players,
                count,
                kinds,
                seed=arguments.seed,
                jobs=arguments.jobs,
                rotate=arguments.rotate,
                budget=Budget(seconds=arguments.seconds, iterations=arguments.iterations),
                minutes=arguments.minutes,
                progress=lambda n: bar.advance(task, n),
            )
    except SimulationError as error:
        print(error.text(getattr(arguments, "lang", "en")), file=sys.stderr)
        return 2
    if arguments.json:
        stdout.write(json.dumps(report.as_json(), indent=2, ensure_ascii=False) + "\n")
    else:
        Console(file=stdout, width=110).print(table(report))
    return 0

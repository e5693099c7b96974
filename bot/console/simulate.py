"""The terminal side of `python -m bot simulate`: arguments, a rich progress bar, the table or JSON."""

from __future__ import annotations

import argparse
import json
import sys
from typing import TextIO

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from bot.service.simulate import Report, SimulationError, run

USAGE_EXAMPLE = (
    "python -m bot simulate game:<id> players:4 games:1000 ai:greedy,random,random,random"
)


def add_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """The `simulate` sub-command; `key:value` words like the console's, or --key value."""
    simulate = commands.add_parser(
        "simulate",
        help="play AI-vs-AI games and print win rates",
        description=f"Play AI-vs-AI games. Example: {USAGE_EXAMPLE} [--seed N] [--jobs N] [--json]",
    )
    simulate.add_argument("words", nargs="*", help="game:<id> players:N games:N ai:kind,kind,...")
    simulate.add_argument("--game")
    simulate.add_argument("--players", type=int)
    simulate.add_argument("--games", type=int)
    simulate.add_argument("--ai", help="AI kinds per seat, comma-separated")
    simulate.add_argument("--seed", type=int, default=0)
    simulate.add_argument("--jobs", type=int, default=1)
    simulate.add_argument("--json", action="store_true", help="print the figures as JSON")


def _settings(arguments: argparse.Namespace) -> tuple[str, int, int, list[str]]:
    values: dict[str, str] = {}
    for word in arguments.words:
        key, colon, value = word.partition(":")
        if not colon or key not in {"game", "players", "games", "ai", "seed", "jobs"}:
            raise SimulationError(f"Cannot read {word!r}; write it as key:value. {USAGE_EXAMPLE}")
        values[key] = value
    game = arguments.game or values.get("game")
    ai = arguments.ai or values.get("ai")
    try:
        players = arguments.players or int(values.get("players", "0"))
        count = arguments.games or int(values.get("games", "100"))
        if "seed" in values:
            arguments.seed = int(values["seed"])
        if "jobs" in values:
            arguments.jobs = int(values["jobs"])
    except ValueError:
        raise SimulationError("players, games, seed and jobs take whole numbers.") from None
    if not game:
        raise SimulationError(f"Say which game: game:<id>. {USAGE_EXAMPLE}")
    kinds = [k.strip() for k in (ai or "").split(",") if k.strip()]
    if not players:
        players = len(kinds)
    if not kinds:
        kinds = ["random"] * players
    if len(kinds) == 1 and players > 1:
        kinds = kinds * players
    return game, players, count, kinds


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
        ),
    )
    for header in ("seat", "AI", "wins", "win rate", "95% CI", "avg score", "avg rank"):
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
        )
    return out


def simulate(arguments: argparse.Namespace, stdout: TextIO = sys.stdout) -> int:
    """Run `simulate` as the arguments say; 2 with a short message on bad arguments."""
    try:
        game, players, count, kinds = _settings(arguments)
        if arguments.jobs < 1:
            raise SimulationError("jobs: must be at least 1.")
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
                progress=lambda n: bar.advance(task, n),
            )
    except SimulationError as error:
        print(error, file=sys.stderr)
        return 2
    if arguments.json:
        stdout.write(json.dumps(report.as_json(), indent=2, ensure_ascii=False) + "\n")
    else:
        Console(file=stdout, width=110).print(table(report))
    return 0

"""docs/performance.md, written from the figures `python -m bench record` saved in
docs/performance/: one section per benchmark, each with the command and the machine."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

RESULTS = Path(__file__).parents[1] / "docs" / "performance"

HEADER = """# Performance

Current figures of every benchmark, written by `python -m bench report` from the results that
`python -m bench record NAME [ARGS...]` saved in `docs/performance/` (do not edit this page:
record again and regenerate it). Each section names the command and the machine it ran on; a
machine shared with other work gives lower figures than the code reaches on a quiet one, which
is why CPU time is given where it was measured. Earlier figures are in the history of these
files.
"""


def table(head: list[str], rows: list[list[Any]]) -> list[str]:
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    lines += ["| " + " | ".join(_cell(cell) for cell in row) + " |" for row in rows]
    return lines


def _cell(value: Any) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, float):
        return f"{value:,.1f}" if abs(value) >= 100 else f"{value:g}"
    if isinstance(value, int):
        return f"{value:,}"
    return "–" if value is None else str(value)


def _seat_keys(report: dict[str, Any]) -> Iterator[tuple[int, str]]:
    for key in report:
        head, _, rest = key.partition("_")
        if head.isdigit() and rest == "seats":
            yield int(head), key


def engine(result: dict[str, Any]) -> list[str]:
    rows = []
    for game_id, report in result.items():
        if not isinstance(report, dict):
            continue
        for players, key in sorted(_seat_keys(report)):
            plain = report[key]
            kernel = report.get(f"{key}_on_kernel") or {}
            rows.append(
                [
                    game_id,
                    players,
                    plain["games_per_second"],
                    plain["moves_per_second"],
                    plain["moves_per_game"],
                    kernel.get("games_per_second"),
                ]
            )
    lines = table(
        ["Game", "Seats", "Random games / s", "Moves / s", "Moves / game", "On the playout kernel"],
        rows,
    )
    ai = [
        [game_id, key.split("p_")[0], figures.get(key.replace("greedy_win_rate", "games")), rate]
        for game_id, report in result.items()
        if isinstance(report, dict)
        for figures in [report.get("ai") or {}]
        for key, rate in figures.items()
        if key.endswith("greedy_win_rate")
    ]
    if ai:
        lines += ["", "The greedy AI in one seat against random players (seat rotated):", ""]
        lines += table(
            ["Game", "Seats", "Games", "Greedy wins"], [[*row[:3], f"{row[3]:.0%}"] for row in ai]
        )
    return [*lines, "", f"Clock: {result.get('clock', 'wall')} time of one process."]


def render(result: dict[str, Any]) -> list[str]:
    rows = []
    for game_id, report in result.items():
        if not isinstance(report, dict) or game_id == "caches":
            continue
        for players, key in sorted(_seat_keys(report)):
            for kind, figures in report[key].items():
                rows.append(
                    [
                        game_id,
                        players,
                        kind.replace("_", " "),
                        figures.get("cpu_ms_p50"),
                        figures["ms_p50"],
                        figures["ms_p95"],
                        figures["x_floor"],
                        figures.get("bytes_max"),
                    ]
                )
    lines = table(
        [
            "Game",
            "Seats",
            "Board",
            "CPU ms p50",
            "Wall ms p50",
            "Wall ms p95",
            "× floor",
            "PNG bytes max",
        ],
        rows,
    )
    caches = result.get("caches") or {}
    if caches:
        held, budget = caches["held_bytes"] / 2**20, caches["budget_bytes"] / 2**20
        lines += [
            "",
            f"Render caches after the run: {held:.1f} MB held of {budget:.0f} MB allowed.",
        ]
    lines += [
        "",
        "The floor is a blank image of the same size encoded the same way: what any image of "
        "that size costs.",
    ]
    return lines


def tables(result: dict[str, Any]) -> list[str]:
    rows = []
    for count, report in (result.get("results") or {}).items():
        for load, figures in report.items():
            if not isinstance(figures, dict) or "moves_per_second" not in figures:
                continue
            latency = figures.get("act_latency_ms") or {}
            rows.append(
                [
                    count,
                    "as fast as possible" if load == "closed_loop" else load.replace("_", " "),
                    figures["moves_per_second"],
                    latency.get("p50"),
                    latency.get("p99"),
                    figures["cpu_ms_per_move"],
                ]
            )
    lines = table(
        ["Open tables", "Load", "Moves / s", "act p50 ms", "act p99 ms", "CPU ms / move"], rows
    )
    memory = result.get("memory") or {}
    if "kb_per_open_table" in memory:
        lines += ["", f"Memory: {memory['kb_per_open_table']} KB per open table."]
    lines += [
        "",
        f"SQLite {result.get('sqlite', '')}, two-player Sankt Petersburg tables, one seat played "
        "by the benchmark and one greedy AI seat; latencies from when each move was due.",
    ]
    return lines


def ai(result: dict[str, Any]) -> list[str]:
    low, high = result["ci95"]
    budget = result.get("budget") or {}
    spent = (
        f"{budget['iterations']} playouts"
        if budget.get("iterations")
        else f"{budget.get('seconds')} s"
    )
    return [
        *table(
            [
                "Game",
                "Players",
                "Budget / move",
                "Games",
                "Strong wins",
                "95 % interval",
                "CPU s / move",
            ],
            [
                [
                    result["game"],
                    result["players"],
                    spent,
                    result["games"],
                    f"{result['strong_win_rate']:.1%}",
                    f"{low:.1%}–{high:.1%}",
                    result["mean_cpu_seconds_per_move"],
                ]
            ],
        ),
        "",
        "Strong in one seat, greedy in the others, seats rotated.",
    ]


SECTIONS: dict[str, tuple[str, Callable[[dict[str, Any]], list[str]]]] = {
    "engine": ("Rules engines", engine),
    "render": ("Board images", render),
    "tables": ("Table service", tables),
    "ai": ("Search AI against greedy", ai),
}


def machine_line(found: dict[str, Any]) -> str:
    load = ", ".join(str(x) for x in found.get("load_average_at_start", []))
    niceness = found.get("niceness")
    nice = f", run at niceness {niceness}" if niceness else ""
    return (
        f"Machine: {found.get('cpu')}, {found.get('cores')} cores, {found.get('system')}, "
        f"Python {found.get('python')}; load average {load} at the start{nice}."
    )


def render_page(folder: Path = RESULTS) -> str:
    parts = [HEADER]
    for name, (title, write) in SECTIONS.items():
        path = folder / f"{name}.json"
        if not path.exists():
            continue
        saved = json.loads(path.read_text(encoding="utf-8"))
        parts.append(f"## {title}\n")
        parts.append(f"`{saved['command']}` ({saved['date']})\n")
        parts.append(machine_line(saved["machine"]) + "\n")
        parts.append("\n".join(write(saved["result"])) + "\n")
    return "\n".join(parts)

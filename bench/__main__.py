"""`python -m bench record NAME [ARGS...]` runs `python -m bench.NAME ARGS` and saves its JSON with
the command and the machine in docs/performance/NAME.json; `python -m bench report` writes
docs/performance.md from those files (`--check`: only say whether it is up to date)."""

from __future__ import annotations

import argparse
import json
import os
import platform
import shlex
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from bench.report import RESULTS, render_page

ROOT = Path(__file__).parents[1]
PAGE = ROOT / "docs" / "performance.md"


def machine() -> dict[str, Any]:
    """What the figures depend on: the processor, its cores, Python, and how busy it was."""
    model = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return {
        "cpu": model,
        "cores": os.cpu_count(),
        "system": f"{platform.system()} {platform.release()}",
        "python": platform.python_version(),
        "load_average_at_start": [round(x, 2) for x in os.getloadavg()],
        "niceness": os.nice(0),  # a benchmark run under `nice` gets less of a busy machine
    }


def record(name: str, arguments: list[str]) -> Path:
    command = ["python", "-m", f"bench.{name}", *arguments]
    found = machine()
    run = subprocess.run(
        [sys.executable, *command[1:]], capture_output=True, text=True, check=False, cwd=ROOT
    )
    if run.returncode != 0:
        raise SystemExit(f"{shlex.join(command)} failed:\n{run.stderr[-2000:]}")
    saved = {
        "command": shlex.join(command),
        "date": time.strftime("%Y-%m-%d", time.gmtime()),
        "machine": found,
        "result": json.loads(run.stdout),
    }
    RESULTS.mkdir(parents=True, exist_ok=True)
    path = RESULTS / f"{name}.json"
    path.write_text(json.dumps(saved, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    return path


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    recording = commands.add_parser("record", help="run a benchmark and save its figures")
    recording.add_argument("name", choices=("engine", "render", "tables", "ai"))
    recording.add_argument("arguments", nargs=argparse.REMAINDER)
    reporting = commands.add_parser("report", help="write docs/performance.md from the figures")
    reporting.add_argument("--check", action="store_true", help="only check it is up to date")
    arguments = parser.parse_args(argv)
    if arguments.command == "record":
        print(f"saved {record(arguments.name, arguments.arguments)}")
        return 0
    page = render_page()
    if arguments.check:
        current = PAGE.read_text(encoding="utf-8") if PAGE.exists() else ""
        if current != page:
            print(
                "docs/performance.md is not what `python -m bench report` writes", file=sys.stderr
            )
            return 1
        return 0
    PAGE.write_text(page, encoding="utf-8")
    print(f"wrote {PAGE}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

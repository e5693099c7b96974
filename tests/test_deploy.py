"""deploy/spieltisch.service: what the operations guide promises, and `systemd-analyze verify`."""

from __future__ import annotations

import configparser
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[1]
UNIT = ROOT / "deploy" / "spieltisch.service"


def service_section() -> dict[str, str]:
    parser = configparser.ConfigParser(strict=False, interpolation=None)
    parser.optionxform = str  # type: ignore[assignment,method-assign]
    parser.read_string(UNIT.read_text(encoding="utf-8"))
    return dict(parser["Service"])


def test_the_unit_runs_as_its_own_user_restarts_and_stops_by_sigterm() -> None:
    service = service_section()
    assert service["User"] == "spieltisch" and service["Group"] == "spieltisch"
    assert service["Restart"] == "on-failure"
    assert service["KillSignal"] == "SIGTERM" and int(service["TimeoutStopSec"]) > 0
    assert service["EnvironmentFile"].startswith("/etc/")
    assert service["ExecStart"].endswith("-m bot run")
    assert "TOKEN" not in UNIT.read_text(encoding="utf-8").split("[Unit]")[1]  # only from the file
    # Bad settings (2) and a database that cannot be opened (3) are not restarted into a loop.
    assert set(service["RestartPreventExitStatus"].split()) == {"2", "3"}


def test_systemd_analyze_verifies_the_unit(tmp_path: Path) -> None:
    analyze = shutil.which("systemd-analyze")
    if analyze is None:
        pytest.skip("systemd-analyze is not installed here (no systemd): the unit is not verified")
    environment = tmp_path / "env"
    environment.write_text("SPIELTISCH_TOKEN=x\n")
    # The unit's paths as they would be on a server: here, this checkout and its interpreter.
    text = (
        UNIT.read_text(encoding="utf-8")
        .replace("/opt/spieltisch/.venv/bin/python", sys.executable)
        .replace("/opt/spieltisch", str(ROOT))
        .replace("/etc/spieltisch/env", str(environment))
    )
    unit = tmp_path / "spieltisch.service"
    unit.write_text(text, encoding="utf-8")
    result = subprocess.run([analyze, "verify", str(unit)], capture_output=True, text=True)
    problems = [line for line in result.stderr.splitlines() if "spieltisch.service" in line]
    assert result.returncode == 0 and not problems, result.stderr

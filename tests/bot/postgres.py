"""A throwaway PostgreSQL server for the tests, started from the machine's binaries.

initdb and pg_ctl refuse to run as root, so as root the server runs as the `postgres` user, in a
temporary folder it owns, and is reached over 127.0.0.1 on a free port (trust authentication:
nothing but this machine's own processes can reach it, and it lives only as long as the tests).
"""

from __future__ import annotations

import glob
import os
import shutil
import socket
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path


def binaries() -> Path | None:
    """The folder holding initdb and pg_ctl, or None when PostgreSQL is not installed."""
    found = shutil.which("initdb")
    if found is not None and shutil.which("pg_ctl") is not None:
        return Path(found).resolve().parent
    candidates = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), reverse=True)
    return Path(candidates[0]).parent if candidates else None


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@dataclass
class Server:
    folder: Path
    port: int
    run_as: list[str]
    bin: Path

    @property
    def dsn(self) -> str:
        return f"postgresql://postgres@127.0.0.1:{self.port}/postgres"

    def database_dsn(self, name: str) -> str:
        return f"postgresql://postgres@127.0.0.1:{self.port}/{name}"

    def new_database(self, name: str) -> str:
        """Create an empty database; its DSN."""
        subprocess.run(
            [
                str(self.bin / "createdb"),
                "-h",
                "127.0.0.1",
                "-p",
                str(self.port),
                "-U",
                "postgres",
                name,
            ],
            check=True,
            capture_output=True,
        )
        return self.database_dsn(name)

    def stop(self) -> None:
        subprocess.run(
            [
                *self.run_as,
                str(self.bin / "pg_ctl"),
                "-D",
                str(self.folder / "data"),
                "-m",
                "immediate",
                "stop",
            ],
            capture_output=True,
            check=False,
        )
        shutil.rmtree(self.folder, ignore_errors=True)


# For tests: durability is of no use on a server thrown away afterwards.
THROWAWAY = "-c fsync=off -c synchronous_commit=off -c full_page_writes=off"


def start(durability: str = THROWAWAY) -> Server:
    """Start a server; RuntimeError with PostgreSQL's own words if it cannot."""
    bin_ = binaries()
    if bin_ is None:
        raise FileNotFoundError(
            "no PostgreSQL binaries (initdb, pg_ctl) on PATH or in /usr/lib/postgresql"
        )
    folder = Path(tempfile.mkdtemp(prefix="spieltisch-pg-"))
    run_as: list[str] = []
    if os.geteuid() == 0:
        shutil.chown(folder, "postgres", "postgres")
        run_as = ["runuser", "-u", "postgres", "--"]
    port = _free_port()
    data = folder / "data"
    steps = [
        [
            str(bin_ / "initdb"),
            "-D",
            str(data),
            "-U",
            "postgres",
            "-A",
            "trust",
            "--no-sync",
            "-E",
            "UTF8",
        ],
        [
            str(bin_ / "pg_ctl"),
            "-D",
            str(data),
            "-l",
            str(folder / "log"),
            "-w",
            "-t",
            "30",
            "-o",
            f"-p {port} -k {folder} -c listen_addresses=127.0.0.1 {durability} "
            "-c max_connections=200",
            "start",
        ],
    ]
    for step in steps:
        done = subprocess.run([*run_as, *step], capture_output=True, text=True, check=False)
        if done.returncode != 0:
            shutil.rmtree(folder, ignore_errors=True)
            raise RuntimeError(f"{' '.join(step[:1])} failed: {done.stderr or done.stdout}")
    return Server(folder, port, run_as, bin_)

"""Compiled hot paths: setup.py and the package agree on what is compiled; stale code never runs."""

from __future__ import annotations

import ast
import os
import subprocess
import sys
from pathlib import Path

import pytest

import games.catan as catan
import games.catherine as catherine
import games.stpetersburg as stpetersburg
import games.venedig as venedig
from games import base, compiled

ROOT = Path(__file__).resolve().parents[2]
SUFFIX = compiled.EXTENSION_SUFFIXES[0]


def test_setup_compiles_what_the_package_expects() -> None:
    tree = ast.parse((ROOT / "setup.py").read_text("utf-8"))
    listed = next(
        ast.literal_eval(node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Assign)
        and any(isinstance(t, ast.Name) and t.id == "COMPILED" for t in node.targets)
    )
    assert listed == [f"games/{name}.py" for name in base.COMPILED] + [
        f"games/{package.__name__.split('.')[1]}/{name}.py"
        for package in (stpetersburg, catan, catherine, venedig)
        for name in package.COMPILED
    ]


def _module(directory: Path, name: str, value: int, built_age: float | None) -> None:
    (directory / f"{name}.py").write_text(f"VALUE = {value}\n", "utf-8")
    if built_age is not None:  # a stand-in for the extension, this many seconds older
        built = directory / f"{name}{SUFFIX}"
        built.write_bytes(b"")
        source_time = (directory / f"{name}.py").stat().st_mtime
        os.utime(built, (source_time - built_age, source_time - built_age))


def test_stale_names_extensions_older_than_their_source(tmp_path: Path) -> None:
    _module(tmp_path, "old", 1, built_age=60)
    _module(tmp_path, "fresh", 2, built_age=-60)
    _module(tmp_path, "plain", 3, built_age=None)
    assert compiled.stale(tmp_path, ("old", "fresh", "plain")) == ["old"]


def test_use_fresh_loads_every_compiled_module_from_source_when_one_is_stale(
    tmp_path: Path,
) -> None:
    _module(tmp_path, "first", 1, built_age=-60)  # fresh, but compiled together with...
    _module(tmp_path, "second", 2, built_age=60)  # ...a stale one
    try:
        with pytest.warns(UserWarning, match="second changed since it was compiled"):
            compiled.use_fresh("stale_package", tmp_path, ("first", "second"))
        assert sys.modules["stale_package.first"].VALUE == 1
        assert sys.modules["stale_package.second"].VALUE == 2
        assert not compiled.compiled(sys.modules["stale_package.first"])
    finally:
        sys.modules.pop("stale_package.first", None)
        sys.modules.pop("stale_package.second", None)


def test_nothing_is_loaded_when_every_extension_is_fresh(tmp_path: Path) -> None:
    _module(tmp_path, "only", 1, built_age=-60)
    compiled.use_fresh("fresh_package", tmp_path, ("only",))
    assert "fresh_package.only" not in sys.modules


def test_the_python_source_passes_the_kernel_and_golden_tests_too() -> None:
    """CI runs the compiled modules; the same tests also pass on their Python source (what a
    machine without a C compiler runs), in a process told to ignore the compiled ones."""
    env = {**os.environ, "SPIELTISCH_PURE": "1"}
    check = (
        "import games.stpetersburg as s, games.catan as c, games.catherine as k, sys; "
        "import games.venedig as v; "
        "from games.compiled import compiled; "
        "import games.base as b; "
        "sys.exit(any(compiled(sys.modules[f'{name}.{m}']) for name, modules in "
        "[('games', b.COMPILED)] + [(p.__name__, p.COMPILED) for p in (s, c, k, v)] "
        "for m in modules))"
    )
    assert subprocess.run([sys.executable, "-c", check], env=env, cwd=ROOT).returncode == 0
    run = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-q",
            "-p",
            "no:cacheprovider",
            "tests/games/test_stpetersburg_kernel.py",
            "tests/games/test_stpetersburg_golden.py",
            "tests/games/test_stpetersburg_is_legal.py",
            "tests/games/test_kernels.py",
        ],
        env=env,
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert run.returncode == 0, run.stdout[-2000:]

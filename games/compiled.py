"""A game's compiled modules (setup.py builds them with mypyc) used only while fresher than their source.

mypyc compiles a module to an extension next to its `.py`, and Python then imports the extension.
After the source is edited, that extension would be stale code. `use_fresh` (called first thing in
the game's package) finds such a case and loads the modules from their source instead, with a
warning, until the install is run again. The modules compiled together call each other directly,
so when one is stale they all come from source. SPIELTISCH_PURE=1 in the environment asks for
the source every time (the build reads it too, and then compiles nothing).
"""

from __future__ import annotations

import importlib.machinery
import importlib.util
import os
import sys
import warnings
from pathlib import Path

# What an extension module's file name ends with on this interpreter (e.g. ".cpython-311-...so").
EXTENSION_SUFFIXES = tuple(importlib.machinery.EXTENSION_SUFFIXES)


def stale(directory: Path, modules: tuple[str, ...]) -> list[str]:
    """The modules in `directory` whose compiled extension is older than their `.py` source."""
    found = []
    for name in modules:
        source = directory / f"{name}.py"
        for suffix in EXTENSION_SUFFIXES:
            built = directory / f"{name}{suffix}"
            if built.exists() and source.exists():
                if built.stat().st_mtime < source.stat().st_mtime:
                    found.append(name)
                break
    return found


def compiled(module: object) -> bool:
    """Whether `module` was imported from a compiled extension."""
    return str(getattr(module, "__file__", "")).endswith(EXTENSION_SUFFIXES)


def use_fresh(package: str, directory: Path, modules: tuple[str, ...]) -> None:
    """Import `package`'s `modules` from source if any of their extensions is stale, or always
    with SPIELTISCH_PURE=1 (see above)."""
    if os.environ.get("SPIELTISCH_PURE") != "1":
        old = stale(directory, modules)
        if not old:
            return
        warnings.warn(
            f"{package}: {', '.join(old)} changed since it was compiled; running the Python "
            "source (slower). Run the install command again to compile it.",
            stacklevel=2,
        )
    for name in modules:  # in order: each may import the ones before it
        spec = importlib.util.spec_from_file_location(f"{package}.{name}", directory / f"{name}.py")
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules[spec.name] = module
        spec.loader.exec_module(module)

"""Builds the package, compiling the games' playout hot paths with mypyc where a C compiler is.

The compiled modules behave as the Python ones do (mypyc compiles this very source, type-checked
by mypy); without a C compiler, or with SPIELTISCH_PURE=1, the build keeps the Python ones (the
compiler's error shows in `pip install -v`). A compiled module older than its edited source is
not used: the package runs the source, with a warning, until the install is run again
(games/compiled.py)."""

from __future__ import annotations

import os
import sys

from setuptools import setup

# The modules random games and the search's playouts spend their time in (in import order).
COMPILED = [
    "games/draws.py",
    "games/stpetersburg/rules.py",
    "games/stpetersburg/effects.py",
    "games/stpetersburg/ai.py",
    "games/stpetersburg/kernel.py",
    "games/catan/rules.py",
    "games/catan/ai.py",
    "games/catan/kernel.py",
    "games/catherine/rules.py",
    "games/catherine/ai.py",
    "games/catherine/kernel.py",
    "games/venedig/catalog.py",
    "games/venedig/core.py",
    "games/venedig/legal.py",
    "games/venedig/rules.py",
    "games/venedig/ai.py",
    "games/venedig/kernel.py",
]


def compiled_modules() -> list[object]:
    if os.environ.get("SPIELTISCH_PURE") == "1":
        print("SPIELTISCH_PURE is set: the games' rules stay Python", file=sys.stderr)
        return []
    from mypyc.build import mypycify

    extensions = mypycify(COMPILED, opt_level="3")
    for extension in extensions:
        # Without a C compiler (or Python's headers) the build warns and goes on without it.
        extension.optional = True
    return list(extensions)


setup(ext_modules=compiled_modules())

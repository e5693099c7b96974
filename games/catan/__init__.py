"""Catan – the fast card game (Das schnelle Kartenspiel): the rules engine."""

from pathlib import Path

from games.compiled import use_fresh

# setup.py compiles these with mypyc (listed there too); one edited since runs from source.
COMPILED = ("rules", "ai", "kernel")
use_fresh(__name__, Path(__file__).parent, COMPILED)

from games.catan.game import GAME, Catan  # noqa: E402

__all__ = ["COMPILED", "GAME", "Catan"]

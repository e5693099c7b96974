"""Venedig (Klaus-Jürgen Wrede, AMIGO 2007) for 2–5 players, with the virtual third player for two."""

from pathlib import Path

from games.compiled import use_fresh

# setup.py compiles these with mypyc (listed there too); one edited since runs from source.
COMPILED = ("catalog", "core", "legal", "rules", "ai", "kernel")
use_fresh(__name__, Path(__file__).parent, COMPILED)

from games.venedig.game import GAME, Venedig  # noqa: E402

__all__ = ["COMPILED", "GAME", "Venedig"]

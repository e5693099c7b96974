"""Sankt Petersburg (first edition, 2004) for 1–4 players, with the online solo score attack."""

from pathlib import Path

from games.compiled import use_fresh

# setup.py compiles these with mypyc (listed there too); one edited since runs from source.
COMPILED = ("rules", "effects", "ai", "kernel")
use_fresh(__name__, Path(__file__).parent, COMPILED)

from games.stpetersburg.game import GAME, StPetersburg  # noqa: E402

__all__ = ["COMPILED", "GAME", "StPetersburg"]

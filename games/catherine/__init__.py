"""Catherine: The Cities of the Tsarina (2–4 players): the game package."""

from pathlib import Path

from games.compiled import use_fresh

# setup.py compiles these with mypyc (listed there too); one edited since runs from source.
COMPILED = ("rules", "ai", "kernel")
use_fresh(__name__, Path(__file__).parent, COMPILED)

from games.catherine.game import GAME  # noqa: E402

__all__ = ["COMPILED", "GAME"]

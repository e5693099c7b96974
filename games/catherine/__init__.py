"""Catherine: The Cities of the Tsarina (2–4 players): the game package."""

from games.catherine.game import GAME

__all__ = ["GAME"]

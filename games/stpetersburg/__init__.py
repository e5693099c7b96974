"""Sankt Petersburg (first edition, 2004) for 1–4 players, with the online solo score attack."""

from games.stpetersburg.game import GAME, StPetersburg

__all__ = ["GAME", "StPetersburg"]

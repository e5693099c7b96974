"""Venedig (Klaus-Jürgen Wrede, AMIGO 2007) for 2–5 players, with the virtual third player for two."""

from games.venedig.game import GAME, Venedig

__all__ = ["GAME", "Venedig"]

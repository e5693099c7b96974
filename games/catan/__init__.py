"""Catan – the fast card game (Das schnelle Kartenspiel): the rules engine."""

from games.catan.game import GAME, Catan

__all__ = ["GAME", "Catan"]

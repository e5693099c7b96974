"""Computer players for AI seats: a game's own `ai` module where it has one, else random legal moves."""

from __future__ import annotations

import importlib
import logging
import random
from functools import cache
from typing import Any, Protocol

from pydantic import BaseModel

from games.base import Game

log = logging.getLogger(__name__)

AI_KINDS = ("random", "greedy")
# The class names a game's `games.<id>.ai` module offers for each kind.
_CLASS_NAMES = {"random": "RandomPlayer", "greedy": "GreedyPlayer"}


class Player(Protocol):
    """The interface of a game's AI classes (see games/stpetersburg/ai.py)."""

    def choose(
        self, game: Game[Any, Any, Any], state: Any, seat: str, rng: random.Random
    ) -> BaseModel: ...


class RandomLegalPlayer:
    """Picks uniformly among the legal moves: the fallback for games without an ai module."""

    def choose(
        self, game: Game[Any, Any, Any], state: Any, seat: str, rng: random.Random
    ) -> BaseModel:
        moves = game.legal_moves(state, seat)
        return moves[rng.randrange(len(moves))]  # type: ignore[no-any-return]


@cache
def player_for(game_id: str, kind: str) -> Player:
    """The AI of `kind` for a game: its own class if `games.<id>.ai` has one, else random."""
    try:
        module = importlib.import_module(f"games.{game_id}.ai")
    except ImportError:
        return RandomLegalPlayer()
    factory = getattr(module, _CLASS_NAMES.get(kind, ""), None) or getattr(
        module, _CLASS_NAMES["random"], None
    )
    if factory is None:
        return RandomLegalPlayer()
    return factory()  # type: ignore[no-any-return]


def choose_move(
    game: Game[Any, Any, Any], state: Any, seat: str, kind: str, rng: random.Random
) -> BaseModel:
    """The AI's move for `seat`; a random legal move if the AI fails, so a table never stalls."""
    try:
        move = player_for(game.id, kind).choose(game, state, seat, rng)
    except Exception:
        log.exception("AI %s of %s failed for seat %s; playing at random", kind, game.id, seat)
        return RandomLegalPlayer().choose(game, state, seat, rng)
    return move

"""The registry of rules engines: games.get(id), games.all()."""

from __future__ import annotations

import importlib
import pkgutil
from typing import Any

from games.base import Game

_REGISTRY: dict[str, Game[Any, Any, Any]] = {}
_BUILTIN_IDS: list[str] = []
_BUILTINS_LOADED = False


def register(game: Game[Any, Any, Any]) -> Game[Any, Any, Any]:
    """Add a game under its id (tests register small games of their own this way)."""
    _REGISTRY[game.id] = game
    return game


def unregister(game_id: str) -> None:
    _REGISTRY.pop(game_id, None)


def _load_builtins() -> None:
    """Register every game package shipped in games/: a package with a module-level `GAME`."""
    global _BUILTINS_LOADED
    if not _BUILTINS_LOADED:
        _BUILTINS_LOADED = True
        for info in sorted(pkgutil.iter_modules(__path__), key=lambda i: i.name):
            if not info.ispkg:
                continue
            game = getattr(importlib.import_module(f"games.{info.name}"), "GAME", None)
            if isinstance(game, Game):
                register(game)
                _BUILTIN_IDS.append(game.id)


def get(game_id: str) -> Game[Any, Any, Any]:
    """The game registered under this id; KeyError naming the known ids otherwise."""
    _load_builtins()
    try:
        return _REGISTRY[game_id]
    except KeyError:
        known = ", ".join(sorted(_REGISTRY))
        raise KeyError(f"unknown game {game_id!r}; known games: {known}") from None


def all() -> list[Game[Any, Any, Any]]:
    """Every registered game, in id order."""
    _load_builtins()
    return [_REGISTRY[key] for key in sorted(_REGISTRY)]


def builtins() -> list[Game[Any, Any, Any]]:
    """The games this project ships (not those a test registered), in id order."""
    _load_builtins()
    return [_REGISTRY[key] for key in sorted(_BUILTIN_IDS)]

"""Pillow renderers: game views to PNG bytes; no discord, no I/O.

`render_view(view)` finds the renderer through the game's registration (`Game.renderer`, a
"module:function" path), so the bot calls one function for every game and a new game's renderer
needs no line here. Each renderer is `render(view, *, lang, scale, names) -> bytes`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import cache
from importlib import import_module
from typing import Any

import games

Renderer = Callable[..., bytes]


@cache
def renderer_for(game_id: str) -> Renderer:
    """The registered game's renderer; ValueError when the game has none."""
    path = games.get(game_id).renderer
    if not path:
        raise ValueError(f"game {game_id!r} has no renderer")
    module_name, _, function = path.partition(":")
    found: Renderer = getattr(import_module(module_name), function or "render")
    return found


def render_view(
    view: Any,
    *,
    lang: str = "en",
    scale: float = 1.0,
    names: Mapping[str, str] | None = None,
) -> bytes:
    """PNG bytes of any game's view; `names` maps seat ids to the names to show."""
    game = getattr(view, "game", None)
    if not isinstance(game, str):
        raise ValueError(f"no renderer for a view without a game id: {type(view).__name__}")
    try:
        draw = renderer_for(game)
    except KeyError as error:
        raise ValueError(str(error)) from None
    return draw(view, lang=lang, scale=scale, names=names)

"""Pillow renderers: game views to PNG bytes; no discord, no I/O.

`render_view(view)` picks the renderer from `view.game`, so the bot calls one function for every
game. Each game's module offers `render(view, *, lang, scale, names) -> bytes`.
"""

from __future__ import annotations

from collections.abc import Mapping
from importlib import import_module
from typing import Any

# Game id -> module with its renderer, imported on first use.
RENDERERS = {"stpetersburg": "render.stpetersburg"}


def render_view(
    view: Any,
    *,
    lang: str = "en",
    scale: float = 1.0,
    names: Mapping[str, str] | None = None,
) -> bytes:
    """PNG bytes of any game's view; `names` maps seat ids to the names to show."""
    game = getattr(view, "game", None)
    if game not in RENDERERS:
        known = ", ".join(sorted(RENDERERS))
        raise ValueError(f"no renderer for game {game!r}; renderers exist for: {known}")
    module = import_module(RENDERERS[game])
    data: bytes = module.render(view, lang=lang, scale=scale, names=names)
    return data

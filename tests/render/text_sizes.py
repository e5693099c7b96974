"""Records the pixel size of every line a board image draws (the phone-width tests use it)."""

from __future__ import annotations

from collections.abc import Iterable
from functools import _lru_cache_wrapper
from typing import Any

import pytest

from render.kit import Painter


def record_text_sizes(
    monkeypatch: pytest.MonkeyPatch, caches: Iterable[_lru_cache_wrapper[Any]]
) -> list[float]:
    """Patch Painter.text to note each size in pixels; clear `caches` so nothing is skipped."""
    sizes: list[float] = []
    original = Painter.text

    def recording(self: Painter, x: float, y: float, text: str, size: float, **kw: object) -> float:
        sizes.append(size * self.scale)
        return original(self, x, y, text, size, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(Painter, "text", recording)
    for cached in caches:
        cached.cache_clear()
    return sizes

"""Bounded caches for rasterised text, masks and static image layers: LRU by bytes, thread-safe."""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Any, Generic, ParamSpec, TypeVar

from PIL import Image

P = ParamSpec("P")
T = TypeVar("T")


# Every render cache by name, for figures and for tests that start from empty caches.
CACHES: dict[str, BoundedCache[Any]] = {}


# What an entry costs besides its pixels: the key, the Image and its core object, the list node.
ENTRY_OVERHEAD = 512


def image_bytes(value: object) -> int:
    """Memory held by the pixels of a cached value: images, and images inside tuples or objects."""
    if isinstance(value, Image.Image):
        return value.width * value.height * len(value.getbands()) + ENTRY_OVERHEAD
    if isinstance(value, tuple):
        return sum(image_bytes(item) for item in value)
    inner = getattr(value, "__dict__", None)
    if inner is not None:
        return sum(image_bytes(item) for item in inner.values())
    return 0


class BoundedCache(Generic[T]):
    """Least recently used entries go first once the pixels held exceed `max_bytes`.

    Values are shared between renders and threads, so callers must never draw on them.
    """

    def __init__(self, name: str, max_bytes: int, *, register: bool = True) -> None:
        self.name, self.max_bytes = name, max_bytes
        self.bytes = 0
        self.hits = self.misses = 0
        self._entries: OrderedDict[Hashable, tuple[T, int]] = OrderedDict()
        self._lock = threading.Lock()
        if register:
            CACHES[name] = self

    def get(self, key: Hashable, make: Callable[[], T]) -> T:
        with self._lock:
            found = self._entries.get(key)
            if found is not None:
                self._entries.move_to_end(key)
                self.hits += 1
                return found[0]
            self.misses += 1
        # Made outside the lock: two threads may both make a value; either copy is the same.
        value = make()
        size = image_bytes(value)
        if size > self.max_bytes // 8:
            return value  # too big to be worth keeping: it would push out many small entries
        with self._lock:
            if key not in self._entries:
                self._entries[key] = (value, size)
                self.bytes += size
                while self.bytes > self.max_bytes:
                    _, (_, dropped) = self._entries.popitem(last=False)
                    self.bytes -= dropped
        return value

    def clear(self) -> None:
        with self._lock:
            self._entries.clear()
            self.bytes = self.hits = self.misses = 0

    def stats(self) -> dict[str, int]:
        with self._lock:
            return {
                "entries": len(self._entries),
                "bytes": self.bytes,
                "max_bytes": self.max_bytes,
                "hits": self.hits,
                "misses": self.misses,
            }


class CachedLayer(Generic[P, T]):
    """A function whose results are kept in a bounded cache, keyed by its arguments."""

    def __init__(self, function: Callable[P, T], cache: BoundedCache[Any]) -> None:
        self.function, self.cache = function, cache
        self.__doc__, self.__wrapped__ = function.__doc__, function

    def __call__(self, *args: P.args, **kwargs: P.kwargs) -> T:
        # Keyword order is fixed at each call site; another order only makes another entry.
        key = (args, tuple(kwargs.items())) if kwargs else args
        result: T = self.cache.get(key, lambda: self.function(*args, **kwargs))
        return result

    def cache_clear(self) -> None:
        self.cache.clear()


def layer_cache(name: str, max_bytes: int) -> Callable[[Callable[P, T]], CachedLayer[P, T]]:
    """Decorate a function of hashable arguments that returns images: results kept by bytes.

    For static layers (card faces, tokens, frames): everything the picture depends on must be an
    argument, and the caller must paste the result, never draw on it.
    """

    def decorate(function: Callable[P, T]) -> CachedLayer[P, T]:
        return CachedLayer(function, BoundedCache(name, max_bytes))

    return decorate


def clear_all() -> None:
    """Empty every render cache (tests that watch what gets drawn start from nothing)."""
    for cache in CACHES.values():
        cache.clear()


def cache_stats() -> dict[str, dict[str, int]]:
    """Entries, bytes held, budget, hits and misses of every render cache."""
    return {name: cache.stats() for name, cache in sorted(CACHES.items())}


def total_budget() -> int:
    """The most pixel memory all render caches together may hold."""
    return sum(cache.max_bytes for cache in CACHES.values())

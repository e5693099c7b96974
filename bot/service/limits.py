"""Rate limits: how many requests one key (a member in a channel) may make in a sliding window."""

from __future__ import annotations

import time
from collections import OrderedDict, deque
from collections.abc import Callable


class RateLimiter:
    """At most `limit` requests per `window` seconds per key; memory bounded by `max_keys`.

    Kept in process memory on purpose: a limit that resets when the process restarts, or that
    each shard counts for itself, still stops one member from flooding the bot.
    """

    def __init__(
        self,
        limit: int,
        window: float = 60.0,
        *,
        clock: Callable[[], float] = time.monotonic,
        max_keys: int = 10_000,
    ) -> None:
        self.limit = limit
        self.window = window
        self.clock = clock
        self.max_keys = max_keys
        self._seen: OrderedDict[str, deque[float]] = OrderedDict()

    def allow(self, key: str) -> bool:
        """Count a request of `key` if it is within the limit; False (and not counted) if not."""
        now = self.clock()
        times = self._seen.pop(key, None) or deque()
        while times and now - times[0] >= self.window:
            times.popleft()
        allowed = len(times) < self.limit
        if allowed:
            times.append(now)
        self._seen[key] = times  # most recently seen last, so the oldest keys go first
        while len(self._seen) > self.max_keys:
            self._seen.popitem(last=False)
        return allowed

"""A member's time: zones, quiet hours and away, as pure functions of their settings and a moment.

Everything that decides whether a member may be pinged now, or how long a reminder clock has run
for them, asks here, so the reminder path and the board's mention path agree.
"""

from __future__ import annotations

import re
import zoneinfo
from datetime import UTC, date, datetime, time, timedelta
from functools import cache
from typing import Final

from bot.service.store.members import MemberSettings

# Reminder and takeover times are at most 30 days: quiet hours further back change nothing.
LOOK_BACK: Final = 62 * 86400.0
_QUIET = re.compile(r"^\s*(\d{1,2})(?::00)?\s*[-–~〜]\s*(\d{1,2})(?::00)?\s*$")


@cache
def zone_names() -> tuple[str, ...]:
    """Every IANA zone this system (or the tzdata package) knows, sorted."""
    return tuple(sorted(zoneinfo.available_timezones()))


def zone(name: str | None) -> zoneinfo.ZoneInfo | None:
    """The zone of that name, or None when it is not one."""
    if not name or name not in zone_names():
        return None
    return zoneinfo.ZoneInfo(name)


def parse_quiet(text: str) -> tuple[int, int] | None:
    """Quiet hours as typed (`23-08`, `22:00-7:00`): (from, to) hours, or None if unreadable.

    From and to must differ (no empty or all-day window)."""
    found = _QUIET.match(text)
    if found is None:
        return None
    start, end = int(found.group(1)), int(found.group(2))
    if not (0 <= start <= 23 and 0 <= end <= 24) or start == end % 24:
        return None
    return start, end % 24


def _windows(settings: MemberSettings, start: float, end: float) -> list[tuple[float, float]]:
    """The member's quiet windows that touch [start, end), as timestamps."""
    where = zone(settings.timezone)
    if where is None or settings.quiet_from is None or settings.quiet_to is None:
        return []
    first = datetime.fromtimestamp(start, where).date() - timedelta(days=1)
    last = datetime.fromtimestamp(end, where).date()
    windows = []
    day: date = first
    while day <= last:
        begin = datetime.combine(day, time(settings.quiet_from), tzinfo=where)
        finish_day = day if settings.quiet_to > settings.quiet_from else day + timedelta(days=1)
        finish = datetime.combine(finish_day, time(settings.quiet_to), tzinfo=where)
        windows.append((begin.timestamp(), finish.timestamp()))
        day += timedelta(days=1)
    return windows


def quiet_until(settings: MemberSettings | None, now: float) -> float | None:
    """When the member's quiet hours end, if `now` is within them; else None."""
    if settings is None:
        return None
    for begin, finish in _windows(settings, now, now):
        if begin <= now < finish:
            return finish
    return None


def is_away(settings: MemberSettings | None, now: float) -> bool:
    return settings is not None and settings.away_until is not None and settings.away_until > now


def awake_seconds(settings: MemberSettings | None, since: float, now: float) -> float:
    """How long a reminder clock started at `since` has run for this member by `now`: it stands
    still while they are away (and restarts when their away ends) and during their quiet hours."""
    if settings is None:
        return now - since
    if settings.away_until is not None:
        since = max(since, settings.away_until)
    if since >= now:
        return 0.0
    counted_from = max(since, now - LOOK_BACK)
    quiet = 0.0
    for begin, finish in _windows(settings, counted_from, now):
        quiet += max(0.0, min(finish, now) - max(begin, counted_from))
    return max(0.0, now - since - quiet)


def local_time(moment: float, zone_name: str | None) -> str:
    """A moment as the member reads it: in their zone (UTC without one), to the minute."""
    where = zone(zone_name)
    if where is None or zone_name is None:
        return datetime.fromtimestamp(moment, UTC).strftime("%Y-%m-%d %H:%M UTC")
    return datetime.fromtimestamp(moment, where).strftime("%Y-%m-%d %H:%M ") + zone_name

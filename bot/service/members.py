"""A member across many tables: /mygames, away, time zone and quiet hours, and held mentions.

The one question the adapters ask before pinging someone for a board is `mention_now`: a member
in their quiet hours is not pinged, and the ping is held until they end (`release_mentions`).
"""

from __future__ import annotations

import unicodedata
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, replace
from typing import Final

from bot.service import errors
from bot.service.i18n import Text, duration
from bot.service.quiet import is_away, local_time, parse_quiet, quiet_until, zone
from bot.service.store.members import HeldMention, MemberSettings
from bot.service.table_core import UNCHANGED, LoadedTable, TableCore, Unchanged, game_name
from bot.service.updates import Reminder, SeatInfo, TableInfo
from games.base import Outcome

# Finished games /mygames still lists, and the longest note an away member may leave.
FINISHED_SHOWN: Final = 7 * 86400.0
NOTE_MAX: Final = 100
# How long this process trusts what it last read of a member's away (every move asks), and how
# many members it remembers. An away set through another process is thus ended by a move here
# at most this late; one set or ended here is known at once.
AWAY_TRUSTED: Final = 60.0
AWAY_REMEMBERED: Final = 10_000


class AwayCache:
    """What this process last read of members' away (until when, or None), and when."""

    def __init__(self) -> None:
        self._seen: OrderedDict[str, tuple[float, float | None]] = OrderedDict()

    def fresh(self, user: str, now: float) -> tuple[bool, float | None]:
        """(known, away until): known when read within AWAY_TRUSTED seconds."""
        found = self._seen.get(user)
        if found is None or now - found[0] > AWAY_TRUSTED:
            return False, None
        return True, found[1]

    def put(self, user: str, away_until: float | None, now: float) -> None:
        self._seen[user] = (now, away_until)
        self._seen.move_to_end(user)
        while len(self._seen) > AWAY_REMEMBERED:
            self._seen.popitem(last=False)


class BadAwayDays(errors.TableError):
    """Away for no days, or longer than the server allows."""

    key = "error.bad_away_days"


class BadTimezone(errors.TableError):
    """A time zone name that is no IANA zone."""

    key = "error.bad_timezone"


class BadQuietHours(errors.TableError):
    """Quiet hours that cannot be read."""

    key = "error.bad_quiet"


class QuietNeedsZone(errors.TableError):
    """Quiet hours without a time zone to read them in."""

    key = "error.quiet_needs_zone"


@dataclass(frozen=True, slots=True)
class MyTable:
    """One table a member sits at, as /mygames lists it."""

    table: TableInfo
    game: Text | None
    to_act: tuple[SeatInfo, ...]
    waiting_since: float | None  # since when the longest-waiting seat to act has waited
    yours: bool  # the member is among those to act
    outcome: Outcome | None
    finished_at: float | None


@dataclass(frozen=True, slots=True)
class MyGames:
    """The member's tables on one server (those waiting on them first) and a count elsewhere."""

    user: str
    tables: tuple[MyTable, ...]
    waiting_everywhere: int  # tables waiting for this member's move on every server
    now: float

    def lines(self, lang: str, link: Callable[[MyTable], str | None] = lambda _: None) -> list[str]:
        """The answer in words; `link` gives each table's latest board, where there is one."""
        groups: list[tuple[str, list[MyTable]]] = [
            ("mygames.yours", [m for m in self.tables if m.yours]),
            ("mygames.others", [m for m in self.tables if m.to_act and not m.yours]),
            ("mygames.lobbies", [m for m in self.tables if m.table.status == "lobby"]),
            ("mygames.finished", [m for m in self.tables if m.table.status == "finished"]),
        ]
        lines: list[str] = []
        for key, listed in groups:
            if not listed:
                continue
            lines.append(f"**{Text.of(key).get(lang)}**")
            for entry in listed:
                where = link(entry)
                line = f"• {self._line(entry, lang)}"
                lines.append(f"{line} — {where}" if where else line)
        if not lines:
            lines.append(Text.of("mygames.none").get(lang))
        lines.append(Text.of("mygames.everywhere", count=self.waiting_everywhere).get(lang))
        return lines

    def _line(self, entry: MyTable, lang: str) -> str:
        game = entry.game.get(lang) if entry.game else Text.of("mygames.no_game").get(lang)
        players = ", ".join(s.label(lang) for s in entry.table.seats)
        if entry.table.status == "lobby":
            return Text.of("mygames.lobby", game=game, players=players).get(lang)
        if entry.outcome is not None:
            standings = ", ".join(f"{s.rank}. {s.seat} {s.score}" for s in entry.outcome.standings)
            ago = duration(self.now - (entry.finished_at or self.now))
            return Text.of("mygames.result", game=game, ago=ago, standings=standings).get(lang)
        you = Text.of("mygames.you").get(lang)
        who = ", ".join(you if s.user == self.user else s.label(lang) for s in entry.to_act)
        waited = duration(self.now - (entry.waiting_since or self.now))
        return Text.of("mygames.table", game=game, players=players, who=who, waited=waited).get(
            lang
        )


def clean_note(note: str | None) -> str | None:
    """An away note safe to show: no control characters, one line, at most NOTE_MAX long."""
    if note is None:
        return None
    kept = "".join(
        " " if c.isspace() else c for c in note if c.isspace() or unicodedata.category(c)[0] != "C"
    )
    return " ".join(kept.split())[:NOTE_MAX] or None


class MemberActions(TableCore):
    """Settings a member keeps across all their tables, and the views that span tables."""

    async def member(self, user: str) -> MemberSettings:
        return await self.store.members.get(user)

    # ---------------------------------------------------------------- away

    async def set_away(self, user: str, days: int, note: str | None = None) -> Text:
        """Away for `days` days from now (at most the server's `away_days_max`)."""
        most = self.defaults.away_days_max
        if isinstance(days, bool) or not isinstance(days, int) or not 1 <= days <= most:
            raise BadAwayDays(max=most)
        settings = await self.member(user)
        until = self.clock() + days * 86400.0
        cleaned = clean_note(note)
        await self.store.members.put(replace(settings, away_until=until, away_note=cleaned))
        self._away.put(user, until, self.clock())
        text = Text.of("away.set", until=local_time(until, settings.timezone))
        if cleaned:
            return Text.join([text, Text.of("away.note", note=cleaned)], "\n")
        return text

    async def end_away(self, user: str) -> Text:
        """Back before the away ran out (/away off)."""
        if not await self._came_back(user, read=True):
            return Text.of("away.not_away")
        return Text.of("away.off")

    @property
    def _away(self) -> AwayCache:
        cache: AwayCache | None = self.__dict__.get("_away_cache")
        if cache is None:
            cache = self.__dict__["_away_cache"] = AwayCache()
        return cache

    async def _came_back(self, user: str, *, read: bool = False) -> bool:
        """End the member's away if it is still running (their move, or /away off with `read`):
        the reminder clocks of their seats restart from now.

        Every move asks, so a member this process read lately as not away costs no read (a
        read per move cost a quarter of a move's CPU in bench.tables)."""
        now = self.clock()
        known, until = self._away.fresh(user, now)
        if known and not read and (until is None or until <= now):
            return False
        settings = await self.store.members.get(user)
        self._away.put(user, settings.away_until, now)
        if not is_away(settings, now):
            return False
        await self.store.members.put(replace(settings, away_until=now, away_note=None))
        self._away.put(user, now, now)
        return True

    async def away_marks(self, table: TableInfo) -> dict[str, float]:
        """Seat -> until when its player is away, for the seats of away players."""
        users = [s.user for s in table.seats if s.user and not s.is_ai]
        settings = await self.store.members.of(users)
        now = self.clock()
        marks = {}
        for seat in table.seats:
            found = settings.get(seat.user or "")
            if found is not None and found.away_until is not None and is_away(found, now):
                marks[seat.seat] = found.away_until
        return marks

    # ---------------------------------------------------------------- time zone, quiet hours

    async def set_quiet(
        self,
        user: str,
        *,
        timezone: str | Unchanged = UNCHANGED,
        quiet: str | Unchanged = UNCHANGED,
    ) -> Text:
        """Set the member's time zone and quiet hours (`23-08`; `off` clears them); each is
        checked before anything is written. Answers with the settings now in force."""
        settings = await self.member(user)
        if not isinstance(timezone, Unchanged):
            name = timezone.strip()
            if zone(name) is None:
                raise BadTimezone(zone=errors.clip_input(timezone))
            settings = replace(settings, timezone=name)
        if not isinstance(quiet, Unchanged):
            if quiet.strip().casefold() in ("off", "none", "-", "オフ", "なし"):
                settings = replace(settings, quiet_from=None, quiet_to=None)
            else:
                hours = parse_quiet(quiet)
                if hours is None:
                    raise BadQuietHours()
                settings = replace(settings, quiet_from=hours[0], quiet_to=hours[1])
        if settings.quiet_from is not None and zone(settings.timezone) is None:
            raise QuietNeedsZone()
        if not isinstance(timezone, Unchanged) or not isinstance(quiet, Unchanged):
            await self.store.members.put(settings)
        return settings_text(settings)

    async def mention_now(
        self, table: TableInfo, seats: Sequence[SeatInfo]
    ) -> tuple[SeatInfo, ...]:
        """Of the human `seats` a board at `table`'s version asks to act, those who may be
        pinged now. The others are in their quiet hours: their ping is held until those end
        (`release_mentions`). A ping given replaces any still held for that table."""
        users = [s.user for s in seats if s.user and not s.is_ai]
        settings = await self.store.members.of(users)
        now = self.clock()
        pinged: list[SeatInfo] = []
        for seat in seats:
            found = settings.get(seat.user or "")
            until = quiet_until(found, now)
            if until is not None and seat.user:
                await self.store.members.hold(
                    HeldMention(table.id, seat.user, table.version, until)
                )
                continue
            if found is not None and found.quiet_from is not None and seat.user:
                # Only members with quiet hours can have a ping held: nobody else costs a write.
                await self.store.members.release_for(table.id, seat.user)
            pinged.append(seat)
        return tuple(pinged)

    async def quiet_now(self, users: Sequence[str]) -> set[str]:
        """Those of `users` in their quiet hours now (their direct messages wait too)."""
        settings = await self.store.members.of(list(users))
        now = self.clock()
        return {u for u, s in settings.items() if quiet_until(s, now) is not None}

    async def release_mentions(self, send: Callable[[Reminder], Awaitable[bool]]) -> list[str]:
        """Send the held mentions whose quiet hours are over, if the move is still owed (one
        no longer owed leaves unsent); a send that fails stays held. The tables pinged."""
        pinged: list[str] = []
        for held in await self.store.members.held(due_by=self.clock()):
            try:
                loaded = await self._current(held.table_id)
            except errors.TableError:
                await self.store.members.release(held)
                continue
            reminder = self._held_reminder(loaded, held)
            if reminder is not None and not await send(reminder):
                continue
            await self.store.members.release(held)
            if reminder is not None:
                pinged.append(held.table_id)
        return pinged

    def _held_reminder(self, loaded: LoadedTable, held: HeldMention) -> Reminder | None:
        """The ping a held mention owes, or None when the member no longer owes the move."""
        record, game = loaded.record, loaded.game
        seat = next((s for s in record.seats if s.user == held.user), None)
        if record.status != "playing" or game is None or seat is None:
            return None
        if seat.waiting_since is None or seat.seat not in game.to_act(loaded.peek()):
            return None
        text = Text.of("mention.after_quiet", seat=seat.seat, game=game_name(game))
        waited = self.clock() - seat.waiting_since
        key = f"q{held.version}.{seat.position}"
        return Reminder(TableInfo.of(record), SeatInfo.of(seat), waited, text, key)

    # ---------------------------------------------------------------- /mygames

    async def my_games(self, user: str, guild: str | None) -> MyGames:
        """The member's tables of `guild` (None: tables of no server, as at the console)."""
        now = self.clock()
        found: list[MyTable] = []
        for seated in await self.store.members.seated_at(user, now - FINISHED_SHOWN):
            if seated.guild != guild:
                continue
            try:
                loaded = await self._current(seated.table_id)
            except errors.TableError:
                continue  # a game this process does not have
            found.append(self._my_table(loaded, user))
        # Waiting on this member first, the longest waiting first; then the rest as they came.
        found.sort(key=lambda m: (0, m.waiting_since or now) if m.yours else (1, 0.0))
        waiting = await self.store.members.waiting_on(user)
        return MyGames(user, tuple(found), waiting, now)

    @staticmethod
    def _my_table(loaded: LoadedTable, user: str) -> MyTable:
        record, game = loaded.record, loaded.game
        table = TableInfo.of(record)
        name = game_name(game) if game is not None else None
        if game is None or record.status not in ("playing", "finished"):
            return MyTable(table, name, (), None, False, None, None)
        state = loaded.peek()
        acting = game.to_act(state) if record.status == "playing" else frozenset()
        to_act = tuple(SeatInfo.of(s) for s in record.seats if s.seat in acting)
        since = [s.waiting_since for s in record.seats if s.seat in acting and s.waiting_since]
        yours = any(s.user == user for s in to_act)
        outcome = game.outcome(state) if record.status == "finished" else None
        return MyTable(
            table, name, to_act, min(since, default=None), yours, outcome, record.finished_at
        )


def settings_text(settings: MemberSettings) -> Text:
    """A member's time zone and quiet hours in words."""
    zone_text = Text.plain(settings.timezone) if settings.timezone else Text.of("settings.no_zone")
    if settings.quiet_from is None or settings.quiet_to is None:
        quiet = Text.of("settings.none")
    else:
        quiet = Text.of(
            "settings.quiet_hours",
            start=f"{settings.quiet_from:02d}",
            end=f"{settings.quiet_to:02d}",
        )
    return Text.of("settings.shown", zone=zone_text, quiet=quiet)

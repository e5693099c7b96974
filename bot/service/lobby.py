"""The lobby of a channel: joining, leaving, choosing the game, AI seats and the start."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

import games
from bot.service import errors
from bot.service.errors import clip_input, game_text
from bot.service.i18n import Text
from bot.service.players import check_ai_kind
from bot.service.positions import POSITION_OPTION, initial_state
from bot.service.reminders import with_reminders
from bot.service.store import (
    ChannelBusy,
    DuplicateId,
    OverCap,
    SeatCap,
    SeatRecord,
    StaleRevision,
    TableRecord,
)
from bot.service.table_core import (
    WRITE_ATTEMPTS,
    AnyGame,
    LoadedTable,
    TableCore,
    UpdateBuilder,
    game_name,
    seat_name,
    seat_names,
)
from bot.service.updates import (
    Lobby,
    TableInfo,
    Update,
)
from games.base import InvalidOptions


class LobbyActions(TableCore):
    """One lobby per channel, turned into a running game by `start`."""

    async def _open_lobby_in(self, channel: str) -> LoadedTable:
        record = await self.store.open_in(channel)
        if record is None:
            raise errors.NoTableHere()
        if record.status != "lobby":
            raise errors.AlreadyStarted()
        return self._remember(LoadedTable(record, None, None))

    # ---------------------------------------------------------------- the lobby

    async def join(
        self,
        channel: str,
        user: str,
        *,
        name: str,
        lang: str | None = None,
        guild: str | None = None,
    ) -> Lobby:
        """Sit down at the channel's lobby, opening one (with `user` as host) if there is none."""
        async with self._lock(f"channel:{channel}"):
            for attempt in range(WRITE_ATTEMPTS):
                try:
                    return await self._join(channel, user, name, lang, guild)
                except (StaleRevision, ChannelBusy):
                    if attempt == WRITE_ATTEMPTS - 1:
                        raise errors.TableBusy() from None
            raise AssertionError("unreachable")

    def _cap(self, user: str) -> SeatCap:
        return SeatCap(user, self.defaults.open_tables_per_member)

    async def _check_cap(self, user: str) -> SeatCap:
        """A quick refusal for a member at the cap; the store checks again as it writes."""
        cap = self._cap(user)
        if await self.store.open_tables_of(user) >= cap.most:
            raise errors.TooManyTables(max=cap.most)
        return cap

    def _new_lobby(
        self, channel: str, user: str, name: str, lang: str | None, guild: str | None
    ) -> TableRecord:
        """A lobby with `user` as host in its first seat, not written yet."""
        now = self.clock()
        lang = lang or self.defaults.lang
        return TableRecord(
            id=self.new_id(),
            channel=channel,
            guild=guild,
            thread=None,
            host=user,
            game=None,
            options={},
            seed=self.new_seed(),
            status="lobby",
            version=0,
            revision=0,
            lang=lang,
            remind_after=self.defaults.remind_after,
            takeover_after=self.defaults.takeover_after,
            takeover=self.defaults.takeover,
            created_at=now,
            updated_at=now,
            seats=(SeatRecord(0, seat_name(name, ()), "human", user, lang, now),),
        )

    async def _create(
        self, record: TableRecord, cap: SeatCap, state_json: str | None = None
    ) -> TableRecord:
        """Insert a new table (under a fresh id should the drawn one be taken); the record."""
        for _ in range(WRITE_ATTEMPTS):
            try:
                await self.store.create(record, cap=cap, state=state_json)
            except DuplicateId:
                record = replace(record, id=self.new_id())
                continue
            except OverCap:
                raise errors.TooManyTables(max=cap.most) from None
            return record
        raise DuplicateId("no free table id")

    async def _join(
        self, channel: str, user: str, name: str, lang: str | None, guild: str | None
    ) -> Lobby:
        cap = await self._check_cap(user)
        record = await self.store.open_in(channel)
        if record is None:
            record = await self._create(self._new_lobby(channel, user, name, lang, guild), cap)
            self._remember(LoadedTable(record, None, None))
            return Lobby(TableInfo.of(record), Text.of("lobby.joined", name=record.seats[0].seat))
        if record.status != "lobby":
            raise errors.TableBusy()
        if any(s.user == user for s in record.seats):
            raise errors.AlreadySeated()
        if record.game is not None:
            game = self._game(record.game)
            if len(record.seats) >= game.max_players:
                raise errors.LobbyFull(game=game_name(game), max=game.max_players)
        seat = SeatRecord(
            position=max(s.position for s in record.seats) + 1,
            seat=seat_name(name, [s.seat for s in record.seats]),
            kind="human",
            user=user,
            lang=lang or self.defaults.lang,
            joined_at=self.clock(),
        )
        loaded = LoadedTable(record, None, None)
        await self._save(loaded, replace(record, seats=(*record.seats, seat)), cap=cap)
        return Lobby(TableInfo.of(loaded.record), Text.of("lobby.joined", name=seat.seat))

    async def leave(self, channel: str, user: str) -> Lobby | Update:
        """Stand up: in a lobby the seat goes; in a running game a greedy AI takes it over.

        A table left without any human is closed.
        """
        record = await self.store.open_in(channel)
        if record is None:
            raise errors.NoTableHere()
        if record.status == "playing":
            return await self._hand_to_ai(record.id, user, user, "greedy", leaving=True)
        async with self._lock(f"channel:{channel}"):
            loaded = await self._open_lobby_in(channel)
            record = loaded.record
            seat = self._seat_of(record, user)
            seats = tuple(s for s in record.seats if s is not seat)
            humans = [s for s in seats if s.kind == "human"]
            if not humans:
                await self._save(loaded, replace(record, seats=seats, status="abandoned"))
                return Lobby(TableInfo.of(loaded.record), Text.of("lobby.closed"))
            host = record.host if record.host != user else humans[0].user or record.host
            await self._save(loaded, replace(record, seats=seats, host=host))
            return Lobby(TableInfo.of(loaded.record), Text.of("lobby.left", name=seat.seat))

    async def choose_game(
        self,
        channel: str,
        user: str,
        game_id: str,
        options: Mapping[str, Any] | None = None,
        *,
        moderator: bool = False,
    ) -> Lobby:
        """Pick the game and its options for the lobby (host or moderator); options are checked now."""
        async with self._lock(f"channel:{channel}"):
            loaded = await self._open_lobby_in(channel)
            record = loaded.record
            self._require_host(record, user, moderator)
            game = self._game(game_id)
            options = dict(options or {})
            self._check_options(game, options, len(record.seats))
            if len(record.seats) > game.max_players:
                raise errors.TooManyPlayers(
                    game=game_name(game), max=game.max_players, have=len(record.seats)
                )
            await self._save(loaded, replace(record, game=game.id, options=options))
            return Lobby(TableInfo.of(loaded.record), Text.plain(game.names["en"]))

    def _check_options(self, game: AnyGame, options: Mapping[str, Any], seats: int) -> None:
        """Let the game judge the options with a legal number of placeholder seats."""
        count = min(max(seats, game.min_players), game.max_players)
        try:
            game.validate_options(options)  # types too, whatever the game's `new` does
            game.new([f"seat {i}" for i in range(count)], seed=0, options=options)
        except InvalidOptions as error:
            raise errors.BadOptions(detail=game_text(error)) from None

    async def add_bot(
        self, channel: str, user: str, kind: str = "greedy", *, moderator: bool = False
    ) -> Lobby:
        """Add an AI seat of `kind` ('random' or 'greedy') to the lobby."""
        async with self._lock(f"channel:{channel}"):
            loaded = await self._open_lobby_in(channel)
            self._require_host(loaded.record, user, moderator)
            record = self._with_bots(loaded.record, 1, kind)
            await self._save(loaded, record)
            added = record.seats[-1].seat
            return Lobby(TableInfo.of(loaded.record), Text.of("lobby.joined", name=added))

    def _with_bots(self, record: TableRecord, count: int, kind: str) -> TableRecord:
        check_ai_kind(self._game(record.game) if record.game else None, kind)
        if count < 0:
            raise errors.BadSetting(name="bots", detail=Text.plain(clip_input(count)))
        seats = list(record.seats)
        if record.game is not None:
            game = self._game(record.game)
            if len(seats) + count > game.max_players:
                raise errors.LobbyFull(game=game_name(game), max=game.max_players)
        for _ in range(count):
            number = 1 + sum(1 for s in seats if s.kind != "human")
            seats.append(
                SeatRecord(
                    position=max(s.position for s in seats) + 1,
                    seat=seat_name(f"Bot {number}", [s.seat for s in seats]),
                    kind=kind,  # checked by check_ai_kind above
                    user=None,
                    lang=record.lang,
                    joined_at=self.clock(),
                )
            )
        return replace(record, seats=tuple(seats))

    async def remove_bot(self, channel: str, user: str, *, moderator: bool = False) -> Lobby:
        """Remove the last AI seat added to the lobby."""
        async with self._lock(f"channel:{channel}"):
            loaded = await self._open_lobby_in(channel)
            record = loaded.record
            self._require_host(record, user, moderator)
            bots = [s for s in record.seats if s.kind != "human"]
            if not bots:
                raise errors.NoBotToRemove()
            seats = tuple(s for s in record.seats if s is not bots[-1])
            await self._save(loaded, replace(record, seats=seats))
            return Lobby(TableInfo.of(loaded.record), Text.of("lobby.left", name=bots[-1].seat))

    async def start(
        self,
        channel: str,
        user: str,
        *,
        game: str | None = None,
        options: Mapping[str, Any] | None = None,
        bots: int = 0,
        bot_kind: str = "greedy",
        name: str | None = None,
        lang: str | None = None,
        guild: str | None = None,
        moderator: bool = False,
        remind_after: float | None = None,
        position: str | None = None,
    ) -> Update:
        """Start the channel's game (host or moderator), adding `bots` AI seats first.

        With no lobby yet and a `name` given, `user` joins first: `/start game:x` alone opens a
        solo or all-bots table in one step. Checks everything before changing anything.
        `position` (a testing aid of the console) starts from that position text instead of a
        new game, with the table's seats in place of the text's own.
        """
        async with self._lock(f"channel:{channel}"):
            if game is not None:
                self._game(game)  # an unknown game opens no lobby
            # With no lobby yet, the one `user` would open is built in memory and written only
            # once everything is checked, together with the start (so a refusal leaves nothing).
            fresh = name is not None and await self.store.open_in(channel) is None
            if fresh:
                assert name is not None
                await self._check_cap(user)
                loaded = LoadedTable(self._new_lobby(channel, user, name, lang, guild), None, None)
            else:
                loaded = await self._open_lobby_in(channel)
            record = loaded.record
            if not moderator:
                self._seat_of(record, user)
            self._require_host(record, user, moderator)
            game_id = game or record.game
            if game_id is None:
                known = ", ".join(g.id for g in games.all())
                raise errors.NoGameChosen(example=games.all()[0].id, known=known)
            chosen = self._game(game_id)
            if position is not None:
                options = {POSITION_OPTION: position}
            elif options is None:
                options = record.options if game_id == record.game else {}
            # Limits first: a huge `bots` must not build thousands of seats to be refused after.
            if bots < 0:
                raise errors.BadSetting(name="bots", detail=Text.plain(clip_input(bots)))
            if len(record.seats) + bots > chosen.max_players:
                raise errors.TooManyPlayers(
                    game=game_name(chosen), max=chosen.max_players, have=len(record.seats) + bots
                )
            if remind_after is not None:  # checked now, so that nothing starts half-way
                record = with_reminders(
                    record, remind_after, record.takeover_after, record.takeover
                )
            record = replace(record, game=chosen.id, options=dict(options))
            if bots:
                check_ai_kind(chosen, bot_kind)  # named against this game's own kinds
            record = self._with_bots(replace(record, game=None), bots, bot_kind)
            record = replace(record, game=chosen.id)
            for seat in record.seats:
                if seat.kind != "human":
                    check_ai_kind(chosen, seat.kind)
            have = len(record.seats)
            if have < chosen.min_players:
                raise errors.TooFewPlayers(
                    game=game_name(chosen), min=chosen.min_players, have=have
                )
            if have > chosen.max_players:
                raise errors.TooManyPlayers(
                    game=game_name(chosen), max=chosen.max_players, have=have
                )
            try:
                if position is None:
                    chosen.validate_options(record.options)  # types too, whatever `new` does
                state = initial_state(
                    chosen, [s.seat for s in record.seats], seed=record.seed, options=record.options
                )
            except InvalidOptions as error:
                raise errors.BadOptions(detail=game_text(error)) from None
            now = self.clock()
            acting = chosen.to_act(state)
            seats = tuple(
                replace(s, waiting_since=now if s.seat in acting else None) for s in record.seats
            )
            playing = replace(record, status="playing", version=0, seats=seats)
            async with self._lock(record.id):
                if fresh:
                    try:
                        playing = await self._create(
                            playing, self._cap(user), state.model_dump_json()
                        )
                    except ChannelBusy:  # another process opened a table here meanwhile
                        raise errors.TableBusy() from None
                    loaded.record = playing
                    loaded.set_state(state, state.model_dump_json())
                    self._remember(loaded)
                else:
                    await self._save(loaded, playing, state)
                loaded.game = chosen
                builder = UpdateBuilder()
                builder.headline.append(
                    Text.of("table.started", game=game_name(chosen), seats=seat_names(seats))
                )
                # The game's start event says the setup: who starts, what was dealt openly.
                builder.headline.extend(builder.narrate(chosen, loaded.record, state))
                await self._play_ai(loaded, builder)
                return builder.build(loaded)

"""Ratings and statistics of finished games: /stats, /leaderboard, /history, and the rating rebuild.

Ratings are openskill's Plackett-Luce (several players, ties), per player, per game, per server,
folded over the finished games in the order they finished with fixed model parameters, so a
rebuild from the results gives the same numbers as the ratings updated game by game. AI seats are
rated per kind ("ai:<kind>"); abandoned games are never recorded; solo games count for games
played and best score but move no rating.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce

import games
from bot.service.store import SeatRecord, Store, TableRecord
from bot.service.store.stats import RatingRow, ResultRow, StatsStore
from games.base import Outcome

MODEL = PlackettLuce()
NO_GUILD = "-"  # the console and DMs: one "server" of their own
HISTORY_LENGTH = 10
LEADERBOARD_LENGTH = 10


def player_key(seat: SeatRecord) -> str:
    """Who a seat's result belongs to: the person, or the AI kind that played it to the end."""
    if seat.kind == "human" and seat.user is not None:
        return f"user:{seat.user}"
    return f"ai:{seat.kind}"


def user_key(user: str) -> str:
    return f"user:{user}"


@dataclass(frozen=True, slots=True)
class GameStats:
    """One player's figures at one game in one server."""

    game: str
    played: int
    wins: int
    average_rank: float
    best_score: int
    mu: float | None
    sigma: float | None

    @property
    def ordinal(self) -> float | None:
        """The conservative rating (mu − 3σ) boards are ranked by."""
        return None if self.mu is None or self.sigma is None else self.mu - 3 * self.sigma


@dataclass(frozen=True, slots=True)
class LeaderRow:
    """One line of a leaderboard."""

    place: int
    player: str
    mu: float
    sigma: float
    ordinal: float
    played: int
    wins: int


@dataclass(frozen=True, slots=True)
class HistoryEntry:
    """One finished game in a player's history: who played, with what score, where."""

    table_id: str
    game: str
    finished_at: float
    channel: str
    guild: str
    standings: tuple[tuple[str, str, int, int], ...]  # (seat name, player, rank, score)


def result_rows(record: TableRecord, outcome: Outcome) -> list[ResultRow]:
    """A finished table's result rows, one per seat."""
    assert record.game is not None and record.finished_at is not None
    place = {s.seat: s for s in outcome.standings}
    return [
        ResultRow(
            table_id=record.id,
            position=seat.position,
            guild=record.guild or NO_GUILD,
            game=record.game,
            channel=record.thread or record.channel,
            finished_at=record.finished_at,
            seat=seat.seat,
            player=player_key(seat),
            rank=place[seat.seat].rank,
            score=place[seat.seat].score,
            players=len(record.seats),
        )
        for seat in sorted(record.seats, key=lambda s: s.position)
        if seat.seat in place
    ]


def rate_game(rows: Sequence[ResultRow], prior: dict[str, tuple[float, float]]) -> list[RatingRow]:
    """The new ratings of one game's players from their ratings before it.

    A player in several seats (several AI seats of one kind) gets the mean of those seats'
    updates, each computed from the same prior.
    """
    if len(rows) < 2:
        return []
    teams = [
        [MODEL.create_rating(list(prior.get(r.player, (MODEL.mu, MODEL.sigma))), r.player)]
        for r in rows
    ]
    rated = MODEL.rate(teams, ranks=[r.rank for r in rows])
    updates: dict[str, list[tuple[float, float]]] = defaultdict(list)
    for row, team in zip(rows, rated, strict=True):
        updates[row.player].append((team[0].mu, team[0].sigma))
    first = rows[0]
    return [
        RatingRow(
            guild=first.guild,
            game=first.game,
            player=player,
            mu=sum(m for m, _ in values) / len(values),
            sigma=sum(s for _, s in values) / len(values),
        )
        for player, values in updates.items()
    ]


def fold(results: Iterable[ResultRow]) -> list[RatingRow]:
    """Every rating from the results alone, game after game in the order they finished."""
    ratings: dict[tuple[str, str, str], tuple[float, float]] = {}
    games: dict[str, list[ResultRow]] = defaultdict(list)
    for row in results:
        games[row.table_id].append(row)
    ordered = sorted(games.values(), key=lambda rows: (rows[0].finished_at, rows[0].table_id))
    for rows in ordered:
        guild, game = rows[0].guild, rows[0].game
        prior = {
            r.player: ratings[(guild, game, r.player)]
            for r in rows
            if (guild, game, r.player) in ratings
        }
        for new in rate_game(rows, prior):
            ratings[(guild, game, new.player)] = (new.mu, new.sigma)
    return [
        RatingRow(guild=g, game=game, player=p, mu=mu, sigma=sigma)
        for (g, game, p), (mu, sigma) in sorted(ratings.items())
    ]


class StatsService:
    """Records finished games and answers the statistics commands; no discord import."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.stats: StatsStore = store.stats

    async def record(self, record: TableRecord, outcome: Outcome) -> bool:
        """Store a finished game's results and update its players' ratings (once per table)."""
        rows = result_rows(record, outcome)
        if not rows:
            return False
        prior = {
            r.player: (r.mu, r.sigma)
            for r in await self.stats.ratings(rows[0].guild, rows[0].game, [r.player for r in rows])
        }
        return await self.stats.record(rows, rate_game(rows, prior))

    async def rebuild(self) -> list[RatingRow]:
        """Recompute every rating from the stored results and replace the cache with it.

        Finished games whose results were never written (a crash right after the last move) are
        recorded first, from their final snapshot.
        """
        for table_id in await self.stats.unrecorded():
            record = await self.store.get(table_id)
            snapshot = await self.store.snapshot(table_id)
            if record is None or record.game is None or snapshot is None:
                continue
            outcome = games.get(record.game).outcome(games.get(record.game).load(snapshot[1]))
            if outcome is not None:
                await self.stats.record(result_rows(record, outcome), [])
        ratings = fold(await self.stats.results())
        await self.stats.replace_ratings(ratings)
        return ratings

    async def player(
        self, guild: str | None, user: str, game: str | None = None
    ) -> list[GameStats]:
        """A person's figures per game (one game if given), games most played first."""
        key = user_key(user)
        rows = await self.stats.results(guild=guild or NO_GUILD, player=key, game=game)
        by_game: dict[str, list[ResultRow]] = defaultdict(list)
        for row in rows:
            by_game[row.game].append(row)
        out = []
        for name, results in by_game.items():
            rating = await self.stats.ratings(guild or NO_GUILD, name, [key])
            out.append(
                GameStats(
                    game=name,
                    played=len(results),
                    wins=sum(1 for r in results if r.rank == 1),
                    average_rank=sum(r.rank for r in results) / len(results),
                    best_score=max(r.score for r in results),
                    mu=rating[0].mu if rating else None,
                    sigma=rating[0].sigma if rating else None,
                )
            )
        return sorted(out, key=lambda s: (-s.played, s.game))

    async def leaderboard(
        self, guild: str | None, game: str, limit: int = LEADERBOARD_LENGTH
    ) -> list[LeaderRow]:
        """A server's best players of a game by conservative rating (mu − 3σ)."""
        ratings = await self.stats.top(guild or NO_GUILD, game)
        results = await self.stats.results(guild=guild or NO_GUILD, game=game)
        played: dict[str, int] = defaultdict(int)
        wins: dict[str, int] = defaultdict(int)
        for row in results:
            played[row.player] += 1
            wins[row.player] += row.rank == 1
        ranked = sorted(ratings, key=lambda r: (-(r.mu - 3 * r.sigma), r.player))[:limit]
        return [
            LeaderRow(
                place=index,
                player=r.player,
                mu=r.mu,
                sigma=r.sigma,
                ordinal=r.mu - 3 * r.sigma,
                played=played[r.player],
                wins=wins[r.player],
            )
            for index, r in enumerate(ranked, start=1)
        ]

    async def history(
        self, guild: str | None, user: str, limit: int = HISTORY_LENGTH
    ) -> list[HistoryEntry]:
        """A person's latest finished games in a server, newest first."""
        tables = await self.stats.recent_tables(guild or NO_GUILD, user_key(user), limit)
        rows = await self.stats.results(tables=tables)
        by_table: dict[str, list[ResultRow]] = defaultdict(list)
        for row in rows:
            by_table[row.table_id].append(row)
        entries = [
            HistoryEntry(
                table_id=table_id,
                game=rs[0].game,
                finished_at=rs[0].finished_at,
                channel=rs[0].channel,
                guild=rs[0].guild,
                standings=tuple(
                    (r.seat, r.player, r.rank, r.score) for r in sorted(rs, key=lambda r: r.rank)
                ),
            )
            for table_id, rs in by_table.items()
        ]
        return sorted(entries, key=lambda e: (e.finished_at, e.table_id), reverse=True)

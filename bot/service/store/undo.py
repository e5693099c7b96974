"""Undo requests waiting for the other players' consent: their SQL, on both backends.

A request is a row per table (one at a time), with the votes as JSON; `UNDO_MIGRATION` is number 5
of the store's MIGRATIONS. Kept in the database, not in memory, so any process can answer a vote,
and a restart loses no request. Reached as `store.undo`.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field

from bot.service.store.db import Sql, Step

UNDO_MIGRATION: tuple[str, ...] = (
    """CREATE TABLE undo_requests (
        table_id TEXT PRIMARY KEY REFERENCES tables (id),
        asker TEXT NOT NULL,
        seat TEXT NOT NULL,
        target INTEGER NOT NULL,
        version INTEGER NOT NULL,
        voters TEXT NOT NULL,
        votes TEXT NOT NULL DEFAULT '{}',
        expires_at REAL NOT NULL
    )""",
)


@dataclass(frozen=True, slots=True)
class UndoRecord:
    """A pending request to take back the moves from `target` on, made at table `version`."""

    table_id: str
    asker: str  # the user who asked
    seat: str
    target: int  # the seq of the asker's move to take back (and everything after it)
    version: int  # the table version when asked: any move since cancels the request
    voters: tuple[str, ...]  # the users whose consent is needed
    votes: dict[str, bool] = field(default_factory=dict)
    expires_at: float = 0.0


class UndoStore:
    """Undo requests in the store's database (SQLite or PostgreSQL, through its `Sql`)."""

    def __init__(self, sql: Sql) -> None:
        self._sql = sql

    async def get(self, table_id: str) -> UndoRecord | None:
        rows = await self._sql.rows(
            "SELECT table_id, asker, seat, target, version, voters, votes, expires_at "
            "FROM undo_requests WHERE table_id = ?",
            table_id,
        )
        if not rows:
            return None
        row = rows[0]
        return UndoRecord(
            table_id=row["table_id"],
            asker=row["asker"],
            seat=row["seat"],
            target=row["target"],
            version=row["version"],
            voters=tuple(json.loads(row["voters"])),
            votes=dict(json.loads(row["votes"])),
            expires_at=row["expires_at"],
        )

    async def put(self, request: UndoRecord) -> None:
        """Write a request (replacing the table's earlier one, which is over by then)."""
        params = (
            request.table_id,
            request.asker,
            request.seat,
            request.target,
            request.version,
            json.dumps(request.voters),
            json.dumps(request.votes),
            float(request.expires_at),
        )
        await self._sql.write(
            [
                Step(
                    "INSERT INTO undo_requests (table_id, asker, seat, target, version, voters, "
                    "votes, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?) "
                    "ON CONFLICT (table_id) DO UPDATE SET asker = excluded.asker, "
                    "seat = excluded.seat, target = excluded.target, version = excluded.version, "
                    "voters = excluded.voters, votes = excluded.votes, "
                    "expires_at = excluded.expires_at",
                    [params],
                )
            ]
        )

    async def vote(self, request: UndoRecord, user: str) -> bool:
        """Record `user`'s agreement if the request is still as `request` read it: a guarded
        compare-and-set, so two processes answering at once cannot drop each other's vote.
        False (nothing written) if it changed or went meanwhile: read it again and decide."""
        return await self._sql.write(
            [
                Step(
                    "UPDATE undo_requests SET votes = ? WHERE table_id = ? AND votes = ? "
                    "AND asker = ? AND target = ? AND version = ? AND expires_at = ?",
                    [
                        (
                            json.dumps({**request.votes, user: True}),
                            request.table_id,
                            json.dumps(request.votes),  # as `put` and `vote` wrote it
                            request.asker,
                            request.target,
                            request.version,
                            float(request.expires_at),
                        )
                    ],
                    needed=True,
                )
            ]
        )

    async def delete(self, table_id: str) -> None:
        await self._sql.write([Step("DELETE FROM undo_requests WHERE table_id = ?", [(table_id,)])])

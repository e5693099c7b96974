"""The SQL the stores share: column lists, statements (with ? placeholders) and row conversions."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from bot.service.store.records import MoveRecord, SeatRecord, TableRecord

Row = Mapping[str, Any]  # sqlite3.Row and asyncpg.Record both read columns by name

TABLE_COLUMNS = (
    "id, guild, channel, thread, host, game, options, seed, status, version, revision, lang, "
    "remind_after, takeover_after, takeover, created_at, updated_at, finished_at"
)
# Rewrites a table row only if nobody wrote it since the revision the caller read.
GUARDED_UPDATE = (
    "UPDATE tables SET guild = ?, channel = ?, thread = ?, host = ?, game = ?, options = ?, "
    "seed = ?, status = ?, version = ?, revision = ?, lang = ?, remind_after = ?, "
    "takeover_after = ?, takeover = ?, created_at = ?, updated_at = ?, finished_at = ? "
    "WHERE id = ? AND revision = ?"
)
UPSERT_SNAPSHOT = (
    "INSERT INTO snapshots (table_id, seq, state) VALUES (?, ?, ?) "
    "ON CONFLICT (table_id) DO UPDATE SET seq = excluded.seq, state = excluded.state"
)
SEAT_COLUMNS = (
    "position, seat, kind, user_id, lang, joined_at, waiting_since, reminded_at, replaced_user"
)


def table_row(table: TableRecord) -> tuple[Any, ...]:
    return (
        table.id,
        table.guild,
        table.channel,
        table.thread,
        table.host,
        table.game,
        json.dumps(dict(table.options), sort_keys=True),
        table.seed,
        table.status,
        table.version,
        table.revision,
        table.lang,
        table.remind_after,
        table.takeover_after,
        table.takeover,
        table.created_at,
        table.updated_at,
        table.finished_at,
    )


def seat_row(table_id: str, seat: SeatRecord) -> tuple[Any, ...]:
    return (
        table_id,
        seat.position,
        seat.seat,
        seat.kind,
        seat.user,
        seat.lang,
        seat.joined_at,
        seat.waiting_since,
        seat.reminded_at,
        seat.replaced_user,
    )


def table_from(row: Row, seats: tuple[SeatRecord, ...]) -> TableRecord:
    return TableRecord(
        id=row["id"],
        guild=row["guild"],
        channel=row["channel"],
        thread=row["thread"],
        host=row["host"],
        game=row["game"],
        options=json.loads(row["options"]),
        seed=row["seed"],
        status=row["status"],
        version=row["version"],
        revision=row["revision"],
        lang=row["lang"],
        remind_after=row["remind_after"],
        takeover_after=row["takeover_after"],
        takeover=row["takeover"],
        created_at=row["created_at"],
        updated_at=row["updated_at"],
        finished_at=row["finished_at"],
        seats=seats,
    )


def seat_from(row: Row) -> SeatRecord:
    return SeatRecord(
        position=row["position"],
        seat=row["seat"],
        kind=row["kind"],
        user=row["user_id"],
        lang=row["lang"],
        joined_at=row["joined_at"],
        waiting_since=row["waiting_since"],
        reminded_at=row["reminded_at"],
        replaced_user=row["replaced_user"],
    )


MOVE_COLUMNS = "seq, seat, notation, move, secret, moved_by, played_at, acting"
INSERT_TABLE = f"INSERT INTO tables ({TABLE_COLUMNS}) VALUES ({', '.join('?' * 18)})"
INSERT_SEAT = f"INSERT INTO seats (table_id, {SEAT_COLUMNS}) VALUES ({', '.join('?' * 10)})"
INSERT_MOVE = f"INSERT INTO moves (table_id, {MOVE_COLUMNS}) VALUES ({', '.join('?' * 9)})"
UPDATE_SEAT = (
    "UPDATE seats SET kind = ?, user_id = ?, waiting_since = ?, reminded_at = ?, "
    "replaced_user = ? WHERE table_id = ? AND position = ?"
)


def move_row(table_id: str, move: MoveRecord) -> tuple[Any, ...]:
    return (
        table_id,
        move.seq,
        move.seat,
        move.notation,
        move.move,
        int(move.secret),
        move.by,
        move.played_at,
        json.dumps(move.acting),
    )


def move_from(row: Row) -> MoveRecord:
    return MoveRecord(
        seq=row["seq"],
        seat=row["seat"],
        notation=row["notation"],
        move=row["move"],
        secret=bool(row["secret"]),
        by=row["moved_by"],
        played_at=row["played_at"],
        acting=tuple(json.loads(row["acting"])),
    )

"""The SQL the stores share: column lists, statements (with ? placeholders) and row conversions."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from bot.service.store.records import MessageRecord, MoveRecord, SeatRecord, TableRecord

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
# The seat columns that change after a seat is taken (UPDATE_SEAT assigns them, in this order).
SEAT_CHANGE_COLUMNS = ("kind", "user_id", "waiting_since", "reminded_at", "replaced_user")
UPDATE_SEAT = (
    f"UPDATE seats SET {', '.join(f'{column} = ?' for column in SEAT_CHANGE_COLUMNS)} "
    "WHERE table_id = ? AND position = ?"
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


UPSERT_MESSAGE = (
    "INSERT INTO messages (table_id, message_id, channel_id, kind, version, posted_at) "
    "VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (table_id, message_id) DO UPDATE SET "
    "channel_id = excluded.channel_id, kind = excluded.kind, version = excluded.version, "
    "posted_at = excluded.posted_at"
)
DUE = """SELECT DISTINCT t.id FROM seats AS s JOIN tables AS t ON t.id = s.table_id
    WHERE t.status = 'playing' AND s.waiting_since IS NOT NULL AND (
        (s.kind <> 'human' AND s.waiting_since + ? <= ?)
        OR (s.kind = 'human' AND COALESCE(s.reminded_at, s.waiting_since) + t.remind_after <= ?)
        OR (s.kind = 'human' AND t.takeover <> 'off' AND s.waiting_since + t.takeover_after <= ?))
    ORDER BY t.id"""
SELECT_MESSAGES = (
    "SELECT message_id, channel_id, kind, version, posted_at FROM messages "
    "WHERE table_id = ? ORDER BY posted_at, message_id"
)
# How many open tables seat a member; OTHER_OPEN_TABLES_OF leaves one table out (the one written).
OPEN_TABLES_OF = (
    "SELECT COUNT(DISTINCT seats.table_id) AS n FROM seats "
    "JOIN tables ON tables.id = seats.table_id "
    "WHERE seats.user_id = ? AND tables.status IN ('lobby', 'playing')"
)
OTHER_OPEN_TABLES_OF = f"{OPEN_TABLES_OF} AND tables.id <> ?"
OPEN_IN = (
    "(channel = ? OR thread = ?) AND status IN ('lobby', 'playing') "
    "ORDER BY created_at DESC LIMIT 1"
)


def message_from(row: Row) -> MessageRecord:
    return MessageRecord(
        message_id=row["message_id"],
        channel_id=row["channel_id"],
        kind=row["kind"],
        version=row["version"],
        posted_at=row["posted_at"],
    )


def numbered(statement: str) -> str:
    """The statement with PostgreSQL's $1, $2, ... for SQLite's ? placeholders."""
    parts = statement.split("?")
    return "".join(f"{part}${n}" for n, part in enumerate(parts[:-1], start=1)) + parts[-1]


def seat_change_row(table_id: str, seat: SeatRecord) -> tuple[Any, ...]:
    """The parameters of UPDATE_SEAT for a seat whose waiting times or player changed."""
    return (
        seat.kind,
        seat.user,
        seat.waiting_since,
        seat.reminded_at,
        seat.replaced_user,
        table_id,
        seat.position,
    )


def message_row(table_id: str, message: MessageRecord) -> tuple[Any, ...]:
    return (
        table_id,
        message.message_id,
        message.channel_id,
        message.kind,
        message.version,
        message.posted_at,
    )

"""The numbered schema migrations: each applied once, in order, in one transaction.

They are written for SQLite; `for_postgres` turns each statement into PostgreSQL's dialect, so
both backends share one numbered list.
"""

from __future__ import annotations

import re

# Each migration is a tuple of statements. Never edit one that has shipped: add the next.
MIGRATIONS: tuple[tuple[str, ...], ...] = (
    (
        """CREATE TABLE tables (
            id TEXT PRIMARY KEY,
            guild TEXT,
            channel TEXT NOT NULL,
            thread TEXT,
            host TEXT NOT NULL,
            game TEXT,
            options TEXT NOT NULL DEFAULT '{}',
            seed INTEGER NOT NULL,
            status TEXT NOT NULL CHECK (status IN ('lobby', 'playing', 'finished', 'abandoned')),
            version INTEGER NOT NULL DEFAULT 0,
            revision INTEGER NOT NULL DEFAULT 0,
            lang TEXT NOT NULL,
            remind_after REAL NOT NULL,
            takeover_after REAL,
            takeover TEXT NOT NULL CHECK (takeover IN ('off', 'pass', 'ai')),
            created_at REAL NOT NULL,
            updated_at REAL NOT NULL,
            finished_at REAL
        )""",
        # One open table per channel, enforced by the database so two processes cannot race.
        """CREATE UNIQUE INDEX tables_open_channel ON tables (channel)
            WHERE status IN ('lobby', 'playing')""",
        "CREATE INDEX tables_thread ON tables (thread) WHERE thread IS NOT NULL",
        """CREATE TABLE seats (
            table_id TEXT NOT NULL REFERENCES tables (id),
            position INTEGER NOT NULL,
            seat TEXT NOT NULL,
            kind TEXT NOT NULL CHECK (kind IN ('human', 'random', 'greedy')),
            user_id TEXT,
            lang TEXT NOT NULL,
            joined_at REAL NOT NULL,
            waiting_since REAL,
            reminded_at REAL,
            replaced_user TEXT,
            PRIMARY KEY (table_id, position),
            UNIQUE (table_id, seat)
        )""",
        "CREATE INDEX seats_waiting ON seats (waiting_since) WHERE waiting_since IS NOT NULL",
        "CREATE INDEX seats_user ON seats (user_id) WHERE user_id IS NOT NULL",
        """CREATE TABLE moves (
            table_id TEXT NOT NULL REFERENCES tables (id),
            seq INTEGER NOT NULL,
            seat TEXT NOT NULL,
            notation TEXT NOT NULL,
            move TEXT NOT NULL,
            secret INTEGER NOT NULL DEFAULT 0,
            moved_by TEXT NOT NULL CHECK (moved_by IN ('player', 'ai', 'auto')),
            played_at REAL NOT NULL,
            acting TEXT NOT NULL DEFAULT '[]',
            PRIMARY KEY (table_id, seq)
        ) WITHOUT ROWID""",
        # Only the latest snapshot of each table is kept: the move log replays any earlier one.
        """CREATE TABLE snapshots (
            table_id TEXT PRIMARY KEY REFERENCES tables (id),
            seq INTEGER NOT NULL,
            state TEXT NOT NULL
        )""",
        """CREATE TABLE messages (
            table_id TEXT NOT NULL REFERENCES tables (id),
            message_id TEXT NOT NULL,
            channel_id TEXT NOT NULL,
            kind TEXT NOT NULL,
            version INTEGER NOT NULL,
            posted_at REAL NOT NULL,
            PRIMARY KEY (table_id, message_id)
        )""",
    ),
)


# The schema version this program knows; a database at a higher one was written by a newer program.
SCHEMA_VERSION = len(MIGRATIONS)

MIGRATIONS_TABLE = (
    "CREATE TABLE IF NOT EXISTS schema_migrations "
    "(version INTEGER PRIMARY KEY, applied_at REAL NOT NULL)"
)


def for_postgres(statement: str) -> str:
    """A migration statement in PostgreSQL's dialect (8-byte floats and seeds, no rowid clause)."""
    statement = re.sub(r"\bREAL\b", "DOUBLE PRECISION", statement)
    statement = re.sub(r"\bseed INTEGER\b", "seed BIGINT", statement)
    return statement.replace(") WITHOUT ROWID", ")")

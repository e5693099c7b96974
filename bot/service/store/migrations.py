"""The numbered schema migrations: each applied once, in order, in one transaction.

They are written for SQLite; `for_postgres` turns each statement into PostgreSQL's dialect, so
both backends share one numbered list.
"""

from __future__ import annotations

import re

from bot.service.store.members import MEMBERS_MIGRATION
from bot.service.store.rematches import REMATCH_MIGRATION
from bot.service.store.reviews import REVIEW_MIGRATION
from bot.service.store.stats import STATS_MIGRATION
from bot.service.store.undo import UNDO_MIGRATION

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
    # 2: a seat's kind is "human" or any AI kind a game offers (games.Game.ai_kinds), no longer
    # only random and greedy. SQLite cannot alter a CHECK, so the table is rebuilt.
    (
        """CREATE TABLE seats_new (
            table_id TEXT NOT NULL REFERENCES tables (id),
            position INTEGER NOT NULL,
            seat TEXT NOT NULL,
            kind TEXT NOT NULL CHECK (kind GLOB '[a-z]*' AND length(kind) <= 32),
            user_id TEXT,
            lang TEXT NOT NULL,
            joined_at REAL NOT NULL,
            waiting_since REAL,
            reminded_at REAL,
            replaced_user TEXT,
            PRIMARY KEY (table_id, position),
            UNIQUE (table_id, seat)
        )""",
        "INSERT INTO seats_new SELECT * FROM seats",
        "DROP TABLE seats",
        "ALTER TABLE seats_new RENAME TO seats",
        "CREATE INDEX seats_waiting ON seats (waiting_since) WHERE waiting_since IS NOT NULL",
        "CREATE INDEX seats_user ON seats (user_id) WHERE user_id IS NOT NULL",
    ),
    # 3: the outbox. A board is owed while the table's version is ahead of its latest board
    # message; a seat's private notices are owed after the version it last looked at.
    (
        "CREATE INDEX messages_board ON messages (table_id, kind, version)",
        """CREATE TABLE notices_seen (
            table_id TEXT NOT NULL REFERENCES tables (id),
            seat TEXT NOT NULL,
            version INTEGER NOT NULL,
            PRIMARY KEY (table_id, seat)
        )""",
        # Members who want their private notices by direct message (off unless they say so).
        "CREATE TABLE notices_by_dm (user_id TEXT PRIMARY KEY)",
    ),
    # 4: results of finished games and the ratings cache (bot.service.store.stats).
    STATS_MIGRATION,
    # 5: undo requests waiting for consent (bot.service.store.undo).
    UNDO_MIGRATION,
    # 6: the reminder outbox: a reminder is recorded in the transaction that marks its seat
    # reminded, and leaves once sent (bot.service.store.outbox).
    (
        """CREATE TABLE reminders_owed (
            table_id TEXT NOT NULL REFERENCES tables (id),
            position INTEGER NOT NULL,
            due_at REAL NOT NULL,
            user_id TEXT,
            waited REAL NOT NULL,
            PRIMARY KEY (table_id, position, due_at)
        )""",
    ),
    # 7: members' own settings (away, time zone, quiet hours) and mentions held over quiet
    # hours (bot.service.store.members).
    MEMBERS_MIGRATION,
    # 8: rematches of finished tables (bot.service.store.rematches).
    REMATCH_MIGRATION,
    # 7: game reviews by the strong AI, and their finished parts while one runs
    # (bot.service.store.reviews).
    REVIEW_MIGRATION,
)


# The schema version this program knows; a database at a higher one was written by a newer program.
SCHEMA_VERSION = len(MIGRATIONS)

MIGRATIONS_TABLE = (
    "CREATE TABLE IF NOT EXISTS schema_migrations "
    "(version INTEGER PRIMARY KEY, applied_at REAL NOT NULL)"
)


def for_postgres(statement: str) -> str:
    """A migration statement in PostgreSQL's dialect (8-byte floats and seeds, no rowid clause,
    regular expressions for SQLite's GLOB patterns)."""
    statement = re.sub(r"\bREAL\b", "DOUBLE PRECISION", statement)
    statement = statement.replace("GLOB '[a-z]*'", "~ '^[a-z]'")
    statement = re.sub(r"\bseed INTEGER\b", "seed BIGINT", statement)
    return statement.replace(") WITHOUT ROWID", ")")

"""The mail tables: intake (raw mail in), outbox (mail out), errors, rates.

Their history is `STORE_SCHEMA`'s list of migrations (judge/store/migrations.py
says how to add one); version 1 is the schema of the first release."""

from __future__ import annotations

import sqlite_utils

from judge.store.migrations import Migration, Schema, migrate

V1_MAIL_TABLES = """
CREATE TABLE IF NOT EXISTS intake (
    id INTEGER PRIMARY KEY AUTOINCREMENT,  -- arrival order
    dedup_key TEXT NOT NULL UNIQUE,        -- Message-ID, else a content hash
    message_id TEXT,
    envelope_from TEXT,                    -- NULL when unknown (IMAP)
    source TEXT NOT NULL,                  -- smtp | imap
    raw BLOB NOT NULL,
    size INTEGER NOT NULL,                 -- of the whole message as offered
    oversized INTEGER NOT NULL DEFAULT 0,  -- raw then holds the headers only
    received_at TEXT NOT NULL,
    state TEXT NOT NULL DEFAULT 'new',     -- new | done | dropped | failed
    attempts INTEGER NOT NULL DEFAULT 0,
    sender TEXT,                           -- reply address, set when handled
    note TEXT,                             -- why dropped or failed
    handled_at TEXT
);
CREATE INDEX IF NOT EXISTS intake_state ON intake(state, id);

CREATE TABLE IF NOT EXISTS outbox (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    intake_id INTEGER REFERENCES intake(id),
    message_id TEXT NOT NULL UNIQUE,
    in_reply_to TEXT,
    recipients TEXT NOT NULL,              -- JSON list
    raw BLOB NOT NULL,                     -- the message exactly as sent
    created_at TEXT NOT NULL,
    state TEXT NOT NULL DEFAULT 'queued',  -- queued | sent | failed
    attempts INTEGER NOT NULL DEFAULT 0,
    next_attempt TEXT NOT NULL,
    last_error TEXT,
    sent_at TEXT
);
CREATE INDEX IF NOT EXISTS outbox_due ON outbox(state, next_attempt);
CREATE INDEX IF NOT EXISTS outbox_reply ON outbox(in_reply_to);

CREATE TABLE IF NOT EXISTS errors (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    at TEXT NOT NULL,
    part TEXT NOT NULL,                    -- worker | sender | imap | scheduler
    intake_id INTEGER,
    message TEXT NOT NULL
);

CREATE TABLE IF NOT EXISTS sender_rate (
    sender TEXT PRIMARY KEY,
    window_start TEXT NOT NULL,
    count INTEGER NOT NULL,
    noticed INTEGER NOT NULL DEFAULT 0
);
"""


STORE_SCHEMA = Schema(
    "store",
    [
        # IF NOT EXISTS: a database made before versions were recorded holds
        # exactly these tables, and is recognised as version 1.
        Migration("mail tables", V1_MAIL_TABLES),
    ],
)


def create_mail_tables(db: sqlite_utils.Database) -> None:
    """Bring the mail tables to the latest version (idempotent; commits)."""
    migrate(db, STORE_SCHEMA)

"""The mail tables: intake (raw mail in), outbox (mail out), errors, rates,
and what the judge knows of the addresses it writes to (bounces).

Their history is `STORE_SCHEMA`'s list of migrations (judge/store/migrations.py
says how to add one); version 1 is the schema of the first release."""

from __future__ import annotations

import sqlite3

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


# Version 2: bounces (docs/mail.md).  Each outgoing message's VERP secret and
# the recipients it still owes; what is known of each address; every bounce,
# recorded or dropped, with its reason.
V2_BOUNCES = """
ALTER TABLE outbox ADD COLUMN verp_token TEXT;  -- secret of its VERP sender
ALTER TABLE outbox ADD COLUMN remaining TEXT;   -- JSON; NULL: all recipients

CREATE TABLE address_state (
    address TEXT PRIMARY KEY,              -- lower-cased
    state TEXT NOT NULL DEFAULT 'ok',      -- ok | unreachable
    reason TEXT,                           -- the failure that decided it
    soft_since TEXT,                       -- first soft failure of the run
    soft_last TEXT,                        -- latest soft failure
    marked_at TEXT,                        -- when it became unreachable
    announced INTEGER NOT NULL DEFAULT 1,  -- 0: the handler not told yet
    updated TEXT NOT NULL
);
CREATE INDEX address_state_unannounced
    ON address_state(announced) WHERE announced = 0;

CREATE TABLE bounces (                     -- every bounce, recorded or dropped
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    at TEXT NOT NULL,
    intake_id INTEGER,                     -- NULL: a refusal at send time
    outbox_id INTEGER,
    address TEXT,
    kind TEXT,                             -- hard | soft | NULL (dropped)
    status TEXT,                           -- DSN status, e.g. 5.1.1
    verdict TEXT NOT NULL,                 -- recorded | dropped
    reason TEXT NOT NULL
);
"""

# Version 3: bodies of mail past their keeping time are dropped
# (judge/store/retention.py): pruned_at says when; the partial indexes hold
# only the rows still to prune.
V3_RETENTION = """
ALTER TABLE outbox ADD COLUMN pruned_at TEXT;
ALTER TABLE intake ADD COLUMN pruned_at TEXT;
CREATE INDEX outbox_to_prune ON outbox(sent_at)
    WHERE pruned_at IS NULL AND state IN ('sent', 'failed');
CREATE INDEX intake_to_prune ON intake(handled_at)
    WHERE pruned_at IS NULL AND state IN ('done', 'dropped', 'failed');
"""


def _incremental_vacuum(conn: sqlite3.Connection) -> None:
    """Pages freed by pruning can then be given back to the file system in
    small steps (PRAGMA incremental_vacuum) instead of one long VACUUM.  An
    existing file needs one VACUUM to switch: it rewrites the file whole
    (for a while twice its size on disk).  Safe to run again."""
    if conn.execute("PRAGMA auto_vacuum").fetchone()[0] != INCREMENTAL:
        conn.execute("PRAGMA auto_vacuum = INCREMENTAL")
        conn.execute("VACUUM")


INCREMENTAL = 2  # PRAGMA auto_vacuum's value for INCREMENTAL


# Version 5: the loop detector's memory (judge/mail/loops.py,
# judge/store/echoes.py).
ECHO_TABLES = """
CREATE TABLE IF NOT EXISTS echo_watch (   -- recent mail per sender (loops.py)
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    sender TEXT NOT NULL,                  -- canonical address
    at TEXT NOT NULL,
    body_hash TEXT NOT NULL,               -- of the text read (quotes stripped)
    robotic INTEGER NOT NULL               -- answered the judge's mail at once
);
CREATE INDEX IF NOT EXISTS echo_watch_sender ON echo_watch(sender, at);

CREATE TABLE IF NOT EXISTS echo_reply (    -- the judge's latest reply per sender
    sender TEXT PRIMARY KEY,
    message_id TEXT NOT NULL,
    at TEXT NOT NULL,
    subject TEXT NOT NULL,
    sample TEXT NOT NULL                   -- a few of its lines, to spot quotes
);

CREATE TABLE IF NOT EXISTS echo_pause (    -- senders not answered until then
    sender TEXT PRIMARY KEY,
    until TEXT NOT NULL
);
"""


# Version 6: a body several messages share (a game's results to each of its
# players, the picture included) is kept once.  A row with a body_id keeps
# in `raw` its own header block only (signed for its recipient, ended by the
# blank line); the message sent is that block and the body.
SHARED_BODIES = """
CREATE TABLE outbox_body (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    body BLOB NOT NULL
);
ALTER TABLE outbox ADD COLUMN body_id INTEGER REFERENCES outbox_body(id);
CREATE INDEX outbox_by_body ON outbox(body_id) WHERE body_id IS NOT NULL;
"""


# Version 7: the answers still to send, counted as each mail comes in
# (judge/mail/in_flow.py) without reading a storm's queued results.
REPLIES_DUE = """
CREATE INDEX outbox_replies_due ON outbox(next_attempt)
    WHERE state = 'queued' AND intake_id IS NOT NULL;
"""


STORE_SCHEMA = Schema(
    "store",
    [
        # IF NOT EXISTS: a database made before versions were recorded holds
        # exactly these tables, and is recognised as version 1.
        Migration("mail tables", V1_MAIL_TABLES),
        Migration("bounces and address state", V2_BOUNCES),
        Migration("mail bodies pruned", V3_RETENTION),
        Migration("incremental vacuum", _incremental_vacuum, transactional=False),
        Migration("loop detector's tables", ECHO_TABLES),
        Migration("bodies shared by outgoing mails", SHARED_BODIES),
        Migration("answers still to send", REPLIES_DUE),
    ],
)


def create_mail_tables(db: sqlite_utils.Database) -> None:
    """Bring the mail tables to the latest version (idempotent; commits)."""
    migrate(db, STORE_SCHEMA)

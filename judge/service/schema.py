"""The service's tables, as the migrations of `SERVICE_SCHEMA` (applied at
start; judge/store/migrations.py says how to add one).

Times are ISO 8601 strings in UTC, in the one format of judge.store.db.iso
(the mail tables' too); positions are the engine's JSON state form
(judge.engine.serialize)."""

from judge.store.db import from_iso, iso
from judge.store.migrations import Migration, Schema

# Version 1, the first release's tables.  IF NOT EXISTS: a database made
# before versions were recorded holds exactly these, and counts as version 1.
SCHEMA = """
CREATE TABLE IF NOT EXISTS svc_games (
  name TEXT PRIMARY KEY,
  variant TEXT NOT NULL,
  status TEXT NOT NULL,            -- forming, active, paused, finished
  position TEXT,                   -- current position (JSON) once active
  turn INTEGER NOT NULL DEFAULT 1, -- number of the phase to be processed
  phase_start TEXT, deadline TEXT, grace_end TEXT,
  process_at TEXT,                 -- early processing, when all orders are in
  reminded INTEGER NOT NULL DEFAULT 0,
  late_notified TEXT,              -- when the last late notice went out
  nmr INTEGER NOT NULL DEFAULT 1,
  press TEXT NOT NULL DEFAULT 'white',   -- white, grey, none
  anonymous INTEGER NOT NULL DEFAULT 0,
  timing TEXT NOT NULL DEFAULT '{}',     -- DeadlineSettings overrides (JSON)
  result TEXT,                     -- the sentence that ended the game
  created TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS svc_members (
  id INTEGER PRIMARY KEY,
  game TEXT NOT NULL,
  address TEXT NOT NULL,
  password TEXT NOT NULL,          -- scrypt hash
  role TEXT NOT NULL,              -- player, master, observer
  power TEXT,                      -- a player's power once the game starts
  state TEXT NOT NULL DEFAULT 'active',  -- active, abandoned, cd, resigned
  wait INTEGER NOT NULL DEFAULT 0,
  draw INTEGER NOT NULL DEFAULT 0,
  tz TEXT,
  preference TEXT,
  map INTEGER NOT NULL DEFAULT 1,
  joined TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS svc_members_game ON svc_members (game);
CREATE TABLE IF NOT EXISTS svc_orders (
  game TEXT NOT NULL, power TEXT NOT NULL,
  unit TEXT NOT NULL,              -- the unit's province (one order per unit)
  text TEXT NOT NULL,              -- canonical form
  PRIMARY KEY (game, power, unit)
);
CREATE TABLE IF NOT EXISTS svc_turns (
  game TEXT NOT NULL, turn INTEGER NOT NULL,
  phase TEXT NOT NULL,
  position TEXT NOT NULL,          -- the position before this turn's processing
  orders TEXT NOT NULL,            -- the orders processed (JSON: power -> texts)
  results TEXT NOT NULL,           -- the results mail body (judge time zone)
  processed TEXT NOT NULL,
  PRIMARY KEY (game, turn)
);
CREATE TABLE IF NOT EXISTS svc_press (
  id INTEGER PRIMARY KEY,
  game TEXT NOT NULL, turn INTEGER NOT NULL,
  public INTEGER NOT NULL,
  body TEXT NOT NULL,
  sent TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS svc_endings (  -- Imperial SET END: proposed endings
  member INTEGER PRIMARY KEY,      -- svc_members.id
  text TEXT NOT NULL               -- as written, spaces collapsed
);
CREATE TABLE IF NOT EXISTS svc_absences (
  id INTEGER PRIMARY KEY,
  member INTEGER NOT NULL,
  start TEXT NOT NULL, until TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS svc_ejected (  -- EJECT: may not sign back on
  game TEXT NOT NULL, address TEXT NOT NULL,
  PRIMARY KEY (game, address)
);
CREATE TABLE IF NOT EXISTS svc_accounts (
  address TEXT PRIMARY KEY,
  name TEXT, country TEXT, tz TEXT,
  registered TEXT NOT NULL
);
"""

# Version 3: what one sender has used of a budget in its current window
# (MAP per hour, CREATE per day, wrong passwords...), and the tokens of
# subscriptions waiting for their CONFIRM.
BUDGETS = """
CREATE TABLE IF NOT EXISTS svc_quota (
  address TEXT NOT NULL,           -- lower case
  kind TEXT NOT NULL,              -- map, create, observe, badpw, press:<game>
  window_start TEXT NOT NULL,
  count INTEGER NOT NULL,
  PRIMARY KEY (address, kind)
);
CREATE TABLE IF NOT EXISTS svc_pending (
  token TEXT PRIMARY KEY,          -- named in the confirmation mail
  member INTEGER NOT NULL,         -- svc_members.id, state 'pending'
  created TEXT NOT NULL
);
"""

# The service's time columns.  Before version 2 the game tables stored
# isoformat() of a UTC time (2026-01-05T12:00:00+00:00); version 2 rewrites
# them in the mail tables' fixed-width form, the one format since.
TIME_COLUMNS = {
    "svc_games": ("phase_start", "deadline", "grace_end", "process_at",
                  "late_notified", "created"),
    "svc_members": ("joined",),
    "svc_turns": ("processed",),
    "svc_press": ("sent",),
    "svc_absences": ("start", "until"),
    "svc_accounts": ("registered",),
}  # fmt: skip


def one_time_format(conn) -> None:
    """Rewrite stored times of the older form (the same instants)."""
    for table, columns in TIME_COLUMNS.items():
        for column in columns:
            rows = conn.execute(
                f"SELECT rowid, {column} FROM {table} WHERE {column} IS NOT NULL"
                f" AND {column} NOT LIKE '%Z'"
            ).fetchall()
            for rowid, text in rows:
                conn.execute(
                    f"UPDATE {table} SET {column} = ? WHERE rowid = ?",
                    [iso(from_iso(text)), rowid],
                )


# Finding due games by index, and keeping `due_at` right (judge/service/
# attention.py): every write that can change when a game needs the scheduler
# notes the game in svc_due_dirty; the service recomputes those games' due_at
# before its transaction commits.
DUE_AT = """
ALTER TABLE svc_games ADD COLUMN due_at TEXT;
CREATE INDEX IF NOT EXISTS svc_games_due ON svc_games (due_at)
  WHERE due_at IS NOT NULL;
CREATE TABLE IF NOT EXISTS svc_due_dirty (game TEXT PRIMARY KEY);
CREATE TABLE IF NOT EXISTS svc_tick_failures (  -- a game whose tick failed
  game TEXT PRIMARY KEY,
  attempts INTEGER NOT NULL,
  first_failed TEXT NOT NULL, last_failed TEXT NOT NULL,
  next_try TEXT NOT NULL,          -- its due_at is put off until then
  error TEXT NOT NULL
);
CREATE TRIGGER IF NOT EXISTS svc_games_due_new AFTER INSERT ON svc_games
BEGIN INSERT OR IGNORE INTO svc_due_dirty VALUES (NEW.name); END;
CREATE TRIGGER IF NOT EXISTS svc_games_due_change AFTER UPDATE OF
  status, position, turn, phase_start, deadline, grace_end, process_at,
  reminded, late_notified, nmr, timing, variant ON svc_games
BEGIN INSERT OR IGNORE INTO svc_due_dirty VALUES (NEW.name); END;
CREATE TRIGGER IF NOT EXISTS svc_orders_due_new AFTER INSERT ON svc_orders
BEGIN INSERT OR IGNORE INTO svc_due_dirty VALUES (NEW.game); END;
CREATE TRIGGER IF NOT EXISTS svc_orders_due_change AFTER UPDATE ON svc_orders
BEGIN INSERT OR IGNORE INTO svc_due_dirty VALUES (NEW.game); END;
CREATE TRIGGER IF NOT EXISTS svc_orders_due_gone AFTER DELETE ON svc_orders
BEGIN INSERT OR IGNORE INTO svc_due_dirty VALUES (OLD.game); END;
CREATE TRIGGER IF NOT EXISTS svc_members_due_new AFTER INSERT ON svc_members
BEGIN INSERT OR IGNORE INTO svc_due_dirty VALUES (NEW.game); END;
CREATE TRIGGER IF NOT EXISTS svc_members_due_change AFTER UPDATE OF
  game, power, state, wait, role ON svc_members
BEGIN INSERT OR IGNORE INTO svc_due_dirty VALUES (NEW.game); END;
CREATE TRIGGER IF NOT EXISTS svc_members_due_gone AFTER DELETE ON svc_members
BEGIN INSERT OR IGNORE INTO svc_due_dirty VALUES (OLD.game); END;
CREATE TRIGGER IF NOT EXISTS svc_absences_due_new AFTER INSERT ON svc_absences
BEGIN INSERT OR IGNORE INTO svc_due_dirty
  SELECT game FROM svc_members WHERE id = NEW.member; END;
CREATE TRIGGER IF NOT EXISTS svc_absences_due_gone AFTER DELETE ON svc_absences
BEGIN INSERT OR IGNORE INTO svc_due_dirty
  SELECT game FROM svc_members WHERE id = OLD.member; END;
-- Filled early rather than late (the earliest a tick could act: early
-- processing, or the reminder 8 hours before the deadline): a game visited
-- before its time is only recomputed, exactly, from its state; one visited
-- late would have missed it.  No game is noted as changed, so a database
-- with many games is not recomputed all at once.
UPDATE svc_games SET due_at = min(
    coalesce(process_at, deadline),
    strftime('%Y-%m-%dT%H:%M:%S', deadline, '-8 hours') || '.000000Z'
  ) WHERE status = 'active' AND deadline IS NOT NULL;
"""


# A game's tick that is under way, committed before it is tried
# (judge/service/attention.py `begin_try`): a row still there when the next
# try begins means the process died during the last one.
WORK_TRIES = """
CREATE TABLE IF NOT EXISTS svc_work_tries (
  game TEXT PRIMARY KEY,
  running INTEGER NOT NULL,        -- 1 from the mark until the try ends
  crashes INTEGER NOT NULL         -- tries the process did not survive
);
"""


# The mails of a game's archive that are not a phase's results (those are
# svc_turns.results): the game-start notice, the end of the game.  HISTORY
# reads them with the results and public press, in the order sent.  And who
# held each power from when (SUMMARY, the end-of-game mail): the start's
# players, then each replacement.
ARCHIVE = """
CREATE TABLE IF NOT EXISTS svc_archive (
  id INTEGER PRIMARY KEY,
  game TEXT NOT NULL,
  turn INTEGER NOT NULL,           -- the game's turn when it was sent
  subject TEXT NOT NULL,
  body TEXT NOT NULL,              -- the observers' copy, judge time zone
  sent TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS svc_archive_game ON svc_archive (game, id);
ALTER TABLE svc_games ADD COLUMN paused_at TEXT;  -- when PAUSE stopped the clock
CREATE TABLE IF NOT EXISTS svc_holders (  -- who held each power, from when
  id INTEGER PRIMARY KEY,
  game TEXT NOT NULL, power TEXT NOT NULL,
  address TEXT NOT NULL,
  phase TEXT NOT NULL,             -- the phase they took it over in
  since TEXT NOT NULL
);
"""


# Unsubscribe tokens (judge/service/unsubscribe.py): one per recipient of a
# game's mail and role, named in its List-Unsubscribe header.
UNSUBSCRIBE = """
CREATE TABLE IF NOT EXISTS svc_unsubscribe (
  selector TEXT PRIMARY KEY,       -- the token's public part: finds the row
  verifier TEXT NOT NULL,          -- its secret part, compared in constant time
  game TEXT NOT NULL,
  address TEXT NOT NULL,           -- lower case
  role TEXT NOT NULL,              -- observer (ends it), player (explains)
  used TEXT,                       -- when an observer's token was last used
  UNIQUE (game, address, role)
);
"""


SERVICE_SCHEMA = Schema(
    "service",
    [
        Migration("game tables", SCHEMA),
        Migration("one stored form of times", one_time_format),
        Migration("per-sender budgets and confirmations", BUDGETS),
        Migration("games found due by an index", DUE_AT),
        Migration("tries that stopped the judge counted", WORK_TRIES),
        Migration("the game-start and end notices archived", ARCHIVE),
        Migration("unsubscribe tokens", UNSUBSCRIBE),
    ],
)

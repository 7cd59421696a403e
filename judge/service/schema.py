"""The service's tables, as the migrations of `SERVICE_SCHEMA` (applied at
start; judge/store/migrations.py says how to add one).

Times are ISO 8601 strings in UTC, in the one format of judge.store.db.iso
(the mail tables' too); positions are the engine's JSON state form
(judge.engine.serialize)."""

from judge.service.web_links import make_web_tables
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


# i24b: njudge's SET START (no processing before it, this phase only), SET
# MAX ABSENCE (days of absence granted without the master; NULL: the
# judge's budget) and SET [UN]MODERATED (unmoderated: players may change the
# game's settings).
GAME_SETTINGS_I24B = """
ALTER TABLE svc_games ADD COLUMN start_at TEXT;
ALTER TABLE svc_games ADD COLUMN max_absence INTEGER;
ALTER TABLE svc_games ADD COLUMN moderated INTEGER NOT NULL DEFAULT 1;
-- powers whose current orders a master entered without BECOME: njudge does
-- not count them as submitted (no early processing on them) until the
-- power's player (or the master after BECOME) sends orders
CREATE TABLE IF NOT EXISTS svc_master_orders (
  game TEXT NOT NULL, power TEXT NOT NULL,
  PRIMARY KEY (game, power)
);
"""

# Version 6 (issue 25): how powers are drawn at the start (SET PRFLIST,
# PRFRAND, PRFBOTH; judge/service/assignment.py).
ASSIGNMENT = """
ALTER TABLE svc_games ADD COLUMN assignment TEXT NOT NULL DEFAULT 'list';
"""

# Version 7 (issue 25): orders sent ahead for a later phase (PHASE ...),
# one row per block as read (judge/language/phased.py), applied when the
# phase comes (judge/service/pending.py).
PENDING_ORDERS = """
CREATE TABLE IF NOT EXISTS svc_pending_orders (
  id INTEGER PRIMARY KEY,
  game TEXT NOT NULL, power TEXT NOT NULL,
  phase TEXT NOT NULL,             -- the phase they are for, e.g. F1902M
  lines TEXT NOT NULL,             -- the block's lines kept, one a line
  sent TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS svc_pending_orders_game
  ON svc_pending_orders (game, phase);
"""

# Version 8 (issue 25): duplex games (SET PLAYERS n: fewer players than
# powers, each holding several) and who held each power when (a newcomer
# taking over becomes the player of record; SUMMARY and WHOGAME name both).
DUPLEX_AND_HOLDERS = """
ALTER TABLE svc_games ADD COLUMN players INTEGER;  -- NULL: one a seat
ALTER TABLE svc_games ADD COLUMN seating TEXT;     -- duplex: seat -> countries
-- svc_holders is the archive's migration's (the players of record); the
-- powers of games started before it get their first holders here
CREATE INDEX IF NOT EXISTS svc_holders_game ON svc_holders (game);
INSERT INTO svc_holders (game, power, address, phase, since)
  SELECT game, power, address, '', joined FROM svc_members
  WHERE role = 'player' AND power IS NOT NULL AND state != 'resigned'
    AND game NOT IN (SELECT game FROM svc_holders)
  ORDER BY id;
"""

# Version 9 (issue 25): registrations with every field of njudge's form,
# addresses linked to one by I AM ALSO (confirmed by mail to the registered
# address), and the confirmations waiting (I AM ALSO, UNREGISTER).
REGISTRATIONS = """
ALTER TABLE svc_accounts ADD COLUMN phone TEXT;
ALTER TABLE svc_accounts ADD COLUMN site TEXT;
ALTER TABLE svc_accounts ADD COLUMN postal TEXT;     -- the form's Address
ALTER TABLE svc_accounts ADD COLUMN email TEXT;
ALTER TABLE svc_accounts ADD COLUMN level TEXT;
ALTER TABLE svc_accounts ADD COLUMN birthdate TEXT;
ALTER TABLE svc_accounts ADD COLUMN sex TEXT;
ALTER TABLE svc_accounts ADD COLUMN extra TEXT;      -- the player's own keywords
CREATE TABLE IF NOT EXISTS svc_account_links (
  address TEXT PRIMARY KEY,        -- also this registration's
  account TEXT NOT NULL,           -- svc_accounts.address
  linked TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS svc_link_requests (
  token TEXT PRIMARY KEY,          -- in the mail to the registered address
  address TEXT NOT NULL,           -- the address to link ('' to forget)
  account TEXT NOT NULL,
  created TEXT NOT NULL
);
"""

# Version 10 (issue 25): reliability records (judge/service/reliability.py),
# every player so far at njudge's starting values, the late powers of each
# phase's deadline, and the games' entry rules on them.
RELIABILITY = """
CREATE TABLE IF NOT EXISTS svc_reliability (
  address TEXT PRIMARY KEY,        -- lower case
  dedication INTEGER NOT NULL DEFAULT 0,
  ontime INTEGER NOT NULL DEFAULT 0, total INTEGER NOT NULL DEFAULT 0,
  started INTEGER NOT NULL DEFAULT 0, tookover INTEGER NOT NULL DEFAULT 0,
  resigned INTEGER NOT NULL DEFAULT 0
);
INSERT OR IGNORE INTO svc_reliability (address)
  SELECT DISTINCT lower(address) FROM svc_members WHERE role = 'player';
CREATE TABLE IF NOT EXISTS svc_late_marks (
  game TEXT NOT NULL, turn INTEGER NOT NULL, power TEXT NOT NULL,
  PRIMARY KEY (game, turn, power)
);
ALTER TABLE svc_games ADD COLUMN min_dedication INTEGER;  -- SET DEDICATION
ALTER TABLE svc_games ADD COLUMN min_ontime REAL;         -- SET ONTIMERAT
ALTER TABLE svc_games ADD COLUMN max_resrat REAL;         -- SET RESRAT
"""

# Version 11 (issue 25): players' diaries (DIARY), numbered per player and
# game without reuse (a deleted entry keeps its row, emptied).
DIARIES = """
CREATE TABLE IF NOT EXISTS svc_diary (
  id INTEGER PRIMARY KEY,
  game TEXT NOT NULL, power TEXT NOT NULL,
  number INTEGER NOT NULL,
  body TEXT NOT NULL,
  written TEXT NOT NULL,
  deleted INTEGER NOT NULL DEFAULT 0,
  UNIQUE (game, power, number)
);
"""

# Version 12 (issue 25): SET POWERS n, a game with fewer powers than its map.
FEWER_POWERS = """
ALTER TABLE svc_games ADD COLUMN powers INTEGER;  -- NULL: every seat played
"""


# njudge's game settings (SET PARTIAL, SET QUIET, SET CENTERS ...: JSON, the
# keys of judge/service/game_options.py, defaults left out), a member's own
# (SET NO BROADCAST, a NoDIAS draw list, a concession), postal press held
# for the end of the phase, and the reply tokens of press mails.
NJUDGE_SETTINGS = """
ALTER TABLE svc_games ADD COLUMN settings TEXT NOT NULL DEFAULT '{}';
ALTER TABLE svc_members ADD COLUMN no_broadcast INTEGER NOT NULL DEFAULT 0;
ALTER TABLE svc_members ADD COLUMN draw_powers TEXT;  -- NoDIAS: SET DRAW AFR
ALTER TABLE svc_members ADD COLUMN concede TEXT;      -- SET CONCEDE <power>
CREATE TABLE IF NOT EXISTS svc_postal_press (
  id INTEGER PRIMARY KEY,
  game TEXT NOT NULL, turn INTEGER NOT NULL,
  body TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS svc_press_replies (
  token TEXT PRIMARY KEY,          -- in the subject of one press mail
  game TEXT NOT NULL,
  recipient INTEGER NOT NULL,      -- svc_members.id the mail went to
  sender INTEGER NOT NULL,         -- svc_members.id who wrote the press
  sender_power TEXT,               -- the power it was written as
  grey INTEGER NOT NULL,
  created TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS svc_press_replies_created ON svc_press_replies (created);
"""

# Version 18 (issue 25): each order's arrival, so the reliability records
# judge lateness from when orders came (after the deadline: late), not from
# the late notice; the late notice's marks are no longer kept.  Orders stored
# before have no arrival and count as on time.
ORDER_ARRIVALS = """
ALTER TABLE svc_orders ADD COLUMN arrived TEXT;
DROP TABLE IF EXISTS svc_late_marks;
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
        Migration("start, maximum absence and moderation", GAME_SETTINGS_I24B),
        Migration("powers drawn by preference lists or at random", ASSIGNMENT),
        Migration("orders for later phases", PENDING_ORDERS),
        Migration("duplex games and the players of record", DUPLEX_AND_HOLDERS),
        Migration("registrations in njudge's form", REGISTRATIONS),
        Migration("reliability records and entry rules", RELIABILITY),
        Migration("players' diaries", DIARIES),
        Migration("games with fewer powers", FEWER_POWERS),
        Migration("web pages: game keys, unlisted games", make_web_tables),
        Migration(
            "njudge's game settings, postal press, press replies", NJUDGE_SETTINGS
        ),  # fmt: skip
        Migration("orders' arrival times", ORDER_ARRIVALS),
    ],
)

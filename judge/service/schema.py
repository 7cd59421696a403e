"""The service's tables, as the migrations of `SERVICE_SCHEMA` (applied at
start; judge/store/migrations.py says how to add one).

Times are ISO 8601 strings in UTC; positions are the engine's JSON state
form (judge.engine.serialize)."""

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

SERVICE_SCHEMA = Schema(
    "service",
    [
        Migration("game tables", SCHEMA),
    ],
)

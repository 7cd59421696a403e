"""Reading and writing the service's rows: all the service's queries are
here (its tables and their migrations: judge/service/schema.py).
Writes go through db.execute only: they run inside the worker's transaction
(see `Handler` in judge/mail/message.py)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, fields, replace
from datetime import datetime, timedelta

import sqlite_utils

from judge.engine.adjustments import adjustment_counts
from judge.engine.api import Rules
from judge.engine.board import Board
from judge.engine.hooks import hooks_for
from judge.engine.serialize import position_from_json, position_to_json
from judge.engine.state import Position
from judge.engine.variant_loader import RULE_SETTINGS
from judge.service.deadlines import DeadlineSettings, PhaseTiming
from judge.store import db as store_db
from judge.variants import load_variant


def rule_values(settings: dict) -> dict[str, str]:
    """The settings that change the adjudication, as the engine's rule
    options (judge.engine.results.Rules): values, never a variant's name."""
    keys = (*RULE_SETTINGS, "centres", "blank_board")  # those two: games only
    return {key: str(settings[key]) for key in keys if key in settings}


def iso(when: datetime | None) -> str | None:
    """A time as stored (judge.store.db's one format); None stays None."""
    return store_db.iso(when) if when else None


def moment(text: str | None) -> datetime | None:
    return store_db.from_iso(text) if text else None


@dataclass
class Game:
    name: str
    variant: str
    status: str
    position: str | None
    turn: int
    phase_start: str | None
    deadline: str | None
    grace_end: str | None
    process_at: str | None
    reminded: int
    late_notified: str | None
    nmr: int
    press: str
    anonymous: int
    timing: str
    result: str | None
    created: str
    due_at: str | None = None  # when the scheduler next looks (attention.py)
    settings: str = "{}"  # njudge's SET options (judge/service/game_options.py)
    paused_at: str | None = None  # when PAUSE stopped the clock (RESUME gives it back)
    start_at: str | None = None  # SET START: no processing before it
    max_absence: int | None = None  # SET MAX ABSENCE (days); None: the budget
    moderated: int = 1  # 0: players may change the game's settings
    assignment: str = "list"  # how powers are drawn: list, random, both
    players: int | None = None  # SET PLAYERS (duplex); None: one per seat
    seating: str | None = None  # a duplex game's seats (JSON), once drawn
    min_dedication: int | None = None  # entry rules (SET DEDICATION ...)
    min_ontime: float | None = None
    max_resrat: float | None = None
    powers: int | None = None  # SET POWERS: seats played (the rest left out)
    unlisted: int = 0  # njudge's NoList: pages only with the key (web_links)

    @property
    def board(self) -> Board:
        """The game's board: every use in the service goes through here and
        `rules` (load_variant caches both)."""
        return load_variant(self.variant)[0]

    @property
    def rules(self) -> Rules:
        """The variant's rules with the game's options, for `adjudicate`."""
        rules = load_variant(self.variant)[1]
        extra = rule_values(json.loads(self.settings or "{}"))
        if not extra:
            return rules
        return replace(rules, options={**rules.options, **extra})

    def current(self, board: Board) -> Position:
        return position_from_json(board, json.loads(self.position))

    @property
    def variant_label(self) -> str:
        name = self.variant.partition(":")[0]  # options stay out of the header
        label = name[:1].upper() + name[1:]
        modifiers = []
        if self.anonymous:
            modifiers.append("Gunboat")
        if not self.nmr:
            modifiers.append("NoNMR")
        return " ".join([label, *modifiers])

    def deadline_settings(self, tz: str) -> DeadlineSettings:
        """The game's timing: njudge defaults with the master's changes."""
        base = DeadlineSettings(tz=tz)
        changes = json.loads(self.timing or "{}")
        values = {}
        for kind in ("movement", "retreat", "adjust"):
            timing = getattr(base, kind)
            override = changes.get(kind, {})
            values[kind] = PhaseTiming(
                **{
                    f.name: override.get(f.name, getattr(timing, f.name))
                    for f in fields(PhaseTiming)
                }  # fmt: skip
            )
        strict = bool(json.loads(self.settings or "{}").get("strict_grace", False))
        return DeadlineSettings(tz=tz, strict_grace=strict, **values)


@dataclass
class Member:
    id: int
    game: str
    address: str
    password: str
    role: str
    power: str | None
    state: str
    wait: int
    draw: int
    tz: str | None
    preference: str | None
    map: int
    joined: str
    no_broadcast: int = 0  # SET NO BROADCAST (observers, masters)
    draw_powers: str | None = None  # NoDIAS: the draws this member accepts
    concede: str | None = None  # SET CONCEDE: the power conceded to


def load_game(db: sqlite_utils.Database, name: str) -> Game | None:
    rows = list(db.query("SELECT * FROM svc_games WHERE name = ?", [name]))
    return Game(**rows[0]) if rows else None


def members(db: sqlite_utils.Database, game: str, role: str | None = None):
    sql = "SELECT * FROM svc_members WHERE game = ?"
    params: list = [game]
    if role:
        sql += " AND role = ?"
        params.append(role)
    return [Member(**row) for row in db.query(sql + " ORDER BY id", params)]


def member_by_id(db: sqlite_utils.Database, member_id: int) -> Member:
    return Member(
        **next(db.query("SELECT * FROM svc_members WHERE id = ?", [member_id]))
    )


def seat_of(db: sqlite_utils.Database, game: str, power: str) -> Member | None:
    rows = list(
        db.query(
            "SELECT * FROM svc_members WHERE game = ? AND power = ? AND role = 'player'"
            " ORDER BY id DESC",
            [game, power],
        )
    )
    return Member(**rows[0]) if rows else None


def _update(db: sqlite_utils.Database, table: str, key: str, value, values) -> None:
    """Set `values` (column -> value; the names are the judge's own, never
    a player's) on the row of `table` whose `key` is `value`."""
    names = sorted(values)
    assignments = ", ".join(f"{column} = ?" for column in names)
    db.execute(
        f"UPDATE {table} SET {assignments} WHERE {key} = ?",
        [*(values[n] for n in names), value],
    )


def update_game(db: sqlite_utils.Database, name: str, **values) -> None:
    _update(db, "svc_games", "name", name, values)


def update_member(db: sqlite_utils.Database, member_id: int, **values) -> None:
    _update(db, "svc_members", "id", member_id, values)


def save_position(db, name: str, board: Board, position: Position) -> None:
    update_game(db, name, position=json.dumps(position_to_json(board, position)))


def stored_orders(db, game: str) -> dict[str, list[str]]:
    orders: dict[str, list[str]] = {}
    for power, text in db.execute(
        "SELECT power, text FROM svc_orders WHERE game = ? ORDER BY rowid", [game]
    ).fetchall():
        orders.setdefault(power, []).append(text)
    return orders


def drop_surplus_adjustments(
    db, name: str, power: str, board: Board, position: Position
) -> None:
    """More builds (and waives) than the power may make, or more removals
    than it owes: the later orders replace the earliest (njudge), so a
    second mail can move a build.  Standard adjustment rules only."""
    if position.phase.type != "A" or hooks_for(board) is not None:
        return
    owed = adjustment_counts(board, position).get(power, 0)
    if owed > 0:
        kind = "(text LIKE '% B' OR text = 'WAIVE')"
    elif owed < 0:
        kind = "text LIKE '% D'"
    else:
        return
    rows = db.execute(
        f"SELECT rowid FROM svc_orders WHERE game = ? AND power = ? AND {kind}"
        " ORDER BY rowid",
        [name, power],
    ).fetchall()
    for (rowid,) in rows[: max(len(rows) - abs(owed), 0)]:
        db.execute("DELETE FROM svc_orders WHERE rowid = ?", [rowid])


def drop_earliest_builds(db, name: str, power: str, count: int) -> list[str]:
    """Forget the power's `count` earliest builds and waives (SET ANY
    DISBAND: more than the units kept leave room for, so the later replace
    the earliest, as njudge chucks the earliest build); their texts."""
    rows = db.execute(
        "SELECT rowid, text FROM svc_orders WHERE game = ? AND power = ?"
        " AND (text LIKE '% B' OR text = 'WAIVE') ORDER BY rowid LIMIT ?",
        [name, power, count],
    ).fetchall()
    for rowid, _text in rows:
        db.execute("DELETE FROM svc_orders WHERE rowid = ?", [rowid])
    return [text for _rowid, text in rows]


# -- games and members -----------------------------------------------------------


def create_game(db, name: str, variant: str, *, nmr: int, press: str,
                anonymous: int, created: str) -> None:  # fmt: skip
    db.execute(
        "INSERT INTO svc_games (name, variant, status, nmr, press, anonymous,"
        " created) VALUES (?, ?, 'forming', ?, ?, ?, ?)",
        [name, variant, nmr, press, anonymous, created],
    )


def insert_member(db, game: str, address: str, password_hash: str, role: str,
                  power: str | None, tz: str | None, joined: str) -> int:  # fmt: skip
    cursor = db.execute(
        "INSERT INTO svc_members (game, address, password, role, power, tz,"
        " joined) VALUES (?, ?, ?, ?, ?, ?, ?)",
        [game, address, password_hash, role, power, tz, joined],
    )
    return cursor.lastrowid


def delete_member(db, member_id: int) -> None:
    db.execute("DELETE FROM svc_members WHERE id = ?", [member_id])


def is_ejected(db, game: str, address: str) -> bool:
    return (
        db.execute(
            "SELECT 1 FROM svc_ejected WHERE game = ? AND address = ?",
            [game, address.lower()],
        ).fetchone()
        is not None
    )


def eject_address(db, game: str, address: str) -> None:
    db.execute(
        "INSERT OR IGNORE INTO svc_ejected (game, address) VALUES (?, ?)",
        [game, address.lower()],
    )


# -- accounts (REGISTER) and a sender's settings ------------------------------------


def account_tz(db, address: str) -> str | None:
    row = db.execute(
        "SELECT tz FROM svc_accounts WHERE address = ?", [address]
    ).fetchone()
    return row[0] if row else None


def save_account(db, address: str, name, country, tz, registered: str) -> None:
    db.execute(
        "INSERT OR REPLACE INTO svc_accounts (address, name, country, tz,"
        " registered) VALUES (?, ?, ?, ?, ?)",
        [address, name, country, tz, registered],
    )


def add_absence(db, member_id: int, start: str, until: str) -> None:
    db.execute(
        "INSERT INTO svc_absences (member, start, until) VALUES (?, ?, ?)",
        [member_id, start, until],
    )


# -- orders and turns ----------------------------------------------------------------


def count_waives(db, game: str, power: str) -> int:
    return db.execute(
        "SELECT count(*) FROM svc_orders WHERE game = ? AND power = ?"
        " AND unit LIKE 'WAIVE%'",
        [game, power],
    ).fetchone()[0]


def put_order(
    db, game: str, power: str, unit: str, text: str, arrived: datetime | None = None
) -> None:
    """The order for a unit (the last one for a unit wins).  `arrived`:
    when it came by mail; the row keeps the unit's first arrival this phase,
    so changing orders complete by the deadline is not lateness (njudge).
    None: orders nobody could send late (kept by ROLLBACK, drawn by the
    variant, sent ahead), which count as on time."""
    first = iso(arrived)
    row = db.execute(
        "SELECT arrived FROM svc_orders WHERE game = ? AND power = ? AND unit = ?",
        [game, power, unit],
    ).fetchone()
    if row is not None:
        first = None if row[0] is None or first is None else min(row[0], first)
    db.execute(
        "INSERT OR REPLACE INTO svc_orders (game, power, unit, text, arrived)"
        " VALUES (?, ?, ?, ?, ?)",
        [game, power, unit, text, first],
    )


def powers_ordered_after(db, game: str, deadline: datetime) -> set[str]:
    """Powers with an order (for a unit not ordered before) that arrived
    after `deadline`."""
    return {
        power
        for (power,) in db.execute(
            "SELECT DISTINCT power FROM svc_orders WHERE game = ? AND arrived > ?",
            [game, iso(deadline)],
        ).fetchall()
    }


def delete_orders(db, game: str, power: str | None = None) -> None:
    if power is None:
        db.execute("DELETE FROM svc_orders WHERE game = ?", [game])
    else:
        db.execute("DELETE FROM svc_orders WHERE game = ? AND power = ?", [game, power])


def turn_row(db, game: str, turn: int) -> tuple[str, str] | None:
    """(phase, position JSON) of a processed turn."""
    return db.execute(
        "SELECT phase, position FROM svc_turns WHERE game = ? AND turn = ?",
        [game, turn],
    ).fetchone()


def turn_position(db, game: str, phase: str) -> str | None:
    """The position (JSON) at the start of a processed phase."""
    row = db.execute(
        "SELECT position FROM svc_turns WHERE game = ? AND phase = ?", [game, phase]
    ).fetchone()
    return row[0] if row else None


def turn_played(db, game: str, phase: str) -> tuple[int, str, str] | None:
    """(turn, position JSON before, orders JSON) of a processed phase."""
    return db.execute(
        "SELECT turn, position, orders FROM svc_turns WHERE game = ? AND phase = ?"
        " ORDER BY turn DESC LIMIT 1",
        [game, phase],
    ).fetchone()


def mark_master_orders(db, game: str, power: str, entered: bool) -> None:
    """Note (or forget) that a power's orders were entered by a master
    without BECOME, and so do not count as submitted."""
    if entered:
        db.execute(
            "INSERT OR IGNORE INTO svc_master_orders (game, power) VALUES (?, ?)",
            [game, power],
        )
    else:
        db.execute(
            "DELETE FROM svc_master_orders WHERE game = ? AND power = ?", [game, power]
        )


def master_ordered(db, game: str) -> set[str]:
    return {
        row[0]
        for row in db.execute(
            "SELECT power FROM svc_master_orders WHERE game = ?", [game]
        ).fetchall()
    }


def turn_orders(db, game: str, turn: int) -> dict[str, list[str]]:
    """The orders a processed turn was processed with (power -> texts)."""
    row = db.execute(
        "SELECT orders FROM svc_turns WHERE game = ? AND turn = ?", [game, turn]
    ).fetchone()
    return json.loads(row[0]) if row else {}


def unseat_players(db, game: str) -> None:
    """UNSTART: players keep their place in the game but lose their powers;
    the extra rows of a seat with several countries go."""
    rows = db.execute(
        "SELECT id, lower(address) FROM svc_members WHERE game = ?"
        " AND role = 'player' ORDER BY id",
        [game],
    ).fetchall()
    seen: set[str] = set()
    for member_id, address in rows:
        if address in seen:
            db.execute("DELETE FROM svc_members WHERE id = ?", [member_id])
            continue
        seen.add(address)
        db.execute(
            "UPDATE svc_members SET power = NULL, state = 'active', wait = 0,"
            " draw = 0 WHERE id = ?",
            [member_id],
        )
    delete_orders(db, game)
    db.execute("DELETE FROM svc_master_orders WHERE game = ?", [game])


def roll_back_to(db, game: str, turn: int) -> None:
    """Forget turn `turn` and after: their results, press and orders."""
    db.execute("DELETE FROM svc_turns WHERE game = ? AND turn >= ?", [game, turn])
    db.execute("DELETE FROM svc_press WHERE game = ? AND turn > ?", [game, turn])
    db.execute("DELETE FROM svc_archive WHERE game = ? AND turn > ?", [game, turn])
    delete_orders(db, game)


def turns(db, game: str, columns: str = "phase, position, orders") -> list[tuple]:
    """The processed turns of a game, oldest first (the given columns)."""
    assert set(columns.replace(",", " ").split()) <= TURN_COLUMNS, columns
    return db.execute(
        f"SELECT {columns} FROM svc_turns WHERE game = ? ORDER BY turn", [game]
    ).fetchall()


TURN_COLUMNS = {"turn", "phase", "position", "orders", "results", "processed"}


def count_turns(db, game: str) -> int:
    return db.execute(
        "SELECT count(*) FROM svc_turns WHERE game = ?", [game]
    ).fetchone()[0]


def add_turn(db, game: str, turn: int, phase: str, position: str, orders: str,
             results: str, processed: str) -> None:  # fmt: skip
    db.execute(
        "INSERT INTO svc_turns (game, turn, phase, position, orders, results,"
        " processed) VALUES (?, ?, ?, ?, ?, ?, ?)",
        [game, turn, phase, position, orders, results, processed],
    )


def clear_seat_votes(db, game: str) -> None:
    """WAIT and draw votes of every seat, and the proposed endings."""
    db.execute(
        "UPDATE svc_members SET wait = 0, draw = 0, draw_powers = NULL,"
        " concede = NULL WHERE game = ?",
        [game],
    )
    db.execute("DELETE FROM svc_master_orders WHERE game = ?", [game])
    db.execute(
        "DELETE FROM svc_endings WHERE member IN"
        " (SELECT id FROM svc_members WHERE game = ?)",
        [game],
    )


# -- press ------------------------------------------------------------------------


def add_press(db, game: str, turn: int, public: bool, body: str, sent: str) -> None:
    db.execute(
        "INSERT INTO svc_press (game, turn, public, body, sent) VALUES (?, ?, ?, ?, ?)",
        [game, turn, 1 if public else 0, body, sent],
    )


def public_press(db, game: str) -> list[tuple[int, str]]:
    """(turn, body) of the game's broadcasts, in order."""
    return db.execute(
        "SELECT turn, body FROM svc_press WHERE game = ? AND public = 1 ORDER BY id",
        [game],
    ).fetchall()


def hold_postal_press(db, game: str, turn: int, body: str) -> None:
    db.execute(
        "INSERT INTO svc_postal_press (game, turn, body) VALUES (?, ?, ?)",
        [game, turn, body],
    )


def take_postal_press(db, game: str) -> list[str]:
    """The postal press held back for the phase just processed (and gone)."""
    rows = db.execute(
        "SELECT body FROM svc_postal_press WHERE game = ? ORDER BY id", [game]
    ).fetchall()
    db.execute("DELETE FROM svc_postal_press WHERE game = ?", [game])
    return [row[0] for row in rows]


def add_reply_token(
    db, token: str, game: str, recipient: int, sender: int,
    sender_power: str | None, grey: bool, created: str,
) -> None:  # fmt: skip
    db.execute(
        "INSERT INTO svc_press_replies (token, game, recipient, sender,"
        " sender_power, grey, created) VALUES (?, ?, ?, ?, ?, ?, ?)",
        [token, game, recipient, sender, sender_power, 1 if grey else 0, created],
    )


def forget_reply_tokens(db, before: str) -> None:
    """Press mails older than `before` can no longer be answered by reply."""
    db.execute("DELETE FROM svc_press_replies WHERE created < ?", [before])


def reply_token(db, token: str) -> dict | None:
    rows = list(db.query("SELECT * FROM svc_press_replies WHERE token = ?", [token]))
    return rows[0] if rows else None


def dated_public_press(db, game: str) -> list[tuple[str, str]]:
    """(sent, body) of the game's broadcasts, in order."""
    return db.execute(
        "SELECT sent, body FROM svc_press WHERE game = ? AND public = 1 ORDER BY id",
        [game],
    ).fetchall()


def archive_notice(db, game: str, turn: int, subject: str, body: str, sent: str):
    db.execute(
        "INSERT INTO svc_archive (game, turn, subject, body, sent)"
        " VALUES (?, ?, ?, ?, ?)",
        [game, turn, subject, body, sent],
    )


def archived_notices(db, game: str) -> list[tuple[str, str, str]]:
    """(sent, subject, body) of the game's archived notices, in order."""
    return db.execute(
        "SELECT sent, subject, body FROM svc_archive WHERE game = ? ORDER BY id",
        [game],
    ).fetchall()


def record_holder(db, game: str, power: str, address: str, phase: str, since: str):
    db.execute(
        "INSERT INTO svc_holders (game, power, address, phase, since)"
        " VALUES (?, ?, ?, ?, ?)",
        [game, power, address, phase, since],
    )


def holders(db, game: str) -> list[tuple[str, str, str]]:
    """(power, address, phase) of everyone who held a power, in order."""
    return db.execute(
        "SELECT power, address, phase FROM svc_holders WHERE game = ? ORDER BY id",
        [game],
    ).fetchall()


# -- agreed endings (SET END) ------------------------------------------------------


def proposals(db, game: str) -> dict[int, str]:
    """Member id -> the ending that member proposed."""
    rows = db.query(
        "SELECT e.member, e.text FROM svc_endings e"
        " JOIN svc_members m ON m.id = e.member WHERE m.game = ?",
        [game],
    )
    return {row["member"]: row["text"] for row in rows}


def propose_ending(db, member_id: int, text: str | None) -> None:
    """A member's proposed ending; None withdraws it."""
    if text is None:
        db.execute("DELETE FROM svc_endings WHERE member = ?", [member_id])
        return
    db.execute(
        "INSERT OR REPLACE INTO svc_endings (member, text) VALUES (?, ?)",
        [member_id, text],
    )


# -- the list of games, seats and absences ---------------------------------------------


def games_listed(db) -> list[dict]:
    """Games not finished: name, variant, status, phase and players."""
    return list(
        db.query(
            "SELECT g.name, g.variant, g.status, json_extract(g.position, '$.phase')"
            " AS phase, (SELECT count(*) FROM svc_members m WHERE m.game = g.name"
            " AND m.role = 'player') AS players,"
            " coalesce(json_extract(g.settings, '$.secret'), 0) AS secret"  # SET SECRET
            " FROM svc_games g"
            " WHERE g.status != 'finished' AND g.unlisted = 0"
            " AND coalesce(json_extract(g.settings, '$.list'), 1) != 0"  # SET NOLIST
            " ORDER BY g.name"
        )
    )


def copy_member(db, member: Member, power: str) -> Member:
    """Another row for the same seat holder (a variant's seat of several
    countries): the same address, password and settings."""
    cursor = db.execute(
        "INSERT INTO svc_members (game, address, password, role, power, state, tz,"
        " preference, map, joined) VALUES (?, ?, ?, 'player', ?, ?, ?, ?, ?, ?)",
        [member.game, member.address, member.password, power, member.state,
         member.tz, member.preference, member.map, member.joined],
    )  # fmt: skip
    return member_by_id(db, cursor.lastrowid)


def drop_absences(db, member_id: int, holding: str | None, now: str) -> int:
    """SET NOABSENCE: the seat's absence holding `holding`, or (None) all
    those not yet over; returns how many were dropped."""
    if holding is not None:
        sql = "DELETE FROM svc_absences WHERE member = ? AND start <= ? AND until > ?"
        params = [member_id, holding, holding]
    else:
        sql = "DELETE FROM svc_absences WHERE member = ? AND until > ?"
        params = [member_id, now]
    return db.execute(sql, params).rowcount


def latest_absence_end(db, game: str, when: str) -> str | None:
    """The end of the latest absence of an active player of the game that
    covers `when`."""
    row = db.execute(
        "SELECT max(a.until) FROM svc_absences a JOIN svc_members m"
        " ON a.member = m.id WHERE m.game = ? AND m.state = 'active'"
        " AND a.start <= ? AND a.until > ?",
        [game, when, when],
    ).fetchone()
    return row[0] if row else None


@contextmanager
def savepoint(db, name: str) -> Iterator[None]:
    """A part of the worker's transaction undone alone when it raises."""
    db.execute(f"SAVEPOINT {name}")
    try:
        yield
    except BaseException:
        db.execute(f"ROLLBACK TO {name}")
        db.execute(f"RELEASE {name}")
        raise
    db.execute(f"RELEASE {name}")


# -- per-sender budgets and confirmations -------------------------------------------


def quota_used(db, address: str, kind: str, now: datetime, window: int) -> int:
    """How much of `kind` the address has used in its current window."""
    row = db.execute(
        "SELECT window_start, count FROM svc_quota WHERE address = ? AND kind = ?",
        [address.lower(), kind],
    ).fetchone()
    if row is None or moment(row[0]) + timedelta(seconds=window) <= now:
        return 0
    return row[1]


def quota_start(db, address: str, kind: str) -> str | None:
    row = db.execute(
        "SELECT window_start FROM svc_quota WHERE address = ? AND kind = ?",
        [address.lower(), kind],
    ).fetchone()
    return row[0] if row else None


def quota_take(db, address: str, kind: str, now: datetime, window: int) -> None:
    """Count one more; a window that has passed starts again now."""
    if quota_used(db, address, kind, now, window) == 0:
        db.execute(
            "INSERT OR REPLACE INTO svc_quota (address, kind, window_start, count)"
            " VALUES (?, ?, ?, 1)",
            [address.lower(), kind, iso(now)],
        )
        return
    db.execute(
        "UPDATE svc_quota SET count = count + 1 WHERE address = ? AND kind = ?",
        [address.lower(), kind],
    )


def add_pending(db, token: str, member_id: int, created: str) -> None:
    db.execute(
        "INSERT INTO svc_pending (token, member, created) VALUES (?, ?, ?)",
        [token, member_id, created],
    )


def pending_member(db, token: str) -> int | None:
    row = db.execute(
        "SELECT member FROM svc_pending WHERE token = ?", [token]
    ).fetchone()
    return row[0] if row else None


def drop_pending(db, token: str) -> None:
    db.execute("DELETE FROM svc_pending WHERE token = ?", [token])


def absence_days(db, game: str, member_ids: list[int] | None = None) -> float:
    """Days of absence noted in a game, of the given seats or of all."""
    sql = (
        "SELECT a.start, a.until FROM svc_absences a JOIN svc_members m"
        " ON a.member = m.id WHERE m.game = ?"
    )
    params: list = [game]
    if member_ids is not None:
        sql += f" AND m.id IN ({', '.join('?' for _ in member_ids)})"
        params += member_ids
    total = 0.0
    for start, until in db.execute(sql, params).fetchall():
        total += (moment(until) - moment(start)).total_seconds() / 86400
    return total


def has_account(db, address: str) -> bool:
    row = db.execute(
        "SELECT 1 FROM svc_accounts WHERE lower(address) = ?", [address.lower()]
    ).fetchone()
    return row is not None


def holds_seats(db, address: str) -> bool:
    row = db.execute(
        "SELECT 1 FROM svc_members WHERE lower(address) = ? AND role != 'observer'"
        " AND state != 'resigned'",
        [address.lower()],
    ).fetchone()
    return row is not None


def set_account_zone(db, address: str, tz: str) -> None:
    db.execute("UPDATE svc_accounts SET tz = ? WHERE address = ?", [tz, address])


def forget_pending(db, member_id: int) -> None:
    """An unconfirmed observer and its tokens."""
    db.execute("DELETE FROM svc_pending WHERE member = ?", [member_id])
    db.execute("DELETE FROM svc_members WHERE id = ?", [member_id])


def games_played_by(db, address: str, statuses: tuple[str, ...]) -> list[str]:
    """Games in one of `statuses` where `address` holds a seat still in."""
    rows = db.execute(
        "SELECT DISTINCT m.game FROM svc_members m JOIN svc_games g"
        " ON g.name = m.game WHERE lower(m.address) = ? AND m.role = 'player'"
        f" AND m.state != 'resigned' AND g.status IN ({', '.join('?' * len(statuses))})"
        " ORDER BY m.game",
        [address.lower(), *statuses],
    ).fetchall()
    return [name for (name,) in rows]


def replace_password_hash(db, old: str, new: str) -> None:
    """A stored hash brought up to today's cost (every row holding it)."""
    db.execute("UPDATE svc_members SET password = ? WHERE password = ?", [new, old])


# -- when games are due, and games whose tick fails (judge/service/attention.py)


def dirty_games(db: sqlite_utils.Database, limit: int | None = None) -> list[str]:
    """Games noted (by the schema's triggers) as needing `due_at` recomputed."""
    sql = "SELECT game FROM svc_due_dirty"
    params: list = []
    if limit is not None:
        sql += " LIMIT ?"
        params.append(limit)
    return [row[0] for row in db.execute(sql, params).fetchall()]


def has_dirty(db: sqlite_utils.Database) -> bool:
    return db.execute("SELECT 1 FROM svc_due_dirty LIMIT 1").fetchone() is not None


def mark_dirty(db: sqlite_utils.Database, name: str) -> None:
    db.execute("INSERT OR IGNORE INTO svc_due_dirty VALUES (?)", [name])


def forget_dirty(db: sqlite_utils.Database, name: str) -> None:
    db.execute("DELETE FROM svc_due_dirty WHERE game = ?", [name])


def set_due_at(db: sqlite_utils.Database, name: str, due: datetime | None) -> None:
    db.execute("UPDATE svc_games SET due_at = ? WHERE name = ?", [iso(due), name])


def due_games(
    db: sqlite_utils.Database, now: datetime, limit: int | None = None
) -> list[str]:
    """The games whose time has come, earliest first (by the index)."""
    sql = (
        "SELECT name FROM svc_games WHERE due_at IS NOT NULL AND due_at <= ?"
        " ORDER BY due_at, name"
    )
    params: list = [iso(now)]
    if limit is not None:
        sql += " LIMIT ?"
        params.append(limit)
    return [row[0] for row in db.execute(sql, params).fetchall()]


def next_due(db: sqlite_utils.Database) -> datetime | None:
    """The earliest time any game needs the scheduler (by the index)."""
    row = db.execute(
        "SELECT min(due_at) FROM svc_games WHERE due_at IS NOT NULL"
    ).fetchone()
    return moment(row[0]) if row and row[0] else None


def retry_time(db: sqlite_utils.Database, name: str) -> datetime | None:
    row = db.execute(
        "SELECT next_try FROM svc_tick_failures WHERE game = ?", [name]
    ).fetchone()
    return moment(row[0]) if row else None


def failure_count(db: sqlite_utils.Database, name: str) -> int:
    row = db.execute(
        "SELECT attempts FROM svc_tick_failures WHERE game = ?", [name]
    ).fetchone()
    return row[0] if row else 0


def save_failure(
    db: sqlite_utils.Database,
    name: str,
    attempts: int,
    now: datetime,
    retry: datetime,
    error: str,
) -> None:
    """A game's failing tick: its count, when, when to try again, why."""
    db.execute(
        "INSERT INTO svc_tick_failures (game, attempts, first_failed, last_failed,"
        " next_try, error) VALUES (?, ?, ?, ?, ?, ?)"
        " ON CONFLICT (game) DO UPDATE SET attempts = excluded.attempts,"
        " last_failed = excluded.last_failed, next_try = excluded.next_try,"
        " error = excluded.error",
        [name, attempts, iso(now), iso(now), iso(retry), error[:2000]],
    )


def clear_failure(db: sqlite_utils.Database, name: str) -> None:
    db.execute("DELETE FROM svc_tick_failures WHERE game = ?", [name])
    db.execute("DELETE FROM svc_work_tries WHERE game = ?", [name])


FAILURE_FIELDS = ("game", "attempts", "first_failed", "next_try", "error")


def failures(db: sqlite_utils.Database) -> list[dict]:
    """Games whose tick keeps failing, for `judge status`."""
    return [
        dict(zip(FAILURE_FIELDS, row, strict=True))
        for row in db.execute(
            "SELECT game, attempts, first_failed, next_try, error"
            " FROM svc_tick_failures ORDER BY game"
        ).fetchall()
    ]


def work_try(db: sqlite_utils.Database, name: str) -> tuple[int, int]:
    """(whether a try of `name`'s tick is marked running, how many tries in
    a row stopped the judge)."""
    row = db.execute(
        "SELECT running, crashes FROM svc_work_tries WHERE game = ?", [name]
    ).fetchone()
    return (row[0], row[1]) if row else (0, 0)


def set_work_try(
    db: sqlite_utils.Database, name: str, running: bool, crashes: int
) -> None:
    db.execute(
        "INSERT OR REPLACE INTO svc_work_tries (game, running, crashes)"
        " VALUES (?, ?, ?)",
        [name, int(running), crashes],
    )


def end_work_try(db: sqlite_utils.Database, name: str) -> None:
    db.execute("UPDATE svc_work_tries SET running = 0 WHERE game = ?", [name])


def broadcasts(db, game: str) -> list[tuple[int, str, str]]:
    """(turn, body, sent) of the game's broadcasts, in order (for the
    game's record: docs/contracts/export.md)."""
    return db.execute(
        "SELECT turn, body, sent FROM svc_press WHERE game = ? AND public = 1"
        " ORDER BY id",
        [game],
    ).fetchall()


# -- the web pages (judge/web/) and their keys (web_links.py) ---------------------


def listed_game_names(db) -> list[str]:
    """Every game but the unlisted ones, by name."""
    rows = db.execute("SELECT name FROM svc_games WHERE unlisted = 0 ORDER BY name")
    return [name for (name,) in rows.fetchall()]


def account_name(db, address: str) -> str | None:
    """The name a player registered (REGISTER), if any."""
    row = db.execute(
        "SELECT name FROM svc_accounts WHERE address = ?", [address]
    ).fetchone()
    return row[0] if row and row[0] else None


def page_version(db, name: str) -> tuple | None:
    """What a game's web pages show that can change: its row, its
    broadcasts, its seats (one indexed read)."""
    return db.execute(
        "SELECT g.turn, g.status, g.deadline, g.result, g.position,"
        " (SELECT count(*) FROM svc_press p WHERE p.game = g.name AND p.public = 1),"
        " (SELECT group_concat(m.id || m.role || ifnull(m.power, '') || m.state)"
        "  FROM svc_members m WHERE m.game = g.name)"
        " FROM svc_games g WHERE g.name = ?",
        [name],
    ).fetchone()


def web_secret(db) -> str:
    """The judge's secret for game keys (hex), made with its table."""
    return db.execute("SELECT secret FROM svc_web_secret WHERE id = 1").fetchone()[0]

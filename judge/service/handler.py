"""The game service: mail in, mail out (create, join, order, process).

Runs inside the worker's transaction: writes only with db.execute."""

from __future__ import annotations

import json
import random
import re
from datetime import UTC, datetime

import sqlite_utils

from judge.config import JudgeSettings
from judge.engine.api import adjudicate, initial_position, orders_needed
from judge.engine.board import load_board
from judge.engine.serialize import position_from_json, position_to_json
from judge.language.orders import parse_orders
from judge.mail.message import IncomingMail, OutgoingMail
from judge.reports import order_reply, results_mail
from judge.service import deadlines
from judge.service.passwords import check_password, hash_password

SCHEMA = """
CREATE TABLE IF NOT EXISTS svc_games (
  name TEXT PRIMARY KEY, variant TEXT NOT NULL, status TEXT NOT NULL,
  position TEXT, turn INTEGER NOT NULL DEFAULT 1, deadline TEXT,
  grace_end TEXT, created TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS svc_members (
  game TEXT NOT NULL, address TEXT NOT NULL, password TEXT NOT NULL,
  power TEXT, role TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS svc_orders (
  game TEXT NOT NULL, power TEXT NOT NULL, unit TEXT NOT NULL, text TEXT NOT NULL,
  PRIMARY KEY (game, power, unit));
"""

_GAME = re.compile(r"^[a-z0-9_-]{1,20}$")
_COMMAND = re.compile(r"^\s*([A-Za-z][A-Za-z ]*?)\b\s*(.*)$")

HELP = """\
This is the Diplomacy judge {code} at {address}.

Commands, one per line (case does not matter):
  HELP
  CREATE ?<game> <password> [variant]   create a forming game and join it
  SIGNON ?<game> <password>             join a forming game
  SIGNON <letter><game> <password>      play your power; orders follow
  CLEAR                                  withdraw your orders
  SIGNOFF                                end of commands
"""


def _iso(moment: datetime) -> str:
    return moment.astimezone(UTC).isoformat()


def _time(text: str | None) -> datetime | None:
    return datetime.fromisoformat(text) if text else None


class GameService:
    def __init__(self, settings: JudgeSettings) -> None:
        self.settings = settings

    def setup(self, db: sqlite_utils.Database) -> None:
        db.executescript(SCHEMA)

    # -- mail in ---------------------------------------------------------
    def handle(
        self, db: sqlite_utils.Database, mail: IncomingMail, now: datetime
    ) -> list[OutgoingMail]:
        session = _Session(self, db, mail, now)
        session.run()
        return session.outgoing()

    # -- scheduler -------------------------------------------------------
    def tick(self, db: sqlite_utils.Database, now: datetime) -> list[OutgoingMail]:
        out: list[OutgoingMail] = []
        rows = db.execute(
            "SELECT name FROM svc_games WHERE status = 'active' AND deadline <= ?",
            [_iso(now)],
        ).fetchall()
        for (name,) in rows:
            out.extend(self.process(db, name, now))
        return out

    # -- processing ------------------------------------------------------
    def process(self, db, name: str, now: datetime) -> list[OutgoingMail]:
        game = _game(db, name)
        board = load_board(game["variant"])
        position = position_from_json(board, json.loads(game["position"]))
        orders = self.current_orders(db, board, position, name)
        result = adjudicate(board, position, orders)
        new = result.position
        while not any(orders_needed(board, new).values()) and not new.winner:
            new = adjudicate(board, new, {}).position  # skip empty phases
        finished = bool(new.winner)
        deadline = None
        if not finished:
            deadline = deadlines.next_deadline(
                new.phase.type, deadlines.DeadlineSettings(), now
            )
        subject, body = results_mail(
            board,
            judge_code=self.settings.code,
            game=name,
            variant_label=board_label(game["variant"]),
            phase_result=result,
            turn_number=game["turn"],
            next_deadline=deadline,
            tz=self.settings.timezone,
        )
        db.execute(
            "UPDATE svc_games SET position = ?, turn = turn + 1, deadline = ?, "
            "status = ? WHERE name = ?",
            [
                json.dumps(position_to_json(board, new)),
                _iso(deadline) if deadline else None,
                "finished" if finished else "active",
                name,
            ],
        )
        db.execute("DELETE FROM svc_orders WHERE game = ?", [name])
        to = tuple(
            r[0]
            for r in db.execute(
                "SELECT address FROM svc_members WHERE game = ? ORDER BY rowid", [name]
            ).fetchall()
        )
        return [OutgoingMail(to=to, subject=subject, body=body)]

    def current_orders(self, db, board, position, name):
        orders: dict[str, list] = {}
        for power, text in db.execute(
            "SELECT power, text FROM svc_orders WHERE game = ? ORDER BY rowid", [name]
        ).fetchall():
            parsed = parse_orders(board, position, power, text)
            orders.setdefault(power, []).extend(p.order for p in parsed if p.order)
        return orders


def board_label(variant: str) -> str:
    return variant.capitalize()


def _game(db, name: str) -> dict | None:
    rows = list(db.query("SELECT * FROM svc_games WHERE name = ?", [name]))
    return rows[0] if rows else None


class _Session:
    """One incoming message: its commands in order, and the replies."""

    def __init__(self, service: GameService, db, mail: IncomingMail, now):
        self.service, self.db, self.mail, self.now = service, db, mail, now
        self.lines: list[str] = []
        self.extra: list[OutgoingMail] = []
        self.player: tuple[str, str] | None = None  # (game, power)
        self.order_text: list[str] = []

    def say(self, text: str) -> None:
        self.lines.append(text)

    def run(self) -> None:
        for raw in self.mail.body.splitlines():
            line = raw.strip()
            if line.startswith("-- ") or raw == "-- ":
                break
            if not line:
                continue
            word = re.sub(r"\s+", "", line.split(None, 2)[0] if line else "").upper()
            squashed = re.sub(r"\s+", "", line).upper()
            if squashed == "SIGNOFF":
                break
            self.say(f"> {line}")
            if word == "HELP":
                self.say(
                    HELP.format(
                        code=self.service.settings.code,
                        address=self.service.settings.address,
                    )
                )
            elif word == "CREATE":
                self.create(line.split()[1:])
            elif word == "SIGNON" or squashed.startswith("SIGNON"):
                args = line.split()[1:] if word == "SIGNON" else line.split()[2:]
                self.signon(args)
            elif squashed == "CLEAR" and self.player:
                self.db.execute(
                    "DELETE FROM svc_orders WHERE game = ? AND power = ?",
                    list(self.player),
                )
            elif self.player:
                self.order_text.append(line)
            else:
                self.say(
                    f'"{line.split()[0][:40]}" is not a command this judge knows. '
                    "Send HELP for the list of commands."
                )
        if self.player and self.order_text:
            self.take_orders()
        if self.player:
            self.reply_orders()

    # -- commands ----------------------------------------------------------
    def create(self, args: list[str]) -> None:
        if len(args) < 2 or not args[0].startswith("?"):
            self.say("Use: CREATE ?<game> <password> [variant]")
            return
        name, password = args[0][1:].lower(), args[1]
        variant = args[2].lower() if len(args) > 2 else "standard"
        if not _GAME.match(name):
            self.say("Game names are 1-20 letters, digits, '-' or '_'.")
            return
        if _game(self.db, name):
            self.say(f"There is already a game named '{name}'.")
            return
        try:
            load_board(variant)
        except Exception:
            self.say(f"There is no variant '{variant}' on this judge.")
            return
        self.db.execute(
            "INSERT INTO svc_games (name, variant, status, created) "
            "VALUES (?, ?, 'forming', ?)",
            [name, variant, _iso(self.now)],
        )
        self.join(name, password)
        self.say(f"Game '{name}' ({variant}) has been created; you are signed on.")

    def join(self, name: str, password: str) -> None:
        self.db.execute(
            "INSERT INTO svc_members (game, address, password, role) "
            "VALUES (?, ?, ?, 'player')",
            [name, self.mail.sender, hash_password(password)],
        )

    def signon(self, args: list[str]) -> None:
        if len(args) != 2 or len(args[0]) < 2:
            self.say("Use: SIGNON ?<game> <password> or SIGNON <letter><game> <pw>")
            return
        letter, name, password = args[0][0].upper(), args[0][1:].lower(), args[1]
        game = _game(self.db, name)
        if game is None:
            self.say(f"There is no game named '{name}'.")
            return
        if letter == "?":
            self.join_forming(game, password)
            return
        board = load_board(game["variant"])
        power = next((p for p in board.powers.values() if p.letter == letter), None)
        rows = self.db.execute(
            "SELECT password FROM svc_members WHERE game = ? AND power = ?",
            [name, power.id if power else None],
        ).fetchall()
        if power is None or not rows:
            self.say(f"There is no power '{letter}' playing in game '{name}'.")
            return
        if not check_password(password, rows[0][0]):
            self.say(f"Wrong password for {power.name} in game '{name}'.")
            return
        if game["status"] != "active":
            self.say(f"Game '{name}' is not running.")
            return
        self.player = (name, power.id)
        self.board = board

    def join_forming(self, game: dict, password: str) -> None:
        name = game["name"]
        if game["status"] != "forming":
            self.say(f"Game '{name}' is not forming.")
            return
        board = load_board(game["variant"])
        count = self.db.execute(
            "SELECT count(*) FROM svc_members WHERE game = ?", [name]
        ).fetchone()[0]
        self.join(name, password)
        self.say(f"You have joined game '{name}'.")
        if count + 1 == len(board.powers):
            self.start(game, board)

    def start(self, game: dict, board) -> None:
        name = game["name"]
        members = self.db.execute(
            "SELECT rowid, address FROM svc_members WHERE game = ? ORDER BY rowid",
            [name],
        ).fetchall()
        powers = sorted(board.powers)
        # seeded by the game's name: reproducible draws
        random.Random(f"{name}/{game['created']}").shuffle(powers)
        position = initial_position(board)
        deadline = deadlines.next_deadline(
            position.phase.type, deadlines.DeadlineSettings(), self.now
        )
        for (rowid, _), power in zip(members, powers, strict=True):
            self.db.execute(
                "UPDATE svc_members SET power = ? WHERE rowid = ?", [power, rowid]
            )
        self.db.execute(
            "UPDATE svc_games SET status = 'active', position = ?, deadline = ? "
            "WHERE name = ?",
            [json.dumps(position_to_json(board, position)), _iso(deadline), name],
        )
        roster = "\n".join(
            f"  {board.powers[p].name:<10} {addr}"
            for (_, addr), p in zip(members, powers, strict=True)
        )
        for (_, address), power in zip(members, powers, strict=True):
            self.extra.append(
                OutgoingMail(
                    to=(address,),
                    subject=f"{self.service.settings.code}:{name} - game starts",
                    body=(
                        f"You have been selected as {board.powers[power].name} "
                        f"in game '{name}'.\n\nThe players:\n{roster}\n\n"
                        f"The first deadline is {_iso(deadline)}.\n"
                    ),
                )
            )

    # -- orders ------------------------------------------------------------
    def position(self):
        game = _game(self.db, self.player[0])
        return game, position_from_json(self.board, json.loads(game["position"]))

    def take_orders(self) -> None:
        name, power = self.player
        _, position = self.position()
        self.refused = []
        for parsed in parse_orders(
            self.board, position, power, "\n".join(self.order_text)
        ):
            if parsed.order is None:
                self.refused.append((parsed.text, parsed.error or "not understood"))
                continue
            unit = getattr(parsed.order, "unit", None)
            key = unit.province if unit is not None else parsed.order.canonical()
            self.db.execute(
                "INSERT OR REPLACE INTO svc_orders (game, power, unit, text) "
                "VALUES (?, ?, ?, ?)",
                [name, power, key, parsed.order.canonical()],
            )

    def reply_orders(self) -> None:
        name, power = self.player
        game, position = self.position()
        orders = self.service.current_orders(self.db, self.board, position, name)
        settings = deadlines.DeadlineSettings()
        deadline = _time(game["deadline"])
        self.say(
            order_reply(
                self.board,
                judge_code=self.service.settings.code,
                game=name,
                variant_label=board_label(game["variant"]),
                position=position,
                power=power,
                orders=orders.get(power, []),
                refused=getattr(self, "refused", []),
                turn_number=game["turn"],
                deadline=deadline,
                grace_end=deadlines.grace_end(position.phase.type, settings, deadline),
                tz=self.service.settings.timezone,
                needed=orders_needed(self.board, position).get(power, 0),
            )
        )

    def outgoing(self) -> list[OutgoingMail]:
        subject = self.mail.subject.strip() or "your message to the judge"
        if not subject.lower().startswith("re:"):
            subject = "Re: " + subject
        reply = OutgoingMail(
            to=(self.mail.sender,),
            subject=subject,
            body="\n".join(self.lines) + "\n",
            in_reply_to=self.mail.message_id or None,
            references=self.mail.references,
        )
        return [reply, *self.extra]

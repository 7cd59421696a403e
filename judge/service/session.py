"""One incoming message: its commands in order, and the replies they make.

Each command is applied whole or not at all; a failed SIGNON or CREATE stops
the reading (what followed was meant for that game)."""

from __future__ import annotations

import re
import secrets
from datetime import datetime

from judge.engine.api import orders_needed
from judge.engine.orders import Waive
from judge.language.commands import Command, CommandError, read_command
from judge.mail.message import Attachment, IncomingMail, OutgoingMail
from judge.reports import order_reply, reply_subject
from judge.reports.dates import judge_date
from judge.reports.templating import render
from judge.service import (
    deadlines,
    info,
    master,
    reachability,
    seats,
    settings_cmds,
    worlds_cmds,
)
from judge.service.lifecycle import start_game
from judge.service.passwords import check_password, hash_password
from judge.service.press import PressDraft, send_press
from judge.service.processing import check_early, tell_all
from judge.service.store import (
    Member,
    drop_surplus_adjustments,
    iso,
    load_game,
    member_by_id,
    members,
    moment,
    stored_orders,
    update_game,
    update_member,
)
from judge.service.variant_orders import (
    order_key,
    order_notes,
    read_orders,
    refusal,
    route,
)

GAME_NAME = re.compile(r"^[a-z0-9_-]{1,20}$")
HELP_TOPICS = ("help", "master", "deadlines", "press", "variants")
CREATE_OPTIONS = {"nonmr", "nmr", "gunboat", "anonymous", "nopress", "greypress",
                  "whitepress"}  # fmt: skip


ECHO_LIMIT = 200  # characters of a line quoted back in a reply


def echo(text: str) -> str:
    """A line quoted back in a reply, cut short when long: a reply never
    mails a sender's whole message back (njudge removed that for spam)."""
    if len(text) <= ECHO_LIMIT:
        return text
    return f"{text[:ECHO_LIMIT]}... ({len(text)} characters)"


class Stop(Exception):
    """The rest of the message is not read."""


class Session:
    def __init__(self, service, db, mail: IncomingMail, now: datetime):
        self.service = service
        self.settings = service.settings
        self.db, self.mail, self.now = db, mail, now
        self.lines: list[str] = []
        self.extra: list[OutgoingMail] = []
        self.me: Member | None = None  # signed on as a power or master
        self.joined: Member | None = None  # joined a forming game here
        self.acting: str | None = None  # the power orders are for
        self.order_text: dict[str, list[str]] = {}
        self.refused: dict[str, list[tuple[str, str]]] = {}
        # names read as near misses, for the reply ("Warshaw read as Warsaw")
        self.readings: dict[str, list[str]] = {}
        self.ordered: list[str] = []  # powers to report orders for
        self.countries: dict[str, list[str]] = {}  # a seat's countries (variants)
        self.draft: PressDraft | None = None
        self.register: dict[str, str] | None = None
        self.copy_to: set[str] = set()
        self.games_touched: set[str] = set()
        self.subject_game: tuple[str, str] | None = None
        self.attachments: list[Attachment] = []  # on the reply (a world's map)

    # -- reading -----------------------------------------------------------
    def run(self) -> None:
        try:
            for raw in self.command_text().splitlines():
                if raw.rstrip() == "--" or raw.startswith("-- "):
                    break
                if not self.line(raw):
                    break
        except Stop:
            self.say("The rest of your message was not read.")
        if self.draft is not None:
            self.say("Your press had no ENDPRESS / ENDBROADCAST: it was not sent.")
        if self.register is not None:
            self.say("REGISTER had no END: nothing was registered.")
        self.flush_orders()
        self.report_orders()
        for game in self.games_touched:
            check_early(self.db, game, self.settings, self.now)
        if not self.lines:
            self.say("Your message had no commands. Send HELP for the list.")

    def command_text(self) -> str:
        """The body; a bare command in the subject of an empty mail
        (Subject: HELP) is read as the body."""
        subject = self.mail.subject.strip()
        if self.mail.body.strip() or subject.lower().startswith(("re:", "fwd:")):
            return self.mail.body
        return subject

    def line(self, raw: str) -> bool:
        """Read one line; False ends the message (SIGNOFF)."""
        text = raw.strip()
        if self.draft is not None:
            return self.press_line(raw, text)
        if self.register is not None:
            return self.register_line(text)
        if not text or quoted(text):
            return True
        try:
            command = read_command(text)
        except CommandError as error:
            self.say(f"> {echo(text)}\n{error}")
            return True
        if command is None:
            if self.acting is not None:
                self.order_text.setdefault(self.acting, []).append(text)
                return True
            word = text.split()[0][:40]
            self.say(
                f'> {echo(text)}\n"{word}" is not a command this judge knows'
                + (" (orders need a SIGNON first)." if self.me is None else ".")
                + " Send HELP for the list of commands."
            )
            return True
        if command.name == "signoff":
            return False
        self.flush_orders()
        self.say(f"> {echo(text)}")
        handler = getattr(self, f"do_{command.name}")
        handler(command)
        return True

    def say(self, text: str) -> None:
        self.lines.append(text)

    def need_me(self, role: str | None = None) -> Member | None:
        if self.me is None:
            self.say("Sign on first: SIGNON <letter><game> <password>.")
            return None
        if role == "master" and self.me.role != "master":
            self.say("Only the game's master may do that (SIGNON M<game> <password>).")
            return None
        if role == "player" and (self.me.role != "player" or not self.me.power):
            self.say("Only a player with a power may do that.")
            return None
        return self.me

    def game_arg(self, text: str):
        name = text.lower().lstrip("?")
        game = load_game(self.db, name) if GAME_NAME.match(name) else None
        if game is None:
            self.say(f"There is no game named '{name[:20]}'.")
        return game

    # -- anyone ------------------------------------------------------------
    def do_help(self, command: Command) -> None:
        self.say(self.help_text("help"))

    def help_text(self, topic: str) -> str:
        return render(
            f"help/{topic}.txt",
            code=self.settings.code,
            address=self.settings.address,
            topics=", ".join(t.upper() for t in HELP_TOPICS),
        ).rstrip("\n")

    def do_get(self, command: Command) -> None:
        topic = command.args[0].lower()
        if topic not in HELP_TOPICS:
            self.say(
                f"There is no help topic '{topic[:20]}'. Topics: "
                + ", ".join(t.upper() for t in HELP_TOPICS)
            )
            return
        self.say(self.help_text(topic))

    def do_register(self, command: Command) -> None:
        self.register = {}

    def register_line(self, text: str) -> bool:
        if re.fullmatch(r"end", text, re.IGNORECASE):
            values, self.register = self.register, None
            tz = values.get("timezone")
            if tz and not settings_cmds.valid_zone(tz):
                self.say(
                    f"'{tz}' is not a time zone (e.g. Europe/Paris). Not registered."
                )
                return True
            self.db.execute(
                "INSERT OR REPLACE INTO svc_accounts (address, name, country, tz,"
                " registered) VALUES (?, ?, ?, ?, ?)",
                [
                    self.mail.sender,
                    values.get("name"),
                    values.get("country"),
                    tz,
                    iso(self.now),
                ],  # fmt: skip
            )
            if tz:
                self.db.execute(
                    "UPDATE svc_members SET tz = ? WHERE address = ?",
                    [tz, self.mail.sender],
                )
            self.say(f"> END\nRegistered {self.mail.sender}.")
            return True
        key, _, value = text.partition(":")
        key = key.strip().lower().replace(" ", "")
        if key in ("name", "country", "timezone") and value.strip():
            self.register[key] = value.strip()[:80]
        elif text:
            self.say(
                f"> {echo(text)}\nIn REGISTER write Name:, Country: or Timezone: lines."
            )
        return True

    def do_end(self, command: Command) -> None:
        self.say("END without REGISTER: nothing to end.")

    def do_list(self, command: Command) -> None:
        if not command.args:
            self.say(info.list_games(self.db))
            return
        game = self.game_arg(command.args[0])
        if game:
            self.say(info.describe_game(self.db, self.settings, game.name))
            self.say_unreachable(game.name)

    def do_history(self, command: Command) -> None:
        game = self.game_arg(command.args[0])
        if game:
            self.say(info.history(self.db, game.name))

    def do_summary(self, command: Command) -> None:
        game = self.game_arg(command.args[0])
        if game:
            self.say(info.summary(self.db, game.name))

    def do_whogame(self, command: Command) -> None:
        game = self.game_arg(command.args[0])
        if game:
            self.say(info.whogame(self.db, game.name))
            self.say_unreachable(game.name)

    def say_unreachable(self, game: str) -> None:
        lines = reachability.master_lines(self.db, game, self.mail.sender, self.me)
        if lines:
            self.lines[-1] += "\n" + "\n".join(lines)

    def do_map(self, command: Command) -> None:
        master.send_map(self, command)

    # -- joining -----------------------------------------------------------
    def do_create(self, command: Command) -> None:
        name_arg, password = command.args[0], command.args[1]
        words = command.args[2].lower().split() if len(command.args) > 2 else []
        name = name_arg.lower().lstrip("?")
        if not name_arg.startswith("?") or not GAME_NAME.match(name):
            self.say(
                "Game names are written ?<name>: 1-20 letters, digits, '-' or '_'."
            )
            raise Stop
        if load_game(self.db, name):
            self.say(f"There is already a game named '{name}'.")
            raise Stop
        variant = "standard"
        if words and words[0] not in CREATE_OPTIONS:
            variant = words.pop(0)
        if variant == "random":  # a new world: powers=N seed=S among the options
            try:
                seed, powers, words = worlds_cmds.world_arguments(words)
            except worlds_cmds.Refusal as refusal:
                self.say(str(refusal))
                raise Stop from None
        unknown = [w for w in words if w not in CREATE_OPTIONS]
        if unknown:
            self.say(
                f"Unknown option '{unknown[0][:20]}'. Options: "
                + ", ".join(sorted(CREATE_OPTIONS))
            )
            raise Stop
        if variant == "random":
            try:
                variant = worlds_cmds.create_world(self.settings, name, seed, powers)
            except worlds_cmds.Refusal as refusal:
                self.say(str(refusal))
                raise Stop from None
        variant, error = settings_cmds.check_variant(variant, name)
        if error:
            self.say(error)
            raise Stop
        press = (
            "none"
            if "nopress" in words
            else "grey"
            if "greypress" in words
            else "white"
        )
        self.db.execute(
            "INSERT INTO svc_games (name, variant, status, nmr, press, anonymous,"
            " created) VALUES (?, ?, 'forming', ?, ?, ?, ?)",
            [
                name,
                variant,
                0 if "nonmr" in words else 1,
                press,
                1 if {"gunboat", "anonymous"} & set(words) else 0,
                iso(self.now),
            ],  # fmt: skip
        )
        self.joined = self.add_member(name, password, "player")
        self.say(
            f"Game '{name}' ({variant}) has been created and you are signed on."
            " Send BECOME MASTER (in this or a later message after SIGNON"
            f" ?{name} <password>) to be its master instead of a player."
        )
        worlds_cmds.joined(self, load_game(self.db, name))

    def add_member(self, game: str, password: str, role: str, power=None) -> Member:
        account = self.db.execute(
            "SELECT tz FROM svc_accounts WHERE address = ?", [self.mail.sender]
        ).fetchone()
        cursor = self.db.execute(
            "INSERT INTO svc_members (game, address, password, role, power, tz,"
            " joined) VALUES (?, ?, ?, ?, ?, ?, ?)",
            [
                game,
                self.mail.sender,
                hash_password(password),
                role,
                power,
                account[0] if account else None,
                iso(self.now),
            ],  # fmt: skip
        )
        return member_by_id(self.db, cursor.lastrowid)

    def do_become_master(self, command: Command) -> None:
        joined = self.joined
        if joined is None:
            self.say("BECOME MASTER follows CREATE or SIGNON ?<game> <password>.")
            return
        game = load_game(self.db, joined.game)
        if game.status != "forming" or len(members(self.db, game.name)) != 1:
            self.say(
                "Only the creator, while still alone in the game, may become master."
            )
            return
        update_member(self.db, joined.id, role="master")
        self.joined = self.me = member_by_id(self.db, joined.id)
        self.say(f"You are now the master of game '{game.name}'.")

    def do_signon(self, command: Command) -> None:
        target, password = command.args
        if len(target) < 2:
            self.say("Use: SIGNON <letter><game> <password>")
            raise Stop
        letter = seats.long_letter(self.db, target) or target[0].upper()
        game = self.game_arg(target[len(letter) :])
        if game is None:
            raise Stop
        if self.ejected(game.name):
            self.say(
                f"You were ejected from game '{game.name}' by its master and may"
                " not sign on to it again."
            )
            raise Stop
        if letter == "?":
            self.join_forming(game, password)
            return
        if game.status == "finished":
            self.say(f"Game '{game.name}' is over. {game.result or ''}".rstrip())
            raise Stop
        if letter == "M":
            seat = next(iter(members(self.db, game.name, "master")), None)
            if seat is None or not check_password(password, seat.password):
                self.say(f"Wrong master password for game '{game.name}'.")
                raise Stop
            self.signed_on(seat, None)
            self.say(f"Signed on as master of game '{game.name}'.")
            return
        board = game.board
        power_id, why = seats.power_for_letter(
            board, seats.game_seats(game, board), letter
        )
        if power_id is None:
            self.say(
                f"{why} in game '{game.name}' ({game.variant})."
                if why
                else f"There is no power '{letter}' in game '{game.name}'"
                f" ({game.variant})."
            )
            raise Stop
        power = board.powers[power_id]
        if game.status == "forming":
            self.say(
                f"Game '{game.name}' has not started yet: powers are drawn when it"
                " is full."
            )
            raise Stop
        seat = next(
            (m for m in members(self.db, game.name, "player") if m.power == power.id),
            None,
        )
        if seat is not None and check_password(password, seat.password):
            if seat.state != "active":
                for row in seats.seat_rows(self.db, game, board, seat):
                    update_member(self.db, row.id, state="active")
                self.extra += tell_all(
                    self.db, self.settings, game.name, "Back",
                    f"{power.name} is no longer {describe_state(seat.state)}.",
                )  # fmt: skip
            self.signed_on(member_by_id(self.db, seat.id), power.id)
            return
        fresh = seats.newcomer_slot(board, game.current(board), power.id)
        if (
            fresh is not None
            and seat is not None
            and seat.state not in ("abandoned", "cd", "resigned")
            and seat.address.lower() != self.mail.sender.lower()
        ):
            # Imperial, rule 3: the city's empire lives on elsewhere and the
            # city is neutral again; a newcomer founds a new empire there.
            city = board.location_name(seats.imperial_city(fresh))
            self.say(
                f"{power.name} lives on without {city}, which is neutral again:"
                f" you found a new empire there, {board.powers[fresh].name}"
                f" (SIGNON {board.powers[fresh].letter}{game.name}), and order"
                f" JOIN {seats.imperial_city(fresh)}."
            )
            power = board.powers[fresh]
            seat = next(
                (m for m in members(self.db, game.name, "player") if m.power == fresh),
                None,
            )
        if seat is None or seat.state in ("abandoned", "cd", "resigned"):
            taken = seats.city_taken(board, game.current(board), power.id)
            if seat is None and taken:
                self.say(f"{taken}; choose a city still neutral (LIST {game.name}).")
                raise Stop
            self.take_over(game, power, seat, password)
            return
        self.say(f"Wrong password for {power.name} in game '{game.name}'.")
        if seat.address != self.mail.sender:
            self.copy_to.add(seat.address)
        raise Stop

    def ejected(self, game: str) -> bool:
        return (
            self.db.execute(
                "SELECT 1 FROM svc_ejected WHERE game = ? AND address = ?",
                [game, self.mail.sender.lower()],
            ).fetchone()
            is not None
        )

    def signed_on(self, seat: Member, power: str | None) -> None:
        self.me = seat
        self.acting = power
        if seat.address.lower() != self.mail.sender.lower():
            self.copy_to.add(seat.address)  # the address of record sees it too
        if power:
            game = load_game(self.db, seat.game)
            rows = seats.seat_rows(self.db, game, game.board, seat)
            self.countries[power] = [power] + [
                m.power for m in rows if m.power != power
            ]
            for country in self.countries[power]:
                if country not in self.ordered:
                    self.ordered.append(country)
            self.games_touched.add(seat.game)

    def take_over(self, game, power, seat, password) -> None:
        playing = [
            m for m in members(self.db, game.name)
            if m.address.lower() == self.mail.sender.lower() and m.role != "observer"
            and m.state == "active"
        ]  # fmt: skip
        if playing:
            self.say(f"You already play in game '{game.name}'.")
            raise Stop
        if seat is None:
            seat = self.add_member(game.name, password, "player", power.id)
        else:
            for row in seats.seat_rows(self.db, game, game.board, seat):
                update_member(
                    self.db, row.id, address=self.mail.sender, state="active",
                    password=hash_password(password), wait=0, draw=0,
                )  # fmt: skip
            seat = member_by_id(self.db, seat.id)
        moved = self.give_replacement_time(game, power.id)
        self.extra += tell_all(
            self.db, self.settings, game.name, "Takeover",
            f"{power.name} has been taken over by a new player."
            + (f"\nThe deadline has moved to {moved}." if moved else ""),
        )  # fmt: skip
        self.say(f"You have taken over {power.name} in game '{game.name}'.")
        self.signed_on(seat, power.id)

    def give_replacement_time(self, game, power: str) -> str | None:
        """njudge Bug 437: a replacement for a power that owes orders gets at
        least a day before the deadline (docs/deadlines.md).  Returns the new
        deadline in words, or None when it stays."""
        board = game.board
        position = game.current(board)
        if not orders_needed(board, position).get(power) or not game.deadline:
            return None
        timing = game.deadline_settings(self.settings.timezone)
        phase_type = position.phase.type
        deadline = deadlines.replacement_deadline(
            phase_type, timing, self.now, moment(game.deadline)
        )
        if deadline is None:
            return None
        update_game(
            self.db, game.name, deadline=iso(deadline),
            grace_end=iso(deadlines.grace_end(phase_type, timing, deadline)),
            reminded=0, late_notified=None,
        )  # fmt: skip
        return judge_date(deadline, self.settings.timezone)

    def join_forming(self, game, password: str) -> None:
        mine = [
            m for m in members(self.db, game.name)
            if m.address.lower() == self.mail.sender.lower() and m.role != "observer"
        ]  # fmt: skip
        if mine:
            if not check_password(password, mine[0].password):
                self.say(f"Wrong password for game '{game.name}'.")
                raise Stop
            self.joined = mine[0]
            if mine[0].role == "master":
                self.me = mine[0]
            self.say(f"You are already in game '{game.name}'.")
            return
        if game.status != "forming":
            self.say(
                f"Game '{game.name}' is not forming. Take over an abandoned power"
                f" with SIGNON <letter>{game.name} <password>, or OBSERVE {game.name}."
            )
            raise Stop
        self.joined = self.add_member(game.name, password, "player")
        needed = len(seats.game_seats(game, game.board))
        count = len(members(self.db, game.name, "player"))
        self.say(f"You have joined game '{game.name}' ({count} of {needed} players).")
        worlds_cmds.joined(self, game)
        if count >= needed:
            self.extra += start_game(self.db, self.settings, game.name, self.now)

    def do_observe(self, command: Command) -> None:
        game = self.game_arg(command.args[0])
        if game is None:
            return
        password = command.args[1] if len(command.args) > 1 else secrets.token_hex(8)
        self.add_member(game.name, password, "observer")
        self.say(f"You are observing game '{game.name}': you will get its results.")

    def do_resign(self, command: Command) -> None:
        me = self.me or self.joined
        if me is None:
            self.say("Sign on first: SIGNON <letter><game> <password>.")
            return
        game = load_game(self.db, me.game)
        if game.status == "forming":
            self.db.execute("DELETE FROM svc_members WHERE id = ?", [me.id])
            self.say(f"You have left game '{game.name}'.")
        elif me.role == "player" and me.power:
            for row in seats.seat_rows(self.db, game, game.board, me):
                update_member(self.db, row.id, state="resigned")
            name = game.board.powers[me.power].name
            self.extra += tell_all(
                self.db, self.settings, game.name, "Resignation",
                f"{name} has resigned. Anyone may take it over with SIGNON"
                f" {game.board.powers[me.power].letter}{game.name} <password>.",
            )  # fmt: skip
        else:
            self.db.execute("DELETE FROM svc_members WHERE id = ?", [me.id])
            self.say(f"You are no longer in game '{game.name}'.")
        self.me = self.joined = None
        self.acting = None

    # -- orders --------------------------------------------------------------
    def do_clear(self, command: Command) -> None:
        if self.acting is None or self.me is None:
            self.say("CLEAR follows SIGNON <letter><game> <password>.")
            return
        self.order_text.pop(self.acting, None)
        self.db.execute(
            "DELETE FROM svc_orders WHERE game = ? AND power = ?",
            [self.me.game, self.acting],
        )
        self.say("Your orders for this phase have been withdrawn.")

    def flush_orders(self) -> None:
        """Read the order lines gathered since the last command."""
        for power, lines in list(self.order_text.items()):
            self.take_orders(power, lines)
        self.order_text.clear()

    def take_orders(self, power: str, lines: list[str]) -> None:
        game = load_game(self.db, self.me.game)
        if game.status != "active":
            self.refused.setdefault(power, []).extend(
                (line, f"game '{game.name}' is {game.status}") for line in lines
            )
            return
        board = game.board
        position = game.current(board)
        countries = self.countries.get(power, [power])
        if len(countries) > 1:  # a variant's seat: each order to its country
            shared, refused = route(
                board, position, countries, lines, orders_needed(board, position)
            )
            self.refused.setdefault(power, []).extend(refused)
        else:
            shared = {power: read_orders(board, position, power, "\n".join(lines))}
        for country, parsed_orders in shared.items():
            self.store_orders(game.name, country, parsed_orders, board, position)
        if power not in self.ordered:
            self.ordered.append(power)
        self.games_touched.add(game.name)

    def store_orders(
        self, game: str, power: str, parsed_orders, board, position
    ) -> None:
        waives = self.db.execute(
            "SELECT count(*) FROM svc_orders WHERE game = ? AND power = ?"
            " AND unit LIKE 'WAIVE%'",
            [game, power],
        ).fetchone()[0]
        for parsed in parsed_orders:
            why = parsed.error or "not understood"
            if parsed.order is not None:
                why = refusal(board, power, parsed.order)
            if why:
                self.refused.setdefault(power, []).append((parsed.text, why))
                continue
            self.readings.setdefault(power, []).extend(parsed.notes)
            if isinstance(parsed.order, Waive):
                waives += 1
            self.db.execute(
                "INSERT OR REPLACE INTO svc_orders (game, power, unit, text)"
                " VALUES (?, ?, ?, ?)",
                [game, power, order_key(parsed.order, waives),
                 parsed.order.canonical()],
            )  # fmt: skip
        drop_surplus_adjustments(self.db, game, power, board, position)

    def report_orders(self) -> None:
        if self.me is None:
            return
        game = load_game(self.db, self.me.game)
        if game.status != "active":
            for refused in self.refused.values():
                for text, reason in refused:
                    self.say(f"Order not taken: {echo(text)}: {reason}.")
            return
        board = game.board
        position = game.current(board)
        texts = stored_orders(self.db, game.name)
        needed = orders_needed(board, position)
        timing = game.deadline_settings(self.settings.timezone)
        from judge.service.processing import engine_orders

        orders = engine_orders(board, position, texts)
        for power in self.ordered:
            self.subject_game = (game.name, str(position.phase))
            self.say(
                order_reply(
                    board,
                    judge_code=self.settings.code,
                    game=game.name,
                    variant_label=game.variant_label,
                    position=position,
                    power=power,
                    orders=orders.get(power, []),
                    refused=[(echo(t), why) for t, why in self.refused.get(power, [])],
                    readings=[
                        echo(note)
                        for country in dict.fromkeys(
                            [power, *self.countries.get(power, [])]
                        )
                        for note in self.readings.get(country, [])
                    ],
                    turn_number=game.turn,
                    deadline=moment(game.deadline),
                    grace_end=moment(game.grace_end),
                    tz=timing.tz,
                    player_tz=self.me.tz,
                    needed=needed.get(power, 0),
                    nmr=bool(game.nmr),
                ).rstrip("\n")
            )
            for note in order_notes(board, position, power, orders.get(power, [])):
                self.say(note)

    # -- press -----------------------------------------------------------------
    def do_press(self, command: Command) -> None:
        self.start_press(command.args[0] if command.args else None)

    def do_broadcast(self, command: Command) -> None:
        self.start_press(None)

    def start_press(self, to: str | None) -> None:
        me = self.need_me()
        if me is None:
            self.draft = PressDraft(None, None, None, error="not signed on")
            return
        self.draft = PressDraft(me, self.acting, to)

    def press_line(self, raw: str, text: str) -> bool:
        squashed = re.sub(r"\s+", "", text).upper()
        if squashed in ("ENDPRESS", "ENDBROADCAST"):
            draft, self.draft = self.draft, None
            if draft.error:
                self.say("> ENDPRESS\nPress not sent: sign on first.")
                return True
            reply, mails = send_press(self.db, self.settings, draft, self.now)
            self.say(f"> {text}\n{reply}")
            self.extra += mails
            return True
        if squashed == "SIGNOFF":
            return False
        self.draft.lines.append(raw.rstrip())
        return True

    def do_endpress(self, command: Command) -> None:
        self.say("ENDPRESS without PRESS: nothing to end.")

    do_endbroadcast = do_endpress

    # -- settings and master ---------------------------------------------------
    def do_set_country(self, command: Command) -> None:
        worlds_cmds.do_set_country(self, command)

    def do_set_colour(self, command: Command) -> None:
        worlds_cmds.do_set_colour(self, command)

    def __getattr__(self, name: str):
        if name.startswith("do_set_"):
            return lambda command: settings_cmds.apply(self, command)
        if name.startswith("do_"):
            return lambda command: master.apply(self, command)
        raise AttributeError(name)

    # -- the reply ---------------------------------------------------------------
    def outgoing(self) -> list[OutgoingMail]:
        original = self.mail.subject.strip()
        if self.subject_game:
            subject = reply_subject(self.settings.code, *self.subject_game, original)
        else:
            subject = original or "your message to the judge"
            if not subject.lower().startswith("re:"):
                subject = "Re: " + subject
        body = "\n\n".join(self.lines) + "\n"
        reply = OutgoingMail(
            to=(self.mail.sender,),
            subject=subject,
            body=body,
            in_reply_to=self.mail.message_id or None,
            references=self.mail.references,
            attachments=tuple(self.attachments),
        )
        copies = [
            OutgoingMail(
                to=(address,),
                subject=subject,
                body=f"A copy of the judge's reply to a message from"
                f" {self.mail.sender}, who signed on as you:\n\n{body}",
            )
            for address in sorted(self.copy_to)
        ]
        return [reply, *copies, *self.extra]


JUDGE_HEADER = re.compile(r"^::\s*[A-Za-z][\w ]*:")


def quoted(text: str) -> bool:
    """A line quoted from an earlier mail ('> ...') or one of the judge's own
    header lines (':: Judge: ...', ':: Deadline: ...') copied into a reply:
    never a command or an order."""
    return text.startswith(">") or bool(JUDGE_HEADER.match(text))


def describe_state(state: str) -> str:
    return {"cd": "in civil disorder", "abandoned": "abandoned"}.get(state, state)

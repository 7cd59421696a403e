"""A whole game played by mail with random orders, checked at every phase.

Seven players and a master; an observer joins in 1904.  Every phase each
player (most of the time) mails SIGNON and orders chosen at random among
legal-looking orders for their units (moves, supports of real moves,
convoys, holds, retreats, builds with coasts, removals, waives, now and
then one the rules void), in varied styles, with garbage lines, another
power's unit, a second message changing orders, CLEAR, press, SET WAIT;
some players miss deadlines (civil disorder), send orders in the grace
period, or their power is taken over.  The clock moves with tick().  Ends
at a draw vote, a solo (a rigged start), or the last year.  Checks:

* the order replies list the power's whole order set in the results'
  unit-line form, refused lines beside them, and the right status line;
* the orders stored are exactly the valid orders sent (the last per unit);
* every player, the master and the observer get exactly one results mail
  per processed phase (a map only for those who want one); no phase is
  processed twice; WAIT holds processing to the deadline;
* each results mail has the contract's layout line by line (mail_layout),
  and HISTORY keeps it;
* the position stored after the phase is what `judge adjudicate` gives for
  the stored position and the orders the service adjudicated, and the
  results mail says what that adjudication decided (orders, outcomes,
  ownership, victory);
* late notices, civil disorder, returns, takeovers and press reach exactly
  whom they should; every game mail starts with the identification lines;
* nothing is logged as an error (tick() swallows a game's exception)."""

from __future__ import annotations

import json
import random
from collections import Counter

from harness import MASTER, PLAYERS, Judge, form_game, signon
from mail_layout import Layout, LayoutError, Results, UnitLine
from random_orders import (
    GARBAGE,
    STYLES,
    adjustment_orders,
    full_name,
    movement_orders,
    retreat_orders,
    styled,
)

from judge.adjudicate import handle_request
from judge.engine.api import orders_needed
from judge.engine.board import province_of
from judge.engine.legality import void_whatever_ordered
from judge.engine.serialize import position_from_json
from judge.engine.state import Position
from judge.language.canonical import read_canonical
from judge.service.queries import load_game, save_position, stored_orders

OBSERVER = "observer@example.org"
CODE, GAME = "PYJ", "alpha"
UNIT_WORDS = {"A": "Army", "F": "Fleet"}


class RandomGame:
    def __init__(
        self, judge: Judge, seed: int, last_year: int = 1908, solo: bool = False
    ):
        self.judge = judge
        self.solo = solo
        self.rng = random.Random(seed)
        self.last_year = last_year
        self.board = None
        self.phases = 0
        self.address: dict[str, str] = {}  # power -> its player's address
        self.subs = 0  # players who took over a power in civil disorder
        self.waiting: set[str] = set()  # powers with SET WAIT this phase
        self.needed: dict[str, int] = {}  # what each power owes this phase
        self.observers: list[str] = []  # they get the results (with a map)
        self.reminded = False  # this phase's reminders went out
        self.log: list[str] = []  # what happened, for failure messages

    # -- the game ------------------------------------------------------------
    def start(self) -> None:
        self.judge.db.execute("PRAGMA synchronous = OFF")  # speed, not safety
        form_game(self.judge)
        self.board = load_game(self.judge.db, GAME).board
        self.address = {p: self.judge.seat(p) for p in self.board.powers}
        zone = self.rng.choice(sorted(self.board.powers))
        for power, address in self.address.items():  # pictures: other tests
            extra = "\nSET TIMEZONE America/New_York" if power == zone else ""
            body = f"{signon(self.judge, power)}\nSET MAP OFF{extra}"
            out = self.judge.send(address, body)
            assert "Maps with results: off." in out[0].body
        out = self.judge.send(MASTER, f"SIGNON M{GAME} pw-master\nSET MAP OFF")
        assert "Maps with results: off." in out[0].body
        game = load_game(self.judge.db, GAME)
        assert game.status == "active"
        self.layout = Layout(self.board, CODE, GAME)
        assert sorted(self.address.values()) == sorted(PLAYERS)

    def play(self) -> str:
        self.start()
        if self.solo:
            self.rig_for_a_solo()
        while True:
            game = load_game(self.judge.db, GAME)
            if game.status == "finished":
                return game.result
            position = game.current(self.board)
            if position.phase.year > self.last_year:
                return "stopped"
            self.phase(game, position)

    def phase(self, game, position: Position) -> None:
        phase, turn = str(position.phase), game.turn
        self.log.append(f"--- {phase} (turn {turn})")
        if not self.observers and position.phase.year >= 1904:
            self.observe()
        needed = self.needed = orders_needed(self.board, position)
        expected: dict[str, dict[str, str]] = {}
        self.waiting = set()
        powers = sorted(self.board.powers)
        self.rng.shuffle(powers)
        for power in powers:
            if not self.alive(position, power):
                continue
            if self.in_disorder(power) and self.rng.random() < 0.15:
                self.take_over(power)
            if power in needed and self.rng.random() < 0.05:
                self.log.append(f"{power} misses the deadline")
                continue
            self.player_mails(position, turn, power, needed.get(power, 0), expected)
        late = position.phase.type == "M" and position.phase.year >= 1904
        if late and self.rng.random() < 0.1 and self.draw_vote(position):
            return
        self.process(game, position, expected)

    def rig_for_a_solo(self) -> None:
        """Before the first orders: Russia holds 17 centres (its own,
        Austria's, Germany's and five neutrals) and has armies standing in
        Rumania and Serbia, still neutral; Austria and Germany are out.  A
        solo is near."""
        russia = ["MOS", "WAR", "SEV", "STP", "VIE", "BUD", "TRI", "BER", "MUN",
                  "KIE", "SWE", "NWY", "DEN", "HOL", "BEL"]  # fmt: skip
        centres = {c: "RUSSIA" for c in russia + ["SPA", "POR"]}
        for power in ("ENGLAND", "FRANCE", "ITALY", "TURKEY"):
            for c in self.board.home_centres(power):
                centres[c] = power
        units = {
            "RUSSIA": ["A MOS", "A WAR", "F SEV", "F STP/NC", "A VIE", "A BUD",
                       "A TRI", "A BER", "A MUN", "F KIE", "F SWE", "A NWY",
                       "F DEN", "A HOL", "A BEL", "A RUM", "A SER"],
            "ENGLAND": ["F LON", "F EDI", "A LVP"],
            "FRANCE": ["F BRE", "A PAR", "A MAR"],
            "ITALY": ["A ROM", "F NAP", "A VEN"],
            "TURKEY": ["F ANK", "A CON", "A SMY"],
        }  # fmt: skip
        by_power: dict[str, list[str]] = {}
        for c, p in centres.items():
            by_power.setdefault(p, []).append(c)
        state = {"phase": "S1901M", "units": units, "centers": by_power}
        position = position_from_json(self.board, state)
        with self.judge.db.conn:
            save_position(self.judge.db, GAME, self.board, position)
        self.log.append("rigged: Russia on 17 centres")

    def observe(self) -> None:
        """Someone starts following the game half-way (maps on: drawn)."""
        out = self.judge.observe(OBSERVER, GAME)
        assert "You are observing game" in out[0].body, out[0].body
        self.observers.append(OBSERVER)

    def alive(self, position: Position, power: str) -> bool:
        return bool(position.units_of(power) or position.centres_of(power))

    def in_disorder(self, power: str) -> bool:
        row = self.judge.row(
            "SELECT state FROM svc_members WHERE game = ? AND power = ?"
            " AND role = 'player'",
            [GAME, power],
        )
        return row[0] == "cd"

    def take_over(self, power: str) -> None:
        """A new player takes over a power in civil disorder."""
        self.subs += 1
        address = f"sub{self.subs}@example.org"
        letter = self.board.powers[power].letter
        out = self.judge.send(address, f"SIGNON {letter}{GAME} pw-sub{self.subs}")
        assert f"You have taken over {self.board.powers[power].name}" in (
            out[0].body
        ), out[0].body
        old = self.address[power]
        self.address[power] = address
        told = [m for m in out[1:] if m.subject == f"{CODE}:{GAME} - Takeover"]
        self.one_each(told)
        assert old not in {a for m in told for a in m.to}
        self.log.append(f"{address} takes over {power} from {old}")

    # -- a player's mails ------------------------------------------------------
    def player_mails(self, position, turn, power, needed, expected) -> None:
        rng = self.rng
        orders = self.random_orders(position, power, needed)
        extras = []
        if rng.random() < 0.1:
            extras.append("SET WAIT")
            self.waiting.add(power)
        if rng.random() < 0.1:
            extras += ["BROADCAST", f"{power} says hello.", "ENDBROADCAST"]
        if rng.random() < 0.1:
            others = sorted(p for p in self.board.powers if p != power)
            to = rng.sample(others, rng.randint(1, 2))
            words = [
                rng.choice([self.board.powers[p].name, self.board.powers[p].letter])
                for p in to
            ]
            extras += [f"PRESS TO {', '.join(words)}", "A word in private.", "ENDPRESS"]
        if not needed:
            strays = self.stray_orders(position, power) if rng.random() < 0.3 else []
            if extras or strays:
                self.mail(position, turn, power, {}, extras, expected, strays=strays)
            return
        first = dict(orders)
        if rng.random() < 0.3 and len(first) > 1:  # some units in a second mail
            for key in rng.sample(sorted(first), len(first) // 2):
                del first[key]
        self.mail(position, turn, power, first, extras, expected)
        if rng.random() < 0.3:
            again = self.random_orders(position, power, needed)
            clear = rng.random() < 0.3
            if not clear:
                keep = rng.sample(sorted(again), (len(again) + 1) // 2)
                again = {k: again[k] for k in keep}
            self.mail(position, turn, power, again, ["CLEAR"] if clear else [],
                      expected)  # fmt: skip

    def random_orders(self, position, power, needed, gaps=True) -> dict[str, str]:
        kind, rng = position.phase.type, self.rng
        if kind == "M":
            return movement_orders(self.board, position, power, rng, gaps)
        if kind == "R":
            return retreat_orders(position, power, rng, gaps)
        return adjustment_orders(self.board, position, power, needed, rng, gaps)

    def mail(self, position, turn, power, orders, extras, expected, strays=()):
        rng = self.rng
        style = rng.choice([*STYLES, "mixed"])
        lines, garbage = [], []
        if "CLEAR" in extras:  # this phase's orders withdrawn
            lines.append("CANCEL ORDERS")
            expected[power] = {}
        for canonical in orders.values():
            lines.append(
                styled(
                    self.board,
                    canonical,
                    rng.choice(STYLES) if style == "mixed" else style,
                )
            )
            # fmt: skip
            if rng.random() < 0.05:
                bad = rng.choice(GARBAGE)
                lines.append(bad)
                garbage.append(bad)
        lines += strays
        garbage += strays
        if rng.random() < 0.15:
            bad = self.foreign_order(position, power)
            if bad:
                lines.insert(rng.randrange(len(lines) + 1), bad)
                garbage.append(bad)
        mine = expected.setdefault(power, {})
        for key, canonical in orders.items():
            if self.void_alone(position, canonical):
                continue  # refused on arrival; the unit's earlier order stands
            if key.startswith("WAIVE"):
                key = f"WAIVE{sum(1 for k in mine if k.startswith('WAIVE')) + 1}"
            mine.pop(key, None)  # a new order for the unit is the latest
            mine[key] = canonical
        if position.phase.type == "A":  # surplus: the later orders replace
            owed = len(position.centres_of(power)) - len(position.units_of(power))
            verb = "B" if owed > 0 else "D"
            some = [k for k, o in mine.items() if o == "WAIVE" or o[-1] == verb]
            for key in some[: max(len(some) - abs(owed), 0)]:
                del mine[key]
        body = "\n".join(
            [self.signon(power), *[e for e in extras if e != "CLEAR"], *lines]
        )
        self.log.append(f"{power}: {body!r}")
        was_out = self.in_disorder(power)
        out = self.judge.send(self.address[power], body)
        back = [m for m in out if m.subject == f"{CODE}:{GAME} - Back"]
        if was_out:  # a player in civil disorder who writes again is back
            self.one_each(back)
            assert not self.in_disorder(power)
        else:
            assert not back
        reply = out[0]
        assert reply.to == (self.address[power],)
        self.check_headers(out[1:])
        self.check_press(power, extras, out[1:])
        stored = {p: sorted(t) for p, t in stored_orders(self.judge.db, GAME).items()}
        assert stored.get(power, []) == sorted(mine.values()), (
            self.trail(),
            reply.body,
        )
        if not orders and not garbage:
            return
        got = self.layout.read_reply(reply.body, str(position.phase), turn, power)
        for bad in garbage:
            assert bad in [text for text, _ in got.refused], (bad, reply.body)
        if position.phase.type == "A":
            want = sorted(self.adjustment_words(o) for o in mine.values())
            assert sorted(got.adjustments) == want, (reply.body, want)
        else:
            want = self.reply_lines(position, power, mine)
            key = lambda line: line.unit  # noqa: E731
            assert sorted(got.units, key=key) == sorted(want, key=key), reply.body
        status = self.status(position, power, self.needed.get(power, 0), mine)
        assert got.status.startswith(status), (got.status, status, reply.body)

    def status(self, position: Position, power: str, needed: int, mine) -> str:
        """The start of the reply's status line, from what was ordered."""
        kind = position.phase.type
        if not needed:
            return "No orders are required from you this phase."
        if kind == "A":
            verb = "B" if needed > 0 else "D"
            done = sum(1 for o in mine.values() if o == "WAIVE" or o.endswith(verb))
            missing = max(abs(needed) - done, 0)
            if not missing:
                return "Your adjustment orders are complete."
            return f"{missing} {'build' if needed > 0 else 'removal'}"
        owed = (
            position.units_of(power)
            if kind == "M"
            else [d.unit for d in position.dislodged.values() if d.power == power]
        )
        missing = sum(1 for u in owed if u.province not in mine)
        if not missing:
            return "Orders received for all your units."
        return f"Orders not received for {missing} "

    def check_press(self, power: str, extras: list[str], mails) -> None:
        """Private press reaches the named powers once each (the master
        only under SET ALL PRESS); a broadcast everyone but the sender."""
        press = Counter(a for m in mails if " - Press [press " in m.subject
                        for a in m.to)  # fmt: skip
        want = Counter()
        for line in extras:
            if line == "BROADCAST":
                want.update(a for p, a in self.address.items() if p != power)
                want.update([MASTER, *self.observers])
            elif line.startswith("PRESS TO "):
                names = line.removeprefix("PRESS TO ").split(", ")
                for p in self.board.powers.values():
                    if p.name in names or p.letter in names:
                        want[self.address[p.id]] += 1
        assert press == want, (self.trail(), press, want)

    def check_headers(self, mails) -> None:
        """Every game mail but a reply starts with the identification lines."""
        for m in mails:
            if not m.subject.startswith(f"{CODE}:{GAME} - "):
                continue
            try:
                self.layout.header(m.body.split("\n"))
            except LayoutError as error:
                raise AssertionError(f"{m.subject}: {error}") from None

    def signon(self, power: str) -> str:
        """SIGNON as players write it: any case, a space inside the word."""
        text = signon(self.judge, power)
        style = self.rng.randrange(4)
        if style == 1:
            return text.lower()
        if style == 2:
            return "Sign On" + text[len("SIGNON") :]
        if style == 3:
            return "  " + text.replace(" ", "   ") + "  "
        return text

    def stray_orders(self, position: Position, power: str) -> list[str]:
        """Orders the power cannot give, refused: a retreat for a unit that
        was not dislodged, a build or removal by a power owing none."""
        units = position.units_of(power)
        if not units or position.phase.type == "M":
            return []
        unit = self.rng.choice(units)
        if position.phase.type == "R" or self.rng.random() < 0.5:
            return [f"{unit} D"]
        centres = position.centres_of(power) or ["PAR"]
        return [f"A {self.rng.choice(centres)} B"]

    def void_alone(self, position: Position, canonical: str) -> bool:
        """A movement order the rules void whatever else is ordered (the
        service refuses it as it arrives)."""
        if position.phase.type != "M":
            return False
        order = read_canonical(self.board, position, canonical)
        return order is not None and void_whatever_ordered(self.board, position, order)

    def foreign_order(self, position: Position, power: str) -> str | None:
        """An order for another power's unit: refused, the others stand."""
        theirs = [u for p, u in position.units.values() if p != power]
        if position.phase.type != "M" or not theirs:
            return None
        unit = self.rng.choice(sorted(theirs, key=str))
        return f"{unit} H"

    def draw_vote(self, position: Position) -> bool:
        survivors = [p for p in sorted(self.board.powers) if self.alive(position, p)]
        mails = []
        for power in survivors:
            mails += self.judge.send(
                self.address[power], f"{signon(self.judge, power)}\nSET DRAW"
            )
        self.check_headers(mails)
        game = load_game(self.judge.db, GAME)
        assert game.status == "finished", self.trail()
        over = [m for m in mails if m.subject == f"{CODE}:{GAME} - Game Over"]
        self.one_each(over)
        names = sorted(self.board.powers[p].name for p in survivors)
        assert game.result.startswith("The game has ended in a draw between")
        assert all(name in game.result for name in names)
        self.log.append(f"draw: {names}")
        return True

    # -- processing ------------------------------------------------------------
    def process(self, game, position: Position, expected) -> None:
        judge, phase, turn = self.judge, str(position.phase), game.turn
        subject = f"{CODE}:{GAME} - {phase} Results"
        deadline = judge.deadline()
        mails = []
        times = [judge.now + (deadline - judge.now) * self.rng.random(), deadline,
                 judge.grace_end()]  # fmt: skip
        grace = times[-1]
        self.reminded = False
        for when in times:
            if when < judge.now:
                continue
            late = self.late(position, expected)
            out = judge.tick(when)
            if when == deadline:
                self.check_late_notices(late, out, turn)
            if when == grace:
                self.check_disorder(late, out)
            reminded = Counter(a for m in out if m.subject.endswith(" - Reminder")
                               for a in m.to)  # fmt: skip
            if reminded:  # once, a few hours before the deadline, to the late
                assert when < deadline and not self.reminded
                assert reminded == Counter(self.address[p] for p in late)
                self.reminded = True
            mails += out
            if load_game(judge.db, GAME).turn != turn:
                break
            assert not [m for m in out if m.subject.endswith("Results")]
            if when == deadline and self.rng.random() < 0.5:
                mails += self.late_orders(position, turn, expected)
                if load_game(judge.db, GAME).turn != turn:
                    break
        self.check_headers(mails)
        if judge.now < deadline:  # processed early: nobody asked to wait
            assert not self.waiting, (self.trail(), self.waiting)
        after = load_game(judge.db, GAME)
        assert after.turn == turn + 1, (self.trail(), after)
        again = judge.tick()  # the same moment: nothing more to do
        assert not [m for m in again if m.subject.endswith("Results")]
        assert load_game(judge.db, GAME).turn == turn + 1
        results = [m for m in mails if m.subject == subject]
        self.one_each(results)
        for m in results:  # a map for those who keep maps on, and nobody else
            pictures = [a.filename for a in m.attachments]
            want = [f"{GAME}-{phase}.png"] if m.to[0] in self.observers else []
            assert pictures == want, (m.to, pictures)
        zone = "Deadline in your time zone: "
        bodies = {
            "\n".join(x for x in m.body.split("\n\n") if not x.startswith(zone))
            for m in results
        }
        assert len(bodies) == 1  # the same results for everyone
        zoned = [m for m in results if zone in m.body]
        over = after.status == "finished"
        assert len(zoned) == (0 if over else 1), [m.to for m in zoned]
        self.phases += 1
        for m in results:  # each mail as sent, the zone line included
            self.layout.read_results(m.body, str(position.phase), turn)
        plain = [m.body for m in results if zone not in m.body]
        self.check_turn(position, turn, expected, after, plain[0])

    def late_orders(self, position: Position, turn: int, expected) -> list:
        """After the deadline, in the grace period, the late players send
        complete orders: the phase is then processed within the hour, not
        at the end of grace."""
        judge = self.judge
        judge.later(minutes=20)
        late = self.late(position, expected)
        for power in late:
            orders = self.random_orders(position, power, self.needed[power], False)
            self.log.append(f"{power} sends late orders")
            self.mail(position, turn, power, orders, ["CLEAR"], expected)
        judge.later(minutes=40)
        out = judge.tick()
        assert load_game(judge.db, GAME).turn == turn + 1, (self.trail(), late)
        return out

    def late(self, position: Position, expected) -> list[str]:
        """Powers owing orders they have not all sent, not in disorder."""
        return [
            p for p, n in sorted(self.needed.items())
            if not self.in_disorder(p)
            and not self.status(position, p, n, expected.get(p, {})).startswith(
                ("Orders received", "Your adjustment orders are complete")
            )
        ]  # fmt: skip

    def check_disorder(self, late: list[str], out) -> None:
        """At the end of grace the late powers fall into civil disorder:
        everyone is told once, and the phase is processed."""
        told = [m for m in out if m.subject.endswith(" - Civil Disorder")]
        if not late:
            assert not told
            return
        self.one_each(told)
        names = ", ".join(self.board.powers[p].name for p in late)
        assert all(f"In civil disorder: {names}." in m.body for m in told), names
        assert all(self.in_disorder(p) for p in late)

    def check_late_notices(self, late: list[str], out, turn: int) -> None:
        """At the deadline: the phase is processed if nobody is late, else
        each late player is told, and everyone else hears who is late."""
        processed = load_game(self.judge.db, GAME).turn != turn
        assert processed == (not late), (self.trail(), late)
        if processed:
            return
        told = Counter(a for m in out if m.subject.endswith(" - Late Notice")
                       for a in m.to)  # fmt: skip
        assert told == Counter(self.address[p] for p in late), (told, late)
        others = Counter(a for m in out if m.subject.endswith(" - Late Powers")
                         for a in m.to)  # fmt: skip
        everyone = [*self.address.values(), MASTER, *self.observers]
        want = Counter(a for a in everyone if a not in told)
        assert others == want, (others, want)
        names = ", ".join(self.board.powers[p].name for p in late)
        for m in out:
            if m.subject.endswith(" - Late Powers"):
                assert f"Still waiting for orders from: {names}." in m.body, m.body

    def one_each(self, mails) -> None:
        to = Counter(address for m in mails for address in m.to)
        everyone = [*self.address.values(), MASTER, *self.observers]
        assert to == Counter(everyone), (self.trail(), to)

    def check_turn(self, position, turn, expected, after, body) -> None:
        db = self.judge.db
        row = db.execute(
            "SELECT phase, position, orders, results FROM svc_turns"
            " WHERE game = ? AND turn = ?",
            [GAME, turn],
        ).fetchone()
        assert row is not None and row[0] == str(position.phase)
        assert row[3] == body  # what HISTORY shows is the results mail
        before, orders = json.loads(row[1]), json.loads(row[2])
        assert {p: sorted(t) for p, t in orders.items()} == {
            p: sorted(o.values()) for p, o in expected.items() if o
        }, self.trail()
        answer = handle_request({"state": before, "orders": orders})
        assert "error" not in answer, answer
        assert answer["errors"] == [], answer["errors"]
        assert answer["state"] == json.loads(after.position), self.trail()
        results = self.layout.read_results(body, str(position.phase), turn)
        self.compare(position, answer, results, after)

    def compare(self, position: Position, answer, results: Results, after) -> None:
        board = self.board
        state = answer["state"]
        kind = position.phase.type
        decided = {r["unit"]: r for r in answer["results"] if r["unit"]}
        if kind == "A":
            got = Counter((p, order) for p, order, _ in results.adjustments)
            for r in answer["results"]:
                name = board.powers[r["power"]].name
                if r["order"] == "WAIVE" and r["result"]:
                    continue
                words = self.adjustment_words(r["order"])
                assert got[(name, words)] > 0, (r, results.adjustments)
                got[(name, words)] -= 1
        else:
            units = (
                position.units.values()
                if kind == "M"
                else [(d.power, d.unit) for d in position.dislodged.values()]
            )
            want = []
            for power, unit in units:
                r = decided.get(str(unit))
                words = (
                    self.order_words(position, power, r["order"])
                    if r
                    else "No Order Processed" + (" (DISBAND)" if kind == "R" else "")
                )
                want.append((board.powers[power].name, self.unit_words(unit), words))
            gone = [line for line in results.lines if "dislodged" in line.outcomes]
            assert len(results.dislodged) == len(gone), (results.dislodged, gone)
            got = [(line.power, line.unit, line.order) for line in results.lines]
            assert sorted(got) == sorted(want), (self.trail(), got, want)
            for line in results.lines:
                r = decided.get(self.unit_id(line.unit))
                if r is None:
                    continue
                codes = {"destroyed" if c == "disband" else c for c in r["result"]}
                if kind == "M":  # destroyed only in the dislodged block
                    codes.discard("destroyed")
                assert line.outcomes == codes, (line, r)
        winner = state.get("winner")
        assert results.victory == (board.powers[winner].name if winner else None)
        if results.over is None:
            assert results.phase == state["phase"], (results.phase, state)
            assert not winner
        else:
            assert after.status == "finished" and winner
            assert results.over == after.result
            assert results.over == (
                f"The game has ended in a victory for {board.powers[winner].name}."
            )
            self.log.append(results.over)
        if results.owners:
            want = {
                board.powers[p].name: sorted(board.provinces[c].name for c in centres)
                for p, centres in state["centers"].items()
                if centres
            }
            assert {p: sorted(c) for p, c in results.owners.items()} == want

    # -- words ---------------------------------------------------------------
    def unit_words(self, unit) -> str:
        return f"{UNIT_WORDS[unit.kind]} {full_name(self.board, unit.location)}"

    def unit_id(self, words: str) -> str:
        kind, _, place = words.partition(" ")
        for location in self.board.locations():
            if full_name(self.board, location) == place:
                return f"{kind[0]} {location}"
        raise AssertionError(words)

    def order_words(self, position: Position, power: str, canonical: str) -> str:
        """What the results say after the unit, from a canonical order."""
        name = lambda loc: full_name(self.board, loc)  # noqa: E731
        words = canonical.split()
        verb = words[2]
        if verb == "H":
            return "HOLD"
        if verb in ("-", "R"):
            return f"-> {name(words[3])}"
        if verb == "D":
            return "DISBAND"
        target = position.units.get(province_of(words[4]))
        owner, unit = target if target else (power, None)
        adjective = self.board.powers[owner].adjective + " " if owner != power else ""
        kind = UNIT_WORDS[unit.kind if unit else words[3]]
        place = name(unit.location if unit else words[4])
        text = f"{'SUPPORT' if verb == 'S' else 'CONVOY'} {adjective}{kind} {place}"
        if len(words) > 5:
            text += f" -> {name(words[6])}"
        return text

    def adjustment_words(self, canonical: str) -> str:
        if canonical == "WAIVE":
            return "Build waived"
        kind, location, verb = canonical.split()
        place = full_name(self.board, location)
        if verb == "B":
            return f"Builds {'an army' if kind == 'A' else 'a fleet'} in {place}"
        sea = self.board.provinces[province_of(location)].is_sea
        unit = UNIT_WORDS[kind].lower()
        return f"Removes the {unit} in {'the ' if sea else ''}{place}"

    def reply_lines(self, position, power, mine) -> list[UnitLine]:
        name = self.board.powers[power].name
        if position.phase.type == "M":
            units = position.units_of(power)
            none = "No Order Processed"
        else:
            units = sorted(
                (d.unit for d in position.dislodged.values() if d.power == power),
                key=lambda u: u.location,
            )
            none = "No Order Processed (DISBAND)"
        lines = []
        for unit in units:
            order = mine.get(unit.province)
            words = self.order_words(position, power, order) if order else none
            lines.append(UnitLine(name, self.unit_words(unit), words, frozenset()))
        return lines

    def trail(self) -> str:
        return "\n".join(self.log[-40:])

"""A whole variant game played by mail with random engine orders, checked at
every phase (Imperial, 1913, the rulebook's small games).

A master creates the game; every seat is signed on (Imperial: a few
players name their city with SET PREFERENCE and the master forces the
start; empires JOIN in the first Winter, two newcomers take free cities
and JOIN a year later).  Each phase every seated player mails SIGNON and
the orders `random_orders` (tests/variants) gives their countries, as
canonical text, a seat with several countries heading each country's
orders with `<Country>:`.  The clock jumps to the deadline, then to the
end of grace.  Checks, each phase:

* the phase is processed exactly once (the turn goes up by one, and a
  second tick at the same moment does nothing);
* every player and the master get exactly one results mail for it;
* no order reply refuses one of our canonical lines as not understood,
  or for any reason but those in LEGIT: a fleet's coast, and what the
  rules void whatever else is ordered (a retreat, a build; a move, support
  or convoy where the variant only narrows the standard moves), checked as
  it arrives (every refusal is kept in `refusals`);
* the orders stored are the ones mailed (the last per unit or kind);
* the position stored after the phase is what `judge adjudicate`
  (`handle_request`) gives for the stored previous position and the
  stored orders (phases nobody orders played out, as the service does).
Nothing logged at ERROR: the test module checks that."""

from __future__ import annotations

import json
import random
import sys
from collections import Counter
from pathlib import Path

from harness import MASTER, Judge

from judge.adjudicate import handle_request
from judge.engine.api import initial_position, orders_needed
from judge.engine.serialize import position_from_json
from judge.service.queries import load_game, members, save_position, stored_orders
from judge.service.variant_orders import order_key
from judge.variants import load_variant, variant_seats
from judge.variants.imperial.rules import Join, coastal_centres

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests/
from variants.test_random_games import _head_start, random_orders  # noqa: E402

CODE = "PYJ"
REFUSED = "Refused orders (your other orders stand):"
# What the order language rightly refuses of `random_orders`' canonical text:
# a fleet built inland, or on a two-coast centre without its coast.
LEGIT = (
    "a fleet cannot be built in ",
    "a fleet built in ",
    "the rules of this game do not let ",  # a build the variant voids
    "the army in ",  # ... cannot retreat (move, support) to ...: void
    "the fleet in ",
    "no fleet at sea could convoy ",  # a move only a convoy could make
    "only a fleet at sea can convoy",
)


def pw(address: str) -> str:
    return "pw-" + address.split("@")[0]


class VariantGame:
    def __init__(self, judge: Judge, variant: str, seed: int, years: int,
                 name: str = "vg", founders: int = 4, newcomers: int = 2):  # fmt: skip
        self.judge = judge
        self.variant = variant
        self.name = name
        self.rng = random.Random(seed)
        self.board, _ = load_variant(variant)
        self.imperial = self.kind == "imperial"
        self.years = years
        self.founders, self.newcomers = founders, newcomers
        self.joining: dict[str, str] = {}  # power -> its city, to JOIN this phase
        self.newcomers_due = False  # newcomers still to take cities (Imperial)
        self.names: dict[str, str] = {}  # city -> the name its empire JOINs with
        self.rigged = False
        self.maps_off: set[str] = set()
        self.last_year = 0
        self.phases = 0
        self.refusals: list[tuple[str, str, str, str]] = []  # phase, country, text, why
        self.log: list[str] = []

    @property
    def kind(self) -> str | None:
        return self.board.data.get("variant", {}).get("rules")

    # -- forming -------------------------------------------------------------
    def start(self) -> None:
        judge, name = self.judge, self.name
        judge.db.execute("PRAGMA synchronous = OFF")  # speed, not safety
        judge.send(MASTER, f"CREATE ?{name} pw-master {self.variant}\nBECOME MASTER")
        if self.imperial:
            chosen = self.rng.sample(coastal_centres(self.board), self.founders)
            self.newcomers_due = True
            for i, city in enumerate(chosen):
                address = f"v{i + 1}@example.org"
                out = judge.send(
                    address, f"SIGNON ?{name} {pw(address)}\nSET PREFERENCE {city}"
                )
                assert "Your preference: " in out[0].body, out[0].body
            judge.send(MASTER, f"SIGNON M{name} pw-master\nFORCE BEGIN\nSET MAP OFF")
            for city in chosen:
                assert judge.seat(f"EMPIRE_{city}", name) is not None
                self.joining[f"EMPIRE_{city}"] = city
            self.names = {city: f"Realm{i}" for i, city in enumerate(chosen[::2])}
        else:
            seats = variant_seats(self.board, initial_position(self.board))
            for i in range(len(seats)):
                address = f"v{i + 1}@example.org"
                judge.send(address, f"SIGNON ?{name} {pw(address)}")
        if not self.imperial:
            judge.send(MASTER, f"SIGNON M{name} pw-master\nSET MAP OFF")
        game = load_game(judge.db, name)
        assert game.status == "active", game
        start = game.current(self.board).phase.year
        if self.imperial:  # W1900A only: the years played start with 1901
            start += 1
        self.last_year = start + self.years - 1

    def seats(self) -> dict[str, list[str]]:
        """Address -> the countries that player orders now."""
        out: dict[str, list[str]] = {}
        for m in members(self.judge.db, self.name, "player"):
            if m.power and m.state != "resigned":
                out.setdefault(m.address, []).append(m.power)
        return out

    # -- playing -------------------------------------------------------------
    def play(self) -> str:
        self.start()
        while True:
            game = load_game(self.judge.db, self.name)
            if game.status == "finished":
                return game.result
            position = game.current(self.board)
            if position.phase.year > self.last_year:
                return "stopped"
            self.phase(game, position)

    def phase(self, game, position) -> None:
        phase, turn = str(position.phase), game.turn
        self.log.append(f"--- {phase} (turn {turn})")
        if self.imperial and phase == "S1901M" and not self.rigged:
            position = self.head_start(position)
            game = load_game(self.judge.db, self.name)
        if self.newcomers_due and position.phase.year == 1902:
            self.newcomers_take_cities(position)
        orders = random_orders(self.board, position, self.rng)
        for power, city in self.joining.items():
            join = Join(city, self.names.get(city, ""))
            orders.setdefault(power, []).insert(0, join)
        joined, self.joining = self.joining, {}
        sent: dict[str, dict[str, str]] = {}
        for address, powers in self.seats().items():
            mine = [(p, orders.pop(p)) for p in powers if p in orders]
            if mine:
                self.mail(position, address, powers, mine, sent)
        for power, left in orders.items():  # countries nobody plays
            self.log.append(f"unseated {power}: {[o.canonical() for o in left]}")
        stored = stored_orders(self.judge.db, self.name)
        assert {p: sorted(t) for p, t in stored.items()} == {
            p: sorted(o.values()) for p, o in sent.items() if o
        }, self.trail()
        self.process(game, position)
        if joined:
            self.check_joined(joined)

    def mail(self, position, address, powers, mine, sent) -> None:
        board, phase = self.board, str(position.phase)
        headed = len(powers) > 1
        lines = [f"SIGNON {board.powers[powers[0]].letter}{self.name} {pw(address)}"]
        if address not in self.maps_off:  # drawing maps: other tests
            lines.append("SET MAP OFF")
            self.maps_off.add(address)
        ours: dict[str, str] = {}  # text -> the country it was written for
        for power, orders in mine:
            if headed:
                lines.append(f"{board.powers[power].name}:")
            kept = sent.setdefault(power, {})
            waives = 0
            for order in orders:
                text = order.canonical()
                lines.append(text)
                ours[text] = power
                waives += text == "WAIVE"
                key = order_key(order, waives)
                kept.pop(key, None)
                kept[key] = text
        body = "\n".join(lines)
        self.log.append(f"{address}: {body!r}")
        reply = self.judge.send(address, body)[0]
        assert reply.to == (address,)
        for text, why in refused_lines(reply.body):
            self.refusals.append((phase, ours.get(text, ",".join(powers)), text, why))
            self.log.append(f"refused: {text}: {why}")
            assert text in ours and why.startswith(LEGIT), (self.trail(), reply.body)
            # a refused line was not stored
            for power, _ in mine:
                for key, kept in list(sent.get(power, {}).items()):
                    if kept == text:
                        del sent[power][key]

    def head_start(self, position):
        """Once the first empires have joined: each takes two more neutral
        centres (their garrisons gone), so Winters come with builds, fleets
        with multi-step moves, barbarian armies raised (tests/variants)."""
        position = _head_start(self.board, position, self.rng)
        with self.judge.db.conn:
            save_position(self.judge.db, self.name, self.board, position)
        self.rigged = True
        self.log.append("rigged: two more centres per empire")
        return position

    def check_joined(self, joined: dict[str, str]) -> None:
        """A JOIN takes effect at the next movement phase when the city is
        still neutral and empty but for its garrison (IMP-2)."""
        after = load_game(self.judge.db, self.name).current(self.board)
        empires = after.extra.get("empires", {})
        for power, city in joined.items():
            if power in empires:
                continue
            taken = after.centres.get(city) != "NEUTRAL" or (
                after.power_at(city) not in (None, "NEUTRAL")
            )
            assert taken, (self.trail(), power, empires)
            self.log.append(f"JOIN {city} failed: the city was taken")

    def newcomers_take_cities(self, position) -> None:
        """Newcomers sign on to free cities of the running game (nobody's
        seat, still neutral) and JOIN."""
        held = {m.power for m in members(self.judge.db, self.name, "player")}
        free = [
            c for c in coastal_centres(self.board)
            if f"EMPIRE_{c}" not in held and position.centres.get(c) == "NEUTRAL"
        ]  # fmt: skip
        for i, city in enumerate(self.rng.sample(free, self.newcomers)):
            address = f"new{i + 1}@example.org"
            out = self.judge.send(address, f"SIGNON {city}{self.name} {pw(address)}")
            assert "You have taken over Empire of" in out[0].body, out[0].body
            self.joining[f"EMPIRE_{city}"] = city
            self.log.append(f"{address} takes {city}")
        self.newcomers_due = False

    def process(self, game, position) -> None:
        judge, name, turn = self.judge, self.name, game.turn
        phase = str(position.phase)
        mails = []
        for when in (judge.deadline(name), judge.grace_end(name)):
            if when >= judge.now:
                mails += judge.tick(when)
            if load_game(judge.db, name).turn != turn:
                break
            assert not [m for m in mails if m.subject.endswith(" Results")]
        after = load_game(judge.db, name)
        assert after.turn == turn + 1, (self.trail(), after.turn)
        again = judge.tick()
        assert not [m for m in again if m.subject.endswith(" Results")]
        assert load_game(judge.db, name).turn == turn + 1
        results = [m for m in mails if m.subject == f"{CODE}:{name} - {phase} Results"]
        assert len(results) == len([m for m in mails if "Results" in m.subject])
        got = Counter(a for m in results for a in m.to)
        want = Counter([*self.seats(), MASTER])
        assert got == want, (self.trail(), got, want)
        self.phases += 1
        self.replay(game, after)

    def replay(self, game, after) -> None:
        """The stored turn, adjudicated again by `judge adjudicate`."""
        row = self.judge.row(
            "SELECT position, orders FROM svc_turns WHERE game = ? AND turn = ?",
            [self.name, game.turn],
        )
        before, orders = json.loads(row[0]), json.loads(row[1])
        assert before == json.loads(game.position)
        self.check_refused_are_void(game, before, orders)
        request = {"variant": game.variant, "state": before, "orders": orders}
        answer = handle_request(request)
        assert "error" not in answer, answer
        assert answer["errors"] == [], (self.trail(), answer["errors"])
        state = answer["state"]
        for _ in range(8):  # phases nobody orders, played out as the service does
            position = position_from_json(self.board, state)
            if position.winner or any(orders_needed(self.board, position).values()):
                break
            answer = handle_request({"variant": game.variant, "state": state})
            assert "error" not in answer, answer
            state = answer["state"]
        assert state == json.loads(after.position), self.trail()

    def check_refused_are_void(self, game, before: dict, orders: dict) -> None:
        """Each order refused as void on arrival this phase is void indeed:
        `judge adjudicate` voids it when put back in place of its power's
        order for the same unit (a build: alone among the power's orders)."""
        phase = before["phase"]
        for when, owner, text, why in self.refusals:
            if when != phase or why.startswith(LEGIT[:2]):  # coasts: unread
                continue
            place = text.split()[1].split("/")[0]
            kept = [
                o for o in orders.get(owner, [])
                if not text.endswith(" B") and o.split()[1].split("/")[0] != place
            ]  # fmt: skip
            request = {"variant": game.variant, "state": before,
                       "orders": {**orders, owner: [*kept, text]}}  # fmt: skip
            answer = handle_request(request)
            found = [r for r in answer["results"] if r["power"] == owner
                     and r["order"] == text]  # fmt: skip
            assert found and "void" in found[0]["result"], (
                self.trail(),
                text,
                why,
                answer["results"],
            )

    def trail(self) -> str:
        return "\n".join(self.log[-30:])


def refused_lines(body: str) -> list[tuple[str, str]]:
    """(text, reason) pairs of a reply's refused orders."""
    if REFUSED not in body:
        return []
    out = []
    for line in body.split(REFUSED, 1)[1].split("\n")[1:]:
        if not line.startswith("  "):
            break
        text, _, why = line.strip().partition(": ")
        out.append((text, why))
    return out

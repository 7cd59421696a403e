"""Random games adjudicated by our engine and by the `diplomacy` package.

Run from a checkout, under the project's environment:

    uv run python scripts/compare_engines.py --other-python VENV/bin/python \
        [--games 100] [--seed 1] [--first 0] [--phases 40] \
        [--start opening|random] [--variant standard] [--all]

`--other-python` is the interpreter of a separate virtual environment where
the `diplomacy` package (MILA, 1.1.2) is installed (`python -m venv VENV &&
VENV/bin/pip install diplomacy==1.1.2`); it is never a dependency of this
project.  That interpreter runs a small co-process (the WORKER text below,
written for this script) which holds the other engine's games and answers
JSON lines on its standard input; our engine runs in this process through
`judge adjudicate`'s request handler, so every request printed can be
replayed with `uv run judge adjudicate`.

Games start from the standard opening, or (`--start random`) from a busy
random position of judge.engine.sampling.  Every phase the other engine lists
the orders possible for every unit; the script draws one order per unit with
a bias toward orders that interact (supports of moves actually ordered,
holds supported, convoy chains for armies ordered to sail, attacks on the
convoying fleets), so stand-offs, cut supports, dislodgements, disrupted
convoys and convoy paradoxes occur.  Both engines adjudicate the same orders
(those the other engine accepted) and the script compares the units after
the phase, the dislodged units and their retreat options, the centre
ownership and the next phase needing orders (phases where nobody has
anything to order are skipped on both sides).  Game `n` of seed `s` draws
from `random.Random(s * 1_000_003 + n)`, so `--first n --games 1` replays it.

A difference is printed as a `judge adjudicate` request line, both outcomes
and both engines' order results.  The script then tries to explain it by
adjudicating again without the suspected cause (under the other rule set,
with the suspect orders changed); if both engines then agree the difference
is counted under that cause, the game goes on from the other engine's
position, and only `--all` prints it.  An unexplained difference ends its
game and makes the exit status 1.

Known differences, all where our documented rule choice differs from the
other engine's or where it departs from the DATC v3.0 (docs/rules.md,
"Checked against another engine"):

* land-route fallback (DATC 4.A.3; 6.G.8, 6.G.11, 6.G.20): the other engine
  lets an army ordered `VIA` walk when no fleet is ordered to convoy it
  (6.G.8) but not when its convoy is disrupted or in a paradox (6.G.11,
  6.G.20).  Our default rules fall back to the land route in both, rules=2023
  in neither, so each rule set differs on one of the two.
* civil-disorder removals (4.D.8, 6.J), under rules=2023 only: the other
  engine measures the distance to home centres, as our default rules do.
* civil-disorder tie-break by abbreviation (6.J.4, 6.J.6): at equal distance
  the other engine removes by abbreviation (MAO before MAR), the DATC by the
  English names (Marseilles before Mid-Atlantic Ocean).
* support against own unit (5.A's head-to-head example, 6.D.12-6.D.14,
  6.F.4): the other engine voids a support of an attack on the supporter's
  own unit (so it adds nothing to the defend strength of a head-to-head
  battle), and counts the support of a convoyed attack given by the attacked
  unit's own power.
* retreat to a province left vacant by a stand-off (6.H.6): the other engine
  offers such provinces to a unit dislodged by a convoyed army (the
  attacker's origin among them, 4.A.5), whether or not the dislodged unit
  took part in the stand-off; after an attack over land it does not.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import random
import subprocess
import sys
from collections import Counter

from judge.adjudicate import handle_request
from judge.engine.adjustments import _civil_disorder, adjustment_counts
from judge.engine.api import initial_position
from judge.engine.sampling import random_position
from judge.engine.serialize import position_from_json, position_to_json
from judge.engine.tables import tables
from judge.variants import load_variant

WORKER = r"""
import json, sys
from diplomacy import Game

games = {}


def snapshot(game):
    state = game.get_state()
    phase = game.get_current_phase()
    possible = {}
    if phase != "COMPLETED":
        every = game.get_all_possible_orders()
        for power in game.powers:
            locs = game.get_orderable_locations(power)
            possible[power] = {loc: sorted(every.get(loc, [])) for loc in locs}
    units = {p: sorted(u for u in game.get_units(p) if not u.startswith("*"))
             for p in game.powers}
    # The state's raw list of retreats names occupied provinces too; the
    # possible orders are the real options.
    retreats = {}
    if phase.endswith("R"):
        for power, locs in possible.items():
            for opts in locs.values():
                for order in opts:
                    w = order.split()
                    unit = w[0] + " " + w[1]
                    retreats.setdefault(power, {}).setdefault(unit, [])
                    if w[2] == "R":
                        retreats[power][unit].append(w[3])
    return {
        "phase": phase,
        "done": game.is_game_done,
        "units": units,
        "centers": {p: sorted(game.get_centers(p)) for p in game.powers},
        "retreats": {p: {u: sorted(ls) for u, ls in r.items()}
                     for p, r in retreats.items()},
        "builds": state["builds"],
        "possible": possible,
    }


def needs_orders(snap):
    if snap["done"] or snap["phase"] == "COMPLETED":
        return True
    kind = snap["phase"][-1]
    if kind == "R":
        return any(ls for r in snap["retreats"].values() for ls in r.values())
    if kind == "A":
        return any(b["count"] < 0 or (b["count"] > 0 and b["homes"])
                   for b in snap["builds"].values())
    return True


def run(game, orders):
    for power, mine in orders.items():
        game.set_orders(power, mine)
    accepted = {p: list(os) for p, os in game.get_orders().items() if os}
    processed = game.get_current_phase()
    game.process()
    results = game.result_history[processed]
    after = snapshot(game)
    nxt = after
    skipped = []
    while not needs_orders(nxt):
        skipped.append(nxt["phase"])
        game.process()
        nxt = snapshot(game)
    return {
        "accepted": accepted,
        "results": {u: [str(r) for r in rs] for u, rs in results.items()},
        "after": after,
        "next": nxt,
        "skipped": skipped,
    }


def game_at(state):  # a game standing at a movement phase's state
    game = Game()
    game.clear_units()
    game.clear_centers()
    game.set_current_phase(state["phase"])
    for power, units in state["units"].items():
        game.set_units(power, units)
    for power, centers in state["centers"].items():
        game.set_centers(power, centers)
    return game


for line in sys.stdin:
    req = json.loads(line)
    op = req["op"]
    if op == "new":
        game = games["main"] = Game()
        reply = {"next": snapshot(game)}
    elif op == "process":
        reply = run(games["main"], req["orders"])
    elif op == "setup":  # the main game from a movement phase's state
        game = games["main"] = game_at(req["state"])
        reply = {"next": snapshot(game)}
    elif op == "adjudicate":  # a movement phase, in a game of its own
        reply = run(game_at(req["state"]), req["orders"])
    else:
        reply = {"error": "unknown op " + op}
    sys.stdout.write(json.dumps(reply) + "\n")
    sys.stdout.flush()
"""


class Other:
    """The other engine, one game at a time, as a co-process."""

    def __init__(self, python: str):
        self.proc = subprocess.Popen(
            [python, "-c", WORKER],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )

    def ask(self, request: dict) -> dict:
        assert self.proc.stdin and self.proc.stdout
        self.proc.stdin.write(json.dumps(request) + "\n")
        self.proc.stdin.flush()
        line = self.proc.stdout.readline()
        if not line:
            raise RuntimeError("the other engine's co-process stopped")
        return json.loads(line)

    def close(self) -> None:
        if self.proc.stdin:
            self.proc.stdin.close()
        self.proc.wait(timeout=30)


# --- drawing orders -------------------------------------------------------


def _province(loc: str) -> str:
    return loc.split("/")[0]


def _parts(order: str) -> list[str]:
    return order.split()


def _is_move(order: str) -> bool:
    w = _parts(order)
    return len(w) >= 4 and w[2] == "-"


def draw_movement(rng: random.Random, possible: dict) -> dict[str, list[str]]:
    """One order per unit, biased toward orders that interact."""
    units: dict[str, tuple[str, str, list[str]]] = {}  # province -> power, unit, opts
    for power, locs in possible.items():
        for opts in locs.values():
            if not opts:
                continue
            w = _parts(opts[0])
            units[_province(w[1])] = (power, f"{w[0]} {w[1]}", opts)
    chosen: dict[str, str] = {}
    deferred = []
    for prov in rng.sample(sorted(units), len(units)):
        _power, unit, opts = units[prov]
        moves = [o for o in opts if _is_move(o)]
        roll = rng.random()
        if roll < 0.07:
            chosen[prov] = f"{unit} H"
        elif roll < 0.5 and moves:
            via = [o for o in moves if o.endswith(" VIA")]
            if via and rng.random() < 0.4:
                order = rng.choice(via)
                if rng.random() < 0.25:
                    order = order[: -len(" VIA")]
            else:
                plain = [o for o in moves if not o.endswith(" VIA")] or moves
                order = rng.choice(plain)
            chosen[prov] = order
        else:
            deferred.append(prov)
    # Convoy chains for the armies ordered across water.
    for order in list(chosen.values()):
        w = _parts(order)
        if w[0] != "A" or not _is_move(order):
            continue
        wanted = f"C A {w[1]} - {w[3]}"
        for other in list(deferred):
            _p, unit, opts = units[other]
            if f"{unit} {wanted}" in opts and rng.random() < 0.85:
                chosen[other] = f"{unit} {wanted}"
                deferred.remove(other)
    # Attacks on convoying fleets, so convoys get disrupted (and, with the
    # supports below, paradoxes arise).
    for prov, order in list(chosen.items()):
        if " C A " not in order or rng.random() < 0.5:
            continue
        attackers = [
            (other, o)
            for other, (_p, unit, opts) in units.items()
            if " C A " not in chosen.get(other, "")
            for o in opts
            if _is_move(o) and _province(_parts(o)[3]) == prov
        ]
        if attackers:
            other, o = rng.choice(attackers)
            chosen[other] = o
            if other in deferred:
                deferred.remove(other)
    # Supports: of moves actually ordered, or of units not moving.
    for prov in deferred:
        _p, unit, opts = units[prov]
        useful = []
        for o in opts:
            w = _parts(o)
            if len(w) < 5 or w[2] not in ("S", "C"):
                continue
            target = _province(w[4])
            theirs = chosen.get(target)
            if w[2] == "S" and len(w) == 5:
                if theirs is None or not _is_move(theirs):
                    useful.append(o)
            elif theirs is not None and _is_move(theirs):
                tw = _parts(theirs)
                if _province(tw[3]) == _province(w[6]) and tw[1] == w[4]:
                    useful.append(o)
        roll = rng.random()
        if useful and roll < 0.8:
            chosen[prov] = rng.choice(useful)
        elif roll < 0.95:
            chosen[prov] = rng.choice(opts)
        # else: no order, the unit holds
    orders: dict[str, list[str]] = {}
    for prov, order in chosen.items():
        orders.setdefault(units[prov][0], []).append(order)
    return orders


def draw_retreats(rng: random.Random, possible: dict) -> dict[str, list[str]]:
    orders: dict[str, list[str]] = {}
    for power, locs in possible.items():
        for opts in locs.values():
            if opts and rng.random() > 0.08:
                orders.setdefault(power, []).append(rng.choice(opts))
    return orders


def draw_adjustments(
    rng: random.Random, possible: dict, builds: dict
) -> dict[str, list[str]]:
    orders: dict[str, list[str]] = {}
    for power, locs in possible.items():
        count = builds.get(power, {}).get("count", 0)
        if count == 0:
            continue
        n = abs(count)
        if rng.random() < 0.15:
            n = rng.randrange(n)  # fewer: waived builds or civil disorder
        per_site = [[o for o in opts if o != "WAIVE"] for opts in locs.values() if opts]
        per_site = [opts for opts in per_site if opts]
        rng.shuffle(per_site)
        mine = [rng.choice(opts) for opts in per_site[:n]]
        if count > 0 and len(mine) < count and rng.random() < 0.5:
            mine.append("WAIVE")
        if mine:
            orders[power] = mine
    return orders


# --- comparing -----------------------------------------------------------


def ours_outcome(response: dict, phase_type: str, before: dict | None = None) -> dict:
    """Our outcome; `before` (the request's state) finds the units without
    orders that were dislodged and disbanded (responses list ordered units
    only)."""
    state = response["state"]
    dislodged = {
        d["unit"]: sorted(d["retreats"])
        for entries in state["dislodged"].values()
        for d in entries
    }
    if phase_type == "M":
        for r in response["results"]:
            if "dislodged" in r["result"] and r["unit"] not in dislodged:
                dislodged[r["unit"]] = []
        if before is not None:
            moved = {
                r["unit"]
                for r in response["results"]
                if not r["result"] and _is_move(r["order"])
            }
            after = {(p, u) for p, us in state["units"].items() for u in us}
            for power, units in before["units"].items():
                for unit in units:
                    if (power, unit) not in after and unit not in moved:
                        dislodged.setdefault(unit, [])
    return {
        "units": {p: sorted(us) for p, us in state["units"].items() if us},
        "dislodged": dict(sorted(dislodged.items())),
        "centers": {p: sorted(cs) for p, cs in state["centers"].items() if cs},
        "phase": state["phase"],
        "winner": state.get("winner"),
    }


def other_outcome(reply: dict, phase_type: str) -> dict:
    after, nxt = reply["after"], reply["next"]
    dislodged = {}
    if phase_type == "M":
        options = {}
        if after["phase"].endswith("R"):
            for entries in after["retreats"].values():
                options.update(entries)
        for unit, codes in reply["results"].items():
            if "dislodged" in codes:
                dislodged[unit] = sorted(options.get(unit, []))
    return {
        "units": {p: us for p, us in nxt["units"].items() if us},
        "dislodged": dict(sorted(dislodged.items())),
        "centers": {p: cs for p, cs in nxt["centers"].items() if cs},
        "phase": nxt["phase"],
        "winner": None,
    }


def differences(ours: dict, theirs: dict, done: bool) -> list[str]:
    found = [k for k in ("units", "dislodged", "centers") if ours[k] != theirs[k]]
    if done:
        if not ours["winner"]:
            found.append("phase")
    elif ours["phase"] != theirs["phase"]:
        found.append("phase")
    return found


def _agree(request: dict, other: Other, variant: str | None = None) -> bool:
    """Whether both engines agree on this movement request."""
    if variant is not None:
        request = {**request, "variant": variant}
    response = handle_request(request)
    if "error" in response:
        return False
    reply = other.ask(
        {"op": "adjudicate", "state": request["state"], "orders": request["orders"]}
    )
    ours = ours_outcome(response, "M", request["state"])
    theirs = other_outcome(reply, "M")
    return not differences(ours, theirs, reply["next"]["done"])


def _without_own_unit_supports(request: dict) -> dict | None:
    """The request with supports of attacks on the supporter's own units
    turned into holds (None if there are none)."""
    owner = {
        _province(u.split()[1]): p
        for p, us in request["state"]["units"].items()
        for u in us
    }

    def hold(power: str, text: str) -> str:
        w = text.split()
        if len(w) == 7 and w[2] == "S" and owner.get(_province(w[6])) == power:
            return f"{w[0]} {w[1]} H"
        return text

    return _rewritten(request, hold)


def _rewritten(request: dict, rewrite) -> dict | None:
    """The request with each order text passed through `rewrite(power,
    text)`, or None when no text changed."""
    orders = {
        power: [rewrite(power, text) for text in texts]
        for power, texts in request["orders"].items()
    }
    return {**request, "orders": orders} if orders != request["orders"] else None


def classify(
    request: dict, response: dict, reply: dict, kinds: list[str], other: Other
) -> str:
    """Name a difference after a known departure when re-adjudicating without
    its cause makes the engines agree, else 'unexplained'."""
    kind = request["state"]["phase"][-1]
    # The other rule set: the land-route fallback and civil-disorder removals
    # are where the two differ.
    alternative = {
        "standard": "standard:rules=2023",
        "standard:rules=2023": "standard",
    }.get(request["variant"])
    if alternative and kind != "R":
        again = handle_request({**request, "variant": alternative})
        if "error" not in again and not differences(
            ours_outcome(again, kind, request["state"]),
            other_outcome(reply, kind),
            reply["next"]["done"],
        ):
            if kind == "A":
                return "civil-disorder removals (4.D.8, 6.J)"
            return "land-route fallback (4.A.3)"
    if kind == "A" and _cd_by_abbreviation(request, response, reply):
        if request["variant"].endswith("rules=2023"):
            return "civil-disorder removals + tie-break by abbreviation"
        return "civil-disorder tie-break by abbreviation (6.J.4, 6.J.6)"
    if kind != "M":
        return "unexplained"
    # (A unit left without retreats skips our retreat phase: the next phase
    # differs too.)
    if set(kinds) <= {"dislodged", "phase"} and _retreat_standoff(
        request, response, reply
    ):
        return "retreat to a province left vacant by a stand-off (6.H.6)"
    # The other engine falls back to the land route only when no fleet is
    # ordered to convoy (6.G.8) and not when the convoy fails (6.G.11,
    # 6.G.20): under rules=2023 without VIA on such moves the engines agree.
    y2023 = "standard:rules=2023" if alternative else None
    stripped = _without_unconvoyed_via(request) if y2023 else None
    own = _without_own_unit_supports(request)
    both = _without_unconvoyed_via(own) if own and y2023 else None
    tries = [
        (stripped, y2023, "land-route fallback (4.A.3; 6.G.8 vs 6.G.11, 6.G.20)"),
        (own, None, "support against own unit (6.D.12-6.D.14, 6.F.4)"),
        (own, alternative, "support against own unit + land-route fallback"),
        (both, y2023, "support against own unit + land-route fallback"),
    ]
    for changed, variant, name in tries:
        if changed is not None and _agree(changed, other, variant):
            return name
    return "unexplained"


def _without_unconvoyed_via(request: dict) -> dict | None:
    """The request with `VIA` dropped from armies no fleet is ordered to
    convoy (None if there are none)."""
    convoyed = {
        (w[4], w[6])
        for texts in request["orders"].values()
        for w in (t.split() for t in texts)
        if len(w) == 7 and w[2] == "C"
    }

    def plain(_power: str, text: str) -> str:
        w = text.split()
        if text.endswith(" VIA") and (w[1], w[3]) not in convoyed:
            return text[: -len(" VIA")]
        return text

    return _rewritten(request, plain)


def _cd_by_abbreviation(request: dict, response: dict, reply: dict) -> bool:
    """Whether the other engine's removals are ours with equally distant
    units taken in the order of their abbreviations (the DATC prefers the
    English names: Marseilles before Mid-Atlantic Ocean)."""
    # The other engine's distance is to home centres, as in our default rules.
    board, _rules = load_variant(request["variant"])
    position = position_from_json(board, request["state"])
    units = dict(position.units)
    for r in response["results"]:
        if r["order"].endswith(" D") and not r["result"]:
            units.pop(_province(r["unit"].split()[1]), None)
    t = tables(board)
    by_abbreviation = dataclasses.replace(t, names={p: p for p in t.names})
    disorder: set[str] = set()
    for power, count in adjustment_counts(board, position).items():
        left = (
            -count
            - sum(1 for p, _u in position.units.values() if p == power)
            + sum(1 for p, _u in units.values() if p == power)
        )
        if count >= 0 or left <= 0:
            continue
        disorder.add(power)
        order = _civil_disorder(by_abbreviation, position, units, power, False)
        for unit in order[:left]:
            del units[unit.province]
    # Our units, but for the powers in civil disorder those predicted.
    predicted = {
        p: us
        for p, us in ours_outcome(response, "A")["units"].items()
        if p not in disorder
    }
    for power, unit in units.values():
        if power in disorder:
            predicted.setdefault(power, []).append(str(unit))
    predicted = {p: sorted(us) for p, us in predicted.items() if us}
    return predicted == other_outcome(reply, "A")["units"]


def _retreat_standoff(request: dict, response: dict, reply: dict) -> bool:
    """Only retreat options differ, the other engine offering provinces left
    vacant by a stand-off (DATC 6.H.6)."""
    ours = ours_outcome(response, "M", request["state"])["dislodged"]
    theirs = other_outcome(reply, "M")["dislodged"]
    if set(ours) != set(theirs):
        return False
    occupied = {
        _province(u.split()[1])
        for us in response["state"]["units"].values()
        for u in us
    }
    standoffs = {
        _province(r["order"].split()[3])
        for r in response["results"]
        if r["unit"] and _is_move(r["order"]) and "bounce" in r["result"]
    } - occupied
    for unit in ours:
        if set(ours[unit]) - set(theirs[unit]):
            return False
        extra = {_province(loc) for loc in set(theirs[unit]) - set(ours[unit])}
        if not extra <= standoffs:
            return False
    return True


# --- the games -----------------------------------------------------------


def state_from(snap: dict) -> dict:
    """The other engine's position in the `judge adjudicate` state form."""
    dislodged = {}
    for power, entries in snap["retreats"].items():
        for unit, locs in sorted(entries.items()):
            if locs:
                dislodged.setdefault(power, []).append(
                    {"unit": unit, "retreats": sorted(locs)}
                )
    return {
        "phase": snap["phase"],
        "units": {p: us for p, us in snap["units"].items() if us},
        "centers": {p: cs for p, cs in snap["centers"].items() if cs},
        "dislodged": dislodged,
    }


def play(
    other: Other,
    rng: random.Random,
    variant: str,
    max_phases: int,
    tally: Counter,
    shown: list[dict],
    start: str = "opening",
) -> dict | None:
    """One game.  Known differences go to `shown` and the game goes on from
    the other engine's position; returns the first unexplained difference
    (or None)."""
    board, _rules = load_variant(variant)
    if start == "random":
        phase = rng.choice(["S1901M", "F1901M"])
        position = random_position(board, rng, rng.randint(18, 34), phase)
        state = position_to_json(board, position)
        snap = other.ask({"op": "setup", "state": state})["next"]
    else:
        state = position_to_json(board, initial_position(board))
        snap = other.ask({"op": "new"})["next"]
    for _ in range(max_phases):
        if snap["done"] or snap["phase"] == "COMPLETED":
            return None
        phase = snap["phase"]
        kind = phase[-1]
        if kind == "M":
            orders = draw_movement(rng, snap["possible"])
        elif kind == "R":
            orders = draw_retreats(rng, snap["possible"])
        else:
            orders = draw_adjustments(rng, snap["possible"], snap["builds"])
        reply = other.ask({"op": "process", "orders": orders})
        accepted = reply["accepted"]
        request = {
            "id": phase,
            "variant": variant,
            "state": state,
            "orders": accepted,
        }
        response = handle_request(request)
        tally["phases"] += 1
        tally[f"phases {kind}"] += 1
        if "error" in response or response["errors"]:
            return {"kinds": ["request"], "request": request, "ours": response}
        for r in response["results"]:  # what the phases exercised
            for code in r["result"]:
                tally[f"results: {code}"] += 1
            if " C A " in r["order"] and not r["result"]:
                tally["results: convoy orders without failure"] += 1
        ours = ours_outcome(response, kind, request["state"])
        theirs = other_outcome(reply, kind)
        kinds = differences(ours, theirs, reply["next"]["done"])
        state = response["state"]
        snap = reply["next"]
        if kinds:
            diff = {
                "kinds": kinds,
                "request": request,
                "ours": response,
                "theirs": theirs,
                "reply": reply,
                "class": classify(request, response, reply, kinds, other),
            }
            if diff["class"] == "unexplained":
                return diff
            shown.append(diff)
            state = state_from(snap)
    return None


def report(diff: dict, out) -> None:
    print(
        f"--- difference in {', '.join(diff['kinds'])}: {diff.get('class')}", file=out
    )
    print("request:", json.dumps(diff["request"]), file=out)
    ours = diff["ours"]
    if "theirs" not in diff:
        print("ours:", json.dumps(ours), file=out)
        return
    phase_type = diff["request"]["state"]["phase"][-1]
    mine = ours_outcome(ours, phase_type, diff["request"]["state"])
    theirs = diff["theirs"]
    for key in diff["kinds"]:
        print(f"ours   {key}: {json.dumps(mine[key])}", file=out)
        print(f"theirs {key}: {json.dumps(theirs[key])}", file=out)
    print(
        "ours results:",
        json.dumps([(r["order"], r["result"]) for r in ours["results"]]),
        file=out,
    )
    print("theirs results:", json.dumps(diff["reply"]["results"]), file=out)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--other-python",
        required=True,
        help="python of the virtual environment holding the diplomacy package",
    )
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument(
        "--first", type=int, default=0, help="number of the first game (replays)"
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--phases", type=int, default=40, help="per game, at most")
    parser.add_argument("--variant", default="standard")
    parser.add_argument(
        "--start",
        choices=["opening", "random"],
        default="opening",
        help="games start from the opening or from random busy positions",
    )
    parser.add_argument(
        "--all", action="store_true", help="print known differences too"
    )
    args = parser.parse_args(argv)
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 20_000))
    other = Other(args.other_python)
    tally: Counter = Counter()
    try:
        for n in range(args.first, args.first + args.games):
            rng = random.Random(args.seed * 1_000_003 + n)
            known: list[dict] = []
            diff = play(other, rng, args.variant, args.phases, tally, known, args.start)
            tally["games"] += 1
            for d in known + ([diff] if diff else []):
                cls = d.get("class", "unexplained")
                tally[f"difference: {cls}"] += 1
                if args.all or cls == "unexplained":
                    print(f"=== game {n} (seed {args.seed})")
                    report(d, sys.stdout)
    finally:
        other.close()
    for key in sorted(tally):
        print(f"{key}: {tally[key]}")
    return 1 if tally["difference: unexplained"] else 0


if __name__ == "__main__":
    sys.exit(main())

"""A game's whole record for other programs (docs/contracts/export.md): MILA's
saved-game JSON, or the njudge archive that HISTORY mails.  `judge export`
and the web page's game.json both come here: one writer, two ways out."""

from __future__ import annotations

import json
from dataclasses import replace

from judge.engine.api import adjudicate
from judge.engine.board import province_of
from judge.engine.serialize import position_from_json
from judge.engine.state import Phase, Position
from judge.service import info
from judge.service.mila_format import MILA_MAPS, mila_state
from judge.service.queries import broadcasts, load_game, moment, turns
from judge.service.variant_orders import engine_orders

FORMATS = ("mila", "history")


class NoRecord(LookupError):
    """Nothing to export; the message says why (one line)."""


def export(db, name: str, fmt: str = "mila") -> str:
    """The record of game `name` in format `fmt`, as text."""
    if fmt not in FORMATS:
        raise NoRecord(f"unknown format {fmt!r}; known: {', '.join(FORMATS)}")
    game = _started_game(db, name)
    if fmt == "history":
        return info.history(db, game.name) + "\n"
    return json.dumps(mila_record(db, game.name), indent=1) + "\n"


def _started_game(db, name: str):
    game = load_game(db, name.lower().lstrip("?"))
    if game is None:
        raise NoRecord(f"there is no game named {name!r}")
    if not game.position:
        raise NoRecord(f"game {game.name!r} is forming: it has nothing to export yet")
    return game


def has_mila_record(game) -> bool:
    """Can MILA's format express this game (a map MILA has)?"""
    return game.variant.partition(":")[0] in MILA_MAPS


def mila_record(db, name: str) -> dict:
    """MILA's saved game: every processed phase with its orders, results and
    the broadcasts of its time, then the phase now (no orders yet) or, in a
    finished game, the final position."""
    game = _started_game(db, name)
    variant, _, _options = game.variant.partition(":")
    if not has_mila_record(game):
        raise NoRecord(
            f"game {game.name!r} is {variant}, which MILA's format has no map for;"
            " use --format history"
        )
    board, rules = game.board, game.rules
    press = _broadcasts(db, game.name)
    phases = []
    lost: dict = {}  # dislodged with nowhere to go, which MILA lists
    for turn, phase, position_json, orders_json in turns(
        db, game.name, "turn, phase, position, orders"
    ):
        position = _with_lost(
            position_from_json(board, json.loads(position_json)), lost
        )
        texts = json.loads(orders_json)
        result = adjudicate(
            board, position, engine_orders(board, position, texts), rules
        )
        phases.append(
            {
                "name": phase,
                "state": mila_state(board, position),
                "orders": _orders(board, position, texts),
                "results": {
                    r.unit.text: list(r.outcomes)
                    for r in result.results
                    if r.unit is not None
                },
                "messages": [dict(m, phase=phase) for m in press.get(turn, [])],
            }
        )
        lost = {d.unit.province: d for d in result.dislodged if not d.retreats}
        if lost and result.position.phase.type != "R":
            phases.append(_retreats_of_the_lost(board, position, result, lost))
            lost = {}
    current = _with_lost(game.current(board), lost)
    # MILA names the phase after a solo COMPLETED; after a draw the game
    # simply stops at its next phase.
    last = "COMPLETED" if current.winner else str(current.phase)
    messages = [dict(m, phase=last) for m in press.get(game.turn, [])]
    if game.status == "finished" and game.result:  # the judge's last notice
        after = max([m["time_sent"] for p in phases for m in p["messages"]] + [0])
        messages.append(
            {
                "sender": "SYSTEM",
                "recipient": "GLOBAL",
                "phase": last,
                "time_sent": after + 1,
                "message": game.result,
            }
        )
    phases.append(
        {
            "name": last,
            "state": dict(mila_state(board, current), name=last),
            "orders": dict.fromkeys(sorted(board.powers), []),
            "results": {},
            "messages": messages,
        }
    )
    return {
        "id": game.name,
        "map": MILA_MAPS[variant],
        "rules": ["NO_PRESS"] if game.press == "none" else [],
        "phases": phases,
    }


def _with_lost(position: Position, lost: dict) -> Position:
    """A retreat phase as MILA has it: the units dislodged with nowhere to
    go are listed too (we disband them at once, docs/rules.md; MILA at the
    end of the retreat phase, with the same outcome)."""
    if not lost or position.phase.type != "R":
        return position
    return replace(position, dislodged={**position.dislodged, **lost})


def _retreats_of_the_lost(board, before: Position, result, lost: dict) -> dict:
    """The retreat phase MILA plays where we play none (every dislodged unit
    had nowhere to go): those units, disbanded by default; centres change
    only at its end."""
    phase = result.phase
    position = Position(
        Phase(phase.year, phase.season, "R"),
        units=result.position.units,
        centres=before.centres,
        dislodged=lost,
    )
    return {
        "name": str(position.phase),
        "state": mila_state(board, position),
        "orders": dict.fromkeys(sorted(board.powers), []),
        "results": {d.unit.text: ["disband"] for d in lost.values()},
        "messages": [],
    }


def _orders(board, position: Position, texts: dict[str, list[str]]) -> dict:
    """Every power's orders in MILA's words; a waived build is
    left out, as MILA's own records leave it (its `get_orders` never lists
    `WAIVE`, and its validator compares with that list), and so is ANY
    DISBAND's MAINTAIN, which MILA has not (an unordered unit stays there)."""
    out = {p: [] for p in sorted(board.powers)}
    for power, lines in texts.items():
        out.setdefault(power, []).extend(
            _mila_order(board, line)
            for line in lines
            if line != "WAIVE"
            and not line.endswith(" MAINTAIN")
            and not _unconvoyable(board, position, line)
        )
    return out


def _unconvoyable(board, position: Position, text: str) -> bool:
    """An army's move to a place it cannot walk to, with no chain of fleets
    on the board that could carry it: an illegal order, which we let stand
    and void (the unit holds, DATC 6.D.32) and MILA's order check refuses
    outright, so its unit holds there too.  Left out of the record."""
    words = text.split()
    if len(words) < 4 or words[0] != "A" or words[2] != "-":
        return False
    origin, dest = words[1], words[3]
    if board.adjacent("A", origin, dest):
        return False
    seas = {
        p
        for p, (_power, unit) in position.units.items()
        if unit.kind == "F" and board.provinces[p].kind == "sea"
    }

    def touches(sea: str, province: str) -> bool:
        return province in {province_of(x) for x in board.fleet_adjacency[sea]}

    reach = [sea for sea in seas if touches(sea, province_of(origin))]
    seen = set(reach)
    while reach:
        sea = reach.pop()
        if touches(sea, province_of(dest)):
            return False
        for nxt in board.fleet_adjacency[sea]:
            if nxt in seas and nxt not in seen:
                seen.add(nxt)
                reach.append(nxt)
    return True


def _mila_order(board, text: str) -> str:
    """MILA's words for one order: ours, except that an army going where it
    cannot walk goes `VIA` (convoy) in MILA's every order of that kind."""
    words = text.split()
    walking = len(words) == 4 and words[0] == "A" and words[2] == "-"
    if walking and not board.adjacent("A", words[1], words[3]):
        words.append("VIA")
    return " ".join(words)


def _broadcasts(db, name: str) -> dict[int, list[dict]]:
    """What an observer read, by the turn it was sent in: broadcast press as
    the judge mailed it (the heading names the power, never the player).
    Never private press."""
    out: dict[int, list[dict]] = {}
    last = 0
    for turn, body, sent in broadcasts(db, name):
        at = max(int(moment(sent).timestamp() * 1_000_000), last + 1)
        last = at
        out.setdefault(turn, []).append(
            {
                "sender": "SYSTEM",
                "recipient": "GLOBAL",
                "time_sent": at,
                "message": body.rstrip("\n"),
            }
        )
    return out

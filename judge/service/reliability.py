"""Reliability records (njudge's dedication, its users.c and dip.c): per
player address, kept as games run, in the transaction of the processing
or notice that changes them.

* each phase processed, every player who owed orders scores +3 when they
  were in by the deadline, -1 when late (njudge's D_ONTIME, D_LATE), and
  counts one turn (and one on time).  Late is judged from each order's
  arrival (svc_orders.arrived, the unit's first order this phase): an
  order for a unit that came after the deadline makes its power late, as
  do orders still incomplete at processing; orders changed after the
  deadline, once complete before it, do not;
* a power abandoned at the end of grace costs -49, one in civil disorder
  -100 (D_ABANDON, D_CD); either, and a RESIGN, counts a resignation;
* every game started and every power taken over counts one;
* the on-time ratio is turns on time / turns; the CD ratio is
  resignations / (games started + takeovers).

A duplex player (several powers) scores once a phase, as njudge.  Every
player starts at njudge's starting values: dedication 0, no turns."""

from __future__ import annotations

from datetime import datetime

from judge.service.queries import powers_ordered_after

D_ONTIME, D_LATE, D_ABANDON, D_CD = 3, -1, -49, -100
START = 0  # a new player's dedication
MAX_INFO = 100  # INFO PLAYER lines read from one message (njudge's cap)

_COLUMNS = ("dedication", "ontime", "total", "started", "tookover", "resigned")


def _key(address: str) -> str:
    return address.strip().lower()


def _add(db, address: str, **deltas: int) -> None:
    db.execute(
        "INSERT OR IGNORE INTO svc_reliability (address, dedication) VALUES (?, ?)",
        [_key(address), START],
    )
    names = sorted(deltas)
    assignments = ", ".join(f"{name} = {name} + ?" for name in names)
    db.execute(
        f"UPDATE svc_reliability SET {assignments} WHERE address = ?",
        [*(deltas[n] for n in names), _key(address)],
    )


def figures(db, address: str) -> dict:
    row = db.execute(
        f"SELECT {', '.join(_COLUMNS)} FROM svc_reliability WHERE address = ?",
        [_key(address)],
    ).fetchone()
    values = dict(zip(_COLUMNS, row or (START, 0, 0, 0, 0, 0), strict=True))
    total = values["total"]
    values["ontime_ratio"] = values["ontime"] / total if total else 1.0
    games = values["started"] + values["tookover"]
    values["cd_ratio"] = values["resigned"] / games if games else 0.0
    return values


def lines(db, address: str) -> list[str]:
    """njudge's INFO PLAYER / GET DEDICATION report."""
    f = figures(db, address)
    out = [
        f"Current dedication: {f['dedication']}",
        f"Turns on time: {f['ontime']}",
        f"Turns total: {f['total']}",
        f"Games started: {f['started']}",
        f"Positions taken over: {f['tookover']}",
        f"Resignations: {f['resigned']}",
    ]
    if f["total"]:
        out.append(f"On-time ratio: {f['ontime_ratio']:.3f}")
    else:
        out.append("Played 0 turns; a perfect timeliness record.")
    if f["started"] + f["tookover"]:
        out.append(f"CD ratio: {f['cd_ratio']:.3f}")
    else:
        out.append("No started games; a perfect resignation record.")
    return out


# -- events ----------------------------------------------------------------------


def phase_processed(
    db, game: str, deadline: datetime | None, owing: dict[str, str], late
) -> None:
    """`owing`: power -> its player's address, for the powers that owed
    orders and are played; `late`: powers incomplete at processing.  A power
    is also late when an order of its arrived after `deadline` (the phase's
    deadline when it was processed; None: no deadline, nothing late by
    time).  Call before the phase's orders are deleted."""
    late = set(late)
    if deadline is not None:
        late |= powers_ordered_after(db, game, deadline)
    scored: dict[str, bool] = {}  # address -> on time (all its powers)
    for power, address in owing.items():
        key = _key(address)
        scored[key] = scored.get(key, True) and power not in late
    for address, on_time in scored.items():
        if on_time:
            _add(db, address, dedication=D_ONTIME, ontime=1, total=1)
        else:
            _add(db, address, dedication=D_LATE, total=1)


def civil_disorder(db, address: str) -> None:
    _add(db, address, dedication=D_CD, resigned=1)


def abandoned(db, address: str) -> None:
    _add(db, address, dedication=D_ABANDON, resigned=1)


def resigned(db, address: str) -> None:
    _add(db, address, resigned=1)


def started(db, address: str) -> None:
    _add(db, address, started=1)


def took_over(db, address: str) -> None:
    _add(db, address, tookover=1)


# -- entry rules (SET DEDICATION, SET ONTIMERAT, SET RESRAT) --------------------------


def entry_refusal(db, game, address: str) -> str | None:
    """Why `address` may not join `game` by its entry rules, with the
    player's figure and the bar; None when it may."""
    f = figures(db, address)
    if game.min_dedication is not None and f["dedication"] < game.min_dedication:
        return (
            f"Game '{game.name}' needs a dedication of at least"
            f" {game.min_dedication}; yours is {f['dedication']} (GET DEDICATION)."
        )
    if game.min_ontime is not None and f["ontime_ratio"] < game.min_ontime:
        return (
            f"Game '{game.name}' needs an on-time ratio of at least"
            f" {game.min_ontime:.3f}; yours is {f['ontime_ratio']:.3f}."
        )
    if game.max_resrat is not None and f["cd_ratio"] > game.max_resrat:
        return (
            f"Game '{game.name}' needs a CD ratio of at most {game.max_resrat:.3f};"
            f" yours is {f['cd_ratio']:.3f}."
        )
    return None

"""The JSON form of a position (docs/contracts/adjudicate.md `state`).

It is what `judge adjudicate` reads and writes and how the game service
stores positions, so reading it checks everything and says exactly what is
wrong (ValueError) instead of building a position the rules cannot use.
"""

from __future__ import annotations

import functools

from judge.engine.board import Board, province_of
from judge.engine.hooks import hooks_for
from judge.engine.orders import Unit
from judge.engine.state import Dislodged, Phase, Position


def position_to_json(board: Board, position: Position) -> dict:
    units: dict[str, list[str]] = {}
    for power, unit in position.units.values():
        units.setdefault(power, []).append(unit.text)
    centres: dict[str, list[str]] = {}
    for centre, power in position.centres.items():
        centres.setdefault(power, []).append(centre)
    data = {
        "phase": str(position.phase),
        "units": _sorted_groups(units),
        "centers": _sorted_groups(centres),
        "dislodged": _dislodged_to_json(position.dislodged),
    }
    if position.winner:
        data["winner"] = position.winner
    if position.extra:  # a variant's own state (coin toss, designations)
        data["variant"] = position.extra
    # HOME TRANSFER's state, only in a game with the rule (home_transfer.py)
    if position.homes:
        homes: dict[str, list[str]] = {}
        for centre, power in position.homes.items():
            homes.setdefault(power, []).append(centre)
        data["homes"] = _sorted_groups(homes)
    if position.held is not None:
        data["held"] = sorted(position.held)
    return data


def _sorted_groups(groups: dict[str, list[str]]) -> dict[str, list[str]]:
    """Powers in order, each one's texts sorted."""
    for group in groups.values():
        group.sort()
    return dict(sorted(groups.items()))


def _dislodged_to_json(dislodged) -> dict[str, list[dict]]:
    if not dislodged:
        return {}
    out: dict[str, list[dict]] = {}
    for d in sorted(dislodged.values(), key=lambda d: d.unit.location):
        out.setdefault(d.power, []).append(
            {"unit": str(d.unit), "retreats": list(d.retreats)}
        )
    return dict(sorted(out.items()))


def position_from_json(board: Board, data) -> Position:
    if not isinstance(data, dict):
        raise ValueError("state must be an object")
    fields = {"phase", "units", "centers", "dislodged", "winner", "variant"}
    fields |= {"homes", "held"}
    unknown = sorted(set(data) - fields)
    if unknown:
        raise ValueError(f"state has an unknown field {unknown[0]!r}")
    if not isinstance(data.get("phase"), str):
        raise ValueError("state.phase must be a string such as 'S1901M'")
    phase = Phase.parse(data["phase"])

    known_units = _known(board)[1]
    units: dict[str, tuple[str, Unit]] = {}
    for power, texts in _per_power(board, data.get("units", {}), "units"):
        where = f"state.units.{power}"
        for text in texts:
            unit = known_units.get(text) if type(text) is str else None
            if unit is None:  # not plainly written: check it and say why
                unit = _unit(board, text, where)
            if unit.province in units:
                raise ValueError(f"two units in {unit.province} in state.units")
            units[unit.province] = (power, unit)

    if "centers" in data:
        known_centres = _centres(board)
        centres: dict[str, str] = {}
        for power, texts in _per_power(board, data["centers"], "centers"):
            where = f"state.centers.{power}"
            for text in texts:
                centre = text if type(text) is str and text in known_centres else None
                if centre is None:  # not plainly a centre: check it and say why
                    centre = _location(board, text, where)
                    if not board.provinces[centre].centre:
                        raise ValueError(
                            f"{centre} in state.centers is no supply centre"
                        )
                if centre in centres:
                    raise ValueError(f"{centre} has two owners in state.centers")
                centres[centre] = power
    else:
        centres = {c: p for p, cs in board.start_centres.items() for c in cs}

    dislodged: dict[str, Dislodged] = {}
    for power, entries in _per_power(board, data.get("dislodged", {}), "dislodged"):
        if phase.type != "R" and entries:
            raise ValueError("dislodged units belong to retreat phases only")
        for entry in entries:
            if not isinstance(entry, dict) or "unit" not in entry:
                raise ValueError(
                    "each dislodged entry must be {'unit': ..., 'retreats': [...]}"
                )
            where = f"state.dislodged.{power}"
            unit = _unit(board, entry["unit"], where)
            retreats = entry.get("retreats", [])
            if not isinstance(retreats, list):
                raise ValueError(f"retreats of {unit} must be a list")
            locs = tuple(sorted(_location(board, r, where) for r in retreats))
            if unit.province in dislodged:
                raise ValueError(f"two dislodged units in {unit.province}")
            dislodged[unit.province] = Dislodged(power, unit, locs)
    winner = data.get("winner")
    # A shared victory (a player's countries, an alliance) joins powers by '+'.
    if winner is not None and (
        not isinstance(winner, str)
        or not all(p in board.powers for p in winner.upper().split("+"))
    ):
        raise ValueError("state.winner must name a power (or powers joined by '+')")
    extra = data.get("variant", {})
    if not isinstance(extra, dict):
        raise ValueError("state.variant must be an object")
    if extra:
        hooks = hooks_for(board)
        if hooks is None:
            raise ValueError(
                "the standard game has no variant state (state.variant must be empty)"
            )
        hooks.check_state(board, extra)
    homes, held = _home_transfer(board, data)
    return Position(
        phase,
        units,
        centres,
        dislodged,
        winner.upper() if winner else None,
        extra,
        homes,
        held,
    )


def _home_transfer(board: Board, data: dict) -> tuple[dict[str, str], frozenset | None]:
    """state.homes (power -> centres it has made its home) and state.held
    (provinces whose unit has stood since the last winter)."""
    homes: dict[str, str] = {}
    for power, texts in _per_power(board, data.get("homes", {}), "homes"):
        for text in texts:
            centre = province_of(_location(board, text, f"state.homes.{power}"))
            if not board.provinces[centre].centre:
                raise ValueError(f"{centre} in state.homes is no supply centre")
            if centre in homes:
                raise ValueError(f"{centre} is two powers' home in state.homes")
            homes[centre] = power
    if "held" not in data:
        return homes, None
    if not isinstance(data["held"], list):
        raise ValueError("state.held must be a list of provinces")
    held = frozenset(
        province_of(_location(board, text, "state.held")) for text in data["held"]
    )
    return homes, held


def _per_power(board: Board, mapping, field: str):
    if not isinstance(mapping, dict):
        raise ValueError(f"state.{field} must be an object of power -> list")
    for power, items in mapping.items():
        name = str(power).upper()
        if name not in board.powers:
            raise ValueError(f"no power called {power!r} (in state.{field})")
        if not isinstance(items, list):
            raise ValueError(f"state.{field}.{power} must be a list")
        yield name, items


@functools.cache
def _known(board: Board) -> tuple[frozenset[str], dict[str, Unit]]:
    """Every location id and every unit that may stand on the board, by text:
    reading a state is then mostly dictionary look-ups."""
    locations = frozenset(board.locations())
    units = {}
    for loc in locations:
        for kind in "AF":
            if board.can_hold(kind, loc):
                units[f"{kind} {loc}"] = Unit(kind, loc)
    return locations, units


@functools.cache
def _centres(board: Board) -> frozenset[str]:
    return frozenset(p for p, prov in board.provinces.items() if prov.centre)


def _location(board: Board, text, where: str) -> str:
    if type(text) is str and text in _known(board)[0]:
        return text
    if not isinstance(text, str):
        raise ValueError(f"{where}: expected a location id, got {text!r}")
    loc = text.strip().upper()
    if not board.is_location(loc):
        raise ValueError(f"{where}: no location called {text!r}")
    return loc


def _unit(board: Board, text, where: str) -> Unit:
    unit = _known(board)[1].get(text) if type(text) is str else None
    if unit is not None:
        return unit
    if not isinstance(text, str) or len(text.split()) != 2:
        raise ValueError(f"{where}: expected a unit such as 'A PAR', got {text!r}")
    kind, loc = text.upper().split()
    if kind not in ("A", "F"):
        raise ValueError(f"{where}: unit type must be A or F in {text!r}")
    loc = _location(board, loc, where)
    if not board.can_hold(kind, loc):
        place = board.location_name(loc)
        what = "an army" if kind == "A" else "a fleet"
        hint = (
            " (name the coast)"
            if kind == "F" and board.provinces[province_of(loc)].coasts
            else ""
        )
        raise ValueError(f"{where}: {what} cannot stand in {place}{hint}")
    return Unit(kind, loc)

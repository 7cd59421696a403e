"""Settling what an order's words mean, given the board and the position.

The grammar says which words play which role; this module decides which
province an abbreviation names, which unit is meant, which coast a fleet is
going to, and what an order word means in this phase (`F Kie D` disbands in
retreats and adjustments).  It does not adjudicate: an order for a unit that
is not there, or a move that is not possible, is still read when its meaning
is plain, and the engine voids it.  It refuses what has no single meaning (an
abbreviation fitting two places, a fleet move to a province with two reachable
coasts) or contradicts the position (`A Par` when a fleet is in Paris).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from judge.engine.board import COAST_WORDS, Board, province_of
from judge.engine.home_transfer import with_transfers
from judge.engine.orders import (
    Build,
    Convoy,
    Disband,
    Hold,
    Maintain,
    Move,
    Order,
    Retreat,
    SupportHold,
    SupportMove,
    Unit,
    Waive,
    unit_kind,
)
from judge.engine.results import DEFAULT_RULES, Rules
from judge.engine.state import Position
from judge.language.names import NameIndex
from judge.language.near_miss import settle_near
from judge.language.syntax import (
    OrderSyntax,
    PlaceRef,
    ReadingError,
    UnitRef,
    unknown_word,
)

_PHASE_NAME = {"M": "movement", "R": "retreat", "A": "adjustment"}
_MOVEMENT_ORDERS = {
    "hold": "a hold",
    "move": "a move",
    "support_hold": "a support",
    "support_move": "a support",
    "convoy": "a convoy",
}


@dataclass(frozen=True)
class Context:
    board: Board
    position: Position
    power: str | None
    index: NameIndex
    rules: Rules = DEFAULT_RULES  # the game's options (SET DISBAND...)
    # what the reader should tell the player: names read as near misses
    notes: list[str] = field(default_factory=list, compare=False)

    @property
    def phase(self) -> str:
        return self.position.phase.type

    def name(self, location: str) -> str:
        return self.board.location_name(location)

    def units_here(self) -> dict[str, tuple[str, Unit]]:
        """The units orders are given to this phase, by province."""
        if self.phase == "R":
            return {p: (d.power, d.unit) for p, d in self.position.dislodged.items()}
        return self.position.units


def read_order(syntax: OrderSyntax, ctx: Context) -> Order:
    action = syntax.action
    phase = ctx.phase
    if action == "waive":
        _only_in(ctx, "A", "a waive")
        return Waive()
    if action == "build":
        _only_in(ctx, "A", "a build")
        builder = ctx.power
        if syntax.nation is not None:
            _check_nation(syntax.nation, None, ctx, "", own_unit=True)
            builder = syntax.nation.meaning
        return Build(_build_unit(syntax.unit, ctx, builder))
    if action == "maintain":
        _only_in(ctx, "A", "MAINTAIN")
        if not ctx.rules.any_disband:
            raise ReadingError(
                "MAINTAIN is an order only in games with SET ANY DISBAND, where"
                " every unit is kept or disbanded each winter; here units stay"
                " unless removed"
            )
        return Maintain(_ordered_unit(syntax, ctx))
    if action == "disband":
        _only_in(ctx, "RAM" if ctx.rules.movement_disband else "RA", "a disband")
        if syntax.unit is None:
            return Disband(_the_one_unit(ctx))
        unit = _ordered_unit(syntax, ctx)
        return Disband(unit)
    if action == "retreat" or (action == "move" and phase == "R"):
        _only_in(ctx, "R", "a retreat")
        unit = _ordered_unit(syntax, ctx)
        if len(syntax.dests) > 1 or syntax.via:
            raise ReadingError("a retreat goes one step, never by convoy")
        return Retreat(unit, _destination(unit, syntax.dests[0], ctx, retreat=True))
    _only_in(ctx, "M", _MOVEMENT_ORDERS[action])
    unit = _ordered_unit(syntax, ctx)
    if action == "hold":
        return Hold(unit)
    if action == "move":
        return _move(unit, syntax, ctx)
    if action == "support_hold":
        target = _target_unit(syntax.target, syntax.target_nation, ctx, unit, None)
        return SupportHold(unit, target)
    if action == "support_move":
        target = _target_unit(
            syntax.target, syntax.target_nation, ctx, unit, syntax.dests[0]
        )
        dest = _support_destination(unit, target, syntax.dests[0], ctx)
        return SupportMove(unit, target, dest)
    if action == "convoy":
        target = _target_unit(
            syntax.target, syntax.target_nation, ctx, unit, syntax.dests[0], army=True
        )
        dest = _convoy_destination(target, syntax.dests[0], ctx)
        return Convoy(unit, target, dest)
    raise ReadingError(f"cannot read a {action} order")  # pragma: no cover


def _only_in(ctx: Context, phases: str, what: str) -> None:
    if ctx.phase not in phases:
        allowed = " or ".join(_PHASE_NAME[p] for p in phases)
        raise ReadingError(
            f"{what} is not an order for the {_PHASE_NAME[ctx.phase]} phase "
            f"(only in {allowed})"
        )


# -- places ---------------------------------------------------------------------
def _unknown(
    place: PlaceRef, ctx: Context, near: str | None = None, among=None
) -> ReadingError:
    """'no province called ...; did you mean ...?', preferring neighbours of
    `near`, or the provinces in `among` (where the units are)."""
    if among:
        close = ctx.index.suggest(place.text, among=set(among))
        if close:
            return ReadingError(
                f"no province called '{place.text}'; did you mean {_names(ctx, close)}?"
            )
    if near is not None:
        neighbours = _neighbours(ctx, near)
        close = ctx.index.suggest(place.text, among=neighbours)
        if close:
            return ReadingError(
                f"no province '{place.text}' next to {ctx.name(near)}; "
                f"did you mean {_names(ctx, close)}?"
            )
    close = ctx.index.suggest(place.text)
    if close:
        return ReadingError(
            f"no province called '{place.text}'; did you mean {_names(ctx, close)}?"
        )
    return ReadingError(f"no province called '{place.text}'")


def _names(ctx: Context, provinces) -> str:
    names = [ctx.board.provinces[p].name for p in provinces]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " or " + names[-1]


def _ambiguous(place: PlaceRef, provinces, ctx: Context) -> ReadingError:
    return ReadingError(
        f"'{place.text}' could be {_names(ctx, provinces)}; write more of the name"
    )


def _neighbours(ctx: Context, location: str) -> set[str]:
    prov = province_of(location)
    near = set(ctx.board.army_adjacency.get(prov, ()))
    for loc, adj in ctx.board.fleet_adjacency.items():
        if province_of(loc) == prov:
            near.update(province_of(a) for a in adj)
    return near


def _settle(
    place: PlaceRef, ctx: Context, *filters, among=None, fits=(), misfit=None
) -> str:
    """The one province `place` names: each filter narrows the candidates while
    it leaves at least one; refused when several remain.  `fits`: what a
    province must be for this role, for names read as near misses (the first
    test any candidate passes decides; see near_miss.py), or a function
    giving them (made only when needed); `misfit` says it."""
    if place.near or (fits and not place.exact):
        tests = fits() if callable(fits) else fits
        near = settle_near(
            place, ctx, tests or (lambda p: True,), misfit or "what this order needs"
        )
        if near is not None:
            return near
    candidates = place.provinces
    if not candidates:
        raise _unknown(place, ctx, among=among)
    for keep in filters:
        if len(candidates) == 1:
            break
        narrowed = tuple(p for p in candidates if keep(p))
        if narrowed:
            candidates = narrowed
    if len(candidates) > 1:
        written = place.text.strip().upper()
        if written in candidates:  # a canonical id settles a tie: "TYR"
            return written
        raise _ambiguous(place, candidates, ctx)
    return candidates[0]


def _reaches(ctx: Context, unit: Unit, province: str) -> bool:
    if unit.kind != "F":  # armies, and a variant's guards
        return province in ctx.board.army_adjacency.get(unit.province, ())
    return any(
        province_of(d) == province
        for d in ctx.board.fleet_adjacency.get(unit.location, ())
    )


# -- the unit ordered -----------------------------------------------------------
def _ordered_unit(syntax: OrderSyntax, ctx: Context) -> Unit:
    ref = syntax.unit
    if _beside(ref.kind):
        return _guard(ref, ctx, ordering=True)
    units = ctx.units_here()
    own = (lambda p: units.get(p, ("",))[0] == ctx.power) if ctx.power else None
    filters = [f for f in (own, lambda p: p in units) if f is not None]
    if ref.kind:  # a stated type first rules out places it cannot be
        filters.insert(0, lambda p: _could_stand(ctx, ref.kind, p))
    if syntax.dests and len(syntax.dests[0].provinces) == 1:
        first = syntax.dests[0].provinces[0]
        filters.append(lambda p: first in _neighbours(ctx, p))
    province = _settle(
        ref.place,
        ctx,
        *filters,
        among=_mine(ctx, units),
        fits=lambda: _unit_fits(ctx, ref),
        misfit="where you have a unit"
        if ctx.phase != "R"
        else "where you have a dislodged unit",
    )
    present = units.get(province)
    if syntax.nation is not None:
        _check_nation(syntax.nation, present, ctx, province, own_unit=True)
    if present is not None:
        return _matching(ref, present[1], ctx)
    if ctx.phase == "R":
        raise ReadingError(
            f"no dislodged unit in {ctx.name(province)} to retreat"
            + _dislodged_hint(ctx, units)
        )
    dest_hint = syntax.dests[-1] if syntax.dests else None
    return _absent_unit(ref, province, ctx, dest_hint)


def _dislodged_hint(ctx: Context, units) -> str:
    """' (yours: the army in Budapest)': the dislodged units a retreat may
    name, when the reader knows whose orders these are."""
    if not ctx.power:
        return ""
    own = sorted(
        f"the {'army' if unit.kind == 'A' else 'fleet'} in {ctx.name(unit.location)}"
        for power, unit in units.values()
        if power == ctx.power
    )
    return f" (yours: {' and '.join(own)})" if own else " (none of yours was dislodged)"


def _unit_fits(ctx: Context, ref: UnitRef):
    """A unit the player could be ordering: theirs, of the type written."""
    units = ctx.units_here()

    def mine(p: str) -> bool:
        there = units.get(p)
        return there is not None and ctx.power in (None, there[0])

    if not ref.kind:
        return (mine,)
    return (lambda p: mine(p) and units[p][1].kind == ref.kind, mine)


def _the_one_unit(ctx: Context) -> Unit:
    """A bare "Disband": the player's one dislodged unit (retreats), or one
    unit (adjustments); refused when it could be more than one."""
    what = "dislodged unit" if ctx.phase == "R" else "unit"
    if ctx.power is None:
        raise ReadingError(f"'Disband' alone: say which {what} (A or F and where)")
    mine = sorted(
        (u for power, u in ctx.units_here().values() if power == ctx.power),
        key=lambda u: u.location,
    )
    if len(mine) == 1:
        return mine[0]
    if not mine:
        raise ReadingError(f"you have no {what} to disband")
    listed = _names_list([_the_unit(ctx, u) for u in mine])
    raise ReadingError(
        f"'Disband' alone could be any of your {len(mine)} {what}s ({listed}): "
        f"say which"
    )


def _names_list(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " or " + names[-1]


def _beside(kind: str | None) -> bool:
    """Is this a variant's kind of guard, a piece beside any unit in its
    province (judge.engine.orders.UnitKind)?"""
    return kind is not None and unit_kind(kind).beside


def _kind_name(kind: str) -> str:
    return unit_kind(kind).full_name


def _guard(ref: UnitRef, ctx: Context, ordering: bool = False) -> Unit:
    """`X Bre` for a variant's guard: the one the player's power has when
    it is ordered (there is at most one), any one when it is supported."""
    guards = ctx.index.variant.guards(ctx.position)
    filters = [lambda p: p in guards]
    if ordering and ctx.power:
        filters.append(lambda p: guards.get(p) == ctx.power)
    province = _settle(
        ref.place, ctx, *filters, among=list(guards), fits=(filters[-1],)
    )
    owner = guards.get(province)
    where = ctx.name(province)
    name = _kind_name(ref.kind)
    if owner is None:
        raise ReadingError(f"'{ref.text}': there is no {name} in {where}")
    if ordering and ctx.power and owner != ctx.power:
        raise ReadingError(f"'{ref.text}': the {name} in {where} is not yours")
    return Unit(ref.kind, province)


def _mine(ctx: Context, units) -> list[str]:
    """Where the units are that this player would be ordering."""
    if ctx.power:
        return [p for p, (power, _) in units.items() if power == ctx.power]
    return list(units)


def _could_stand(ctx: Context, kind: str, province: str) -> bool:
    prov = ctx.board.provinces[province]
    return prov.kind in ("land", "coast") if kind != "F" else prov.kind != "land"


def _matching(ref: UnitRef, unit: Unit, ctx: Context) -> Unit:
    """The unit there, if the words agree with its type.  A wrong coast written
    for a unit is ignored (DATC 4.B.5): the unit is known by its province."""
    if ref.kind and ref.kind != unit.kind:
        raise ReadingError(
            f"'{ref.text}': there is {_a(unit.kind)} in "
            f"{ctx.name(unit.province)}, not {_a(ref.kind)}"
        )
    return unit


def _a(kind: str) -> str:
    name = _kind_name(kind)
    return f"{'an' if name[:1].lower() in 'aeiou' else 'a'} {name}"


def _absent_unit(
    ref: UnitRef, province: str, ctx: Context, dest_hint: PlaceRef | None
) -> Unit:
    """No unit stands there: the words alone must say which unit is meant
    (the engine will void the order)."""
    kind = ref.kind or _kind_from_place(ctx, province, ref.place.coast)
    if kind is None:
        raise ReadingError(
            f"there is no unit in {ctx.name(province)}; write A or F to say "
            f"which unit you mean"
        )
    return Unit(kind, _unit_location(ctx, kind, province, ref, dest_hint))


def _kind_from_place(ctx: Context, province: str, coast: str | None) -> str | None:
    prov = ctx.board.provinces[province]
    if prov.kind == "sea" or coast:
        return "F"
    if prov.kind == "land":
        return "A"
    return None


def _unit_location(
    ctx: Context, kind: str, province: str, ref: UnitRef, dest_hint: PlaceRef | None
) -> str:
    prov = ctx.board.provinces[province]
    if kind == "A":
        if prov.kind == "sea":
            raise ReadingError(f"'{ref.text}': an army cannot be in {prov.name}")
        return province
    if prov.kind == "land":
        raise ReadingError(f"'{ref.text}': a fleet cannot be in {prov.name} (inland)")
    if not prov.coasts:
        return province
    coast = ref.place.coast
    if coast:
        if coast not in prov.coasts:
            raise ReadingError(f"{prov.name} has no {COAST_WORDS[coast]}")
        return f"{province}/{coast}"
    if dest_hint is not None and len(dest_hint.provinces) == 1:
        dest = dest_hint.provinces[0]
        coasts = [
            f"{province}/{c}"
            for c in prov.coasts
            if any(
                province_of(d) == dest
                for d in ctx.board.fleet_adjacency.get(f"{province}/{c}", ())
            )
        ]
        if len(coasts) == 1:
            return coasts[0]
    raise ReadingError(
        f"'{ref.text}': say which coast of {prov.name} ({_coast_choice(prov.coasts)})"
    )


def _coast_choice(coasts) -> str:
    return " or ".join(COAST_WORDS[c] for c in coasts)


# -- moves and retreats ---------------------------------------------------------
def _move(unit: Unit, syntax: OrderSyntax, ctx: Context) -> Order:
    first = syntax.dests[0]
    if syntax.bare and not first.provinces and " " not in first.text.strip():
        message = unknown_word(first.text)
        if "did you mean" in message:  # "A Par hodl": a misspelt order word
            raise ReadingError(message)
    if len(syntax.dests) > 1:
        return _route(unit, syntax.dests, ctx)
    dest = _destination(unit, syntax.dests[0], ctx, via=syntax.via)
    if syntax.via and unit.kind != "A":
        raise ReadingError("only armies move by convoy")
    return Move(unit, dest, syntax.via)


def _destination(
    unit: Unit, place: PlaceRef, ctx: Context, retreat: bool = False, via: bool = False
) -> str:
    if not place.provinces:
        raise _unknown(place, ctx, near=unit.location)
    filters = [lambda p: _reaches(ctx, unit, p)]
    if retreat:
        options = {province_of(loc) for loc in _retreats(ctx, unit)}
        filters.insert(0, lambda p: p in options)
    if unit.kind == "A" and via:
        filters.append(lambda p: ctx.board.provinces[p].kind == "coast")

    def fits():
        tests = list(filters)
        if unit.kind == "A" and not retreat and _is_coast(ctx, unit.province):
            tests.append(lambda p: p != unit.province and _is_coast(ctx, p))  # convoy
        return tests

    can = "retreat to" if retreat else "move to"
    province = _settle(
        place,
        ctx,
        *filters,
        fits=fits,
        misfit=lambda: f"a place {_the_unit(ctx, unit)} can {can}",
    )
    if unit.kind != "F":  # an army, or a guard (whose move is void)
        return province
    return _fleet_location(unit, province, place.coast, ctx)


def _the_unit(ctx: Context, unit: Unit) -> str:
    return f"the {_kind_name(unit.kind)} in {ctx.name(unit.location)}"


def _is_sea(ctx: Context, province: str) -> bool:
    return ctx.board.provinces[province].kind == "sea"


def _is_coast(ctx: Context, province: str) -> bool:
    return ctx.board.provinces[province].kind == "coast"


def _retreats(ctx: Context, unit: Unit) -> tuple[str, ...]:
    entry = ctx.position.dislodged.get(unit.province)
    return entry.retreats if entry else ()


def _fleet_location(unit: Unit, province: str, coast: str | None, ctx: Context) -> str:
    prov = ctx.board.provinces[province]
    if not prov.coasts:
        return province  # a coast written for a one-coast place changes nothing
    if coast:
        if coast not in prov.coasts:
            raise ReadingError(
                f"{prov.name} has no {COAST_WORDS[coast]} "
                f"(it has the {_coast_choice(prov.coasts)})"
            )
        return f"{province}/{coast}"
    reachable = ctx.board.fleet_destinations(unit.location, province)
    if len(reachable) == 1:
        return reachable[0]
    if len(reachable) > 1:
        raise ReadingError(
            f"the fleet in {ctx.name(unit.location)} can reach both coasts of "
            f"{prov.name}; say which ({_coast_choice(prov.coasts)})"
        )
    return province  # not reachable at all: the engine voids the move


def _route(unit: Unit, places: list[PlaceRef], ctx: Context) -> Order:
    """`A Lon-Nth-Bel`: a convoy route through seas, checked step by step."""
    if unit.kind == "F" and ctx.index.variant.multi_step_move is not None:
        return _fleet_steps(unit, places, ctx)
    if unit.kind != "A":
        raise ReadingError("only armies are convoyed; a fleet moves one step")
    board = ctx.board
    here = unit.province
    seas = []
    for place in places[:-1]:
        if not place.provinces:
            raise _unknown(place, ctx, near=here)
        sea = _settle(
            place,
            ctx,
            lambda p: board.provinces[p].kind == "sea",
            lambda p, h=here: _sea_next_to(board, h, p),
            fits=(lambda p, h=here: _is_sea(ctx, p) and _sea_next_to(board, h, p),),
            misfit=lambda h=here: f"a sea next to {board.provinces[h].name}",
        )
        if board.provinces[sea].kind != "sea":
            raise ReadingError(
                f"a convoy route goes through seas; {board.provinces[sea].name} "
                f"is not a sea"
            )
        if not _sea_next_to(board, here, sea):
            raise ReadingError(
                f"the convoy route breaks: {board.provinces[sea].name} is not "
                f"next to {board.provinces[here].name}"
            )
        seas.append(sea)
        here = sea
    last = places[-1]
    if not last.provinces:
        raise _unknown(last, ctx, near=here)
    dest = _settle(
        last,
        ctx,
        lambda p: board.provinces[p].kind == "coast",
        lambda p: _sea_next_to(board, here, p),
        fits=(lambda p: _is_coast(ctx, p) and _sea_next_to(board, here, p),),
        misfit=lambda: f"a coast next to {board.provinces[here].name}",
    )
    if not _sea_next_to(board, here, dest):
        raise ReadingError(
            f"the convoy route breaks: {board.provinces[dest].name} is not "
            f"next to {board.provinces[here].name}"
        )
    return Move(unit, dest, True)


def _fleet_steps(unit: Unit, places: list[PlaceRef], ctx: Context) -> Order:
    """`F MAO - WES - TYS`: a variant's multi-step fleet move, each step read
    from where the fleet will be (the variant's rules check the path)."""
    steps = []
    here = unit
    for place in places:
        steps.append(_destination(here, place, ctx))
        here = Unit("F", steps[-1])
    return ctx.index.variant.multi_step_move(unit, tuple(steps))


def _sea_next_to(board: Board, a: str, b: str) -> bool:
    """Are provinces a and b joined by water (a fleet could pass)?"""
    for loc, adj in board.fleet_adjacency.items():
        if province_of(loc) == a and any(province_of(d) == b for d in adj):
            return True
    return False


# -- supports and convoys -------------------------------------------------------
def _target_unit(
    ref: UnitRef,
    nation,
    ctx: Context,
    supporter: Unit,
    dest: PlaceRef | None,
    army: bool = False,
) -> Unit:
    if _beside(ref.kind):
        if army:
            raise ReadingError(f"'{ref.text}': only armies are convoyed")
        return _guard(ref, ctx)
    units = ctx.position.units
    filters = [lambda p: p in units]
    if army:
        filters.append(lambda p: ctx.board.provinces[p].kind != "sea")
    elif dest is None:
        filters.append(lambda p: _reaches(ctx, supporter, p))
    if ref.kind:
        filters.insert(0, lambda p: _could_stand(ctx, ref.kind, p))
    province = _settle(
        ref.place,
        ctx,
        *filters,
        among=list(units),
        fits=lambda: _target_fits(ctx, ref, supporter, dest, army),
        misfit=lambda: (
            "where there is an army to convoy"
            if army
            else f"where there is a unit {_the_unit(ctx, supporter)} could support"
        ),
    )
    present = units.get(province)
    if nation is not None:
        _check_nation(nation, present, ctx, province, own_unit=False)
    if army and ref.kind == "F":
        raise ReadingError(f"'{ref.text}': only armies are convoyed")
    if present is not None:
        unit = present[1]
        if army and unit.kind != "A":
            raise ReadingError(
                f"'{ref.text}': there is a fleet in {ctx.name(province)}; "
                f"only armies are convoyed"
            )
        return _matching(ref, unit, ctx)
    kind = ref.kind or ("A" if army else None)
    if kind is None and dest is not None and len(dest.provinces) == 1:
        dest_kind = ctx.board.provinces[dest.provinces[0]].kind
        kind = {"sea": "F", "land": "A"}.get(dest_kind)
    kind = kind or _kind_from_place(ctx, province, ref.place.coast)
    if kind is None:
        raise ReadingError(
            f"there is no unit in {ctx.name(province)}; write A or F to say "
            f"which unit you mean"
        )
    prov = ctx.board.provinces[province]
    if not _could_stand(ctx, kind, province):
        raise ReadingError(f"'{ref.text}': {_a(kind)} cannot be in {prov.name}")
    coast = ref.place.coast
    if kind == "F" and prov.coasts and coast in prov.coasts:
        return Unit(kind, f"{province}/{coast}")
    return Unit(kind, province)


def _target_fits(ctx: Context, ref: UnitRef, supporter: Unit, dest, army: bool):
    """A unit that could be supported or convoyed: there, of the type
    written, an army for a convoy; held in place next to the supporter, or
    moving from within two steps of it."""
    units = ctx.position.units

    def there(p: str) -> bool:
        unit = units.get(p, (None, None))[1]
        if unit is None:
            return False
        return unit.kind == (ref.kind or unit.kind) and (unit.kind == "A" or not army)

    if army:
        return (there,)
    if dest is None:
        return (lambda p: there(p) and _reaches(ctx, supporter, p),)

    def close(p: str) -> bool:  # moving from within two steps of the supporter
        return bool(_neighbours(ctx, p) & _neighbours(ctx, supporter.location))

    return (lambda p: there(p) and close(p), there)


def _check_nation(nation, present, ctx: Context, province: str, own_unit: bool):
    said = nation.meaning
    if own_unit and ctx.power and said != ctx.power:
        raise ReadingError(
            f"'{nation}': you play {_power_name(ctx, ctx.power)}, "
            f"not {_power_name(ctx, said)}"
        )
    if present is None:
        return
    power, unit = present
    if power != said:
        raise ReadingError(
            f"'{nation}': the {_kind_name(unit.kind)} in {ctx.name(province)} is "
            f"{_adjective(ctx, power)}, not {_adjective(ctx, said)}"
        )


def _power_name(ctx: Context, power: str) -> str:
    known = ctx.board.powers.get(power)
    return known.name if known else power


def _adjective(ctx: Context, power: str) -> str:
    known = ctx.board.powers.get(power)
    return known.adjective if known else power


def _support_destination(
    supporter: Unit, target: Unit, place: PlaceRef, ctx: Context
) -> str:
    if not place.provinces:
        raise _unknown(place, ctx, near=target.location)
    supporter_reaches = lambda p: _reaches(ctx, supporter, p)  # noqa: E731
    dest = _settle(
        place,
        ctx,
        supporter_reaches,
        lambda p: _reaches(ctx, target, p),
        lambda p: target.kind == "A" and ctx.board.provinces[p].kind == "coast",
        fits=(
            lambda p: supporter_reaches(p) and _reaches(ctx, target, p),
            lambda p: supporter_reaches(p) and target.kind == "A" and _is_coast(ctx, p),
        ),
        misfit=lambda: f"a place {_the_unit(ctx, supporter)} can support into",
    )
    # A coast named in the support must match the move (DATC 6.B.9): keep it.
    coasts = ctx.board.provinces[dest].coasts
    if place.coast and target.kind == "F" and place.coast in coasts:
        return f"{dest}/{place.coast}"
    return dest


def _convoy_destination(target: Unit, place: PlaceRef, ctx: Context) -> str:
    if not place.provinces:
        raise _unknown(place, ctx)
    return _settle(
        place,
        ctx,
        lambda p: _is_coast(ctx, p),
        fits=(lambda p: _is_coast(ctx, p) and p != target.province,),
        misfit="a coast an army can be convoyed to",
    )


# -- builds ---------------------------------------------------------------------
def _build_unit(ref: UnitRef, ctx: Context, builder: str | None) -> Unit:
    board = ctx.board
    homes = (  # the homes as they stand (HOME TRANSFER moves some)
        set(with_transfers(board.home_centres(builder), ctx.position, builder))
        if builder
        else {p for p, prov in board.provinces.items() if prov.home}
        | set(ctx.position.homes)
    )
    filters = [lambda p: p in homes, lambda p: p not in ctx.position.units]
    if ref.kind:
        filters.append(lambda p: _could_stand(ctx, ref.kind, p))

    def site(p: str) -> bool:  # a build site: an own, free home centre
        owner = ctx.position.centres.get(p)
        return all(f(p) for f in filters) and (builder is None or owner == builder)

    province = _settle(
        ref.place, ctx, *filters, fits=(site,), misfit="a free home centre to build in"
    )
    prov = board.provinces[province]
    kind = ref.kind or _kind_from_place(ctx, province, ref.place.coast)
    if kind is None:
        raise ReadingError(f"build an army or a fleet in {prov.name}? write A or F")
    if unit_kind(kind).never_built:
        never = unit_kind(kind).word
        raise ReadingError(f"a {never} is never built: build an army or a fleet")
    if kind == "A":
        if prov.kind == "sea":
            raise ReadingError(f"an army cannot be built in {prov.name}")
        return Unit("A", province)
    if prov.kind == "land":
        raise ReadingError(f"a fleet cannot be built in {prov.name} (inland)")
    if prov.coasts:
        coast = ref.place.coast
        if not coast:
            raise ReadingError(
                f"a fleet built in {prov.name} needs its coast: "
                f"{_coast_choice(prov.coasts)}"
            )
        if coast not in prov.coasts:
            raise ReadingError(f"{prov.name} has no {COAST_WORDS[coast]}")
        return Unit("F", f"{province}/{coast}")
    return Unit("F", province)

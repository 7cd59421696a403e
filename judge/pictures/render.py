"""Draw a game state as SVG (and, through resvg, PNG).

The picture: every territory tinted by the power that holds it (territory.py),
supply centres marked (home centres ringed twice), units as army (disc) or
fleet (boat) symbols in their power's colour with the power's letter, the
phase's orders as arrows from anchor to anchor (supports thin with a dot or
ring, convoys hollow, failed orders dashed), dislodged units on their own
spot with dotted lines to where they may retreat, and a title band with the
phase and each power's centre count.

The parts that depend on the map only (outlines, labels) are written once
per map and reused (static.py); a picture adds the tints, centres, units,
orders and title.

Tools and tests find things by class: every province is one element with
class="province" and data-province="PAR"; every unit one with class="unit"
and data-unit="A PAR"; every drawn order one with class="order" and
data-order="A PAR - BUR".  A map with real geography carries its projection
and transform on the root element (contracts/pictures.md).
"""

from __future__ import annotations

import math
from xml.sax.saxutils import escape, quoteattr

from judge.engine.api import OrderResult, PhaseResult
from judge.engine.board import Board, province_of
from judge.engine.kinds import BACKING, Arrow, PhaseKind
from judge.engine.orders import Unit
from judge.engine.state import Dislodged, Position
from judge.pictures import marks, static, style
from judge.pictures.geometry import Geometry, load_geometry
from judge.pictures.multistep import is_multistep, steps_travelled
from judge.pictures.territory import territories
from judge.pictures.tessellate import Point
from judge.variants import variant_for

UNIT_RADIUS = marks.ARMY_RADIUS + 1.5  # what arrows keep clear of


def _fmt(v: float) -> str:
    return f"{v:.1f}".rstrip("0").rstrip(".")


def _attr(name: str, value: str) -> str:
    return f" {name}={quoteattr(value)}"


class _Canvas:
    """Collects SVG elements; knows the geometry and the power colours."""

    def __init__(self, board: Board, geometry: Geometry, names=None):
        self.board = board
        self.geo = geometry
        self.names = names or {}
        self.colours = style.board_colours(board)
        self.out: list[str] = []
        self.dislodged_provinces: set[str] = set()  # disbands are drawn there

    def colour(self, power: str) -> str:
        return self.colours.get(power, "#888888")

    def name(self, power: str) -> str:
        """The power's name as its player set it, else the map's."""
        p = self.board.powers.get(power)
        return self.names.get(power) or (p.name if p else power.title())

    def letter(self, power: str) -> str:
        p = self.board.powers.get(power)
        return p.letter if p else power[:1]

    def point(self, location: str) -> Point:
        return self.geo.location_point(location)

    def has(self, location: str) -> bool:
        return province_of(location) in self.geo.provinces


# -- the map ------------------------------------------------------------------


def _draw_provinces(c: _Canvas, position: Position) -> None:
    """One shape per province, filled with its holder's tint (the outlines
    are the map's, written once: static.py)."""
    held = played_territories(c.board, position)
    c.out.append(static.under(c.board, c.geo))
    c.out.append(f'<g class="provinces" stroke="{style.BORDER}" stroke-width="0.7">')
    for pid, d in static.province_paths(c.geo).items():
        prov = c.board.provinces[pid]
        if prov.is_sea:
            fill = "url(#sea)"
        elif prov.kind == "impassable":
            fill = style.IMPASSABLE
        else:
            owner = held.get(pid)
            fill = style.tint(c.colour(owner), style.TINT) if owner else style.LAND
        mark = f' data-owner="{held[pid]}"' if pid in held else ""
        c.out.append(
            f'<path class="province" data-province="{pid}"{mark} d="{d}" '
            f'fill="{fill}"/>'
        )
    c.out.append("</g>")
    c.out.append(static.over(c.board, c.geo))


def _draw_centres(c: _Canvas, position: Position) -> None:
    """Each supply centre: a disc in its owner's colour (white when
    unowned); a home centre has a second ring."""
    homes = {pid for pid, prov in c.board.provinces.items() if prov.home}
    c.out.append('<g class="centres">')
    r = marks.CENTRE_RADIUS
    for pid, shape in c.geo.provinces.items():
        if not c.board.provinces[pid].centre:
            continue
        x, y = shape.centre
        owner = position.centres.get(pid)
        fill = c.colour(owner) if owner else "#FFFFFF"
        ring = (
            f'<circle cx="{_fmt(x)}" cy="{_fmt(y)}" r="{_fmt(r + 2.2)}" fill="none" '
            f'stroke="{style.INK}" stroke-width="0.9"/>'
            if pid in homes
            else ""
        )
        mark = f' data-owner="{owner}"' if owner else ""
        home = ' data-home="yes"' if pid in homes else ""
        c.out.append(
            f'<g class="centre" data-centre="{pid}"{mark}{home}>{ring}'
            f'<circle cx="{_fmt(x)}" cy="{_fmt(y)}" r="{_fmt(r)}" fill="{fill}" '
            f'stroke="{style.INK}" stroke-width="1"/></g>'
        )
    c.out.append("</g>")


# -- units ----------------------------------------------------------------------

_FLEET_HULL = "M-14,-2 L14,-2 L9,8 L-9,8 Z M-1,-3 L-1,-13 L9,-3 Z"


def _unit_symbol(
    c: _Canvas, power: str, unit: Unit, at: Point, dislodged: bool = False
) -> str:
    colour = c.colour(power)
    ink = style.text_colour_on(colour)
    x, y = at
    # Anything not a fleet (an army, a variant's own unit kind) is a disc.
    if unit.kind == "F":
        k = marks.FLEET_SCALE
        shape = (
            f'<path d="{_FLEET_HULL}" transform="scale({k})" fill="{colour}" '
            f'stroke="{style.INK}" stroke-width="{_fmt(1.2 / k)}" '
            'stroke-linejoin="round"/>'
        )
        text_y = 4.2
    else:
        shape = (
            f'<circle r="{_fmt(marks.ARMY_RADIUS)}" fill="{colour}" '
            f'stroke="{style.INK}" stroke-width="1.2"/>'
        )
        text_y = 3.1
    mark = ' data-dislodged="yes"' if dislodged else ""
    letter = c.letter(power)
    # A longer code (a variant's power letters "BRE") is set smaller, to stay
    # on the marker.
    size = min(8.5, 13.0 / max(text_width(letter, 1.0, bold=True), 0.1))
    return (
        f'<g class="unit" data-unit="{unit}" data-power="{power}"{mark} '
        f'transform="translate({_fmt(x)},{_fmt(y)})">{shape}'
        f'<text y="{_fmt(text_y - (8.5 - size) * 0.35)}" font-size="{_fmt(size)}" '
        f'font-weight="bold" text-anchor="middle" fill="{ink}">'
        f"{escape(letter)}</text></g>"
    )


def _draw_units(c: _Canvas, position: Position, struck: dict[str, Dislodged]) -> None:
    """Every unit on the board; `struck` (by province): units these orders
    dislodge, marked where they stand with where they may retreat."""
    c.out.append('<g class="units">')
    for province, (power, unit) in sorted(position.units.items()):
        if not c.has(unit.location):
            continue
        hit = struck.get(province)
        if hit is not None and hit.unit == unit and hit.power == power:
            _draw_one_dislodged(c, hit, c.point(unit.location))
        else:
            c.out.append(_unit_symbol(c, power, unit, c.point(unit.location)))
    c.out.append("</g>")


def _dislodged_point(c: _Canvas, location: str) -> Point:
    """Where a dislodged unit waits: its province's own spot for it (real
    geography), else beside the unit."""
    shape = c.geo.provinces[province_of(location)]
    if shape.dislodged is not None:
        return shape.dislodged
    x, y = c.point(location)
    return (x + 20, y + 17)


def _draw_dislodged(c: _Canvas, dislodged: list[Dislodged]) -> None:
    """A retreat phase's dislodged units sit beside their province (the
    attacker stands in it)."""
    if not dislodged:
        return
    c.out.append('<g class="dislodged-units">')
    for d in dislodged:
        if c.has(d.unit.location):
            _draw_one_dislodged(c, d, _dislodged_point(c, d.unit.location))
    c.out.append("</g>")


def _draw_one_dislodged(c: _Canvas, d: Dislodged, at: Point) -> None:
    """A dislodged unit: ringed, with thin dotted lines to each place it may
    retreat to."""
    colour = c.colour(d.power)
    lines = []
    for dest in d.retreats:
        if not c.has(dest):
            continue
        q = c.point(dest)
        lines.append(
            f'<line x1="{_fmt(at[0])}" y1="{_fmt(at[1])}" x2="{_fmt(q[0])}" '
            f'y2="{_fmt(q[1])}" stroke="{style.INK}" stroke-width="1.4" '
            'stroke-dasharray="1.5 3" stroke-linecap="round"/>'
            f'<circle cx="{_fmt(q[0])}" cy="{_fmt(q[1])}" r="3.5" fill="{colour}" '
            f'stroke="{style.INK}" stroke-width="1"/>'
        )
    c.out.append(
        f'<g class="retreat-options" data-unit="{d.unit}">{"".join(lines)}</g>'
    )
    c.out.append(
        f'<circle cx="{_fmt(at[0])}" cy="{_fmt(at[1])}" r="11" fill="#FFFFFF" '
        f'stroke="{style.INK}" stroke-width="1.2" stroke-dasharray="2.5 1.5"/>'
    )
    c.out.append(_unit_symbol(c, d.power, d.unit, at, dislodged=True))


# -- orders ----------------------------------------------------------------------


def _shorten(p: Point, q: Point, start: float, end: float) -> tuple[Point, Point]:
    dx, dy = q[0] - p[0], q[1] - p[1]
    n = math.hypot(dx, dy) or 1.0
    ux, uy = dx / n, dy / n
    return (p[0] + ux * start, p[1] + uy * start), (q[0] - ux * end, q[1] - uy * end)


def _arrowhead(tip: Point, tail: Point, size: float = 10.0) -> str:
    dx, dy = tip[0] - tail[0], tip[1] - tail[1]
    n = math.hypot(dx, dy) or 1.0
    ux, uy = dx / n, dy / n
    bx, by = tip[0] - ux * size, tip[1] - uy * size
    w = size * 0.55
    pts = [tip, (bx - uy * w, by + ux * w), (bx + uy * w, by - ux * w)]
    return " ".join(f"{_fmt(x)},{_fmt(y)}" for x, y in pts)


class _OrderPen:
    """Draws one order's element; `failed` orders are dashed."""

    def __init__(self, c: _Canvas, result: OrderResult, failed: bool | None = None):
        self.c = c
        self.colour = c.colour(result.power)
        self.failed = bool(result.outcomes) if failed is None else failed
        # Butt ends on dashes: round caps would close the gaps of the casing.
        self.dash = ' stroke-dasharray="6 4"' if self.failed else ""
        self.cap = "butt" if self.failed else "round"

    def line(self, points: list[Point], width: float, casing: bool = True) -> str:
        d = "M" + " L".join(f"{_fmt(x)},{_fmt(y)}" for x, y in points)
        common = f'fill="none" stroke-linecap="{self.cap}" stroke-linejoin="round"'
        under = (
            f'<path d="{d}" {common} stroke="{style.INK}" '
            f'stroke-width="{_fmt(width + 1.8)}"{self.dash}/>'
            if casing
            else ""
        )
        return (
            under + f'<path d="{d}" {common} stroke="{self.colour}" '
            f'stroke-width="{_fmt(width)}"{self.dash}/>'
        )

    def arrow(
        self, points: list[Point], width: float = 2.4, gap: float = UNIT_RADIUS
    ) -> str:
        """A line through `points` with its head at the last (the anchor of
        the province it goes to, short of a unit standing there); `gap` is
        left at the start, clear of the unit that moves."""
        first, last = _shorten(points[0], points[1], gap, 0)[0], points[-1]
        prev = points[-2]
        tail_end = _shorten(prev, last, 0, UNIT_RADIUS + 7)[1]
        tip = _shorten(prev, last, 0, UNIT_RADIUS - 3)[1]
        body = [first, *points[1:-1], tail_end]
        return self.line(body, width) + (
            f'<polygon points="{_arrowhead(tip, tail_end, 9)}" fill="{self.colour}" '
            f'stroke="{style.INK}" stroke-width="1" stroke-linejoin="round"/>'
        )

    def hollow(self, points: list[Point], width: float = 2.6) -> str:
        """A convoy's line: the power's colour with a white core, so it is
        never taken for a support or a move."""
        d = "M" + " L".join(f"{_fmt(x)},{_fmt(y)}" for x, y in points)
        common = f'fill="none" stroke-linecap="{self.cap}" stroke-linejoin="round"'
        return (
            f'<path d="{d}" {common} stroke="{self.colour}" '
            f'stroke-width="{_fmt(width)}"{self.dash}/>'
            f'<path d="{d}" {common} stroke="#FFFFFF" '
            f'stroke-width="{_fmt(width / 2.6)}"{self.dash}/>'
        )

    def ring(self, at: Point, r: float, width: float = 2.0) -> str:
        x, y = at
        return (
            f'<circle cx="{_fmt(x)}" cy="{_fmt(y)}" r="{_fmt(r)}" fill="none" '
            f'stroke="{style.INK}" stroke-width="{_fmt(width + 1.6)}"{self.dash}/>'
            f'<circle cx="{_fmt(x)}" cy="{_fmt(y)}" r="{_fmt(r)}" fill="none" '
            f'stroke="{self.colour}" stroke-width="{_fmt(width)}"{self.dash}/>'
        )

    def cross(self, at: Point, r: float = 9.0) -> str:
        x, y = at
        a = [(x - r, y - r), (x + r, y + r)]
        b = [(x - r, y + r), (x + r, y - r)]
        return self.line(a, 2.4) + self.line(b, 2.4)

    def dot(self, at: Point, r: float = 3.2) -> str:
        return (
            f'<circle cx="{_fmt(at[0])}" cy="{_fmt(at[1])}" r="{_fmt(r)}" '
            f'fill="{self.colour}" stroke="{style.INK}" stroke-width="1.2"/>'
        )


def _convoy_route(
    c: _Canvas, army: Unit, dest: str, results: tuple[OrderResult, ...]
) -> list[Point]:
    """Army, the fleets convoying it (nearest first), destination."""
    fleets = [
        c.point(r.unit.location)
        for r in results
        if _arrow(r.order) is Arrow.CONVOY
        and r.order.target.location == army.location
        and r.order.dest == province_of(dest)
        and c.has(r.order.unit.location)
    ]
    route = [c.point(army.location)]
    while fleets:
        here = route[-1]
        nearest = min(fleets, key=lambda f: math.dist(f, here))
        fleets.remove(nearest)
        route.append(nearest)
    route.append(c.point(dest))
    return route


def order_locations(order) -> list[str]:
    """Every location an order names (its unit, target unit, destination,
    the steps of a multi-step move)."""
    locations = []
    for name in ("unit", "target"):
        unit = getattr(order, name, None)
        if unit is not None:
            locations.append(unit.location)
    dest = getattr(order, "dest", None)
    if dest:
        locations.append(dest)
    locations.extend(getattr(order, "steps", ()))
    return locations


def _multistep(c: _Canvas, result: OrderResult, phase: PhaseResult | None) -> str:
    """One arrow from the fleet through every step, styled as a move.  One
    that stopped early is two: solid as far as the fleet went, dashed
    (failed) from there on; dashed all along when that is not known."""
    order = result.order
    route = [c.point(order.unit.location), *(c.point(s) for s in order.steps)]
    if not result.outcomes:
        return _leg("succeeded", _OrderPen(c, result).arrow(route))
    done = steps_travelled(result, phase)
    failed = _OrderPen(c, result, failed=True)
    if done == 0:
        return _leg("failed", failed.arrow(route))
    went = _OrderPen(c, result, failed=False)
    return _leg("succeeded", went.arrow(route[: done + 1])) + _leg(
        "failed", failed.arrow(route[done:])
    )


def _leg(state: str, body: str) -> str:
    return f'<g class="leg" data-status="{state}">{body}</g>'


def _order_body(
    c: _Canvas, result: OrderResult, phase: PhaseResult | None
) -> str | None:
    """The drawing of one order, or None when it names a place off the map."""
    results = phase.results if phase is not None else ()
    order = result.order
    if not all(c.has(loc) for loc in order_locations(order)):
        return None
    if is_multistep(order):
        return _multistep(c, result, phase)
    pen = _OrderPen(c, result)
    here = c.point(order.unit.location) if hasattr(order, "unit") else None
    if PhaseKind.RETREAT in getattr(order, "phases", ()) and (
        order.unit.province in c.dislodged_provinces
    ):
        here = _dislodged_point(c, order.unit.location)
    return _draw_arrow(c, pen, _arrow(order), order, here, results)


def _arrow(order) -> Arrow:
    """How an order is drawn: its kind's `arrow` (none for an order that
    does not say)."""
    return getattr(order, "arrow", Arrow.NONE)


def _draw_arrow(c: _Canvas, pen, arrow: Arrow, order, here, results) -> str | None:
    """Draw the order's arrow, by the arrow kind alone: the order lends its
    unit, and its target and destination where the arrow needs them."""
    match arrow:
        case Arrow.CONVOYED:
            return pen.arrow(_convoy_route(c, order.unit, order.dest, results))
        case Arrow.MOVE:
            return pen.arrow([here, c.point(order.dest)])
        case Arrow.HOLD:
            return pen.ring(here, UNIT_RADIUS + 2)
        case Arrow.SUPPORT_HOLD:
            target = c.point(order.target.location)
            start, end = _shorten(here, target, UNIT_RADIUS, UNIT_RADIUS + 3)
            return pen.line([start, end], 1.2) + pen.ring(target, UNIT_RADIUS + 3, 1.2)
        case Arrow.SUPPORT_MOVE:
            # Aim at the supported move's arrow, a little past its middle.
            t, d = c.point(order.target.location), c.point(order.dest)
            aim = (t[0] + (d[0] - t[0]) * 0.62, t[1] + (d[1] - t[1]) * 0.62)
            start, end = _shorten(here, aim, UNIT_RADIUS, 0)
            return pen.line([start, end], 1.2) + pen.dot(end)
        case Arrow.CONVOY:
            army, dest = c.point(order.target.location), c.point(order.dest)
            start = _shorten(army, here, UNIT_RADIUS, 0)[0]
            end = _shorten(here, dest, 0, UNIT_RADIUS + 3)[1]
            return pen.hollow([start, here, end]) + pen.ring(here, UNIT_RADIUS + 4, 1.2)
        case Arrow.DISBAND:
            return pen.cross(here)
        case Arrow.BUILD:
            return pen.ring(here, UNIT_RADIUS + 2) + pen.ring(
                here, UNIT_RADIUS + 5, 1.2
            )
    return None


def drawable(result: OrderResult) -> bool:
    """Is this result drawn as an order: one whose kind has an arrow (or a
    multi-step move), for a unit or a build site (not a waive, nor a
    variant's order naming no unit)?"""
    order = result.order
    known = _arrow(order) is not Arrow.NONE or is_multistep(order)
    return known and getattr(order, "unit", None) is not None


def _draw_orders(c: _Canvas, orders: PhaseResult) -> None:
    c.out.append('<g class="orders">')
    # Supports and convoys first, so the moves they back are drawn on top.
    ranked = sorted(
        (r for r in orders.results if drawable(r)),
        key=lambda r: 0 if _arrow(r.order) in BACKING else 1,
    )
    for r in ranked:
        body = _order_body(c, r, orders)
        if body is None:
            continue
        state = "failed" if r.outcomes else "succeeded"
        outcome = ",".join(r.outcomes)
        c.out.append(
            f'<g class="order" data-status="{state}"'
            + _attr("data-order", r.order.canonical())
            + f' data-power="{r.power}"'
            + _attr("data-result", outcome)
            + f">{body}</g>"
        )
    c.out.append("</g>")


# -- title -----------------------------------------------------------------------

TITLE_SIZE = 15.0
TITLE_MIN = 9.0
COUNT_SIZE = 11.0
BADGE = 14.0  # the power's letter square in the legend


def text_width(text: str, size: float, bold: bool = False) -> float:
    """A generous estimate of the width of `text` in DejaVu Sans at `size`
    (wide enough for capitals, so nothing laid out by it is clipped)."""
    per = 0.66 if bold else 0.62
    return len(text) * size * per


def _heading(c: _Canvas, position: Position, orders, title: str) -> str:
    phase = position.phase
    heading = f"{title or c.board.title}: {phase.season_name} {phase.year}, "
    heading += f"{phase.type_name.lower()} ({phase})"
    if orders is not None and orders.phase != phase:
        heading += f", with the orders of {orders.phase}"
    if position.winner:
        heading += f" — won by {c.name(position.winner)}"
    return heading


def title_size(heading: str, width: float) -> float:
    """The title's font size: TITLE_SIZE, smaller when that would not fit
    (the title is never cut off)."""
    room = width - 24
    return max(
        TITLE_MIN, min(TITLE_SIZE, room / max(text_width(heading, 1.0, True), 1))
    )


BADGE_LETTER = 9.5


def badge_width(letter: str) -> float:
    """The legend's square for a power, widened for a longer code."""
    return max(BADGE, text_width(letter, BADGE_LETTER, bold=True) + 5)


def _count_layout(
    c: _Canvas, position: Position
) -> tuple[list[tuple[object, str, float, float]], float]:
    """Where each power's centre count goes in the title band, wrapping onto
    more rows as the names need (each badge as wide as its text), and the
    band's height.  A power the map keeps in reserve shows once it holds
    something."""
    holding = set(position.centres.values()) | {p for p, _u in position.units.values()}
    counts: dict[str, int] = {}
    for owner in position.centres.values():
        counts[owner] = counts.get(owner, 0) + 1
    powers = sorted(
        (
            p
            for p in c.board.powers.values()
            if not c.board.is_reserve(p.id) or p.id in holding
        ),
        key=lambda p: c.name(p.id),
    )
    width = c.geo.width
    needs = [
        badge_width(p.letter)
        + 5
        + text_width(f"{c.name(p.id)} {counts.get(p.id, 0)}", COUNT_SIZE)
        for p in powers
    ]
    even = (width - 24) / max(len(powers), 1)
    if all(n + 8 <= even for n in needs):
        needs = [even - 8] * len(powers)
    places, x, row = [], 12.0, 0
    top = 33.0
    for power, need in zip(powers, needs, strict=True):
        if x + need > width - 12 and x > 12:
            x, row = 12.0, row + 1
        text = f"{c.name(power.id)} {counts.get(power.id, 0)}"
        places.append((power, text, x, top + 20 * row))
        x += need + 8
    return places, style.TITLE_BAND + 20 * row


def _draw_title(
    c: _Canvas, position: Position, orders: PhaseResult | None, title: str
) -> None:
    heading = _heading(c, position, orders, title)
    width = c.geo.width
    places, band = _count_layout(c, position)
    size = title_size(heading, width)
    c.out.append(
        f'<g class="title" transform="translate(0,{_fmt(-band)})">'
        f'<rect width="{_fmt(width)}" height="{_fmt(band)}" fill="#FAF8F2"/>'
        f'<text class="heading" x="12" y="22" font-size="{_fmt(size)}" '
        f'font-weight="bold" fill="{style.INK}">{escape(heading)}</text>'
    )
    counts: dict[str, int] = {}
    for owner in position.centres.values():
        counts[owner] = counts.get(owner, 0) + 1
    for power, text, x, y in places:
        colour = c.colour(power.id)
        count = counts.get(power.id, 0)
        badge = badge_width(power.letter)
        c.out.append(
            f'<g class="count" data-power="{power.id}" data-centres="{count}">'
            f'<rect x="{_fmt(x)}" y="{_fmt(y)}" width="{_fmt(badge)}" '
            f'height="{_fmt(BADGE)}" rx="3" '
            f'fill="{colour}" stroke="{style.INK}" stroke-width="1"/>'
            f'<text x="{_fmt(x + badge / 2)}" y="{_fmt(y + 10.5)}" '
            f'font-size="{_fmt(BADGE_LETTER)}" font-weight="bold" text-anchor="middle" '
            f'fill="{style.text_colour_on(colour)}">{escape(power.letter)}</text>'
            f'<text x="{_fmt(x + badge + 5)}" y="{_fmt(y + 11)}" '
            f'font-size="{_fmt(COUNT_SIZE)}" fill="{style.INK}">{escape(text)}</text>'
            "</g>"
        )
    c.out.append(
        f'<line x1="0" y1="{_fmt(band - 0.5)}" x2="{_fmt(width)}" '
        f'y2="{_fmt(band - 0.5)}" stroke="{style.BORDER}"/></g>'
    )


# -- the whole picture ----------------------------------------------------------------


def _description(c: _Canvas, position: Position) -> str:
    """What a screen reader says of the picture: the phase, the centre
    counts and every unit."""
    counts: dict[str, int] = {}
    for owner in position.centres.values():
        counts[owner] = counts.get(owner, 0) + 1
    parts = [f"{c.name(p)} {n} centres" for p, n in sorted(counts.items())]
    units = [
        f"{c.name(power)} {unit}"
        for _prov, (power, unit) in sorted(position.units.items())
    ]
    return f"{position.phase}. " + "; ".join(parts) + ". Units: " + ", ".join(units)


def _root(c: _Canvas, width: float, height: float, band: float) -> str:
    """The root element; with real geography, its projection and the
    transform from projected metres to its coordinates.  The map keeps its
    own coordinates (no transform on any shape of it, so a reader needs none):
    the view starts `band` above it, where the title goes."""
    geo = ""
    if c.geo.projection and c.geo.transform:
        numbers = " ".join(repr(round(v, 9)) for v in c.geo.transform)
        geo = _attr("data-projection", c.geo.projection) + _attr(
            "data-transform", numbers
        )
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" '
        f'width="{_fmt(width)}" height="{_fmt(height)}" '
        f'viewBox="0 {_fmt(-band)} {_fmt(width)} {_fmt(height)}" role="img" '
        f'aria-labelledby="title desc"{geo} font-family={quoteattr(style.FONT)}>'
    )


def render_svg(
    board: Board,
    position: Position,
    orders: PhaseResult | None = None,
    title: str = "",
    geometry: Geometry | None = None,
) -> str:
    """The SVG picture of `position`, with `orders` (a phase's results) drawn.

    `geometry` defaults to the map's drawing in maps/ (GeometryError when it
    has none); a map generator may pass its own.
    """
    return _picture(board, position, orders, title, geometry or load_geometry(board))


def _picture(
    board: Board,
    position: Position,
    orders: PhaseResult | None,
    title: str,
    geo: Geometry,
    with_map: bool = True,
) -> str:
    """The picture; without the map (`with_map` false) only what changes
    from phase to phase over a transparent ground: title, centres, units,
    orders (render_png lays it over the map's cached raster)."""
    c = _Canvas(board, geo, display_names(board, position))
    dislodged = sorted(position.dislodged.values(), key=lambda d: d.unit.location)
    c.dislodged_provinces = {d.unit.province for d in dislodged}
    # Drawn over the board before the phase, the orders' victims are marked.
    struck = {d.unit.province: d for d in orders.dislodged} if orders else {}
    band = _count_layout(c, position)[1]
    width, height = geo.width, geo.height + band
    c.out.append(_root(c, width, height, band))
    name = _heading(c, position, orders, title)
    c.out.append(f'<title id="title">{escape(name)}</title>')
    c.out.append(f'<desc id="desc">{escape(_description(c, position))}</desc>')
    c.out.append(static.defs())
    _draw_title(c, position, orders, title)
    c.out.append('<g class="map">')
    if with_map:
        _draw_provinces(c, position)
    _draw_centres(c, position)
    _draw_units(c, position, struck)
    _draw_dislodged(c, dislodged)
    if orders is not None:
        _draw_orders(c, orders)
    c.out.append("</g></svg>")
    return "\n".join(c.out)


def played_territories(board: Board, position: Position) -> dict[str, str]:
    """territories(), for the powers players play: a variant's neutral
    pieces and disordered units tint nothing."""
    seats = variant_for(board).seats(board, position)
    played = {power for powers in seats.values() for power in powers}
    return {p: o for p, o in territories(board, position).items() if o in played}


def display_names(board: Board, position: Position) -> dict[str, str]:
    """The names players gave their powers (where a variant lets them)."""
    return dict(variant_for(board).display_names(board, position))


def render_png(
    board: Board,
    position: Position,
    orders: PhaseResult | None = None,
    title: str = "",
    geometry: Geometry | None = None,
) -> bytes:
    """The same picture as render_svg, rasterised to PNG.

    A map with real geography is put together from rasters: the map's own
    layers, drawn once per process (static.raster_layers), tinted by
    palette, and this phase's title, centres, units and orders drawn over
    them; a schematic map goes whole through resvg."""
    from judge.pictures import raster

    geo = geometry or load_geometry(board)
    if geo.projection is None:
        return raster.svg_to_png(render_svg(board, position, orders, title, geo))
    layers = static.raster_layers(board, geo)
    held = played_territories(board, position)
    colours = style.board_colours(board)
    fills = {
        pid: style.tint(colours.get(owner, "#888888"), style.TINT)
        for pid, owner in held.items()
    }
    top = _picture(board, position, orders, title, geo, with_map=False)
    return raster.compose(layers, fills, top)

"""Orders by mail in every variant: the order language, plus the orders only a
variant knows (1913's DESIGNATE and ALLIANCE, another's multi-step fleet
moves, federations, gifts...), read by the variant
(judge.variants.parse_variant_order) first, as `judge adjudicate` does; and a
multi-country seat's lines shared out among its countries."""

from __future__ import annotations

from dataclasses import replace

from judge.engine.adjustments import adjustment_counts, build_sites
from judge.engine.api import DEFAULT_RULES, Rules, adjudicate, orders_needed
from judge.engine.board import Board, province_of
from judge.engine.home_transfer import with_transfers
from judge.engine.hooks import hooks_for
from judge.engine.kinds import OrderKind as K
from judge.engine.kinds import Outcome
from judge.engine.legality import retreat_options_if_void, void_whatever_ordered
from judge.engine.orders import Build, Order, Unit, unit_kind
from judge.engine.state import Position
from judge.engine.strict_convoy import implausible_convoy
from judge.language.order_parser import ParsedOrder, parse_orders
from judge.reports.order_report import piece_key
from judge.service.proxies import with_proxies
from judge.variants import parse_variant_order, variant_for


def engine_orders(
    board: Board,
    position: Position,
    texts: dict[str, list[str]],
    rules: Rules = DEFAULT_RULES,
):
    """Stored canonical texts back to engine orders (the parser's fast path);
    PROXY hand-overs become the proxy's order (judge/service/proxies.py)."""
    texts = with_proxies(board, position, texts)
    orders = {}
    for power, lines in texts.items():
        parsed = read_orders(board, position, power, "\n".join(lines), rules)
        orders[power] = [p.order for p in parsed if p.order is not None]
    return orders


def read_orders(
    board: Board,
    position: Position,
    power: str | None,
    text: str,
    rules: Rules = DEFAULT_RULES,
    trial: VariantTrial | None = None,
) -> list[ParsedOrder]:
    """parse_orders, with each line (or piece the language refused) first
    offered to the variant's own order reader, then each order checked for
    `power` (checked_for; `trial`: the reading's, when it reads in parts)."""
    out: list[ParsedOrder] = []
    plain: list[str] = []

    def flush() -> None:
        if plain:
            out.extend(
                parse_orders(
                    board,
                    position,
                    power,
                    "\n".join(plain),
                    rules,
                )
            )
            plain.clear()

    for line in text.splitlines():
        order = (
            parse_variant_order(board, line.strip(), position) if line.strip() else None
        )
        if order is None:
            plain.append(line)
            continue
        flush()
        out.append(ParsedOrder(line.strip(), order))
    flush()
    for i, parsed in enumerate(out):
        if parsed.order is None:
            order = parse_variant_order(board, parsed.text, position)
            if order is not None:
                out[i] = ParsedOrder(parsed.text, order)
    if power is not None:
        trial = trial or VariantTrial(board, position, rules)
        out = [
            checked_for(board, position, power, parsed, rules, trial) for parsed in out
        ]
    return out


def checked_for(
    board: Board,
    position: Position,
    power: str,
    parsed: ParsedOrder,
    rules: Rules,
    trial: VariantTrial | None = None,
) -> ParsedOrder:
    """An order read for `power`, checked against the position as it
    arrives: refused (order None, with the reason) when the rules would void
    it whatever the other powers order.  `trial`: the reading's (its tries
    shared by the reading's orders)."""
    parsed = _settled(board, position, power, parsed)
    parsed = _not_yours(board, position, power, parsed)
    phase = position.phase.type
    if hooks_for(board) is not None:  # a variant with rules of its own
        trial = trial or VariantTrial(board, position, rules)
        if phase in "RA":
            parsed = _void_by_the_variant(trial, power, parsed)
        elif variant_for(board).standard_moves:
            parsed = _void_on_arrival(board, position, parsed, rules)
            parsed = _move_void_by_the_variant(trial, power, parsed)
        return parsed
    if phase == "A":
        parsed = _no_adjustment(board, position, power, parsed, rules)
    elif phase == "M":
        parsed = _void_on_arrival(board, position, parsed, rules)
        if rules.strict_convoy:  # SET STRICT CONVOY
            parsed = _plausible(board, parsed)
    elif phase == "R":
        parsed = _retreat_on_arrival(board, position, parsed)
    return parsed


def _retreat_on_arrival(board: Board, position: Position, parsed):
    """A retreat to a place the unit may not go is refused as it arrives,
    with where it may go ('Budapest can retreat to Serbia only'), as a void
    movement order is: at the deadline the unit would be destroyed."""
    order = parsed.order
    if _kind(order) != K.RETREAT:
        return parsed
    options = retreat_options_if_void(position, order)
    if options is None:
        return parsed
    return _retreat_refused(board, parsed, options)


class VariantTrial:
    """Orders tried alone through a variant's own adjudication (for a variant
    with rules of its own), to refuse as they arrive what it voids whatever
    the other powers order.  Each order is tried once per reading, at most
    TRIALS_PER_READING of them: the rest are judged at the deadline, so no
    message makes the judge adjudicate much."""

    def __init__(self, board: Board, position: Position, rules: Rules):
        self.board, self.position, self.rules = board, position, rules
        self.tried: dict[tuple[str, Order], bool | None] = {}
        self.sites: dict[str, list[str] | None] = {}
        self._needed: dict[str, int] | None = None

    def owed(self, power: str) -> int:
        """What the power owes this phase (orders_needed, asked once)."""
        if self._needed is None:
            self._needed = orders_needed(self.board, self.position, self.rules)
        return self._needed.get(power, 0)

    def voids(self, power: str, order: Order) -> bool | None:
        """Does the variant void the order, given alone?  None: not tried,
        the reading's tries spent."""
        key = (power, order)
        if key not in self.tried:
            if len(self.tried) >= TRIALS_PER_READING:
                return None
            try:
                result = adjudicate(
                    self.board, self.position, {power: [order]}, self.rules
                )
            except ValueError:  # the variant's rules refuse to try it: the
                self.tried[key] = None  # deadline's adjudication will say
                return None
            self.tried[key] = any(
                r.order == order and Outcome.VOID in r.outcomes for r in result.results
            )
        return self.tried[key]

    def build_sites(self, power: str) -> list[str] | None:
        """The centres where the power may build this winter (None: more
        to try than the reading may)."""
        if power not in self.sites:
            tried = [(b, self.voids(power, b)) for b in self._candidate_builds(power)]
            self.sites[power] = (
                None
                if any(void is None for _, void in tried)
                else sorted(
                    {
                        self.board.location_name(build.unit.province)
                        for build, void in tried
                        if not void
                    }
                )
            )
        return self.sites[power]

    def _candidate_builds(self, power: str):
        """An army and a fleet (on each coast) in every centre it owns."""
        board = self.board
        for province, owner in self.position.centres.items():
            if owner != power:
                continue
            coasts = board.provinces[province].coasts
            for location in [province, *(f"{province}/{c}" for c in coasts)]:
                for kind in "AF":
                    if board.can_hold(kind, location):
                        yield Build(Unit(kind, location))


# Orders one reading may try through a variant's adjudication (about 1 ms
# each in the largest variant): a message's checks stay within a second.
TRIALS_PER_READING = 50


def _void_by_the_variant(trial: VariantTrial, power: str, parsed):
    """In a variant with rules of its own, a retreat, or a build the power
    has room for, that the variant's own adjudication voids is refused as it
    arrives, as in the standard game: no other power's order can mend it.
    (A build owed nothing is left to the deadline: a variant may give builds
    by order.)"""
    board, position = trial.board, trial.position
    order = parsed.order
    kind = _kind(order)
    if kind == K.RETREAT and position.phase.type == "R":
        if trial.voids(power, order) is not True:
            return parsed
        entry = position.dislodged.get(order.unit.province)
        return _retreat_refused(board, parsed, tuple(entry.retreats) if entry else ())
    if kind != K.BUILD or position.phase.type != "A":
        return parsed
    if trial.owed(power) <= 0:
        return parsed
    if trial.voids(power, order) is not True:
        return parsed
    name = board.powers[power].name
    place = board.location_name(order.unit.location)
    word = unit_kind(order.unit.kind).word
    article = "an" if word[:1] in "aeiou" else "a"
    why = f"the rules of this game do not let {name} build {article} {word} in {place}"
    sites = trial.build_sites(power)
    if sites is None:
        return ParsedOrder(parsed.text, None, why)
    if not sites:
        where = f"{name} has nowhere to build this winter"
    elif len(sites) == 1:
        where = f"{name} can build in {sites[0]} only"
    else:
        where = f"{name} can build in {', '.join(sites[:-1])} or {sites[-1]}"
    return ParsedOrder(parsed.text, None, f"{why}: {where}")


def _move_void_by_the_variant(trial: VariantTrial, power: str, parsed):
    """A move the variant voids, given alone (into a province its rules
    close), is refused as it arrives.  Moves only: a support or convoy
    given alone has nothing to match."""
    order = parsed.order
    if _kind(order) != K.MOVE or trial.voids(power, order) is not True:
        return parsed
    board = trial.board
    who = _the_unit(board, order.unit)
    there = board.location_name(order.dest)
    why = f"{who} cannot move to {there}: the rules of this game do not allow it now"
    return ParsedOrder(parsed.text, None, why)


def _the_unit(board: Board, unit) -> str:
    """'the army in Budapest', as the refusals name a unit."""
    return f"the {unit_kind(unit.kind).word} in {board.location_name(unit.location)}"


def _retreat_refused(board: Board, parsed, options) -> ParsedOrder:
    order = parsed.order
    unit = order.unit
    who = _the_unit(board, unit)
    there = board.location_name(order.dest)
    names = sorted(board.location_name(loc) for loc in options)
    if not names:
        can = f"{who} cannot retreat anywhere: order it to DISBAND"
    elif len(names) == 1:
        can = f"{board.location_name(unit.location)} can retreat to {names[0]} only"
    else:
        listed = ", ".join(names[:-1]) + f" or {names[-1]}"
        can = f"{board.location_name(unit.location)} can retreat to {listed}"
    return ParsedOrder(parsed.text, None, f"{who} cannot retreat to {there}: {can}")


def _settled(board: Board, position: Position, power: str, parsed: ParsedOrder):
    """The order as the variant reads it in this position (`A BRE` may be a
    variant's own piece standing alone there)."""
    if parsed.order is None:
        return parsed
    order = variant_for(board).settle_order(position, power, parsed.order)
    return parsed if order is parsed.order else replace(parsed, order=order)


def _void_on_arrival(
    board: Board, position: Position, parsed, rules: Rules = DEFAULT_RULES
):
    """A movement order the rules void whatever anyone else orders is refused
    as it arrives, with the reason, so the player can mend it in time (and
    a slip does not replace the unit's earlier, good order)."""
    order = parsed.order
    if getattr(order, "unit", None) is None:  # no order, or one naming no unit
        return parsed
    if not void_whatever_ordered(board, position, order, rules):
        return parsed
    unit = order.unit
    who = _the_unit(board, unit)
    kind = _kind(order)
    if kind == K.MOVE:
        there = board.location_name(order.dest)
        if (
            unit.kind == "A"
            and order.dest != unit.province
            and (
                board.provinces[unit.province].kind == "coast"
                and board.provinces[province_of(order.dest)].kind == "coast"
            )
        ):
            why = f"no fleet at sea could convoy {who} to {there}"
        else:
            why = f"{who} cannot move to {there}: {_reach(board, unit, 'move to')}"
    elif kind in (K.SUPPORT_HOLD, K.SUPPORT_MOVE):
        target = order.dest if kind == K.SUPPORT_MOVE else order.target.location
        why = (
            f"{who} cannot support into {board.location_name(target)}:"
            f" {_reach(board, unit, 'support into')}"
        )
    else:
        why = "only a fleet at sea can convoy"
    return ParsedOrder(parsed.text, None, why)


def _reach(board: Board, unit, verb: str) -> str:
    """What a refused move or support could have named: 'Paris can move to
    Brest, Burgundy, Gascony or Picardy' (a fleet's coasts as places of
    their own for a move; a support names provinces)."""
    if unit.kind == "A":
        places = board.army_adjacency.get(unit.province, ())
    else:
        places = board.fleet_adjacency.get(unit.location, ())
        if verb != "move to":
            places = {province_of(place) for place in places}
    names = sorted(board.location_name(place) for place in places)
    here = board.location_name(unit.location)
    coastal_army = unit.kind == "A" and board.provinces[unit.province].kind == "coast"
    by_sea = (
        " (or, convoyed, to another coast)"
        if coastal_army and verb == "move to"
        else ""
    )
    if not names:
        return f"{here} can {verb} nowhere{by_sea}"
    if len(names) == 1:
        return f"{here} can {verb} {names[0]} only{by_sea}"
    return f"{here} can {verb} {', '.join(names[:-1])} or {names[-1]}{by_sea}"


def _plausible(board: Board, parsed):
    why = parsed.order is not None and implausible_convoy(board, parsed.order)
    return ParsedOrder(parsed.text, None, why) if why else parsed


def _no_adjustment(
    board: Board, position: Position, power: str, parsed, rules: Rules = DEFAULT_RULES
):
    """A build, waive or removal the power cannot make this winter is
    refused as it arrives, with the reason (the standard rules and ANY
    DISBAND's; a variant's own adjustment rules decide at the deadline), and
    MAINTAIN where ANY DISBAND is not set."""
    order = parsed.order
    kind = _kind(order)
    if kind == K.MAINTAIN and not rules.any_disband:
        why = (
            "MAINTAIN is an order only in games with SET ANY DISBAND, where"
            " every unit is kept or disbanded each winter"
        )
        return ParsedOrder(parsed.text, None, why)
    if kind not in (K.BUILD, K.WAIVE, K.DISBAND):
        return parsed
    name = board.powers[power].name
    why = None
    if rules.any_disband:
        # any unit may go and a waive always counts; whether the units kept
        # and built make the centres is the order reply's count
        if kind == K.BUILD:
            why = _build_refusal(board, position, power, order, rules)
        return parsed if why is None else ParsedOrder(parsed.text, None, why)
    owed = adjustment_counts(board, position).get(power, 0)
    if kind == K.DISBAND:
        if owed >= 0:
            why = f"{name} has no units to remove" + _owes(owed)
    elif owed <= 0:
        why = f"{name} has no builds to make" + _owes(owed)
    elif kind == K.BUILD:
        why = _build_refusal(board, position, power, order, rules)
    if why is None:
        return parsed
    return ParsedOrder(parsed.text, None, why)


def _owes(owed: int) -> str:
    """What the power does owe this winter, after a refusal."""
    if owed > 0:
        return f" (it has {owed} build{'s' if owed > 1 else ''} to make)"
    if owed < 0:
        return f" (it has {-owed} unit{'s' if owed < -1 else ''} to remove)"
    return " (it has nothing to adjust this winter)"


def _build_refusal(board, position, power: str, order, rules: Rules) -> str | None:
    """Why the power may not build there this winter (None: it may), and
    where it may ('Vienna is occupied: Austria can build in Trieste only')."""
    sites = build_sites(board, position, power, rules)
    if order.unit.province in sites:
        return None
    why = _build_site_refusal(board, position, power, order, rules)
    name = board.powers[power].name
    names = sorted(board.location_name(site) for site in sites)
    if not names:
        return f"{why}: {name} has no free centre to build in this winter"
    if len(names) == 1:
        return f"{why}: {name} can build in {names[0]} only"
    return f"{why}: {name} can build in {', '.join(names[:-1])} or {names[-1]}"


def _build_site_refusal(board, position, power: str, order, rules: Rules) -> str:
    site = order.unit.province
    name = board.powers[power].name
    place = board.location_name(site)
    if position.centres.get(site) == power and site not in position.units:
        return f"{place} is not a centre {name} may build in"
    if site not in board.home_centres(power) and rules.build_sites == "home":
        adjective = board.powers[power].adjective
        article = "an" if adjective[:1] in "AEIOU" else "a"
        return f"{place} is not {article} {adjective} home centre"
    if position.centres.get(site) != power:
        return f"{name} does not own {place}"
    if rules.any_disband:  # njudge: "already has a unit present"
        return (
            f"{place} is occupied (under ANY DISBAND a unit is built only"
            " where none stood as the winter began)"
        )
    return f"{place} is occupied"


def _kind(order: Order | None) -> str | None:
    """The order's kind (judge.engine.kinds.OrderKind for the standard ones;
    None for a variant's order that does not say)."""
    return getattr(order, "order_kind", None)


# Kinds that order a unit on the board: every kind that says what it is
# (a registered one too), but builds and waives; a variant's orders that do
# not say are the variant's to check.
_NOT_UNIT_ORDERS = frozenset({K.BUILD, K.WAIVE})


def _not_yours(board: Board, position: Position, power: str, parsed: ParsedOrder):
    """An order for a unit the power does not have is refused as it arrives:
    the engine would void it, and the reply (which lists the power's own
    units) would not show it."""
    order = parsed.order
    kind = _kind(order)
    if kind is None or kind in _NOT_UNIT_ORDERS or order.unit is None:
        return parsed
    province = order.unit.province
    if unit_kind(order.unit.kind).beside:  # a guard: read only when the power's
        return parsed
    if position.phase.type == "R":
        gone = position.dislodged.get(province)
        owner = gone.power if gone else None
        where = "no dislodged unit"
    else:
        held = position.units.get(province)
        owner = held[0] if held else None
        where = "no unit"
    if owner == power:
        return parsed
    place = board.location_name(province)
    if owner is None or owner not in board.powers:
        return ParsedOrder(parsed.text, None, f"you have {where} in {place}")
    adjective = board.powers[owner].adjective
    return ParsedOrder(parsed.text, None, f"the unit in {place} is {adjective}")


def order_key(order: Order, waives: int) -> str:
    """The svc_orders key: the unit's province (a later order for the unit
    replaces it), WAIVE<n>, or the variant order's kind or text."""
    unit = getattr(order, "unit", None)
    if unit is not None:
        return piece_key(unit)
    if _kind(order) == K.WAIVE:
        return f"WAIVE{waives}"
    if getattr(order, "standing", False):  # one per power at a time
        return type(order).__name__.upper()
    return "V:" + order.canonical()


def _header(board: Board, line: str) -> tuple[str | None, str | None]:
    """(country, None) for a heading line such as 'France:', 'Orders for
    France', 'Fra:' or 'F:' (an abbreviation or the power's letter only with
    the colon, and only when one power fits); (None, why) for an ambiguous
    one; (None, None) for a line that is no heading."""
    stripped = line.strip()
    colon = stripped.endswith(":")
    words = stripped.lower().replace(":", " ").split()
    if words[:2] == ["orders", "for"]:
        words = words[2:]
    text = " ".join(words)
    if not text:
        return None, None
    for pid, power in board.powers.items():
        if text in (pid.lower(), power.name.lower(), power.adjective.lower()):
            return pid, None
    if not colon or " " in text:
        return None, None
    fits = sorted(
        pid
        for pid, power in board.powers.items()
        if text == power.letter.lower()
        or (len(text) >= 3 and power.name.lower().startswith(text))
    )
    if len(fits) == 1:
        return fits[0], None
    if fits:
        names = " or ".join(board.powers[p].name for p in fits)
        return None, f"'{stripped}' could be {names}: write the country's name"
    return None, None


def _owner(board: Board, position: Position, order: Order, countries, needs):
    """Which of the seat's countries an order is for."""
    unit = getattr(order, "unit", None)
    kind = _kind(order)
    if kind == K.BUILD:
        for country in countries:
            homes = with_transfers(board.home_centres(country), position, country)
            if unit.province in homes and (
                position.centres.get(unit.province) == country
            ):
                return country
        return None
    if kind == K.WAIVE:  # the only country owing builds, or a heading
        owing = [c for c in countries if needs.get(c, 0) > 0]
        return owing[0] if len(owing) == 1 else None
    if kind == K.RETREAT or (position.phase.type == "R" and kind == K.DISBAND):
        gone = position.dislodged.get(unit.province)
        return gone.power if gone and gone.power in countries else None
    if unit is not None:
        held = position.units.get(unit.province)
        return held[0] if held and held[0] in countries else None
    return None


def _waive_refusal(board: Board, countries, needs) -> str:
    owing = sorted(board.powers[c].name for c in countries if needs.get(c, 0) > 0)
    if not owing:
        return "none of your countries owes a build"
    listed = ", ".join(owing[:-1]) + f" and {owing[-1]}"
    return (
        f"{'both ' if len(owing) == 2 else ''}{listed} owe builds; head it with"
        f" the country's name, e.g. '{owing[0]}:'"
    )


def route(
    board: Board,
    position: Position,
    countries: list[str],
    lines: list[str],
    needs,
    rules: Rules = DEFAULT_RULES,
) -> tuple[dict[str, list[ParsedOrder]], list[tuple[str, str]]]:
    """Share a multi-country seat's order lines among its countries: a line
    naming a country ('France:') sends what follows to it; otherwise each
    order goes to the country whose unit (or home centre) it names.
    Returns (country -> parsed orders, refused (text, reason) pairs)."""
    shared: dict[str, list[ParsedOrder]] = {c: [] for c in countries}
    refused: list[tuple[str, str]] = []
    names = " and ".join(board.powers[c].name for c in countries)
    trial = VariantTrial(board, position, rules)
    current = None
    for line in lines:
        named, unclear = _header(board, line)
        if unclear:
            refused.append((line, unclear))
            current = None
            continue
        if named is not None:
            if named in countries:
                current = named
            else:
                refused.append(
                    (line, f"{board.powers[named].name} is not yours; you play {names}")
                )
            continue
        for parsed in read_orders(board, position, current, line, rules, trial):
            if parsed.order is None:
                refused.append((parsed.text, parsed.error or "not understood"))
                continue
            country = current or _owner(board, position, parsed.order, countries, needs)
            if country is None and _kind(parsed.order) == K.WAIVE:
                refused.append((parsed.text, _waive_refusal(board, countries, needs)))
                continue
            if country is None:
                refused.append(
                    (
                        parsed.text,
                        f"this is for none of your countries ({names}); head the"
                        " orders with the country's name, e.g. 'France:'",
                    )
                )
                continue
            if current is None:  # read for no country: its checks now
                parsed = checked_for(board, position, country, parsed, rules, trial)
                if parsed.order is None:
                    refused.append((parsed.text, parsed.error or "not understood"))
                    continue
            shared[country].append(parsed)
    return shared, refused


def refusal(board: Board, power: str, order: Order) -> str | None:
    """Why a variant order is refused when it arrives (None: taken)."""
    return variant_for(board).refuse_order(board, power, order)


def order_notes(board: Board, position: Position, power: str, orders) -> list[str]:
    """What a player should know about an order set as it stands (e.g. a
    variant's budget for its moves)."""
    return variant_for(board).order_notes(board, position, power, orders)

"""Units and orders in the words of the results (docs/contracts/results-format.md).

Every function returns one line without its newline.  Lines never wrap: the
contract promises one line per unit, which is what parsers rely on.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from judge.engine.board import Board
from judge.engine.kinds import PhaseKind
from judge.engine.orders import Order, Unit, unit_kind
from judge.engine.results import Outcome
from judge.engine.state import Dislodged

# Contract outcome codes -> the words between (* *).  A unit disbanded in a
# retreat phase is reported the njudge way, as destroyed.
OUTCOME_WORDS = {Outcome.DISBAND: "destroyed"}
# Results of the unit itself come after the reason its order failed:
# (*bounce, dislodged*), never (*dislodged, bounce*).
_LAST = (Outcome.DISLODGED, "destroyed")

# Who owns the unit standing in a province: used to name foreign units.
Owners = Mapping[str, tuple[str, Unit]]


def kind_word(unit: Unit) -> str:
    """'Army', 'Fleet', or a variant's unit kind's word, capitalised."""
    return unit_kind(unit.kind).word.capitalize()


def unit_words(board: Board, unit: Unit) -> str:
    """'Army Budapest', 'Fleet St Petersburg (south coast)'."""
    return f"{kind_word(unit)} {board.location_name(unit.location)}"


def annotation(outcomes: Iterable[str]) -> str:
    """'' or '  (*bounce, dislodged*)': all outcomes in one pair of marks."""
    words = [OUTCOME_WORDS.get(code, code) for code in outcomes]
    words = [w for w in words if w not in _LAST] + [w for w in words if w in _LAST]
    return f"  (*{', '.join(words)}*)" if words else ""


def _in_place(board: Board, location: str) -> str:
    """'in Burgundy' / 'in the North Sea' (njudge mov_type)."""
    the = "the " if board.provinces[location.split("/")[0]].is_sea else ""
    return f"in {the}{board.location_name(location)}"


def _other_unit(board: Board, power: str, target: Unit, owners: Owners) -> str:
    """A supported or convoyed unit, with its power's adjective when foreign."""
    owner, actual = owners.get(target.province, (None, target))
    adjective = ""
    if owner is not None and owner != power:
        adjective = board.powers[owner].adjective + " "
    return adjective + unit_words(board, actual)


class _Fields(dict):
    """What an order kind's `words` templates may name, worked out when
    named: {dest}, {target} (a supported or convoyed unit), {steps} (a
    route's places), {place} and {in_place} (the unit's), {a_unit} ("an
    army"), {unit_word} ("army"), {canonical}."""

    def __init__(self, board: Board, power: str, order: Order, owners: Owners):
        super().__init__()
        self.board, self.power, self.order, self.owners = board, power, order, owners

    def __missing__(self, key: str) -> str:
        board, order = self.board, self.order
        unit = getattr(order, "unit", None)
        match key:
            case "dest":
                return board.location_name(order.dest)
            case "target":
                return _other_unit(board, self.power, order.target, self.owners)
            case "steps":
                return " -> ".join(board.location_name(s) for s in order.steps)
            case "place":
                return board.location_name(unit.location)
            case "in_place":
                return _in_place(board, unit.location)
            case "unit_word":
                return unit_kind(unit.kind).word
            case "a_unit":
                word = unit_kind(unit.kind).word
                return f"{'an' if word[:1] in 'aeiou' else 'a'} {word}"
            case "canonical":
                return order.canonical()
        raise KeyError(key)


def _fill(template: str, board: Board, power: str, order: Order, owners) -> str:
    return template.format_map(_Fields(board, power, order, owners))


def order_words(
    board: Board, power: str, order: Order | None, owners: Owners, retreat=False
) -> str:
    """What follows the unit: ' -> Galicia', ' HOLD', ', No Order Processed'
    (the order kind's `words`)."""
    if order is None:
        return ", No Order Processed (DISBAND)" if retreat else ", No Order Processed"
    template = getattr(order, "words", " {canonical}")
    return _fill(template, board, power, order, owners)


def unit_line(
    board: Board,
    power: str,
    unit: Unit,
    order: Order | None,
    outcomes: Sequence[str] = (),
    owners: Owners | None = None,
    retreat: bool = False,
) -> str:
    """'Austria: Army Budapest -> Galicia.  (*bounce*)'."""
    words = order_words(board, power, order, owners or {}, retreat)
    name = board.powers[power].name
    return f"{name}: {unit_words(board, unit)}{words}.{annotation(outcomes)}"


def unordered_unit_line(board: Board, power: str, unit: Unit) -> str:
    """'France: No order for the army in Paris (maintain).': njudge's line
    for a unit given neither MAINTAIN nor DISBAND under SET ANY DISBAND."""
    kind = unit_kind(unit.kind).word
    where = _in_place(board, unit.location)
    return f"{board.powers[power].name}: No order for the {kind} {where} (maintain)."


def proxy_line(board: Board, power: str, unit: Unit, to: str) -> str:
    """'France: Army Paris Proxy given to Germany.': a unit handed over for
    the phase (SET PROXY), in njudge's words and place (st_movement.c: its
    own block before the units' lines)."""
    name, holder = board.powers[power].name, board.powers[to].name
    return f"{name}: {unit_words(board, unit)} Proxy given to {holder}."


NJUDGE_POWER_COLUMN = 25  # "<Power>:" and blanks up to njudge's LPOWER + 1


def adjustment_line(
    board: Board,
    power: str,
    unit: Unit | None,
    order: Order | None,
    outcomes: Sequence[str] = (),
) -> str:
    """'France: Builds a fleet in Marseilles.', 'Defaults, removing ...'
    (the order kind's `adjustment_words`)."""
    if order is not None:
        template = getattr(order, "adjustment_words", "{canonical}.")
        text = _fill(template, board, power, order, {})
    elif unit is None:  # an unused build the engine waived
        text = "Build waived."
    elif Outcome.DISBAND in outcomes:
        kind = unit_kind(unit.kind).word
        text = f"Defaults, removing the {kind} {_in_place(board, unit.location)}."
    else:  # SET ANY DISBAND: a unit nobody ordered stays (njudge st_build.c)
        return unordered_unit_line(board, power, unit)
    label = f"{board.powers[power].name}:"
    if text.startswith("Build waived"):
        # njudge pads the power to its column here (st_build.c); jDip reads
        # a waived build only after two or more blanks.
        label = label.ljust(max(NJUDGE_POWER_COLUMN, len(label) + 1))
    return f"{label} {text}{annotation(outcomes)}"


def is_variant_order(order: Order | None) -> bool:
    """An order naming no unit that is none of a phase's standard orders
    (1913's DESIGNATE, a variant's JOIN...): it has a line of its own."""
    return (
        order is not None
        and getattr(order, "unit", None) is None
        and PhaseKind.ADJUSTMENT not in getattr(order, "phases", ())
    )


def variant_line(
    board: Board, power: str, order: Order, outcomes: Sequence[str] = ()
) -> str:
    """'Serbia: DESIGNATE GRE.  (*void*)': a variant order naming no unit."""
    name = board.powers[power].name
    return f"{name}: {order.canonical()}.{annotation(outcomes)}"


def dislodged_line(board: Board, dislodged: Dislodged) -> str:
    """'The French Army in Burgundy can retreat to Gascony or Paris.'."""
    adjective = board.powers[dislodged.power].adjective
    unit = dislodged.unit
    kind = kind_word(unit)
    subject = f"The {adjective} {kind} {_in_place(board, unit.location)}"
    if not dislodged.retreats:
        return f"{subject} with no valid retreats was destroyed."
    places = sorted(board.location_name(loc) for loc in dislodged.retreats)
    return f"{subject} can retreat to {' or '.join(places)}."


def by_power(board: Board, items: Iterable, power_of=lambda item: item.power):
    """Items grouped by power name, alphabetically; stable within a power."""
    return sorted(items, key=lambda item: board.powers[power_of(item)].name)

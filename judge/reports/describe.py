"""Units and orders in the words of the results (docs/contracts/results-format.md).

Every function returns one line without its newline.  Lines never wrap: the
contract promises one line per unit, which is what parsers rely on.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from judge.engine.board import Board
from judge.engine.orders import (
    Build,
    Convoy,
    Disband,
    Hold,
    Move,
    Order,
    Retreat,
    SupportHold,
    SupportMove,
    Unit,
    Waive,
)
from judge.engine.results import Outcome
from judge.engine.state import Dislodged

# "IG": Imperial's garrison, a piece beside the unit in its city.
UNIT_WORDS = {"A": "Army", "F": "Fleet", "IG": "Garrison"}

# Contract outcome codes -> the words between (* *).  A unit disbanded in a
# retreat phase is reported the njudge way, as destroyed.
OUTCOME_WORDS = {Outcome.DISBAND: "destroyed"}
# Results of the unit itself come after the reason its order failed:
# (*bounce, dislodged*), never (*dislodged, bounce*).
_LAST = (Outcome.DISLODGED, "destroyed")

# Who owns the unit standing in a province: used to name foreign units.
Owners = Mapping[str, tuple[str, Unit]]


def unit_words(board: Board, unit: Unit) -> str:
    """'Army Budapest', 'Fleet St Petersburg (south coast)'."""
    return f"{UNIT_WORDS[unit.kind]} {board.location_name(unit.location)}"


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


def order_words(
    board: Board, power: str, order: Order | None, owners: Owners, retreat=False
) -> str:
    """What follows the unit: ' -> Galicia', ' HOLD', ', No Order Processed'."""
    match order:
        case None if retreat:
            return ", No Order Processed (DISBAND)"
        case None:
            return ", No Order Processed"
        case Hold():
            return " HOLD"
        case Move(dest=dest) | Retreat(dest=dest):
            return f" -> {board.location_name(dest)}"
        case SupportHold(target=target):
            return f" SUPPORT {_other_unit(board, power, target, owners)}"
        case SupportMove(target=target, dest=dest):
            return (
                f" SUPPORT {_other_unit(board, power, target, owners)}"
                f" -> {board.location_name(dest)}"
            )
        case Convoy(target=target, dest=dest):
            return (
                f" CONVOY {_other_unit(board, power, target, owners)}"
                f" -> {board.location_name(dest)}"
            )
        case Disband():
            return " DISBAND"
    steps = getattr(order, "steps", None)
    if steps:  # a variant's multi-step move (Imperial's fleets)
        return "".join(f" -> {board.location_name(step)}" for step in steps)
    if hasattr(order, "canonical"):  # another order only a variant knows
        return " " + order.canonical()
    raise ValueError(f"not a movement or retreat order: {order!r}")


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


def adjustment_line(
    board: Board,
    power: str,
    unit: Unit | None,
    order: Order | None,
    outcomes: Sequence[str] = (),
) -> str:
    """'France: Builds a fleet in Marseilles.', 'Defaults, removing ...'."""
    match order:
        case Build(unit=built):
            article = "an army" if built.kind == "A" else "a fleet"
            text = f"Builds {article} in {board.location_name(built.location)}."
        case Disband(unit=removed):
            kind = UNIT_WORDS[removed.kind].lower()
            text = f"Removes the {kind} {_in_place(board, removed.location)}."
        case Waive():
            text = "Build waived."
        case None if unit is None:  # an unused build the engine waived
            text = "Build waived."
        case None:
            kind = UNIT_WORDS[unit.kind].lower()
            text = f"Defaults, removing the {kind} {_in_place(board, unit.location)}."
        case _ if is_variant_order(order):
            text = f"{order.canonical()}."
        case _:
            raise ValueError(f"not an adjustment order: {order!r}")
    return f"{board.powers[power].name}: {text}{annotation(outcomes)}"


STANDARD_ORDERS = (
    Hold, Move, SupportHold, SupportMove, Convoy, Retreat, Disband, Build, Waive,
)  # fmt: skip


def is_variant_order(order: Order | None) -> bool:
    """An order only a variant knows (1913's DESIGNATE, Imperial's JOIN...)."""
    return order is not None and not isinstance(order, STANDARD_ORDERS)


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
    kind = UNIT_WORDS[unit.kind]
    subject = f"The {adjective} {kind} {_in_place(board, unit.location)}"
    if not dislodged.retreats:
        return f"{subject} with no valid retreats was destroyed."
    places = sorted(board.location_name(loc) for loc in dislodged.retreats)
    return f"{subject} can retreat to {' or '.join(places)}."


def by_power(board: Board, items: Iterable, power_of=lambda item: item.power):
    """Items grouped by power name, alphabetically; stable within a power."""
    return sorted(items, key=lambda item: board.powers[power_of(item)].name)

"""STRICT CONVOY (njudge's SET STRICT CONVOY): only convoys that could
conceivably succeed may be ordered.  njudge's check is minimal and is kept
as it is: a convoy order is implausible when the army it names stands in,
or is carried to, a landlocked province (one no fleet can reach).

Such an order is refused as it arrives (the game service asks
`implausible_convoy`); given to the engine anyway, it is void and the fleet
holds, as a unit without an order does."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from judge.engine.board import Board, province_of
from judge.engine.kinds import OrderKind
from judge.engine.orders import Order, kind_of
from judge.engine.results import OrderResult, Outcome


def landlocked(board: Board, province: str) -> bool:
    place = board.provinces.get(province_of(province))
    return place is not None and place.kind == "land"


def implausible_convoy(board: Board, order: Order) -> str | None:
    """Why a convoy order could never succeed (njudge's words for it, in
    ours); None for any other order or a plausible convoy."""
    if kind_of(order) != OrderKind.CONVOY:
        return None
    if landlocked(board, order.target.province):
        name = board.location_name(order.target.province)
        return f"the unit in {name} is landlocked and cannot be convoyed"
    if landlocked(board, order.dest):
        name = board.location_name(province_of(order.dest))
        return f"the destination {name} is landlocked and cannot be convoyed to"
    return None


def without_implausible(
    board: Board, orders: Mapping[str, Sequence[Order]]
) -> tuple[dict[str, list[Order]], dict[str, tuple[str, Order]]]:
    """The orders with the implausible convoys taken out, and those, by the
    fleet's province: (power, order)."""
    kept: dict[str, list[Order]] = {}
    dropped: dict[str, tuple[str, Order]] = {}
    for power, given in orders.items():
        kept[power] = []
        for order in given:
            if implausible_convoy(board, order):
                dropped[order.unit.province] = (power, order)
            else:
                kept[power].append(order)
    return kept, dropped


def reported_void(
    results: Sequence[OrderResult], dropped: Mapping[str, tuple[str, Order]]
) -> list[OrderResult]:
    """Each dropped convoy reported against its fleet as void (the fleet
    held; whatever else befell it, dislodged, is kept)."""
    out = []
    for r in results:
        entry = dropped.get(r.unit.province) if r.unit and r.order is None else None
        if entry and entry[0] == r.power and entry[1].unit.kind == r.unit.kind:
            out.append(
                OrderResult(r.power, r.unit, entry[1], (Outcome.VOID, *r.outcomes))
            )
        else:
            out.append(r)
    return out

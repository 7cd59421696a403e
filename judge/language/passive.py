"""Orders written from the other end: "A Bur-Mun supported by A Ruh".

A player who writes "A Bur-Mun supported by A Ruh (and A Kie)" orders the
move and, plainly, the support of each unit named after "supported by": the
words have one meaning, so they are read as those orders (the move first).
"A Lon-Nwy convoyed by F Nth" likewise gives the move by convoy and the
fleet's convoy.  A supporting or convoying unit that another power owns cannot
be ordered by this player: that part is refused, saying so, and the rest
stands.  What the first part orders must be a move or a hold; anything else
is refused with a message.

`read_passive(piece, ctx, read)` returns (order, error) pairs, one per order
read or refused, or None when the piece is not written this way; `read(text)`
reads one order's text as the caller does (giving objects with `.order` and
`.error`).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from judge.engine.kinds import OrderKind
from judge.engine.orders import Move, Order, Unit, kind_of

_PASSIVE = re.compile(
    r"^(?P<main>.+?)[\s,]+\(?(?:"  # "(supported by A Mar)" in brackets too
    r"(?P<support>(?:is\s+|being\s+)?(?:supported|backed)(?:\s+(?:by|from|with))?"
    r"|with\s+(?:the\s+)?support\s+(?:of|from|by))"
    r"|(?P<convoy>(?:is\s+|being\s+)?convoyed\s+by)"
    r")\s+(?P<by>\S.*?)\)?$",
    re.I | re.S,
)
_MANY = re.compile(r"\s*(?:\band\b|&|\+|,)\s*", re.I)
_KIND = {"A": "army", "F": "fleet"}


def read_passive(
    piece: str, ctx, read: Callable[[str], list]
) -> list[tuple[Order | None, str | None]] | None:
    m = _PASSIVE.match(piece.strip())
    if m is None:
        return None
    main = read(m["main"].strip())
    if len(main) != 1 or main[0].order is None:
        return [(None, r.error) for r in main if r.error] or None
    order = main[0].order
    convoy = m["convoy"] is not None
    if convoy:
        if kind_of(order) != OrderKind.MOVE or order.unit.kind != "A":
            return [(None, "only an army's move is convoyed")]
        order = Move(order.unit, order.dest, True)
        what = f"C {_unit(order.unit)} - {order.dest}"
    elif kind_of(order) == OrderKind.MOVE:
        what = f"S {_unit(order.unit)} - {order.dest}"
    elif kind_of(order) == OrderKind.HOLD:
        what = f"S {_unit(order.unit)}"
    else:
        return [
            (
                None,
                f"'{m['main'].strip()}' is not a move or a hold, so nothing "
                f"can support it",
            )
        ]
    results = [(order, None)]
    helpers = [h.strip() for h in _MANY.split(m["by"]) if h.strip()]
    for helper in helpers:
        said = ctx.index.nation(helper.split()[0].lower())
        if ctx.power and said and said != ctx.power:  # "by German A Mun"
            power = ctx.board.powers[said]
            refusal = f"'{helper}' is {power.adjective}: only {power.name} can order it"
            results.append((None, refusal))
            continue
        for r in read(f"{helper} {what}"):
            if r.order is None:
                results.append((None, f"'{helper}': {r.error}"))
                continue
            owner = _owner(ctx, r.order.unit)
            if ctx.power and owner and owner != ctx.power:
                results.append((None, _not_yours(ctx, r.order.unit, owner)))
            else:
                results.append((r.order, None))
    return results


def _unit(unit: Unit) -> str:
    return f"{unit.kind} {unit.location}"


def _owner(ctx, unit: Unit) -> str | None:
    here = ctx.position.units.get(unit.province)
    return here[0] if here else None


def _not_yours(ctx, unit: Unit, owner: str) -> str:
    adjective = ctx.board.powers[owner].adjective
    name = ctx.board.powers[owner].name
    return (
        f"the {_KIND[unit.kind]} in {ctx.name(unit.location)} is {adjective}: "
        f"only {name} can order it"
    )

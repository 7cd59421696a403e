"""The rules of Diplomacy: boards, positions, orders and their adjudication.
It knows nothing of text, mail, storage or any variant (variants reach it
through `hooks`).  Above the engine, code uses `api` (and the data modules
board, kinds, orders, state, serialize, results, variants, hooks, sampling); the
others are its insides, which an import contract keeps private.

    api.py          adjudicate a phase, orders_needed, initial_position
    board.py        provinces, coasts, adjacency, powers, from maps/*.toml
    state.py        the phase and the position: immutable values
    kinds.py        the named kinds: PhaseKind, OrderKind, Route, Arrow, Outcome
    orders.py       one class per order kind (what each declares of itself),
                    unit kinds, and the one canonical written form
    results.py      the values an adjudication returns, and the Rules value
    legality.py     which movement orders count, before any fighting
    movement.py     movement phases: the DATC's yes/no nodes
    resolver.py     Kruijswijk's guess-and-check resolver for those nodes
    retreats.py     retreat phases
    adjustments.py  winter: builds, removals, civil disorder
    home_transfer.py HOME TRANSFER: centres held a year become homes
    phases.py       which phase comes next, centre ownership, victory
    tables.py       per-board lookup tables, computed once
    hooks.py        the one door for variants' rules around the standard ones
    variant_loader.py variant names and options (`NAME:option=value`), loading
    serialize.py    the JSON form of a position (docs/contracts/adjudicate.md)
    sampling.py     random positions and orders for tests and benchmarks
"""

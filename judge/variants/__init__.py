"""The variants' registry: the one way the rest of the judge reaches a variant.

Each variant lives in its own folder, judge/variants/<name>/, and exports one
`Variant` object (judge.variants.base; the standard game is the base class).
A board's map names its rules (`[variant] rules = "imperial"`), and
`variant_for(board)` gives the object that carries them.  Registering a
variant also installs its adjudication hooks in the engine, which imports no
variant.  To add one: a folder, a map file, and one line in BUILT_IN (or a
call to `register` from outside the judge, as tests/variants/plugin does).
Variants import no other variant (an import contract, by wildcard).

    base.py      Variant: all the judge knows of a variant; the standard game
    state.py     checks on a variant's own state fields
    standard/    the standard game (and its variations by option)
    small/       the games for two to six players on the standard map
    v1913/       1913, fifteen players (minors, alliances, designations)
    imperial/    Imperial Diplomacy (garrisons, federations, petrol,
                 barbarians)
"""

from __future__ import annotations

from judge.engine import hooks
from judge.engine.board import Board
from judge.engine.orders import Order
from judge.engine.state import Position
from judge.engine.variant_loader import (
    VariantError,
    canonical_variant,
    load_variant,
    parse_variant,
    variant_names,
    variant_options,
    variant_playable,
    variant_title,
)
from judge.variants import imperial, small, standard, v1913
from judge.variants.base import Variant

__all__ = [
    "Variant",
    "VariantError",
    "canonical_variant",
    "load_variant",
    "parse_variant",
    "parse_variant_order",
    "register",
    "variant_for",
    "variant_names",
    "variant_options",
    "variant_playable",
    "variant_seats",
    "variant_summary",
    "variant_title",
]

STANDARD = standard.VARIANT
BUILT_IN = (small.VARIANT, v1913.VARIANT, imperial.VARIANT)

_by_rules: dict[str, Variant] = {}


def register(variant: Variant) -> None:
    """Make `variant` the one for maps whose `[variant] rules` is its
    `rules`, in the engine too."""
    if not variant.rules:
        raise ValueError("a variant needs a rules name (the standard game has none)")
    _by_rules[variant.rules] = variant
    hooks.install(variant.rules, variant)


for _variant in BUILT_IN:
    register(_variant)


def variant_for(board: Board) -> Variant:
    """The variant object of a board's rules (the standard game's for none)."""
    name = hooks.rules_name(board)
    if name is None:
        return STANDARD
    variant = _by_rules.get(name)
    if variant is None:
        raise VariantError(f"map {board.name!r} follows rules {name!r}: no variant")
    return variant


# -- shorthands for the questions asked most -----------------------------------


def parse_variant_order(
    board: Board, text: str, position: Position | None = None
) -> Order | None:
    """An order only the board's variant knows (1913's `DESIGNATE <centre>`),
    or None when the text is not one: the order language reads the rest."""
    return variant_for(board).parse_order(board, text, position)


def variant_seats(board: Board, position: Position | None = None) -> dict:
    """Seat -> the countries its player orders."""
    return variant_for(board).seats(board, position)


def variant_summary(board: Board, position: Position | None) -> dict:
    """What is particular to the variant at this position, as data for LIST
    and the results; empty for the standard game."""
    return variant_for(board).summary(board, position)

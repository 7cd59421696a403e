"""Variant names, options and loading: `NAME` or `NAME:option=value,...`.

A variant is a map data file in maps/ plus, for some, a few rule hooks
(judge/engine/variant_rules.py).  A plain map (maps/standard.toml) is a variant
of its own; a variant file has a `[variant]` table naming the `base` map it
amends (format: docs/variants.md).  Everything above the engine (the game
service, `judge adjudicate`) turns a variant name into a board and rules with
one call:

    board, rules = load_variant("1913:opening_nmr=waive")
"""

from __future__ import annotations

import copy
import functools
import tomllib
from collections.abc import Mapping

from judge.engine.api import Rules
from judge.engine.board import Board, map_file, maps_dirs, on_maps_changed

# Options every plain map accepts (the standard rules' own option).
PLAIN_MAP_OPTIONS: dict[str, dict] = {
    "rules": {
        "default": "2000",
        "values": ["2000", "2023"],
        "help": "the rulebook followed where the DATC offers a choice",
    }
}


class VariantError(ValueError):
    """An unknown variant or option, or a malformed variant name."""


def parse_variant(text: str) -> tuple[str, dict[str, str]]:
    """'1913:opening_nmr=waive,holland_is_sc=false' -> ('1913', {...}).

    Only the syntax is checked here; `load_variant` checks names and values.
    """
    if not isinstance(text, str) or not text.strip():
        raise VariantError("no variant named: expected NAME or NAME:option=value,...")
    name, sep, rest = text.strip().partition(":")
    name = name.strip()
    if not name:
        raise VariantError(f"no variant name before ':' in {text!r}")
    options: dict[str, str] = {}
    if sep and not rest.strip():
        raise VariantError(f"no options after ':' in {text!r}")
    for item in rest.split(",") if sep else ():
        key, eq, value = item.partition("=")
        key, value = key.strip().lower(), value.strip()
        if not key or not eq or not value:
            raise VariantError(
                f"option {item.strip()!r} in {text!r} is not of the form option=value"
            )
        if key in options:
            raise VariantError(f"option {key!r} given twice in {text!r}")
        options[key] = value
    return name, options


def variant_names() -> list[str]:
    """Every variant name (not the aliases), sorted."""
    return sorted(_catalogue()[0])


def variant_playable(name: str) -> bool:
    """Can games of this variant be adjudicated (Imperial not yet)?"""
    return _raw(_canonical_name(name)).get("variant", {}).get("playable", True)


def variant_title(name: str) -> str:
    data = _raw(_canonical_name(name))
    return data.get("variant", {}).get("title") or data["map"].get("title", name)


def variant_options(name: str) -> dict[str, dict]:
    """Option name -> {"default", "values" (or absent: any text), "help"}."""
    data = _raw(_canonical_name(name))
    options = copy.deepcopy(PLAIN_MAP_OPTIONS)  # the standard rules' choice
    for key, spec in data.get("options", {}).items():
        options[key] = {k: v for k, v in spec.items() if k != "patch"}
    return options


def canonical_variant(text: str) -> str:
    """The variant's full spelling: canonical name, options sorted, only those
    that differ from the default.  Stable, so it can be stored and compared."""
    _, rules = load_variant(text)
    defaults = {k: s["default"] for k, s in variant_options(rules.variant).items()}
    given = {k: v for k, v in rules.options.items() if defaults.get(k) != v}
    if not given:
        return rules.variant
    return rules.variant + ":" + ",".join(f"{k}={v}" for k, v in sorted(given.items()))


def load_variant(text: str) -> tuple[Board, Rules]:
    """The board and rules for a variant name with options.

    Rules.options holds every option of the variant, defaults filled in.
    Raises VariantError with a message fit to show a player.
    """
    if not isinstance(text, str):
        raise VariantError("a variant name must be text")
    return _load_variant(text)


@functools.lru_cache(maxsize=512)  # `judge adjudicate` asks once per request
def _load_variant(text: str) -> tuple[Board, Rules]:
    raw_name, given = parse_variant(text)
    name = _canonical_name(raw_name)
    specs = variant_options(name)
    options: dict[str, str] = {}
    for key, value in given.items():
        spec = specs.get(key)
        if spec is None:
            known = ", ".join(sorted(specs)) or "none"
            raise VariantError(
                f"variant {name!r} has no option {key!r} (its options: {known})"
            )
        allowed = spec.get("values")
        if allowed is not None:
            match = [v for v in allowed if v.lower() == value.lower()]
            if not match:
                raise VariantError(
                    f"option {key!r} of variant {name!r} cannot be {value!r}"
                    f" (one of: {', '.join(allowed)})"
                )
            value = match[0]
        options[key] = value
    for key, spec in specs.items():
        options.setdefault(key, spec["default"])
    board = _board(name, tuple(sorted(options.items())))
    return board, Rules(variant=name, options=options)


# -- data ----------------------------------------------------------------


def merge_map_data(base: Mapping, overlay: Mapping) -> dict:
    """`overlay` over `base`: tables merge key by key, anything else replaces."""
    merged = copy.deepcopy(dict(base))
    for key, value in overlay.items():
        if isinstance(value, Mapping) and isinstance(merged.get(key), Mapping):
            merged[key] = merge_map_data(merged[key], value)
        else:
            merged[key] = copy.deepcopy(value)
    return merged


@functools.cache
def _board(name: str, options: tuple[tuple[str, str], ...]) -> Board:
    data = _raw(name)
    if "variant" in data:
        data = _resolve(name, data, dict(options))
    return Board(data)


def _resolve(name: str, data: dict, options: Mapping[str, str]) -> dict:
    """A variant file's full map data: base, then the file, then option patches."""
    base_name = data["variant"].get("base")
    if not base_name:
        raise VariantError(f"variant file for {name!r} names no base map")
    base = _raw(base_name)
    if "variant" in base:
        raise VariantError(f"variant {name!r}: its base {base_name!r} is a variant")
    body = {k: v for k, v in data.items() if k != "options"}
    merged = merge_map_data(base, body)
    for key in data["variant"].get("replace", ()):  # whole tables, not merged
        merged[key] = copy.deepcopy(data[key])
    for key, spec in data.get("options", {}).items():
        patch = spec.get("patch", {}).get(options.get(key, spec["default"]))
        if patch:
            merged = merge_map_data(merged, patch)
    if options.get("same_side") == "player":  # a player's countries: one side
        merged["sides"] = {
            country: player
            for player, countries in merged.get("players", {}).items()
            for country in countries
        }
    source = merged["variant"].get("start_units")
    if source:
        for power in merged["powers"].values():
            power["units"] = list(power.get(source, ()))
    merged["map"]["name"] = name
    return merged


def _canonical_name(name: str) -> str:
    names, aliases = _catalogue()
    key = name.strip().lower()
    if key in aliases:
        return aliases[key]
    raise VariantError(
        f"no variant called {name!r} (known: {', '.join(sorted(names))})"
    )


@functools.cache
def _catalogue() -> tuple[frozenset[str], dict[str, str]]:
    """Variant names and a lower-case alias -> name table, from maps/ (and the
    folders registered with board.add_maps_dir: maps/ wins a clash)."""
    names: set[str] = set()
    aliases: dict[str, str] = {}
    stems = {path.stem for folder in maps_dirs() for path in folder.glob("*.toml")}
    for stem in sorted(stems):
        data = _raw(stem)
        if "variant" not in data and not ("map" in data and "provinces" in data):
            continue  # not a map (e.g. drawing geometry)
        names.add(stem)
        aliases[stem.lower()] = stem
        for alias in data.get("variant", {}).get("aliases", ()):
            aliases[alias.lower()] = stem
    return frozenset(names), aliases


@functools.cache
def _raw(name: str) -> dict:
    path = map_file(name)
    if not path.is_file():
        raise VariantError(f"no map data called {name!r}")
    with path.open("rb") as f:
        return tomllib.load(f)


for _cached in (_catalogue, _raw, _board, _load_variant):
    on_maps_changed(_cached.cache_clear)


# -- what the game service shows and seats ---------------------------------------


def variant_seats(board: Board, position=None) -> dict[str, list[str]]:
    """Seat -> the countries its player orders.  One seat per power, except
    the rulebook's small games (players P1.. with several countries, neutral
    countries unseated; after the two-player coin toss Italy joins a seat)."""
    if board.data.get("variant", {}).get("rules") == "small":
        from judge.engine.variant_small import seating

        return seating(board, position)
    if board.data.get("variant", {}).get("rules") == "imperial":
        from judge.engine.variant_imperial import PASSIVE
        from judge.engine.variant_imperial_map import is_reserve, open_slots

        # One seat per Imperial City: a player takes it by JOINing the city.
        # A later empire's slot is a seat once open (its city neutral again
        # while its first empire lives on elsewhere) or founded.
        empires = (position.extra or {}).get("empires", {}) if position else {}
        shown = set(open_slots(board, position)) if position else set()
        return {
            p: [p]
            for p in board.powers
            if p not in PASSIVE
            and (not is_reserve(board, p) or p in empires or p in shown)
        }
    return {power: [power] for power in board.powers}


def variant_summary(board: Board, position) -> dict:
    """What is particular to the variant at this position, as data for LIST and
    the results: neutral countries, seating, closed provinces, the coin toss;
    minor powers, designated homes, alliance votes; empires, garrisons,
    barbarians, federations.  Empty for the standard game."""
    kind = board.data.get("variant", {}).get("rules")
    out: dict = {}
    if kind == "small":
        from judge.engine.variant_small import closed_provinces, neutral_powers

        out["seats"] = variant_seats(board, position)
        neutral = sorted(neutral_powers(board, position))
        if neutral:
            out["neutral"] = neutral
        closed = sorted(closed_provinces(board, position))
        if closed:
            out["closed"] = closed
            out["closed_until"] = board.data["closed"].get("until")
        toss = position.extra.get("coin_toss") if position is not None else None
        if toss:
            out["coin_toss"] = dict(toss)
    elif kind == "1913":
        out["minor_powers"] = sorted(
            p for p, d in board.data["powers"].items() if d.get("minor")
        )
        extra = position.extra if position is not None else {}
        if extra.get("homes"):
            out["designated_homes"] = dict(extra["homes"])
        if extra.get("designations"):
            out["pending_designations"] = dict(extra["designations"])
        if extra.get("alliance"):
            out["alliance_votes"] = dict(extra["alliance"])
    elif kind == "imperial":
        from judge.engine.variant_imperial import initial_state

        extra = position.extra if position is not None else {}
        out["empires"] = dict(extra.get("empires", {}))
        out["imperial_garrisons"] = dict(extra.get("garrisons", {}))
        out["neutral_garrisons"] = sorted(
            p
            for p, (power, _u) in (position.units if position else {}).items()
            if power == "NEUTRAL"
        )
        out["barbarian"] = sorted(
            extra.get("barbarian", initial_state(board).barbarian)
        )
        for key in ("federations", "barbarian_armies", "wild", "pending", "nmr"):
            if extra.get(key):
                out[key] = extra[key]
    return out

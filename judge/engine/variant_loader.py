"""Variant names, options and loading: `NAME` or `NAME:option=value,...`.

A variant is a map data file in maps/ plus, for some, rules of its own
(judge/variants/, which installs them as judge.engine.hooks).  A plain map
(maps/standard.toml) is a variant of its own; a variant file has a
`[variant]` table naming the `base` map it amends (format: docs/variants.md).
Everything above the engine (the game service, `judge adjudicate`) turns a
variant name into a board and rules with one call, through the variants'
registry (judge.variants, which makes sure the rules are installed):

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


def _switch(help_text: str) -> dict:
    return {"default": "False", "values": ["False", "True"], "help": help_text}


# njudge's rule settings (judge.engine.results.Rules), which a game by mail
# takes with SET; as options of every map they reach `judge adjudicate`
# ("variant": "standard:any_disband=True"), whose requests carry no game.
RULE_SETTINGS: dict[str, dict] = {
    "any_disband": _switch("every unit ordered MAINTAIN or DISBAND each winter"),
    "home_transfer": _switch("a centre held a year becomes its holder's home"),
    "strict_convoy": _switch("a convoy of an army in or to a landlocked place is void"),
    "coastal_convoys": _switch("fleets on coasts convoy as fleets at sea do"),
    "auto_disband": _switch("dislodged units are disbanded at once"),
    "movement_disband": _switch("a unit may be ordered to disband in movement"),
    "build_sites": {
        "default": "home",
        "values": ["home", "any", "one"],
        "help": "builds in home centres, any owned centre, or any while one"
        " home is owned",
    },
}


class VariantError(ValueError):
    """An unknown variant or option, or a malformed variant name."""


class UnknownOption(VariantError):
    """An option the variant does not have; the message names its own
    options and the rule settings every variant takes."""

    def __init__(self, variant: str, option: str, own: list[str]) -> None:
        self.variant, self.option, self.own = variant, option, own
        super().__init__(
            f"{self.without_settings()[:-1]}; and the rule settings:"
            f" {', '.join(sorted(RULE_SETTINGS))})"
        )

    def without_settings(self) -> str:
        """The message naming only the variant's own options."""
        own = ", ".join(self.own) or "none"
        return (
            f"variant {self.variant!r} has no option {self.option!r}"
            f" (its options: {own})"
        )


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
    """Can games of this variant be played (a map file may say `playable =
    false`; every variant here is)?"""
    return _raw(_canonical_name(name)).get("variant", {}).get("playable", True)


def variant_title(name: str) -> str:
    data = _raw(_canonical_name(name))
    return data.get("variant", {}).get("title") or data["map"].get("title", name)


def variant_options(name: str) -> dict[str, dict]:
    """Option name -> {"default", "values" (or absent: any text), "help"}."""
    data = _raw(_canonical_name(name))
    options = copy.deepcopy(PLAIN_MAP_OPTIONS)  # the standard rules' choice
    options.update(copy.deepcopy(RULE_SETTINGS))
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
            own = sorted(k for k in specs if k not in RULE_SETTINGS)
            raise UnknownOption(name, key, own)
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

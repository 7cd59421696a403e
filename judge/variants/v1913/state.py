"""1913's state (`state.variant`): designated homes and alliance votes."""

from __future__ import annotations

from judge.variants.state import (
    Checker,
    centre,
    list_of,
    object_of,
    one_of,
    power,
    province,
)

FIELDS: dict[str, Checker] = {
    "homes": object_of(power, centre, "minor power -> centre"),
    "designations": object_of(power, province, "minor power -> province"),
    "alliance": object_of(power, list_of(power, "powers"), "power -> list of powers"),
    "result": one_of("alliance"),
}

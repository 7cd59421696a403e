"""What is particular to a variant, in plain lines for LIST and the results
(judge.engine.variants.variant_summary gives the facts as data).  Nothing
for the standard game."""

from __future__ import annotations

from collections.abc import Mapping

from judge.engine.board import Board

# The order facts are shown in, and their headings.
HEADINGS = {
    "seats": "Seats",
    "neutral": "Neutral countries",
    "closed": "Closed provinces",
    "coin_toss": "Coin toss",
    "minor_powers": "Minor powers",
    "designated_homes": "Designated home centres",
    "pending_designations": "Designations waiting",
    "alliance_votes": "Alliance votes",
    "empires": "Empires",
    "imperial_garrisons": "Imperial garrisons",
    "neutral_garrisons": "Neutral garrisons",
    "barbarian": "Barbarian provinces",
    "federations": "Federations",
    "barbarian_armies": "Barbarian armies",
    "wild": "Wild barbarian units",
    "pending": "Waiting to take effect",
    "nmr": "Missed turns",
}


def variant_lines(board: Board, title: str, summary: Mapping) -> list[str]:
    """'Variant: <title>.' and one line per fact; [] when there are none
    (the standard game)."""
    if not summary:
        return []
    lines = [f"Variant: {title}."]
    for key, heading in HEADINGS.items():
        if key not in summary or key == "closed_until":
            continue
        text = _fact(board, key, summary[key], summary)
        if text:
            lines.append(f"{heading}: {text}.")
    for key in sorted(set(summary) - set(HEADINGS) - {"closed_until"}):
        lines.append(
            f"{key.replace('_', ' ').capitalize()}: {_words(board, summary[key])}."
        )
    return lines


def _name(board: Board, word) -> str:
    """A power's or a province's name for an id; anything else as it is."""
    text = str(word)
    if text in board.powers:
        return board.powers[text].name
    if text in board.provinces:
        return board.location_name(text)
    return text


def _words(board: Board, value) -> str:
    if isinstance(value, Mapping):
        if not value:
            return "none"
        return "; ".join(
            f"{_name(board, k)} {_words(board, v)}" for k, v in sorted(value.items())
        )
    if isinstance(value, list | tuple | set | frozenset):
        return ", ".join(_name(board, v) for v in value) if value else "none"
    return _name(board, value)


def _fact(board: Board, key: str, value, summary: Mapping) -> str:
    if key == "seats":
        return "; ".join(
            f"{seat} {', '.join(board.powers[c].name for c in countries)}"
            if [seat] != list(countries)
            else board.powers[seat].name
            for seat, countries in value.items()
        )
    if key == "closed":
        until = summary.get("closed_until")
        names = ", ".join(_name(board, p) for p in value)
        return f"{names} (until {until})" if until else names
    if key == "coin_toss":
        power = _name(board, value.get("power", "?"))
        return f"{power} goes to {value.get('player', '?')} ({value.get('year', '')})"
    if key == "designated_homes":
        return "; ".join(
            f"{_name(board, p)} {_name(board, c)}" for p, c in sorted(value.items())
        )
    if key == "alliance_votes":
        return "; ".join(
            f"{_name(board, p)} for {', '.join(_name(board, v) for v in votes)}"
            for p, votes in sorted(value.items())
        )
    if key == "empires":
        if not value:
            return "none yet"
        return "; ".join(
            f"{(e or {}).get('name') or _name(board, slot)} in"
            f" {_name(board, (e or {}).get('city', ''))}"
            for slot, e in sorted(value.items())
        )
    if key == "imperial_garrisons":
        return (
            "; ".join(
                f"{_name(board, city)} ({_name(board, slot)})"
                for city, slot in sorted(value.items())
            )
            or "none"
        )
    return _words(board, value)

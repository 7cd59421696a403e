"""What is particular to a variant, in plain lines for LIST and the results
(the Variant object's `summary` gives the facts as data, its
`report_headings` and `report_fact` their words).  Nothing for the standard
game."""

from __future__ import annotations

from collections.abc import Mapping

from judge.engine.board import Board
from judge.variants import variant_for


def variant_lines(board: Board, title: str, summary: Mapping) -> list[str]:
    """'Variant: <title>.' and one line per fact; [] when there are none
    (the standard game)."""
    if not summary:
        return []
    variant = variant_for(board)
    headings = variant.report_headings  # the order facts are shown in

    def name(word) -> str:
        return _name(board, word)

    lines = [f"Variant: {title}."]
    for key, heading in headings.items():
        if key not in summary or key == "closed_until":
            continue
        text = variant.report_fact(board, key, summary[key], summary, name)
        if text is None:
            text = _words(board, summary[key])
        if text:
            lines.append(f"{heading}: {text}.")
    for key in sorted(set(summary) - set(headings) - {"closed_until"}):
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

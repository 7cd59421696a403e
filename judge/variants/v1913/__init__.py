"""1913: DipWiki's fifteen-player game (maps/1913.toml; the rules in
`rules`, its state in `state`).  The package is `v1913` because a Python
name cannot start with a digit."""

from __future__ import annotations

from judge.engine.board import Board
from judge.engine.state import Position
from judge.variants.base import Variant
from judge.variants.v1913.rules import Rules1913, parse_alliance, parse_designate
from judge.variants.v1913.state import FIELDS


class Variant1913(Variant):
    rules = "1913"
    standard_moves = True  # its own orders are builds and votes
    rule_hooks = Rules1913()

    def state_fields(self, board: Board):
        return FIELDS

    def parse_order(self, board: Board, text: str, position=None):
        """`DESIGNATE <centre>` and alliance votes."""
        return parse_designate(board, text) or parse_alliance(board, text)

    report_headings = {
        "minor_powers": "Minor powers",
        "designated_homes": "Designated home centres",
        "pending_designations": "Designations waiting",
        "alliance_votes": "Alliance votes",
    }

    def report_fact(self, board, key, value, summary, name):
        if key == "designated_homes":
            return "; ".join(f"{name(p)} {name(c)}" for p, c in sorted(value.items()))
        if key == "alliance_votes":
            return "; ".join(
                f"{name(p)} for {', '.join(name(v) for v in votes)}"
                for p, votes in sorted(value.items())
            )
        return None

    def summary(self, board: Board, position: Position | None) -> dict:
        """Minor powers, designated homes, alliance votes."""
        out: dict = {
            "minor_powers": sorted(
                p for p, d in board.data["powers"].items() if d.get("minor")
            )
        }
        extra = position.extra if position is not None else {}
        if extra.get("homes"):
            out["designated_homes"] = dict(extra["homes"])
        if extra.get("designations"):
            out["pending_designations"] = dict(extra["designations"])
        if extra.get("alliance"):
            out["alliance_votes"] = dict(extra["alliance"])
        return out


VARIANT = Variant1913()

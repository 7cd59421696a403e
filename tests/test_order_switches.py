"""Order kinds have one home (judge/engine/orders.py): outside the engine,
code reads what a kind declares (its `order_kind`, `arrow`, `words`,
`adjusts`...) instead of switching on order classes.  At most ten such
switches remain, each saying why in a comment beside it."""

import re
from pathlib import Path

JUDGE = Path(__file__).parents[1] / "judge"
CLASSES = r"(?:\w*(?:Move|Hold|Support|Convoy|Retreat|Build|Disband|Waive|Order)\w*)"
SWITCH = re.compile(
    rf"isinstance\(.*{CLASSES}"
    rf"|type\([^)]*\)\s+(?:is|is not|in|not in)\s+\(?{CLASSES}"
    rf"|^\s*case\s+{CLASSES}\("
)
LIMIT = 10


def switches() -> list[tuple[str, int, bool]]:
    """(file, line number, explained by a comment on it or just above)."""
    found = []
    for path in sorted(JUDGE.rglob("*.py")):
        if path.is_relative_to(JUDGE / "engine"):
            continue
        lines = path.read_text(encoding="utf-8").splitlines()
        for i, line in enumerate(lines):
            if SWITCH.search(line):
                said = "#" in line or (i > 0 and lines[i - 1].strip().startswith("#"))
                found.append((str(path.relative_to(JUDGE)), i + 1, said))
    return found


def test_the_pattern_finds_each_form_of_switch():
    for text in (
        "if isinstance(order, Move):",
        "if isinstance(o, MultiMove) and ok:",
        "if type(order) is Hold:",
        "if type(order) not in (Build, Waive):",
        "    case SupportMove(target=t):",
    ):
        assert SWITCH.search(text), text
    assert not SWITCH.search("if kind_of(order) == OrderKind.MOVE:")
    assert not SWITCH.search("if type(value) is not int:")


def test_few_switches_on_order_classes_remain_outside_the_engine():
    found = switches()
    assert len(found) <= LIMIT, found


def test_each_remaining_switch_says_why():
    unexplained = [(f, n) for f, n, said in switches() if not said]
    assert not unexplained, unexplained


# The order kinds' files: each kind's home and everything that reads what a
# kind declares.  A variant's unit kinds reach them as properties
# (judge.engine.orders.UnitKind), never by name.
ORDER_FILES = [
    "engine/kinds.py", "engine/orders.py", "engine/legality.py",
    "engine/movement.py", "engine/sampling.py", "engine/adjustments.py",
    "engine/retreats.py", "language/reading.py", "language/canonical.py",
    "language/syntax.py", "language/order_parser.py", "reports/describe.py",
    "reports/results.py", "reports/order_report.py", "pictures/render.py",
    "adjudicate.py", "service/variant_orders.py", "../grammar/orders.lark",
]  # fmt: skip
VARIANT_WORDS = re.compile(r"\bIG\b|garrison|imperial|barbarian", re.I)


def test_the_order_kinds_files_name_no_variant_nor_its_unit_kinds():
    for name in ORDER_FILES:
        text = (JUDGE / name).read_text(encoding="utf-8")
        found = VARIANT_WORDS.findall(text)
        assert not found, (name, found)

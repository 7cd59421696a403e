"""A waived build is written in njudge's column, which jDip needs."""

import re

from judge.engine.variant_loader import load_variant
from judge.reports.describe import adjustment_line

# jDip's pattern for a waived build (NJudgeOrderParser): blanks after the
# colon, then another blank before the words.
JDIP_WAIVE = re.compile(
    r"(?i)^[\w-]+:\s+\d*\s(unusable|unused)?.*build.*(waived|pending)"
)


def test_a_waived_build_sits_in_njudges_column():
    board, _rules = load_variant("standard")
    for power in board.powers:
        line = adjustment_line(board, power, None, None)
        name = board.powers[power].name
        assert line == f"{name}:".ljust(25) + " Build waived.", line
        assert JDIP_WAIVE.match(line), line


def test_other_adjustment_lines_keep_one_blank():
    board, _rules = load_variant("standard")
    from judge.engine.orders import Build, Unit

    line = adjustment_line(board, "FRANCE", None, Build(Unit("F", "BRE")))
    assert line == "France: Builds a fleet in Brest.", line

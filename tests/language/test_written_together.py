"""Orders run together on one line, and orders written from the other end
("supported by", "convoyed by"): what each result holds, refusals included."""

from judge.language.order_parser import parse_orders, split_orders
from tests.language.positions import BOARD, BUILDS, MIDGAME, SAMPLE_F1901, START


def readings(position, power, text):
    return [
        r.order.canonical() if r.order else f"!! {r.error}"
        for r in parse_orders(BOARD, position, power, text)
    ]


def test_each_order_of_a_run_keeps_its_own_words():
    results = parse_orders(
        BOARD, START, "FRANCE", "A Par-Bur A Mar-Spa (sc) F Bre-Mid."
    )
    assert [r.text for r in results] == ["A Par-Bur", "A Mar-Spa (sc)", "F Bre-Mid"]
    assert [r.order.canonical() for r in results] == [
        "A PAR - BUR",
        "A MAR - SPA",
        "F BRE - MAO",
    ]


def test_a_run_with_one_bad_order_reports_that_order_alone():
    assert readings(START, "FRANCE", "A Par-Bur A Mar-Xyz F Bre-Mid") == [
        "A PAR - BUR",
        "!! no province called 'Xyz'",
        "F BRE - MAO",
    ]
    # an unknown word elsewhere may be a misspelt order word: no split
    assert readings(START, "FRANCE", "A Mar suports A Par-Bur F Bre-Mid") == [
        "!! 'suports' is neither a place nor an order word; did you mean 'supports'?",
    ]
    assert readings(START, "FRANCE", "A Par-Bur A Lon-Wal F Bre-Mid") == [
        "A PAR - BUR",
        "!! 'A Lon': there is a fleet in London, not an army",
        "F BRE - MAO",
    ]


def test_a_verb_heading_a_run_carries_to_its_units():
    assert readings(BUILDS, "RUSSIA", "Build A Sev F StP/sc") == [
        "A SEV B",
        "F STP/SC B",
    ]


def test_a_supporting_unit_another_power_owns_is_not_ordered():
    assert readings(SAMPLE_F1901, "FRANCE", "A Bur-Mun supported by A Ruh") == [
        "A BUR - MUN",
        "!! the army in Ruhr is German: only Germany can order it",
    ]
    assert readings(
        SAMPLE_F1901, "FRANCE", "A Bur-Bel supported by German A Ruh and F Pic"
    ) == [
        "A BUR - BEL",
        "!! 'German A Ruh' is German: only Germany can order it",
        "F PIC S A BUR - BEL",
    ]


def test_when_the_power_is_unknown_every_named_unit_is_ordered():
    assert readings(SAMPLE_F1901, None, "A Bur-Mun supported by A Ruh") == [
        "A BUR - MUN",
        "A RUH S A BUR - MUN",
    ]


def test_what_cannot_be_supported_or_convoyed_is_refused():
    assert readings(START, "FRANCE", "A Par S A Mar supported by F Bre") == [
        "!! 'A Par S A Mar' is not a move or a hold, so nothing can support it"
    ]
    assert readings(START, "FRANCE", "A Par-Xyz supported by A Mar") == [
        "!! no province called 'Xyz'"
    ]
    assert readings(MIDGAME, "ENGLAND", "A Lon-Bel convoyed by F Nth and A Yor") == [
        "A LON - BEL VIA",
        "F NTH C A LON - BEL",
        "A YOR C A LON - BEL",
    ]
    assert readings(START, "FRANCE", "A Par-Bur supported by A Xyz") == [
        "A PAR - BUR",
        "!! 'A Xyz': no province called 'Xyz'",
    ]


def test_lines_keep_their_pieces_with_comments_and_marks():
    text = "1. A Par-Bur 2. A Mar-Spa  # the opening\n// none\nb) F Bre H"
    assert split_orders(text) == ["A Par-Bur", "A Mar-Spa", "F Bre H"]
    assert split_orders("A Par - Bur!?#") == ["A Par - Bur!?#"]
    assert split_orders("A Lon-Bel convoyed by F Nth, F Eng") == [
        "A Lon-Bel convoyed by F Nth and F Eng"
    ]
    assert split_orders("A Lon-Bel supported by A Yor, F Eng H") == [
        "A Lon-Bel supported by A Yor",
        "F Eng H",
    ]


def test_the_supporter_named_after_the_order():
    expected = ["A PAR - BUR", "A MAR S A PAR - BUR"]
    for text in (
        "A Par - Bur (supported by A Mar)",
        "A Par - Bur, A Mar supports",
        "Paris to Burgundy, Marseilles supporting",
        "A Par-Bur; Army Marseilles supports.",
    ):
        assert readings(START, "FRANCE", text) == expected, text
    # A bare "s" closing a unit with a south coast is that coast, not this.
    assert readings(BUILDS, "RUSSIA", "Builds: A Sev, F StP s") == [
        "A SEV B",
        "F STP/SC B",
    ]
    assert readings(BUILDS, "RUSSIA", "Build F StP S") == ["F STP/SC B"]

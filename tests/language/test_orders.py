"""parse_orders as its callers see it: splitting, headers, the fast path."""

from judge.engine.orders import Hold, Move, Unit
from judge.language.canonical import read_canonical
from judge.language.names import name_index
from judge.language.order_parser import parse_orders, split_orders
from tests.language.positions import BOARD, BUILDS, MIDGAME, START


def readings(position, power, text):
    return [
        r.order.canonical() if r.order else f"!! {r.error}"
        for r in parse_orders(BOARD, position, power, text)
    ]


def test_pieces_split_on_commas_semicolons_and_lines():
    text = "A Par-Bur, A Mar-Spa;F Bre-Mid\n\n  F Kie - Den ,, \r\nA Ber H"
    assert split_orders(text) == [
        "A Par-Bur",
        "A Mar-Spa",
        "F Bre-Mid",
        "F Kie - Den",
        "A Ber H",
    ]


def test_empty_text_gives_no_orders():
    assert parse_orders(BOARD, START, "FRANCE", "") == []
    assert parse_orders(BOARD, START, "FRANCE", " \n ,; \n") == []


def test_each_result_keeps_the_words_it_was_read_from():
    results = parse_orders(BOARD, START, "FRANCE", "1. A Par-Bur\n2) A Xyz H")
    assert [r.text for r in results] == ["A Par-Bur", "A Xyz H"]
    assert results[0].order == Move(Unit("A", "PAR"), "BUR")
    assert results[1].order is None and "'Xyz'" in results[1].error


def test_a_header_naming_the_power_is_skipped():
    text = "England:\nF Lon - Nth\nOrders for England:\nF Edi - Nrg"
    assert readings(START, "ENGLAND", text) == ["F LON - NTH", "F EDI - NWG"]


def test_a_header_naming_another_power_is_reported():
    assert readings(START, "ENGLAND", "Germany:\nF Lon - Nth") == [
        "!! these are orders for Germany; you play England",
        "F LON - NTH",
    ]


def test_a_verb_heading_a_line_carries_only_along_that_line():
    text = "Builds: A Mos, A War\nA Mos"
    assert readings(BUILDS, "RUSSIA", text) == [
        "A MOS B",
        "A WAR B",
        "!! 'A Mos' gives no order: add B (build) or D (disband)",
    ]


def test_an_overlong_piece_is_refused_without_reading():
    [result] = parse_orders(BOARD, START, None, "Par - Bur " * 40)
    assert result.order is None
    assert result.error == "this is too long to be one order"


def test_a_long_run_of_orders_is_split_but_not_an_endless_one():
    results = parse_orders(BOARD, START, None, "A Par - Bur " * 40)
    assert [r.order.canonical() for r in results] == ["A PAR - BUR"] * 40
    [result] = parse_orders(BOARD, START, None, "A Par - Bur " * 300)
    assert result.error == "this is too long to be one order"


def test_fast_path_and_grammar_build_equal_orders():
    fast = read_canonical(BOARD, START, "A PAR H")
    [slow] = parse_orders(BOARD, START, None, "army paris holds")
    assert fast == slow.order == Hold(Unit("A", "PAR"))


def test_fast_path_declines_what_needs_explaining():
    # a fleet stands in London: "A LON" must be explained by the grammar
    assert read_canonical(BOARD, START, "A LON - BEL VIA") is None
    assert read_canonical(BOARD, START, "F LON - BEL VIA") is None
    assert read_canonical(BOARD, MIDGAME, "F MAO - SPA") is None
    assert read_canonical(BOARD, START, "A PAR D") is None  # not in movement
    assert read_canonical(BOARD, START, "WAIVE") is None


def test_the_name_index_is_built_once_per_board():
    assert name_index(BOARD) is name_index(BOARD)


def test_power_may_be_unknown():
    assert readings(MIDGAME, None, "F Gulf - Swe, F Wes - Gulf") == [
        "F BOT - SWE",
        "F WES - LYO",
    ]

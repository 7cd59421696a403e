"""Names written not quite right (judge/language/near_miss.py): read as the
one province the position leaves, with a note; never when an exact reading
exists; never as a province the unit cannot use when one it can use is
near; refused with the candidates named when the position does not decide."""

from __future__ import annotations

import dataclasses
import string

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from judge.engine.board import Board, province_of
from judge.engine.orders import Build, Move, Unit
from judge.engine.variant_loader import load_variant
from judge.language.lexer import COASTS, FILLERS, KEYWORDS
from judge.language.names import fold, name_index, words_of
from judge.language.near_miss import collapse, near_names
from judge.language.order_parser import parse_orders
from judge.worlds import generate
from tests.language import positions
from tests.language.positions import position
from tests.strength import examples

BOARD = positions.BOARD
INDEX = name_index(BOARD)
PROVINCES = sorted(
    p for p, prov in BOARD.provinces.items() if prov.kind != "impassable"
)
MANY = settings(
    max_examples=examples(400),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)


def read(pos, power, text):
    (parsed,) = parse_orders(BOARD, pos, power, text)
    return parsed


# -- an independent measure, for "the only reachable candidate" ------------------
def levenshtein(a: str, b: str) -> int:
    row = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        prev, row[0] = row[0], i
        for j, cb in enumerate(b, 1):
            prev, row[j] = row[j], min(row[j] + 1, row[j - 1] + 1, prev + (ca != cb))
    return row[-1]


def spellings_of(province: str) -> list[str]:
    prov = BOARD.provinces[province]
    names = ["".join(words_of(n)) for n in (prov.name, *prov.aliases)]
    return [n for n in names if len(n) >= 4]


def looks_like(word: str, province: str, within: int = 3) -> bool:
    """Is `word` within a few edits of one of the province's names (as
    written, or with doubled letters and written-out umlauts collapsed)?"""
    key = "".join(words_of(word))
    return any(
        levenshtein(key, name) <= within
        or levenshtein(collapse(key), collapse(name)) <= within
        for name in spellings_of(province)
    )


# -- single-letter edits of a province's name ------------------------------------
NOT_NAMES = set(KEYWORDS) | FILLERS | set(COASTS) | set(INDEX.nations)


def edit(name: str, op: str, at: int, letter: str) -> str:
    letters = [i for i, c in enumerate(name) if c.isalpha()]
    i = letters[at % len(letters)]
    if op == "drop":
        return name[:i] + name[i + 1 :]
    if op == "add":
        return name[:i] + letter + name[i:]
    return name[:i] + letter + name[i + 1 :]


def usable_edit(word: str, province: str) -> bool:
    """An edit that is not another province's name, alias or abbreviation,
    nor an order word, and changed the name."""
    words = words_of(word)
    if not words or any(w in NOT_NAMES for w in words):
        return False
    if fold(word) == fold(BOARD.provinces[province].name):
        return False
    match = INDEX.lookup(words)
    if match is not None and match.provinces != (province,):
        return False
    return all(INDEX.lookup((w,)) is None or len(w) > 3 for w in words)


# an edit: which letter of the name (counted round), what, and with what
EDIT = (
    st.sampled_from(["drop", "add", "change"]),
    st.integers(min_value=0, max_value=40),
    st.sampled_from(string.ascii_lowercase),
)
EDITS = st.tuples(st.sampled_from(PROVINCES), *EDIT)


def movers_for(province: str) -> list[tuple[str, str]]:
    """The units next to `province` that can move there: (kind, location);
    no fleet for a province of two coasts (which coast is another question)."""
    movers = []
    if BOARD.provinces[province].kind != "sea":
        movers += [("A", near) for near in sorted(BOARD.army_adjacency[province])]
    if not BOARD.provinces[province].coasts:
        movers += [
            ("F", loc)
            for loc, adj in sorted(BOARD.fleet_adjacency.items())
            if province in (province_of(d) for d in adj)
        ]
    return movers


def mover_for(province: str, pick: int = 0):
    movers = movers_for(province)
    return movers[pick % len(movers)] if movers else None


def reachable(kind: str, location: str) -> set[str]:
    if kind == "A":
        return set(BOARD.army_adjacency.get(province_of(location), ()))
    return {province_of(d) for d in BOARD.fleet_adjacency.get(location, ())}


@MANY
@given(EDITS, st.integers(min_value=0, max_value=20))
def test_a_single_edit_reads_as_the_only_reachable_candidate(case, pick):
    province, op, at, letter = case
    word = edit(BOARD.provinces[province].name, op, at, letter)
    assume(usable_edit(word, province))
    mover = mover_for(province, pick)
    assume(mover is not None)
    kind, here = mover
    rivals = [
        p
        for p in reachable(kind, here)
        if p != province and p != province_of(here) and looks_like(word, p)
    ]
    assume(not rivals)
    pos = position("S1901M", {"ITALY": [f"{kind} {here}"]})
    parsed = read(pos, "ITALY", f"{kind} {here} - {word}")
    assert parsed.order is not None, (word, parsed.error)
    assert province_of(parsed.order.dest) == province, word
    # read by the rule, and said so; or an abbreviation of its own name
    # ("Barentss Sea": BarentsSea starts so), read exactly
    note = f"{word} read as {BOARD.provinces[province].name}"
    assert parsed.notes in ((note,), ()), parsed.notes
    if INDEX.lookup(words_of(word)) is None and " " not in word:
        assert parsed.notes == (note,)


HOMES = sorted(p for p in PROVINCES if BOARD.provinces[p].home)


@MANY
@given(st.tuples(st.sampled_from(HOMES), *EDIT))
def test_a_build_with_a_misspelt_home_centre(case):
    province, op, at, letter = case
    prov = BOARD.provinces[province]
    assume(not prov.coasts)
    word = edit(prov.name, op, at, letter)
    assume(usable_edit(word, province))
    rivals = [
        h
        for h in BOARD.home_centres(prov.home)
        if h != province and looks_like(word, h)
    ]
    assume(not rivals)
    pos = position("W1901A", {})
    parsed = read(pos, prov.home, f"Build A {word}")
    assert parsed.order == Build(parsed.order.unit), parsed.error
    assert parsed.order.unit.province == province


def test_a_misspelt_build_in_a_home_won_by_home_transfer():
    """Sweden, a German home by HOME TRANSFER, is a free home centre for
    Germany's builds: the misspelt name is read as it."""
    pos = dataclasses.replace(
        position("W1903A", {}), centres={"SWE": "GERMANY"}, homes={"SWE": "GERMANY"}
    )
    parsed = read(pos, "GERMANY", "Build A Swedn")
    assert parsed.order == Build(Unit("A", "SWE")), parsed.error
    plain = dataclasses.replace(pos, homes={})
    assert "not a free home centre" in read(plain, "GERMANY", "Build A Swedn").error


LOCATIONS = sorted(
    (kind, loc)
    for loc in BOARD.locations()
    for kind in "AF"
    if BOARD.can_hold(kind, loc)
)


@MANY
@given(st.sampled_from(LOCATIONS), EDITS)
def test_never_read_as_a_place_the_unit_cannot_reach_when_one_it_can_is_near(
    unit, case
):
    kind, here = unit
    province, op, at, letter = case
    word = edit(BOARD.provinces[province].name, op, at, letter)
    assume(usable_edit(word, province))
    pos = position("S1901M", {"ITALY": [f"{kind} {here}"]})
    parsed = read(pos, "ITALY", f"{kind} {here} - {word}")
    near = near_names(INDEX).near(word)
    if parsed.order is None:
        assert parsed.error
        if "could be" in parsed.error:  # several fit: each named, each reachable
            named = [p for p in near if BOARD.provinces[p].name in parsed.error]
            assert len(named) >= 2, parsed.error
        return
    if not parsed.notes:
        return  # an exact reading (an abbreviation of this province)
    dest = province_of(parsed.order.dest)
    assert dest in near
    if dest not in reachable(kind, here):
        # only by convoy, and only when no province next to it was near
        assert kind == "A" and BOARD.provinces[dest].kind == "coast"
        assert not [p for p in near if p in reachable(kind, here)], word


# -- an exact reading is never a near one -------------------------------------------
EXACT = sorted((words, pids) for words, pids in INDEX.exact.items() if len(pids) == 1)


@pytest.mark.parametrize("words, provinces", EXACT, ids=lambda x: " ".join(x))
def test_every_name_alias_and_id_reads_exactly(words, provinces):
    (province,) = provinces
    mover = mover_for(province)
    if mover is None:
        pytest.skip("nothing moves there")
    kind, here = mover
    pos = position("S1901M", {"ITALY": [f"{kind} {here}"]})
    parsed = read(pos, "ITALY", f"{kind} {here} - {' '.join(words)}")
    assert parsed.notes == ()
    if parsed.order is not None:
        assert province_of(parsed.order.dest) == province


# -- never a silent misreading ---------------------------------------------------
@pytest.mark.parametrize("power", sorted(BOARD.powers))
def test_roma_is_never_rumania_and_venezia_never_vienna(power):
    for text in ("A Roma - Apulia", "A Roma H", "A Tyr - Venezia", "A Venezia H"):
        parsed = read(positions.START, power, text)
        if parsed.order is not None:
            assert parsed.order.unit.province not in ("RUM", "VIE")
            assert getattr(parsed.order, "dest", None) not in ("RUM", "VIE")


def test_the_start_of_one_name_near_another_is_settled_by_the_position():
    pos = positions.ROME_AND_RUMANIA
    assert read(pos, None, "Ruma H").error == (
        "'Ruma' could be Rome or Rumania; write the name in full"
    )
    italian = read(pos, "ITALY", "A Ruma - Apu")
    assert italian.order == Move(pos.units["ROM"][1], "APU")
    assert italian.notes == ("Ruma read as Rome",)
    turkish = read(pos, "TURKEY", "A Ruma - Bul")
    assert turkish.order == Move(pos.units["RUM"][1], "BUL")
    assert turkish.notes == ()


def test_several_reachable_near_names_are_refused_with_the_candidates():
    parsed = read(positions.START, "RUSSIA", "F StP/sc - Linland")
    assert (
        parsed.error == "'Linland' could be Finland or Livonia; write the name in full"
    )
    # the army in Moscow reaches only one of them
    parsed = read(positions.START, "RUSSIA", "A Mos - Linland")
    assert parsed.order == Move(positions.START.units["MOS"][1], "LVN")
    assert parsed.notes == ("Linland read as Livonia",)


def test_a_near_name_nothing_can_use_is_refused_with_it():
    parsed = read(positions.START, "FRANCE", "F Bre - Portugual")
    assert parsed.error == (
        "no province called 'Portugual'; Portugal comes close, but it is not a "
        "place the fleet in Brest can move to"
    )


def test_the_nearest_of_several_fitting_names_is_read():
    parsed = read(positions.START, "RUSSIA", "F StP/sc - Finnland")
    assert parsed.order is not None and parsed.order.dest == "FIN"
    assert parsed.notes == ("Finnland read as Finland",)


def test_near_misses_in_retreats_and_adjustments():
    assert read(positions.BUILDS, "RUSSIA", "Remove A Warshaw").notes == (
        "Warshaw read as Warsaw",
    )
    built = read(positions.BUILDS, "TURKEY", "Build F Ankra")
    assert built.order is not None and str(built.order.unit) == "F ANK"
    retreat = read(positions.RETREATS, "TURKEY", "F Bul R Grece")
    assert retreat.order.canonical() == "F BUL/SC R GRE"


def test_a_bare_disband_is_the_one_unit_it_can_mean():
    assert read(positions.RETREATS, "ENGLAND", "Disband").order.canonical() == (
        "F NTH D"
    )
    many = read(positions.RETREATS, "RUSSIA", "Disband")
    assert many.order is None
    assert "the fleet in Sevastopol or the army in St Petersburg" in many.error
    assert read(positions.BUILDS, "ENGLAND", "Remove").order.canonical() == "F NTH D"
    assert "say which" in read(positions.BUILDS, "GERMANY", "Destroy").error
    assert read(positions.START, "FRANCE", "Disband").error.startswith(
        "a disband is not an order for the movement phase"
    )


# -- the same reading on other maps ------------------------------------------------
@pytest.mark.parametrize("variant", ["1913", "imperial"])
def test_other_maps_read_foreign_and_misspelt_names(variant):
    board, _ = load_variant(variant)
    vienna = positions.START.units["VIE"]
    pos = position("S1901M", {}, centres={})
    pos.units["VIE"] = vienna
    for text, dest, note in [
        ("A Wien - Galizien", "GAL", ()),
        ("A Vie - Bohemai", "BOH", ("Bohemai read as Bohemia",)),
    ]:
        (parsed,) = parse_orders(board, pos, None, text)
        assert parsed.order is not None, parsed.error
        assert (parsed.order.dest, parsed.notes) == (dest, note)


@pytest.mark.slow
@settings(max_examples=8, deadline=None)
@given(st.integers(min_value=0, max_value=10**6))
def test_a_generated_world_s_names_read_misspelt(seed):
    board = Board(generate(seed).data)
    index = name_index(board)
    for province, prov in sorted(board.provinces.items()):
        word = prov.name[:2] + prov.name[3:]  # its third letter dropped
        neighbours = sorted(board.army_adjacency.get(province, ()))
        if len(prov.name) < 6 or not neighbours or index.lookup(words_of(word)):
            continue
        here = neighbours[0]
        pos = position("S1901M", {})
        pos.units[here] = (next(iter(board.powers)), Unit("A", here))
        others = [p for p in board.army_adjacency[here] if p != province]
        if any(p in near_names(index).near(word) for p in others):
            continue  # a rival name next to the army: may be refused
        (parsed,) = parse_orders(board, pos, None, f"A {here} - {word}")
        assert parsed.order is not None, (word, parsed.error)
        assert parsed.order.dest == province
        assert parsed.notes == (f"{word} read as {prov.name}",)


def test_a_heading_of_orders_is_no_order():
    for heading in ("Orders:", "My orders:", "orders"):
        assert parse_orders(BOARD, positions.START, "FRANCE", heading) == []
    (parsed,) = parse_orders(BOARD, positions.START, "FRANCE", "Orders:\nA Par - Bur")
    assert parsed.order.canonical() == "A PAR - BUR"


def test_several_near_names_none_of_which_fits_are_named():
    pos = position("S1901M", {"ITALY": ["F ADR"]})
    parsed = read(pos, "ITALY", "F Adr - Linland")
    assert parsed.error == (
        "no province called 'Linland'; Finland or Livonia come close, but none of "
        "them is a place the fleet in Adriatic Sea can move to"
    )

"""Property tests: no text makes the reader raise, and every canonical form
reads back to itself, by the fast path and by the grammar alike."""

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from judge.engine.board import province_of
from judge.engine.orders import (
    Build,
    Convoy,
    Disband,
    Hold,
    Maintain,
    Move,
    Retreat,
    SupportHold,
    SupportMove,
    Unit,
    Waive,
)
from judge.engine.results import DEFAULT_RULES, Rules
from judge.language.names import name_index
from judge.language.order_parser import parse_one, parse_orders
from judge.language.reading import Context
from tests.language import positions
from tests.language.test_phrasings import CASES
from tests.strength import examples

BOARD = positions.BOARD
POWERS = sorted(BOARD.powers)
PHASES = ["S1901M", "F1901R", "W1901A"]
ANY_DISBAND = Rules(options={"any_disband": "True"})
FEW = settings(
    max_examples=examples(150),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)

PLACES = sorted(BOARD.locations())
ARMY_AT = [loc for loc in PLACES if BOARD.can_hold("A", loc)]
FLEET_AT = [loc for loc in PLACES if BOARD.can_hold("F", loc)]
SAMPLE_POSITIONS = [
    positions.START,
    positions.MIDGAME,
    positions.RETREATS,
    positions.BUILDS,
    positions.EMPTY,
]


def check_results(results):
    for r in results:
        assert (r.order is None) != (r.error is None)
        if r.error is not None:
            assert isinstance(r.error, str) and r.error
            assert "internal error" not in r.error, r.error
        else:
            assert r.order.canonical()


# -- nothing raises --------------------------------------------------------------
@FEW
@given(
    text=st.text(max_size=80),
    which=st.sampled_from(range(len(SAMPLE_POSITIONS))),
    power=st.sampled_from([None, *POWERS]),
)
def test_random_text_never_raises(text, which, power):
    check_results(parse_orders(BOARD, SAMPLE_POSITIONS[which], power, text))


ORDER_WORDS = st.sampled_from(
    [
        "A",
        "F",
        "S",
        "C",
        "H",
        "D",
        "B",
        "R",
        "-",
        "->",
        "/",
        "(",
        ")",
        "nc",
        "sc",
        "via",
        "convoy",
        "to",
        "supports",
        "holds",
        "build",
        "waive",
        "disband",
        "retreat",
        "maintain",
        "m",
        "Par",
        "Bur",
        "Mid",
        "North",
        "Gulf",
        "St",
        "P",
        "Spa",
        "Bul",
        "StP",
        "Tyr",
        "English",
        "German",
        "army",
        "fleet",
        "coast",
        "north",
        "south",
        ".",
        ",",
        ";",
    ]
)


@FEW
@given(
    words=st.lists(ORDER_WORDS, max_size=12),
    which=st.sampled_from(range(len(SAMPLE_POSITIONS))),
    power=st.sampled_from([None, *POWERS]),
)
def test_random_order_words_never_raise(words, which, power):
    text = " ".join(words)
    check_results(parse_orders(BOARD, SAMPLE_POSITIONS[which], power, text))


@FEW
@given(
    case=st.sampled_from(CASES),
    edits=st.lists(
        st.tuples(
            st.sampled_from(["insert", "delete", "replace"]),
            st.integers(min_value=0, max_value=200),
            st.characters(),
        ),
        min_size=1,
        max_size=4,
    ),
)
def test_mutated_phrasings_never_raise(case, edits):
    position_name, power, text, _ = case.values
    for action, where, char in edits:
        i = where % (len(text) + 1)
        if action == "insert":
            text = text[:i] + char + text[i:]
        elif action == "delete":
            text = text[:i] + text[i + 1 :]
        else:
            text = text[:i] + char + text[i + 1 :]
    position = getattr(positions, position_name)
    check_results(parse_orders(BOARD, position, power, text))


# -- canonical forms read back to themselves -------------------------------------
@st.composite
def movement_orders(draw):
    """(order, units standing) for a movement phase, with plausible geometry."""
    kind = draw(st.sampled_from("AF"))
    loc = draw(st.sampled_from(ARMY_AT if kind == "A" else FLEET_AT))
    unit = Unit(kind, loc)
    standing = [unit]
    adjacent = sorted(
        BOARD.army_adjacency[unit.province]
        if kind == "A"
        else BOARD.fleet_adjacency[loc]
    )
    # Only the shapes this unit can take: an army on a coast may go by
    # convoy, a fleet at sea may convoy (no shape quietly turns into a hold).
    sea = BOARD.provinces[unit.province].kind == "sea"
    coast = BOARD.provinces[unit.province].kind == "coast"
    shapes = ["hold"] + (["move", "sh", "sm"] if adjacent else [])
    shapes += ["via"] if kind == "A" and coast else []
    shapes += ["convoy"] if kind == "F" and sea else []
    shape = draw(st.sampled_from(shapes))
    if shape == "hold":
        return Hold(unit), standing
    if shape == "move":
        return Move(unit, draw(st.sampled_from(adjacent))), standing
    if shape == "via":
        coastal = [p for p in ARMY_AT if BOARD.provinces[p].kind == "coast"]
        dest = draw(st.sampled_from([p for p in coastal if p != loc]))
        return Move(unit, dest, True), standing
    # supports and convoys need a second unit
    other_kind = "A" if shape == "convoy" else draw(st.sampled_from("AF"))
    others = [
        p
        for p in (ARMY_AT if other_kind == "A" else FLEET_AT)
        if province_of(p) != unit.province
    ]
    target = Unit(other_kind, draw(st.sampled_from(others)))
    present = draw(st.booleans())
    if present:
        standing.append(target)
    if shape == "sh":
        return SupportHold(unit, target), standing
    target_adjacent = sorted(
        {province_of(d) for d in BOARD.fleet_adjacency.get(target.location, ())}
        if other_kind == "F"
        else BOARD.army_adjacency[target.province]
    )
    if not target_adjacent:
        return SupportHold(unit, target), standing
    if shape == "sm":
        if other_kind == "F":  # a fleet's destination may name its coast
            dest = draw(st.sampled_from(sorted(BOARD.fleet_adjacency[target.location])))
        else:
            dest = draw(st.sampled_from(target_adjacent))
        return SupportMove(unit, target, dest), standing
    coastal = [
        p
        for p in ARMY_AT
        if BOARD.provinces[p].kind == "coast" and p != target.province
    ]
    return Convoy(unit, target, draw(st.sampled_from(coastal))), standing


def place(units, power="FRANCE"):
    return {power: [str(u) for u in units]}


def read_both_ways(position, text, rules=DEFAULT_RULES):
    fast = parse_orders(BOARD, position, None, text, rules)
    slow = parse_one(text, Context(BOARD, position, None, name_index(BOARD), rules))
    return fast, slow


@FEW
@given(movement_orders())
def test_canonical_movement_orders_read_back(drawn):
    order, standing = drawn
    position = positions.position("S1901M", place(standing))
    text = order.canonical()
    [fast], slow = read_both_ways(position, text)
    assert fast.error is None, fast.error
    assert fast.order.canonical() == text
    assert slow.error is None, slow.error
    assert slow.order.canonical() == text


@FEW
@given(
    kind=st.sampled_from("AF"),
    data=st.data(),
)
def test_canonical_retreats_and_disbands_read_back(kind, data):
    loc = data.draw(st.sampled_from(ARMY_AT if kind == "A" else FLEET_AT))
    unit = Unit(kind, loc)
    options = sorted(
        BOARD.army_adjacency[unit.province]
        if kind == "A"
        else BOARD.fleet_adjacency[loc]
    )
    retreats = data.draw(st.lists(st.sampled_from(options), max_size=3, unique=True))
    position = positions.position(
        "F1901R", {}, dislodged={"TURKEY": [(str(unit), retreats)]}
    )
    orders = [Disband(unit)] + [Retreat(unit, r) for r in retreats]
    for order in orders:
        text = order.canonical()
        [fast], slow = read_both_ways(position, text)
        assert fast.order is not None and fast.order.canonical() == text, fast.error
        assert slow.order is not None and slow.order.canonical() == text, slow.error


@FEW
@given(kind=st.sampled_from("AF"), data=st.data())
def test_canonical_adjustments_read_back(kind, data):
    centres = [
        loc
        for loc in (ARMY_AT if kind == "A" else FLEET_AT)
        if BOARD.provinces[province_of(loc)].home
    ]
    loc = data.draw(st.sampled_from(centres))
    unit = Unit(kind, loc)
    empty = positions.position("W1901A", {})
    occupied = positions.position("W1901A", {"GERMANY": [str(unit)]})
    for position, order in (
        (empty, Build(unit)),
        (occupied, Disband(unit)),
        (empty, Waive()),
        (occupied, Maintain(unit)),  # under SET ANY DISBAND
    ):
        text = order.canonical()
        [fast], slow = read_both_ways(position, text, ANY_DISBAND)
        assert fast.order is not None and fast.order.canonical() == text, fast.error
        assert slow.order is not None and slow.order.canonical() == text, slow.error


@FEW
@given(
    st.lists(
        movement_orders(),
        min_size=2,
        max_size=5,
        unique_by=lambda drawn: drawn[0].unit.province,  # one order per unit
    )
)
def test_canonical_orders_run_together_split_back(drawn):
    """Orders written one after another with no separator read as each alone."""
    standing, named = {}, {}
    for order, units in drawn:
        for unit in units:
            standing[unit.province] = unit
        for unit in (order.unit, getattr(order, "target", None), *units):
            if unit is not None:
                # two different units drawn in one province: no such position
                assume(named.setdefault(unit.province, unit) == unit)
    position = positions.position("S1901M", place(standing.values()))
    texts = [order.canonical() for order, _ in drawn]
    results = parse_orders(BOARD, position, None, " ".join(texts))
    assert [r.order.canonical() if r.order else r.error for r in results] == texts


# What pasting from a web page, a chat or another keyboard puts into a line:
# invisible marks anywhere, spaces that do not break, full-width forms.
INVISIBLE = ["\u200b", "\u200c", "\u200d", "\u2060", "\ufeff", "\u00ad", "\u200e"]


@FEW
@given(movement_orders(), st.data())
def test_pasted_and_full_width_orders_read_as_typed(drawn, data):
    order, standing = drawn
    position = positions.position("S1901M", place(standing))
    text = order.canonical()
    chars = list(text)
    for _ in range(data.draw(st.integers(1, 4))):
        at = data.draw(st.integers(0, len(chars)))
        chars.insert(at, data.draw(st.sampled_from(INVISIBLE)))
    pasted = "".join(chars)
    if data.draw(st.booleans()):
        pasted = pasted.replace(" ", "\u00a0")  # non-breaking spaces
    if data.draw(st.booleans()):  # typed on a full-width keyboard
        pasted = "".join(chr(ord(c) + 0xFEE0) if "!" <= c <= "~" else c for c in pasted)
    [result] = parse_orders(BOARD, position, None, pasted)
    assert result.error is None, (pasted, result.error)
    assert result.order.canonical() == text

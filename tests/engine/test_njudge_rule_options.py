"""njudge's ANY DISBAND, STRICT CONVOY and BLANK BOARD as the engine's rule
values (Rules.options), in the DATC's manner: a position, the orders, the
outcome."""

from __future__ import annotations

from judge.engine.any_disband import winter_orders
from judge.engine.api import Rules, adjudicate, initial_position, orders_needed
from judge.engine.blank_board import blank_start
from judge.engine.board import load_board
from judge.engine.orders import Build, Disband, Maintain, Unit, Waive
from judge.engine.state import Phase, Position
from judge.engine.strict_convoy import implausible_convoy
from tests.engine.canon import order, orders

BOARD = load_board("standard")
START = initial_position(BOARD)
ANY_DISBAND = Rules(options={"any_disband": "True"})
STRICT = Rules(options={"strict_convoy": "True"})


def winter(units, centres) -> Position:
    return Position(Phase(1901, "W", "A"), units, centres)


# -- ANY DISBAND ---------------------------------------------------------------------


def test_any_disband_a_balanced_power_disbands_and_rebuilds_elsewhere():
    # France: 3 centres, 3 units; the fleet in Brest goes, but no army comes
    # in its place: njudge refuses a build where a unit stood when the
    # winter began ("already has a unit present"), disbanded or not
    position = winter(dict(START.units), dict(START.centres))
    given = {"FRANCE": [Build(Unit("A", "BRE")), Disband(Unit("F", "BRE"))]}
    plain = adjudicate(BOARD, position, given)
    assert plain.position.units["BRE"] == ("FRANCE", Unit("F", "BRE"))
    assert all(r.outcomes == ("void",) for r in plain.results if r.power == "FRANCE")
    out = adjudicate(BOARD, position, given, ANY_DISBAND)
    assert "BRE" not in out.position.units
    french = {type(r.order).__name__: r.outcomes
              for r in out.results if r.power == "FRANCE" and r.order}  # fmt: skip
    assert french == {"Build": ("void",), "Disband": ()}


def test_any_disband_a_build_goes_to_a_centre_empty_since_the_winter_began():
    # France holds Spain too (4 centres, 3 units): it disbands the fleet in
    # Brest and builds in Brest (void: occupied at the start) and Paris is
    # occupied; it may build nowhere at home but waive
    centres = dict(START.centres, SPA="FRANCE")
    units = dict(START.units)
    units["PAR"] = ("FRANCE", Unit("A", "PAR"))
    position = winter(units, centres)
    given = {"FRANCE": [Disband(Unit("F", "BRE")), Build(Unit("F", "BRE")), Waive()]}
    out = adjudicate(BOARD, position, given, ANY_DISBAND)
    french = [(type(r.order).__name__, r.outcomes)
              for r in out.results if r.power == "FRANCE" and r.order]  # fmt: skip
    assert ("Build", ("void",)) in french and ("Waive", ()) in french


def test_any_disband_builds_no_more_than_the_centres_allow():
    # France's units stand outside its home centres: it disbands two, and
    # of its three builds the third is void
    units = {p: e for p, e in START.units.items() if e[0] != "FRANCE"}
    units |= {"BUR": ("FRANCE", Unit("A", "BUR")), "PIC": ("FRANCE", Unit("A", "PIC")),
              "MAO": ("FRANCE", Unit("F", "MAO"))}  # fmt: skip
    position = winter(units, dict(START.centres))
    given = {"FRANCE": [Disband(Unit("A", "BUR")), Disband(Unit("A", "PIC")),
                        Build(Unit("F", "MAR")), Build(Unit("A", "PAR")),
                        Build(Unit("F", "BRE")),
                        Maintain(Unit("F", "MAO"))]}  # fmt: skip
    out = adjudicate(BOARD, position, given, ANY_DISBAND)
    french = {(r.unit.location, type(r.order).__name__): r.outcomes
              for r in out.results if r.power == "FRANCE"}  # fmt: skip
    assert french == {("BUR", "Disband"): (), ("PIC", "Disband"): (),
                      ("MAR", "Build"): (), ("PAR", "Build"): (),
                      ("BRE", "Build"): ("void",), ("MAO", "Maintain"): ()}  # fmt: skip
    assert out.position.units["MAR"] == ("FRANCE", Unit("F", "MAR"))
    assert sum(1 for p, _ in out.position.units.values() if p == "FRANCE") == 3


def test_any_disband_a_power_owing_removals_may_remove_more_and_waive():
    # Austria: 2 centres, 3 units; it removes two and builds nothing
    centres = {c: p for c, p in START.centres.items() if c != "TRI"}
    position = winter(dict(START.units), centres)
    given = {"AUSTRIA": [Disband(Unit("A", "VIE")), Disband(Unit("F", "TRI")), Waive()]}
    out = adjudicate(BOARD, position, given, ANY_DISBAND)
    austrian = sorted(
        u.location for p, u in out.position.units.values() if p == "AUSTRIA"
    )
    assert austrian == ["BUD"]
    # without the rule the second removal and the waive are void
    plain = adjudicate(BOARD, position, given)
    outcomes = {type(r.order).__name__ + (r.unit.location if r.unit else ""):
                r.outcomes for r in plain.results if r.power == "AUSTRIA"}  # fmt: skip
    assert outcomes == {"DisbandVIE": (), "DisbandTRI": ("void",), "Waive": ("void",)}


def test_any_disband_units_over_the_centres_still_go_by_civil_disorder():
    centres = {c: p for c, p in START.centres.items() if c != "TRI"}
    out = adjudicate(BOARD, winter(dict(START.units), centres), {}, ANY_DISBAND)
    gone = [r for r in out.results if r.power == "AUSTRIA" and r.outcomes]
    assert len(gone) == 1 and gone[0].order is None and gone[0].outcomes == ("disband",)
    # the two left stay, unordered (njudge: "No order for ... (maintain)")
    stay = [r for r in out.results if r.power == "AUSTRIA" and not r.outcomes]
    assert len(stay) == 2 and all(r.order is None for r in stay)


def test_any_disband_defaults_remove_a_unit_off_the_powers_centres_first():
    """njudge's default removal under ANY DISBAND: units not on one of the
    power's own centres go first.  Germany owns Berlin, Kiel and Warsaw and
    has four armies: civil disorder alone would remove Warsaw's (the
    farthest from home), njudge's default removes Silesia's."""
    units = {p: ("GERMANY", Unit("A", p)) for p in ("BER", "KIE", "WAR", "SIL")}
    centres = {"BER": "GERMANY", "KIE": "GERMANY", "WAR": "GERMANY"}
    out = adjudicate(BOARD, winter(units, centres), {}, ANY_DISBAND)
    gone = [r.unit.province for r in out.results if r.outcomes == ("disband",)]
    assert gone == ["SIL"]
    assert set(out.position.units) == {"BER", "KIE", "WAR"}
    standard = adjudicate(BOARD, winter(units, centres), {}, Rules())
    assert [r.unit.province for r in standard.results if r.outcomes] == ["WAR"]


def test_any_disband_every_winter_is_played():
    # nothing to build or remove: the winter is skipped, but not under the rule
    fall = Position(Phase(1901, "F", "M"), dict(START.units), dict(START.centres))
    assert adjudicate(BOARD, fall, {}).position.phase == Phase(1902, "S", "M")
    played = adjudicate(BOARD, fall, {}, ANY_DISBAND).position
    assert played.phase == Phase(1901, "W", "A")
    after = adjudicate(BOARD, played, {}, ANY_DISBAND)
    assert after.position.units == START.units  # unordered units stay


# -- MAINTAIN (ANY DISBAND's order for a unit that stays) -----------------------------


def test_any_disband_every_power_owes_an_order_for_each_unit_and_centre():
    played = Position(Phase(1901, "W", "A"), dict(START.units),
                      dict(START.centres, BEL="FRANCE"))  # fmt: skip
    needed = orders_needed(BOARD, played, ANY_DISBAND)
    assert needed["FRANCE"] == 4 and needed["RUSSIA"] == 4 and needed["ITALY"] == 3
    # the standard rules: France has no free home centre, so owes nothing
    assert orders_needed(BOARD, played) == {}


def test_maintain_keeps_the_unit_and_is_void_without_the_rule():
    position = winter(dict(START.units), dict(START.centres))
    given = {"ENGLAND": [Maintain(Unit("F", "LON")), Maintain(Unit("A", "LVP")),
                         Disband(Unit("F", "EDI"))]}  # fmt: skip
    out = adjudicate(BOARD, position, given, ANY_DISBAND)
    english = {r.unit.location: r.outcomes for r in out.results if r.power == "ENGLAND"}
    assert english == {"LON": (), "LVP": (), "EDI": ()}
    assert "EDI" not in out.position.units and "LON" in out.position.units
    plain = adjudicate(BOARD, position, {"ENGLAND": [Maintain(Unit("F", "LON"))]})
    assert [r.outcomes for r in plain.results if r.power == "ENGLAND"] == [("void",)]


def test_maintain_of_a_unit_not_the_powers_or_of_another_type_is_void():
    position = winter(dict(START.units), dict(START.centres))
    given = {"ENGLAND": [Maintain(Unit("A", "PAR")), Maintain(Unit("A", "LON"))]}
    out = adjudicate(BOARD, position, given, ANY_DISBAND)
    ordered = [(r.unit.location, r.outcomes) for r in out.results
               if r.power == "ENGLAND" and r.order]  # fmt: skip
    assert ordered == [("LON", ("void",)), ("PAR", ("void",))]
    assert out.position.units["PAR"] == ("FRANCE", Unit("A", "PAR"))


def test_the_last_of_maintain_and_disband_for_a_unit_counts():
    position = winter(dict(START.units), dict(START.centres))
    kept = {"ENGLAND": [Disband(Unit("F", "LON")), Maintain(Unit("F", "LON"))]}
    out = adjudicate(BOARD, position, kept, ANY_DISBAND)
    assert out.position.units["LON"] == ("ENGLAND", Unit("F", "LON"))
    lon = [(type(r.order).__name__, r.outcomes)
           for r in out.results if r.unit == Unit("F", "LON")]  # fmt: skip
    assert lon == [("Disband", ("void",)), ("Maintain", ())]
    gone = {"ENGLAND": [Maintain(Unit("F", "LON")), Disband(Unit("F", "LON"))]}
    assert "LON" not in adjudicate(BOARD, position, gone, ANY_DISBAND).position.units


def test_winter_orders_counts_as_njudge_what_a_power_still_owes():
    position = winter(dict(START.units), dict(START.centres, BEL="ENGLAND"))
    nothing = winter_orders(BOARD, position, "ENGLAND", [])
    assert (
        len(nothing.unordered) == 3 and nothing.surplus == -1 and nothing.missing == 4
    )
    two = [Maintain(Unit("F", "LON")), Disband(Unit("F", "EDI"))]
    part = winter_orders(BOARD, position, "ENGLAND", two)
    assert part.unordered == (Unit("A", "LVP"),) and part.surplus == -2
    whole = two + [Maintain(Unit("A", "LVP")), Build(Unit("F", "EDI")), Waive()]
    assert winter_orders(BOARD, position, "ENGLAND", whole).missing == 0
    over = whole + [Build(Unit("A", "EDI"))]
    assert winter_orders(BOARD, position, "ENGLAND", over).surplus == 1


# -- STRICT CONVOY -------------------------------------------------------------------


def convoy_position():
    return Position(
        Phase(1901, "S", "M"),
        {"NTH": ("ENGLAND", Unit("F", "NTH")), "MUN": ("GERMANY", Unit("A", "MUN")),
         "BEL": ("FRANCE", Unit("A", "BEL")), "ENG": ("FRANCE", Unit("F", "ENG"))},
        dict(START.centres),
    )  # fmt: skip


def test_strict_convoy_refuses_a_landlocked_army_or_destination():
    assert "landlocked and cannot be convoyed" in implausible_convoy(
        BOARD, order("F NTH C A MUN - HOL")
    )
    assert "destination Paris is landlocked" in implausible_convoy(
        BOARD, order("F ENG C A BEL - PAR")
    )
    assert implausible_convoy(BOARD, order("F NTH C A BEL - NWY")) is None
    assert implausible_convoy(BOARD, order("A MUN - BUR")) is None


def test_strict_convoy_the_implausible_convoy_is_void_and_the_fleet_holds():
    given = orders({"ENGLAND": ["F NTH C A MUN - HOL"], "GERMANY": ["A MUN - HOL"]})
    plain = adjudicate(BOARD, convoy_position(), given)
    fleet = [r for r in plain.results if r.unit == Unit("F", "NTH")][0]
    assert fleet.order is not None and "void" not in fleet.outcomes
    strict = adjudicate(BOARD, convoy_position(), given, STRICT)
    fleet = [r for r in strict.results if r.unit == Unit("F", "NTH")][0]
    assert fleet.order == order("F NTH C A MUN - HOL")
    assert fleet.outcomes == ("void",)
    assert strict.position.units["NTH"] == ("ENGLAND", Unit("F", "NTH"))
    assert "MUN" in strict.position.units  # no land route from Munich to Holland


def test_strict_convoy_leaves_a_plausible_convoy_alone():
    given = orders({"FRANCE": ["A BEL - LON", "F ENG C A BEL - LON"]})
    strict = adjudicate(BOARD, convoy_position(), given, STRICT)
    assert strict.position.units.get("LON") == ("FRANCE", Unit("A", "LON"))
    assert all(r.outcomes == () for r in strict.results if r.power == "FRANCE")


# -- BLANK BOARD ---------------------------------------------------------------------


def test_blank_board_starts_in_the_winter_before_with_no_units():
    start = blank_start(START)
    assert start.phase == Phase(1900, "W", "A") and start.units == {}
    assert start.centres == START.centres
    needed = orders_needed(BOARD, start)
    assert needed["RUSSIA"] == 4 and needed["FRANCE"] == 3
    given = {"FRANCE": [Build(Unit("F", "MAR")), Build(Unit("F", "BRE")),
                        Build(Unit("F", "PAR"))]}  # fmt: skip
    out = adjudicate(BOARD, start, given)
    assert out.position.phase == Phase(1901, "S", "M")
    assert out.position.units["MAR"] == ("FRANCE", Unit("F", "MAR"))
    assert "PAR" not in out.position.units  # no fleet in an inland centre
    assert not any(p == "GERMANY" for p, _ in out.position.units.values())


def test_blank_board_leaves_a_start_in_a_build_phase_as_it_is():
    built = Position(Phase(1900, "W", "A"), {}, dict(START.centres))
    assert blank_start(built) is built

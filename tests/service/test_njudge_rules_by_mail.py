"""ANY DISBAND, STRICT CONVOY and BLANK BOARD set by mail and followed: the
orders they allow are taken on arrival, those they forbid refused with the
reason, and the phase is adjudicated by the rule."""

from datetime import datetime

from harness import HOLDS, MASTER, PLAYERS, form_game, password, signon

from judge.engine.serialize import position_from_json
from judge.service.queries import load_game, save_position, stored_orders


def master(judge, commands):
    return judge.send(MASTER, "SIGNON Malpha pw-master\n" + commands)


def orders(judge, power: str, text: str) -> str:
    return judge.send(judge.seat(power), f"{signon(judge, power)}\n{text}")[0].body


def place(judge, state: dict) -> None:
    game = load_game(judge.db, "alpha")
    with judge.db.conn:
        save_position(
            judge.db, "alpha", game.board, position_from_json(game.board, state)
        )


def units(judge) -> dict:
    return {
        prov: f"{power} {unit.kind}"
        for prov, (power, unit) in load_game(judge.db, "alpha")
        .current(load_game(judge.db, "alpha").board)
        .units.items()
    }


def test_blank_board_starts_in_a_build_phase_with_no_units(judge):
    judge.send(MASTER, "CREATE ?alpha pw-master standard\nBECOME MASTER")
    body = master(judge, "SET BLANK BOARD")[0].body
    assert "The game starts with no units, in a build phase the winter before." in body
    for address in PLAYERS:
        judge.send(address, f"SIGNON ?alpha {password(address)}")
    assert judge.phase() == "W1900A"
    assert units(judge) == {}
    body = orders(judge, "FRANCE", "BUILD F MAR\nBUILD F BRE\nBUILD A PAR")
    assert "Refused" not in body
    judge.tick(judge.grace_end())
    assert judge.phase() == "S1901M"
    placed = units(judge)
    assert placed["MAR"] == "FRANCE F" and placed["BRE"] == "FRANCE F"
    assert not any(u.startswith("GERMANY") for u in placed.values())  # no builds sent


def test_strict_convoy_refuses_an_implausible_convoy_on_arrival(judge):
    form_game(judge)
    place(judge, {
        "phase": "S1901M",
        "units": {"ENGLAND": ["F NTH", "F ENG"], "GERMANY": ["A MUN"],
                  "FRANCE": ["A BEL"]},
        "centers": {"ENGLAND": ["LON"], "GERMANY": ["MUN"], "FRANCE": ["PAR"]},
    })  # fmt: skip
    body = orders(judge, "ENGLAND", "F NTH C A MUN - HOL\nF ENG C A BEL - PAR")
    assert "Refused" not in body  # njudge's default takes any convoy order
    assert "STRICTCONVOY" in master(judge, "SET STRICT CONVOY")[0].body.replace(" ", "")
    body = orders(judge, "ENGLAND", "F NTH C A MUN - HOL\nF ENG C A BEL - PAR")
    assert "the unit in Munich is landlocked and cannot be convoyed" in body
    assert "the destination Paris is landlocked and cannot be convoyed to" in body
    body = orders(judge, "ENGLAND", "F NTH C A BEL - NWY")
    assert "Refused" not in body


def to_the_winter(judge) -> None:
    """SET ANY DISBAND, then a spring and a fall of holds: the winter of
    1901 is played though nobody gains or loses a centre."""
    form_game(judge)
    assert "every winter is played" in master(judge, "SET ANY DISBAND")[0].body
    for _season in ("spring", "fall"):
        for power, text in HOLDS.items():
            orders(judge, power, text)
        judge.tick(judge.deadline())
    assert judge.phase() == "W1901A"


# Each power's MAINTAIN orders (njudge's phrasings), France's removal and
# waive: every unit ordered, units kept and built making the centres.
WINTER = {
    "AUSTRIA": "MAINTAIN A Vie\nMAINTAIN A Bud\nMAINTAIN F Tri",
    "ENGLAND": "Maintain F Lon, maintain F Edi, maintain A Lvp",
    "FRANCE": "Remove F Bre\nMaintain A Par\nM A Mar\nWaive",
    "GERMANY": "m Kie\nm Ber\nm Mun",
    "ITALY": "Maintain: F Nap, A Rom, A Ven",
    "RUSSIA": "F STP/SC MAINTAIN\nA MOS MAINTAIN\nA WAR MAINTAIN\nF SEV MAINTAIN",
    "TURKEY": "maintain Ank\nmaintain Con\nmaintain Smy",
}


def test_any_disband_a_winter_of_maintain_orders_processes_early(judge):
    to_the_winter(judge)
    assert judge.game()["process_at"] is None
    for power, text in WINTER.items():
        body = orders(judge, power, text)
        assert "Refused" not in body and "not taken" not in body, body
        assert "Your adjustment orders are complete." in body, body
        if power != "TURKEY":  # the last one in completes the winter
            assert judge.game()["process_at"] is None, power
    assert judge.game()["process_at"] is not None  # early: no deadline waited
    out = judge.tick(datetime.fromisoformat(judge.game()["process_at"]))
    assert judge.phase() == "S1902M"
    results = next(m.body for m in out if m.subject.endswith("Results"))
    assert "Adjustment results for Winter of 1901." in results
    assert "France: Removes the fleet in Brest." in results
    assert "Build waived." in results
    # njudge lists a maintained unit in the order reply, not the results
    assert "Maintain" not in results and "No order for" not in results
    assert "BRE" not in units(judge) and units(judge)["MAR"] == "FRANCE A"


def test_any_disband_the_order_reply_counts_what_is_missing(judge):
    to_the_winter(judge)
    body = orders(judge, "FRANCE", "Maintain A Par")
    assert "France: Maintains the army in Paris." in body
    assert "France: No order for the fleet in Brest (maintain)." in body
    assert "France: No order for the army in Marseilles (maintain)." in body
    assert "2 units without orders" in body
    assert "Your adjustment orders are complete." not in body
    body = orders(judge, "FRANCE", "Maintain A Mar\nMaintain F Bre\nBuild A Par")
    assert "Paris is occupied" in body and "none stood as the winter began" in body
    assert "Your adjustment orders are complete." in body
    body = orders(judge, "FRANCE", "Remove F Bre")  # a change of mind: it goes
    assert "France: Removes the fleet in Brest." in body
    assert "France: Maintains the fleet" not in body
    assert "1 unit too few for your centres" in body
    assert len(stored_orders(judge.db, "alpha")["FRANCE"]) == 3


def test_any_disband_an_illegal_order_is_refused_on_arrival(judge):
    to_the_winter(judge)
    body = orders(judge, "ENGLAND", "Maintain A Par\nMaintain A Lon\nBuild F Bre")
    assert "the unit in Paris is French" in body
    assert "there is a fleet in London, not an army" in body
    assert "Brest is not an English home centre" in body
    assert stored_orders(judge.db, "alpha").get("ENGLAND", []) == []


def test_any_disband_a_winter_not_fully_ordered_waits_and_keeps_unordered_units(judge):
    to_the_winter(judge)
    for power, text in WINTER.items():
        if power != "ENGLAND":
            orders(judge, power, text)
    orders(judge, "ENGLAND", "Maintain F Lon\nRemove F Edi")  # Liverpool unordered
    assert judge.game()["process_at"] is None  # England's orders are not complete
    out = judge.tick(judge.grace_end())
    assert judge.phase() == "S1902M"
    results = next(m.body for m in out if m.subject.endswith("Results"))
    assert "England: No order for the army in Liverpool (maintain)." in results
    assert "England: Removes the fleet in Edinburgh." in results
    assert units(judge)["LVP"] == "ENGLAND A"


def test_maintain_is_refused_where_any_disband_is_not_set(judge):
    form_game(judge)
    body = orders(judge, "FRANCE", "Maintain A Par")
    assert "MAINTAIN is not an order for the movement phase" in body
    place(judge, {
        "phase": "W1901A",
        "units": {"FRANCE": ["A PAR", "A MAR"], "ENGLAND": ["F LON"]},
        "centers": {"FRANCE": ["PAR", "MAR", "BRE"], "ENGLAND": ["LON"]},
    })  # fmt: skip
    for text in ("Maintain A Par", "A PAR MAINTAIN"):
        body = orders(judge, "FRANCE", text)
        assert "MAINTAIN is an order only in games with SET ANY DISBAND" in body, text


def test_any_disband_the_master_may_maintain_a_powers_unit(judge):
    to_the_winter(judge)
    body = master(judge, "Maintain A Par, F Bre maintain")[0].body
    assert "not taken" not in body and "Refused" not in body, body
    assert sorted(stored_orders(judge.db, "alpha")["FRANCE"]) == [
        "A PAR MAINTAIN", "F BRE MAINTAIN"
    ]  # fmt: skip


def test_any_disband_builds_beyond_the_units_kept_replace_the_earliest(judge):
    to_the_winter(judge)
    body = orders(judge, "FRANCE", "Waive")  # no room: every unit is kept
    assert "WAIVE: set aside, as the units you keep leave no room for it" in body
    assert "Build waived" not in body
    orders(judge, "FRANCE", "Remove A Mar\nWaive")
    body = orders(judge, "FRANCE", "Waive")  # a second waive replaces the first
    assert body.count("Build waived.") == 1 and "set aside" in body
    assert sorted(stored_orders(judge.db, "alpha")["FRANCE"]) == ["A MAR D", "WAIVE"]


def test_any_disband_maintain_sent_ahead_for_the_winter(judge):
    form_game(judge)
    master(judge, "SET ANY DISBAND")
    for power, text in HOLDS.items():
        orders(judge, power, text)
    judge.tick(judge.deadline())  # spring
    ahead = "PHASE Winter 1901 Build\nMaintain A Par\nM A Mar\nRemove F Bre\nWaive"
    orders(judge, "FRANCE", HOLDS["FRANCE"] + "\n" + ahead)
    for power, text in HOLDS.items():
        if power != "FRANCE":
            orders(judge, power, text)
    judge.tick(judge.deadline())  # fall: the winter's orders ahead are taken
    assert judge.phase() == "W1901A"
    assert sorted(stored_orders(judge.db, "alpha")["FRANCE"]) == [
        "A MAR MAINTAIN", "A PAR MAINTAIN", "F BRE D", "WAIVE"
    ]  # fmt: skip

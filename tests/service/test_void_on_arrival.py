"""Orders the rules void whatever anyone else orders are refused as they
arrive, with the reason, and do not replace the unit's earlier order."""

from harness import form_game, signon


def order(judge, power, text):
    return judge.send(judge.seat(power), f"{signon(judge, power)}\n{text}")[0].body


def test_impossible_orders_are_refused_with_the_reason(judge):
    form_game(judge)
    body = order(judge, "FRANCE", "A Par-Bur\nA Mar S A Par-Bur\nF Bre-Mid")
    assert "Refused" not in body
    body = order(judge, "FRANCE", "A Par-Mos\nA Mar S A Par - Pic\nF Bre - Par")
    assert "the army in Paris cannot move to Moscow" in body
    assert "the army in Marseilles cannot support into Picardy" in body
    assert "the fleet in Brest cannot move to Paris" in body
    # the earlier orders stand
    assert "France: Army Paris -> Burgundy." in body
    assert "France: Army Marseilles SUPPORT Army Paris -> Burgundy." in body
    assert "France: Fleet Brest -> Mid-Atlantic Ocean." in body


def test_a_convoy_no_fleet_could_make(judge):
    form_game(judge)
    body = order(judge, "ENGLAND", "A Lvp - Nwy\nF Lon C A Lvp - Nwy")
    assert "no fleet at sea could convoy the army in Liverpool to Norway" in body
    assert "only a fleet at sea can convoy" in body
    assert "England: Army Liverpool, No Order Processed." in body

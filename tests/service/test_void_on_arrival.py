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
    assert (
        "the army in Paris cannot move to Moscow: Paris can move to Brest,"
        " Burgundy, Gascony or Picardy\n" in body
    ), body
    assert (
        "the army in Marseilles cannot support into Picardy: Marseilles can"
        " support into Burgundy, Gascony, Piedmont or Spain\n" in body
    )
    assert (
        "the fleet in Brest cannot move to Paris: Brest can move to English"
        " Channel, Gascony, Mid-Atlantic Ocean or Picardy\n" in body
    )
    # the earlier orders stand
    assert "France: Army Paris -> Burgundy." in body
    assert "France: Army Marseilles SUPPORT Army Paris -> Burgundy." in body
    assert "France: Fleet Brest -> Mid-Atlantic Ocean." in body


def test_each_refusal_names_the_places_the_unit_reaches(judge):
    form_game(judge)
    body = order(judge, "RUSSIA", "F StP/sc - Bar\nF Sev S A Mos - Ukr")
    assert (
        "the fleet in St Petersburg (south coast) cannot move to Barents Sea:"
        " St Petersburg (south coast) can move to Finland, Gulf of Bothnia or"
        " Livonia\n" in body
    ), body
    assert (
        "the fleet in Sevastopol cannot support into Ukraine: Sevastopol can"
        " support into Armenia, Black Sea or Rumania\n" in body
    )
    body = order(judge, "FRANCE", "A Mar - Mun")  # by land only; by sea elsewhere
    assert (
        "the army in Marseilles cannot move to Munich: Marseilles can move to"
        " Burgundy, Gascony, Piedmont or Spain (or, convoyed, to another coast)\n"
        in body
    ), body


def test_a_convoy_no_fleet_could_make(judge):
    form_game(judge)
    body = order(judge, "ENGLAND", "A Lvp - Nwy\nF Lon C A Lvp - Nwy")
    assert "no fleet at sea could convoy the army in Liverpool to Norway" in body
    assert "only a fleet at sea can convoy" in body
    assert "England: Army Liverpool, No Order Processed." in body

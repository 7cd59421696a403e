"""Names written not quite right, by mail: the reply shows every name read
as a near miss ("Warshaw read as Warsaw") beside the orders as read; a name
the position cannot settle is refused with its candidates; the phase is
adjudicated as the reply said."""

from harness import HOLDS, form_game, signon

from judge.service.queries import stored_orders

NOTES = "Names read as the nearest place that fits (check these orders):"


def orders(judge, power: str, text: str) -> str:
    return judge.send(judge.seat(power), f"{signon(judge, power)}\n{text}")[0].body


def notes_of(body: str) -> list[str]:
    if NOTES not in body:
        return []
    after = body.split(NOTES, 1)[1].split("\n")[1:]
    return [line.strip() for line in after if line.startswith("  ")]


def test_the_reply_shows_each_near_reading_and_the_orders_as_read(judge):
    form_game(judge)
    body = orders(
        judge,
        "RUSSIA",
        "A Warshaw - Silisia\nF Sevastapol - Black Sea\nA Moskow H\n"
        "F St Petersberg sc - Bot",
    )
    assert "Russia: Army Warsaw -> Silesia." in body
    assert "Russia: Fleet Sevastopol -> Black Sea." in body
    assert "Russia: Fleet St Petersburg (south coast) -> Gulf of Bothnia." in body
    assert notes_of(body) == [
        "Warshaw read as Warsaw",
        "Silisia read as Silesia",
        "Sevastapol read as Sevastopol",
        "Moskow read as Moscow",
        "St Petersberg read as St Petersburg",
    ]
    assert "Refused orders" not in body
    # the notes close the reply, after the deadline
    assert body.index("The deadline for orders is") < body.index(NOTES)
    assert sorted(stored_orders(judge.db, "alpha")["RUSSIA"]) == [
        "A MOS H",
        "A WAR - SIL",
        "F SEV - BLA",
        "F STP/SC - BOT",
    ]


def test_foreign_names_are_the_map_s_own_and_need_no_note(judge):
    form_game(judge)
    body = orders(judge, "ITALY", "A Roma - Apulia\nA Venezia - Piemonte\nF Napoli H")
    assert "Italy: Army Rome -> Apulia." in body
    assert "Italy: Army Venice -> Piedmont." in body
    assert NOTES not in body
    body = orders(judge, "AUSTRIA", "A Wien - Galizien\nA Budapest H\nF Tri H")
    assert "Austria: Army Vienna -> Galicia." in body


def test_a_near_name_the_position_cannot_settle_is_refused_with_candidates(judge):
    form_game(judge)
    body = orders(judge, "FRANCE", "F Bre - Portugual\nA Par - Burgandy")
    assert (
        "  F Bre - Portugual: no province called 'Portugual'; Portugal comes "
        "close, but it is not a place the fleet in Brest can move to" in body
    )
    assert "France: Army Paris -> Burgundy." in body
    assert notes_of(body) == ["Burgandy read as Burgundy"]
    body = orders(judge, "RUSSIA", "F StP/sc - Linland")
    assert "'Linland' could be Finland or Livonia; write the name in full" in body
    assert NOTES not in body


def test_the_phase_is_adjudicated_as_the_reply_read_it(judge):
    form_game(judge)
    for power, holds in HOLDS.items():
        if power != "GERMANY":
            orders(judge, power, holds)
    orders(judge, "GERMANY", "A Munchen - Burgandy\nF Keil - Holand\nA Ber - Prusia")
    out = judge.tick(judge.deadline())
    results = next(m.body for m in out if m.subject.endswith("S1901M Results"))
    assert "Germany: Army Munich -> Burgundy." in results
    assert "Germany: Fleet Kiel -> Holland." in results
    assert "Germany: Army Berlin -> Prussia." in results

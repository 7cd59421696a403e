"""njudge's flags given their effect, by mail: SET ACCESS, LEVEL, [UN]RATED,
[NO] REVEAL, [NO] SECRET, [NO] RESUME (njudge's ml_signon.c, dip.c,
ml_list.c, mail.c)."""

from harness import HOLDS, MASTER, form_game, password, signon

from judge.service import reliability


def master(judge, commands, name="alpha"):
    return judge.send(MASTER, f"SIGNON M{name} pw-master\n" + commands)


def register(judge, address, level="Intermediate", site=""):
    lines = ["REGISTER", "Name: Some One", f"Email: {address}", "Address: 1 Road",
             "Country: Utopia"]  # fmt: skip
    if level:
        lines.append(f"Level: {level}")
    if site:
        lines.append(f"Site: {site}")
    body = judge.send(address, "\n".join([*lines, "END"]))[0].body
    assert "Registration processed." in body, body


def new_game(judge, settings, name="beta"):
    judge.send(MASTER, f"CREATE ?{name} pw-master\nBECOME MASTER\n{settings}")


def join(judge, address, name="beta"):
    return judge.send(address, f"SIGNON ?{name} {password(address)}")[0].body


def players(judge, name="beta"):
    return [
        row[0]
        for row in judge.db.execute(
            "SELECT address FROM svc_members WHERE game = ? AND role = 'player'",
            [name],
        ).fetchall()
    ]


def test_level_admits_the_registered_levels_njudge_admits(judge):
    new_game(judge, "SET LEVEL NOVICE")
    register(judge, "nov@example.org", level="Novice")
    register(judge, "exp@example.org", level="Expert")
    assert "You have joined game 'beta'" in join(judge, "nov@example.org")
    body = join(judge, "exp@example.org")
    assert "Game 'beta' is for Novice players only (SET LEVEL NOVICE); you are" in body
    assert "registered as Expert." in body
    body = join(judge, "unregistered@example.org")
    assert "you have no level registered" in body
    assert players(judge) == ["nov@example.org"]
    # AMATEUR: anyone but an Expert; ADVANCED: anyone but a Novice
    master(judge, "SET LEVEL AMATEUR", "beta")
    register(judge, "int@example.org", level="Intermediate")
    assert "is for players who are not Expert" in join(judge, "exp@example.org")
    assert "You have joined" in join(judge, "int@example.org")
    master(judge, "SET LEVEL ADVANCED", "beta")
    assert "You have joined" in join(judge, "exp@example.org")
    register(judge, "nov2@example.org", level="Novice")
    assert "not Novice (Advanced)" in join(judge, "nov2@example.org")


def test_access_by_site_or_domain(judge):
    new_game(judge, "SET ACCESS DIFFERENT")
    register(judge, "ann@uni.example", site="University of Hodunk")
    register(judge, "bob@home.example", site="University of  hodunk")
    assert "You have joined" in join(judge, "ann@uni.example")
    body = join(judge, "bob@home.example")
    assert "takes one player from each site (SET ACCESS DIFFERENT)" in body
    assert "yours (university of hodunk)" in body
    # unregistered: the address's domain is the site
    assert "You have joined" in join(judge, "cat@work.example")
    assert "another of its players" in join(judge, "dan@work.example")
    assert players(judge) == ["ann@uni.example", "cat@work.example"]
    new_game(judge, "SET ACCESS SAME-SITE", name="gamma")
    assert "You have joined" in join(judge, "eve@club.example", "gamma")
    assert "You have joined" in join(judge, "fay@club.example", "gamma")
    body = join(judge, "gus@else.example", "gamma")
    assert "takes players from one site only (SET ACCESS SAME)" in body
    assert players(judge, "gamma") == ["eve@club.example", "fay@club.example"]


def test_an_unrated_game_leaves_the_records_alone(judge):
    """SET UNRATED (njudge's F_NORATE): no dedication, turns, CD or
    abandonment scored; games started still count."""
    form_game(judge)
    assert "The game is unrated." in master(judge, "SET UNRATED")[0].body
    for power in HOLDS:
        if power != "FRANCE":
            judge.send(judge.seat(power), f"{signon(judge, power)}\n{HOLDS[power]}")
    france, germany = judge.seat("FRANCE"), judge.seat("GERMANY")
    judge.tick(judge.deadline())
    judge.tick(judge.grace_end())  # France falls into civil disorder
    assert judge.phase() == "F1901M"
    for who in (france, germany):
        f = reliability.figures(judge.db, who)
        assert (f["dedication"], f["total"], f["resigned"]) == (0, 0, 0)
        assert f["started"] == 1
    # rated again: the next phase counts
    master(judge, "SET RATED")
    for power in HOLDS:
        judge.send(judge.seat(power), f"{signon(judge, power)}\n{HOLDS[power]}")
    judge.tick(judge.deadline())
    assert judge.phase() != "F1901M"
    assert reliability.figures(judge.db, germany)["dedication"] == 3


def test_any_player_resumes_unless_no_resume(judge):
    """njudge's RESUME: any player's, unless SET NO RESUME keeps it the
    master's."""
    form_game(judge)
    france = judge.seat("FRANCE")
    master(judge, "PAUSE")
    out = judge.send(france, f"{signon(judge, 'FRANCE')}\nRESUME")
    assert "Game 'alpha' is running again" in out[0].body
    assert any("A player has resumed the game." in m.body for m in out[1:])
    assert judge.game()["status"] == "active"
    master(judge, "SET NO RESUME\nPAUSE")
    out = judge.send(france, f"{signon(judge, 'FRANCE')}\nRESUME")
    assert "Only the master may resume game 'alpha' (SET NO RESUME)." in out[0].body
    assert judge.game()["status"] == "paused"
    assert "running again" in master(judge, "RESUME")[0].body


def test_a_gunboat_game_reveals_its_players_at_the_end_unless_no_reveal(judge):
    form_game(judge, options="gunboat")
    form_game(judge, name="beta", options="gunboat")
    germany = judge.seat("GERMANY")
    assert "not revealed" in master(judge, "SET NO REVEAL", "beta")[0].body
    for name in ("alpha", "beta"):
        end = master(judge, "TERMINATE", name)
        assert end[0].body.count("is over") == 1
        end_mail = next(m for m in end if "Game Over" in m.subject).body
        summary = judge.send("x@example.org", f"SUMMARY {name}")[0].body
        whogame = judge.send("x@example.org", f"WHOGAME {name}")[0].body
        if name == "alpha":  # revealed (njudge's default)
            assert judge.seat("GERMANY", "alpha") in end_mail
            assert judge.seat("GERMANY", "alpha") in summary
            assert judge.seat("GERMANY", "alpha") in whogame
        else:
            for text in (end_mail, summary, whogame):
                assert "(anonymous)" in text and "@example.org" not in text
    assert germany == judge.seat("GERMANY", "alpha")


def test_a_secret_game_keeps_its_numbers_and_comings_and_goings_quiet(judge):
    """SET SECRET (njudge's X2F_SECRET): a forming game shows no count or
    players; late notices name no powers; joins, resignations, civil
    disorder and abandonment are told to the master only."""
    new_game(judge, "SET SECRET")
    join(judge, "ann@example.org")
    assert (
        "Forming: more players needed."
        in judge.send("x@example.org", "LIST beta")[0].body
    )
    listing = judge.send("x@example.org", "LIST")[0].body
    assert "more players needed" in listing and "1 signed on" not in listing
    whogame = judge.send("x@example.org", "WHOGAME beta")[0].body
    assert "kept secret" in whogame and "ann@" not in whogame
    form_game(judge)
    master(judge, "SET SECRET")
    france = judge.seat("FRANCE")
    out = judge.send(france, f"{signon(judge, 'FRANCE')}\nRESIGN")
    assert {m.to[0] for m in out[1:]} == {MASTER}
    for power in HOLDS:
        if power not in ("FRANCE", "ENGLAND"):
            judge.send(judge.seat(power), f"{signon(judge, power)}\n{HOLDS[power]}")
    out = judge.tick(judge.deadline())
    others = [m for m in out if "Late Powers" in m.subject]
    assert others and all("Still waiting for orders from: some powers." in m.body
                          for m in others)  # fmt: skip
    assert all("England" not in m.body for m in others)


def test_proxy_a_unit_handed_over_takes_the_proxys_order(judge):
    """SET PROXY (njudge's proxy order): France hands Paris to Germany,
    whose order for it is carried out; Germany's order for Marseilles,
    which France did not hand over, counts for nothing; without a proxy
    order a handed-over unit holds."""
    form_game(judge)
    france, germany = judge.seat("FRANCE"), judge.seat("GERMANY")
    body = judge.send(germany, f"{signon(judge, 'GERMANY')}\nA PAR - BUR")[0].body
    assert "the unit in Paris is French" in body  # no PROXY: refused
    assert "Proxy orders are allowed" in master(judge, "SET PROXY")[0].body
    body = judge.send(
        france, f"{signon(judge, 'FRANCE')}\nA Paris PROXY Germany\nA MAR H\nF BRE H"
    )[0].body
    assert "Paris: handed over to Germany (PROXY)." in body
    body = judge.send(
        germany,
        f"{signon(judge, 'GERMANY')}\nA PAR - BUR\nA MAR - GAS\nA MUN H\nA BER H"
        "\nF KIE H",
    )[0].body
    assert "kept for the French unit; it counts if France hands it to you" in body
    for power, text in HOLDS.items():
        if power not in ("FRANCE", "GERMANY"):
            judge.send(judge.seat(power), f"{signon(judge, power)}\n{text}")
    out = judge.tick(judge.deadline())
    assert judge.phase() == "F1901M"
    position = judge.game()["position"]
    assert '"A BUR"' in position and '"A PAR"' not in position
    # the results say so before the units' lines, as njudge's do
    # (st_movement.c), and the unit's line carries the proxy's order
    results = next(m.body for m in out if m.subject.endswith("S1901M Results"))
    assert (
        "(alpha.001)\n\nFrance: Army Paris Proxy given to Germany.\n\nAustria:"
        in results
    )
    assert "France: Army Paris -> Burgundy.\n" in results
    assert results.count("Proxy given to") == 1
    assert '"A MAR"' in position and '"A GAS"' not in position
    # handed over again, with no order from the proxy: the unit holds
    judge.send(france, f"{signon(judge, 'FRANCE')}\nA BUR P GERMANY\nA MAR H\nF BRE H")
    for power, text in HOLDS.items():
        if power not in ("FRANCE",):
            judge.send(judge.seat(power), f"{signon(judge, power)}\n{text}")
    judge.tick(judge.deadline())
    assert '"A BUR"' in judge.game()["position"]


def test_proxy_sent_ahead_is_applied_when_its_phase_comes(judge):
    """A PHASE block's proxy (njudge applies pending orders as any orders):
    France hands Paris to Germany for Fall 1901, and Germany's order for it,
    sent ahead too, is carried out then."""
    form_game(judge)
    france, germany = judge.seat("FRANCE"), judge.seat("GERMANY")
    master(judge, "SET PROXY")
    body = judge.send(
        france,
        f"{signon(judge, 'FRANCE')}\n{HOLDS['FRANCE']}\nPHASE Fall 1901 Movement"
        "\nA PAR PROXY GERMANY\nA MAR H\nF BRE H",
    )[0].body
    assert "3 line(s) stored for F1901M" in body
    body = judge.send(
        germany,
        f"{signon(judge, 'GERMANY')}\n{HOLDS['GERMANY']}\nPHASE F1901M\nA PAR - PIC"
        "\nA MUN H\nA BER H\nF KIE H",
    )[0].body
    assert "4 line(s) stored for F1901M" in body
    for power, text in HOLDS.items():
        if power not in ("FRANCE", "GERMANY"):
            judge.send(judge.seat(power), f"{signon(judge, power)}\n{text}")
    out = judge.tick(judge.deadline())
    assert judge.phase() == "F1901M"
    told = {m.to[0]: m.body for m in out if m.subject.endswith("Pending Orders")}
    assert "Paris: handed over to Germany (PROXY)." in told[france]
    assert "kept for the French unit" in told[germany]
    assert "Not applied" not in told[france] + told[germany]
    for power, text in HOLDS.items():
        if power not in ("FRANCE", "GERMANY"):
            judge.send(judge.seat(power), f"{signon(judge, power)}\n{text}")
    out = judge.tick(judge.deadline())
    assert judge.phase() == "S1902M"  # no centre changed hands: no winter
    position = judge.game()["position"]
    assert '"A PIC"' in position and '"A PAR"' not in position
    results = next(m.body for m in out if m.subject.endswith("F1901M Results"))
    assert "France: Army Paris Proxy given to Germany." in results
    assert "France: Army Paris -> Picardy." in results


def test_a_rule_changed_after_the_start_makes_the_game_irregular(judge):
    """njudge's irregular flag (ml_set.c, CheckNotStarted; data/index
    "bgs"): a rules option changed once the game has started marks it;
    LIST and SUMMARY show it, every player is told, and from then on the
    game counts for no player's record.  Before the start, or setting what
    is already so, marks nothing."""
    new_game(judge, "SET ANY CENTRES")  # before the start: regular
    assert "Irregular" not in judge.send(MASTER, "LIST beta")[0].body
    form_game(judge)
    out = master(judge, "SET HOME CENTRES")  # already so: nothing changes
    assert "irregular" not in out[0].body
    assert "Irregular" not in judge.send(MASTER, "LIST alpha")[0].body
    for power in HOLDS:
        judge.send(judge.seat(power), f"{signon(judge, power)}\n{HOLDS[power]}")
    judge.tick(judge.deadline())
    germany = judge.seat("GERMANY")
    assert reliability.figures(judge.db, germany)["dedication"] == 3
    out = master(judge, "SET MINOR PRESS\nSET NO MINOR PRESS")  # allowed in play
    assert "Game 'alpha' has already started: it is now irregular" in out[0].body
    notices = [m for m in out[1:] if "Diplomacy notice" in m.subject]
    assert len(notices) == 7
    assert all("it is now irregular" in m.body for m in notices)
    assert "Irregular" in judge.send(MASTER, "LIST alpha")[0].body
    assert "Irregular: a rule was changed after the start" in (
        judge.send(MASTER, "SUMMARY alpha")[0].body
    )
    # the next phase counts for nobody: no dedication, no lateness, no CD
    for power in HOLDS:
        if power != "FRANCE":
            judge.send(judge.seat(power), f"{signon(judge, power)}\n{HOLDS[power]}")
    judge.tick(judge.deadline())
    judge.tick(judge.grace_end())
    assert judge.phase() != "F1901M"
    assert reliability.figures(judge.db, germany)["dedication"] == 3
    f = reliability.figures(judge.db, judge.seat("FRANCE"))
    assert (f["dedication"], f["resigned"]) == (3, 0)

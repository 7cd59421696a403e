"""Variants by mail: the rulebook's small games (seats with several countries),
1913 with fifteen players and its own orders, the two-player coin toss,
Imperial Diplomacy's cities, and variant names refused with their reason."""

import re
from dataclasses import replace

from harness import MASTER

from judge.engine.orders import Unit
from judge.engine.state import Phase
from judge.service.queries import load_game, save_position

ADDRESSES = [f"p{i}@example.org" for i in range(1, 16)]


def pw(address: str) -> str:
    return "pw-" + address.split("@")[0]


def create(judge, name: str, variant: str, players: int):
    judge.send(MASTER, f"CREATE ?{name} pw-master {variant}\nBECOME MASTER")
    out = []
    for address in ADDRESSES[:players]:
        out = judge.send(address, f"SIGNON ?{name} {pw(address)}")
    return out


def holder(judge, name: str, power: str) -> str:
    return judge.seat(power, name)


def advance(judge, name: str) -> list:
    """Process the current phase: at the deadline, or when grace ends."""
    before = judge.phase(name)
    out = judge.tick(judge.deadline(name))
    if judge.phase(name) == before:
        out += judge.tick(judge.grace_end(name))
    assert judge.phase(name) != before
    return out


def results_for(out, address):
    return [m for m in out if m.to == (address,) and "Results" in m.subject]


def test_four_players_from_create_to_a_winter_build(judge):
    out = create(judge, "four", "standard-4p", 3)
    assert judge.game("four")["status"] == "forming"
    assert "(3 of 4 players)" in out[0].body
    out = judge.send(ADDRESSES[3], f"SIGNON ?four {pw(ADDRESSES[3])}")
    assert judge.game("four")["status"] == "active"
    assert judge.game("four")["variant"] == "standard-4p"
    # P2 is Austria and France: one player, two rows, one start mail
    p2 = holder(judge, "four", "FRANCE")
    assert holder(judge, "four", "AUSTRIA") == p2
    starts = [m for m in out if m.to == (p2,)]
    assert len(starts) == 1
    assert "You have been selected as P2 (Austria and France)" in starts[0].body
    assert "SIGNON 2four" in starts[0].body
    assert ":: Judge: PYJ  Game: four  Variant: Standard-4p" in starts[0].body
    listing = judge.send(MASTER, "LIST four")[0].body
    assert "Variant: Standard, four players." in listing
    assert "Seats: P1 England; P2 Austria, France; P3 Germany, Turkey;" in listing

    # press reaches a player once, whichever of its countries is named
    p1 = holder(judge, "four", "ENGLAND")
    out = judge.send(p1, f"SIGNON Efour {pw(p1)}\nPRESS TO France\nhello\nENDPRESS")
    assert sorted(m.to[0] for m in out[1:]) == [p2]
    out = judge.send(p2, f"SIGNON Afour {pw(p2)}\nBROADCAST\nhi all\nENDBROADCAST")
    assert sorted(m.to[0] for m in out[1:]) == sorted(
        [MASTER, *(a for a in ADDRESSES[:4] if a != p2)]
    )

    # Spring: one SIGNON with the seat's number orders both countries
    reply = judge.send(
        p2, f"SIGNON 2four {pw(p2)}\nA Mar - Spa\nF Tri - Alb\nA Par H\nF Kie - Hol"
    ).pop(0)
    body = reply.body
    assert "Movement orders for Spring of 1901. (four.001)" in body
    assert "France: Army Marseilles -> Spain." in body
    assert "Austria: Fleet Trieste -> Albania." in body
    assert "F Kie - Hol: this is for none of your countries" in body
    assert body.count("Movement orders for Spring of 1901") == 2  # per country
    out = advance(judge, "four")
    assert judge.phase("four") == "F1901M"
    mine = results_for(out, p2)
    assert len(mine) == 1  # one results mail per player, not per country
    assert "Variant: Standard, four players." in mine[0].body
    assert len([m for m in out if "Results" in m.subject]) == 5  # 4 + master

    # Fall: a country heading routes an order; the letter of a country signs on
    judge.send(p2, f"SIGNON Afour {pw(p2)}\nAustria:\nF Alb - Gre\nFrance:\nA Spa H")
    advance(judge, "four")
    assert judge.phase("four") == "W1901A"
    reply = judge.send(p2, f"SIGNON Ffour {pw(p2)}\nBuild A Mar\nBuild A Tri").pop(0)
    assert "France: Builds an army in Marseilles." in reply.body
    assert "Austria: Builds an army in Trieste." in reply.body
    out = advance(judge, "four")
    assert judge.phase("four") == "S1902M"
    result = results_for(out, p2)[0].body
    assert "Adjustment results for Winter of 1901. (four.003)" in result
    assert "France: Builds an army in Marseilles." in result
    assert "Austria: Builds an army in Trieste." in result
    # settings are the seat's: one SET DRAW per player ends the game
    letters = {"1": "ENGLAND", "2": "FRANCE", "3": "GERMANY", "4": "ITALY"}
    for number, country in letters.items():
        address = holder(judge, "four", country)
        out = judge.send(address, f"SIGNON {number}four {pw(address)}\nSET DRAW")
    assert judge.game("four")["status"] == "finished"
    assert (
        "draw between Austria, England, France, Germany, Italy, Russia and"
        in (judge.game("four")["result"])
    )


def test_1913_fifteen_players_and_its_orders(judge):
    out = create(judge, "big", "1913", 14)
    assert "(14 of 15 players)" in out[0].body
    out = judge.send(ADDRESSES[14], f"SIGNON ?big {pw(ADDRESSES[14])}")
    assert judge.phase("big") == "W1912A"
    players = {m.to for m in out if "selected as" in m.body} - {(MASTER,)}
    assert len(players) == 15
    serbia = holder(judge, "big", "SERBIA")
    reply = judge.send(
        serbia, f"SIGNON Sbig {pw(serbia)}\nBuild A Ser\nDESIGNATE Gre"
    ).pop(0)
    assert "Serbia: Builds an army in Serbia." in reply.body
    assert "Serbia: DESIGNATE GRE." in reply.body
    assert "Refused" not in reply.body
    england = holder(judge, "big", "ENGLAND")
    reply = judge.send(
        england, f"SIGNON Ebig {pw(england)}\nALLIANCE E F\nBuild F Lon, F Edi, A Lvp"
    ).pop(0)
    assert "Great Britain: ALLIANCE ENGLAND FRANCE." in reply.body
    assert "Great Britain: Builds a fleet in London." in reply.body
    out = advance(judge, "big")
    assert judge.phase("big") == "S1913M"
    result = results_for(out, serbia)[0].body
    assert "Serbia: Builds an army in Serbia." in result
    assert "Great Britain: ALLIANCE ENGLAND FRANCE." in result
    assert "Variant: 1913 (fifteen players)." in result
    assert "Minor powers: Belgium, Bulgaria, Greece, Portugal," in result
    assert "Alliance votes: Great Britain for Great Britain, France." in result
    assert "Designations waiting: Serbia Greece." in result
    listing = judge.send(MASTER, "LIST big")[0].body
    assert "Minor powers:" in listing
    assert "Serbia     p" in listing  # the roster
    # a silent power got its default units
    assert re.search(r"\nSpain: +Army ", listing), listing


def test_two_player_coin_toss_is_reported(judge):
    create(judge, "duo", "standard-2p:coin_toss=P2", 2)
    assert judge.game("duo")["variant"] == "standard-2p:coin_toss=P2,seed=duo"
    assert judge.phase("duo") == "S1914M"
    p1, p2 = holder(judge, "duo", "ENGLAND"), holder(judge, "duo", "AUSTRIA")
    assert p1 != p2
    assert judge.row(
        "SELECT count(*) FROM svc_members WHERE game = 'duo' AND power = 'ITALY'"
    ) == (0,)
    reply = judge.send(p1, f"SIGNON Iduo {pw(p1)}").pop(0)
    assert "Italy is played by nobody in this variant" in reply.body
    out = advance(judge, "duo")
    result = results_for(out, p2)[0].body
    assert "Neutral countries: Italy." in result
    assert "Closed provinces: Apulia, Naples, Piedmont, Rome, Tuscany, Venice" in (
        result
    )
    out = advance(judge, "duo")  # Fall 1914: the toss gives Italy to P2
    result = results_for(out, p2)[0].body
    assert "Coin toss: Italy goes to P2 (1914)." in result
    assert "Seats: P1 England, France, Russia; P2 Austria, Germany, Italy, Turkey" in (
        result
    )
    assert holder(judge, "duo", "ITALY") == p2
    reply = judge.send(p2, f"SIGNON 2duo {pw(p2)}").pop(0)
    assert "Italy" in reply.body


def test_imperial_cities_chosen_and_joined(judge):
    judge.send(MASTER, "CREATE ?imp pw-master imperial\nBECOME MASTER")
    first, second = ADDRESSES[:2]
    out = judge.send(first, f"SIGNON ?imp {pw(first)}\nSET PREFERENCE BRE")
    assert "(1 of 27 players)" in out[0].body
    assert "Your preference: " in out[0].body
    judge.send(second, f"SIGNON ?imp {pw(second)}\nSET PREFERENCE ROM")
    out = judge.send(MASTER, "SIGNON Mimp pw-master\nFORCE BEGIN")
    assert judge.phase("imp") == "W1900A"
    assert holder(judge, "imp", "EMPIRE_BRE") == first
    assert holder(judge, "imp", "EMPIRE_ROM") == second
    start = [m for m in out if m.to == (first,)][0].body
    assert "SIGNON BREimp" in start
    reply = judge.send(first, f"SIGNON BREimp {pw(first)}\nJOIN BRE NAME Gaul").pop(0)
    assert "JOIN BRE NAME Gaul." in reply.body
    out = advance(judge, "imp")
    assert judge.phase("imp") == "S1901M"
    result = results_for(out, first)[0].body
    assert "Variant: Imperial Diplomacy" in result
    assert "Empires: " in result and "Gaul in Brest" in result
    reply = judge.send(first, f"SIGNON BREimp {pw(first)}\nA Bre - Pic").pop(0)
    assert "Refused" not in reply.body, reply.body
    # a newcomer joins the running game: takes a free city, orders JOIN
    third = ADDRESSES[2]
    reply = judge.send(
        third, f"SIGNON LONimp {pw(third)}\nJOIN BRE\nJOIN LON NAME Albion"
    ).pop(0)
    assert "You have taken over Empire of London" in reply.body
    assert "JOIN BRE: your empire's Imperial City is LON: order JOIN LON" in (
        reply.body
    )
    assert "Empire of London: JOIN LON NAME Albion." in reply.body
    assert holder(judge, "imp", "EMPIRE_LON") == third
    out = advance(judge, "imp")
    result = results_for(out, third)[0].body
    assert "Empire of London: JOIN LON NAME Albion." in result
    assert "Albion in London" in result
    listing = judge.send(MASTER, "LIST imp")[0].body
    assert "Neutral garrisons:" in listing and "Barbarian provinces:" in listing
    # A city another empire took, or stands in, cannot be founded again.
    game = load_game(judge.db, "imp")
    position = game.current(game.board)
    units = {**position.units, "HOL": ("EMPIRE_BRE", Unit("A", "HOL"))}
    centres = {**position.centres, "BEL": "EMPIRE_BRE"}
    with judge.db.conn:
        save_position(
            judge.db, "imp", game.board, replace(position, units=units, centres=centres)
        )
    count = "SELECT COUNT(*) FROM svc_members WHERE game = 'imp'"
    before = judge.row(count)[0]
    late = ADDRESSES[3]
    reply = judge.send(late, f"SIGNON BELimp {pw(late)}").pop(0).body
    assert "Belgium is no longer free: it is Empire of Brest's" in reply, reply
    reply = judge.send(late, f"SIGNON HOLimp {pw(late)}").pop(0).body
    assert "Holland is no longer free: a unit of Empire of Brest is there" in reply
    assert judge.row(count)[0] == before
    reply = judge.send(late, f"SIGNON DENimp {pw(late)}").pop(0).body
    assert "You have taken over Empire of Denmark" in reply


def test_unknown_variants_and_options_are_refused(judge):
    out = judge.send(MASTER, "CREATE ?bad pw nosuch")[0].body
    assert "Variant 'nosuch' refused: no variant called 'nosuch' (known:" in out
    out = judge.send(MASTER, "CREATE ?bad pw 1913:colour=red")[0].body
    assert "variant '1913' has no option 'colour' (its options:" in out
    out = judge.send(MASTER, "CREATE ?bad pw standard-2p:coin_toss=p3")[0].body
    assert "cannot be 'p3' (one of: draw, P1, P2)" in out
    assert judge.row("SELECT count(*) FROM svc_games") == (0,)
    # an alias is stored under its canonical name; SET VARIANT checks the same way
    judge.send(MASTER, "CREATE ?ok pw-master DipWiki_1913_15p\nBECOME MASTER")
    assert judge.game("ok")["variant"] == "1913"
    out = judge.send(MASTER, "SIGNON Mok pw-master\nSET VARIANT 1913:rules=1999")
    assert "option 'rules' of variant '1913' cannot be '1999'" in out[0].body
    out = judge.send(MASTER, "SIGNON Mok pw-master\nSET VARIANT Standard-3pa")
    assert judge.game("ok")["variant"] == "standard-3pA"


def test_the_toss_is_seeded_per_game_and_variants_have_help(judge):
    from judge.variants import variant_names

    judge.send(MASTER, "CREATE ?solo pw-master standard-2p\nBECOME MASTER")
    assert judge.game("solo")["variant"] == "standard-2p:seed=solo"
    judge.send(MASTER, "CREATE ?fixed pw-master standard-2p:seed=x\nBECOME MASTER")
    assert judge.game("fixed")["variant"] == "standard-2p:seed=x"
    text = judge.send(MASTER, "GET VARIANTS")[0].body
    assert all(f"  {name} " in text for name in variant_names())
    assert "SIGNON 2alpha secret for P2" in text


def test_imperial_garrison_ordered_by_mail(judge):
    judge.send(MASTER, "CREATE ?gar pw-master imperial\nBECOME MASTER")
    first = ADDRESSES[0]
    judge.send(first, f"SIGNON ?gar {pw(first)}\nSET PREFERENCE BRE")
    judge.send(MASTER, "SIGNON Mgar pw-master\nFORCE BEGIN")
    signon = f"SIGNON BREgar {pw(first)}\n"
    judge.send(first, signon + "JOIN BRE NAME Gaul")
    advance(judge, "gar")
    judge.send(first, signon + "A Bre - Pic")
    advance(judge, "gar")
    assert judge.phase("gar") == "F1901M"
    # The garrison alone in Brest, by its own name or as the army it looks like.
    reply = judge.send(first, signon + "A Bre S A Pic - Par").pop(0).body
    assert "Refused" not in reply, reply
    assert "Empire of Brest: Garrison Brest SUPPORT Army Picardy -> Paris." in reply
    reply = judge.send(first, signon + "Pic - Par\nIG Bre S Pic - Par\nIG Par H")
    body = reply.pop(0).body
    assert "Refused" in body and "there is no Imperial Garrison in Paris" in body
    assert body.count("Garrison Brest SUPPORT") == 1  # the second replaced the first
    results = results_for(advance(judge, "gar"), first)[0].body
    assert "Empire of Brest: Garrison Brest SUPPORT Army Picardy -> Paris." in results
    assert "Empire of Brest: Army Picardy -> Paris." in results
    assert "(*bounce*)" not in results.split("Army Picardy -> Paris.")[1][:12]


def test_imperial_city_neutral_again_is_founded_anew_by_mail(judge):
    """Rule 3: "To join the game, a player should select any one of the
    neutral supply centers on a sea coast ... The GM will provide a name for
    the empire."  Brest's empire lost Brest and lives on in Paris; Brest is
    neutral again, so a newcomer founds a new empire there, under a fresh
    name, while the first empire plays on."""
    judge.send(MASTER, "CREATE ?refound pw-master imperial\nBECOME MASTER")
    first, newcomer = ADDRESSES[:2]
    judge.send(first, f"SIGNON ?refound {pw(first)}\nSET PREFERENCE BRE")
    judge.send(MASTER, "SIGNON Mrefound pw-master\nFORCE BEGIN")
    judge.send(first, f"SIGNON BRErefound {pw(first)}\nJOIN BRE NAME Gaul")
    advance(judge, "refound")
    assert judge.phase("refound") == "S1901M"
    # While Brest is Gaul's, its later empire's seat is not open.
    reply = judge.send(newcomer, f"SIGNON BRE2refound {pw(newcomer)}").pop(0).body
    assert "Empire of Brest II is not open" in reply, reply
    # Gaul lost Brest (garrison destroyed; a neutral garrison back) and holds
    # Paris and Picardy.
    game = load_game(judge.db, "refound")
    position = game.current(game.board)
    units = {
        **position.units,
        "BRE": ("NEUTRAL", Unit("A", "BRE")),
        "PIC": ("EMPIRE_BRE", Unit("A", "PIC")),
        "PAR": ("EMPIRE_BRE", Unit("A", "PAR")),
    }
    centres = {**position.centres, "BRE": "NEUTRAL", "PAR": "EMPIRE_BRE"}
    extra = {**position.extra, "garrisons": {}}
    with judge.db.conn:
        save_position(
            judge.db,
            "refound",
            game.board,
            replace(position, units=units, centres=centres, extra=extra),
        )
    # Now SIGNON BRE (by another player than Gaul's) founds a new empire.
    reply = judge.send(newcomer, f"SIGNON BRErefound {pw(newcomer)}").pop(0).body
    assert "you found a new empire there, Empire of Brest II" in reply, reply
    assert "You have taken over Empire of Brest II" in reply
    assert holder(judge, "refound", "EMPIRE_BRE_2") == newcomer
    assert holder(judge, "refound", "EMPIRE_BRE") == first
    reply = judge.send(
        newcomer, f"SIGNON BRE2refound {pw(newcomer)}\nJOIN BRE NAME Armorica"
    ).pop(0)
    assert "Refused" not in reply.body, reply.body
    assert "JOIN BRE NAME Armorica." in reply.body
    judge.send(first, f"SIGNON BRErefound {pw(first)}\nA Pic H\nA Par H")
    out = advance(judge, "refound")
    result = results_for(out, newcomer)[0].body
    assert "JOIN BRE NAME Armorica." in result
    game = load_game(judge.db, "refound")
    position = game.current(game.board)
    assert position.extra["empires"]["EMPIRE_BRE_2"] == {
        "city": "BRE",
        "name": "Armorica",
    }
    assert position.extra["garrisons"]["BRE"] == "EMPIRE_BRE_2"
    assert position.units["BRE"] == ("EMPIRE_BRE_2", Unit("A", "BRE"))
    assert "EMPIRE_BRE" in position.extra["empires"]  # Gaul plays on
    # The first empire's player still signs on to the first empire.
    reply = judge.send(first, f"SIGNON BRErefound {pw(first)}\nA Pic H").pop(0).body
    assert "Refused" not in reply and "new empire" not in reply


def test_imperial_barbarian_army_disbanded_in_winter_by_mail(judge):
    """Rule 9: "barbarian armies may be disbanded at any time; they stand in
    civil disorder in the province they last occupied".  Gaul owes a removal
    and removes its barbarian army in Burgundy: it stays there, uncontrolled."""
    judge.send(MASTER, "CREATE ?barb pw-master imperial\nBECOME MASTER")
    first = ADDRESSES[0]
    judge.send(first, f"SIGNON ?barb {pw(first)}\nSET PREFERENCE BRE")
    judge.send(MASTER, "SIGNON Mbarb pw-master\nFORCE BEGIN")
    signon = f"SIGNON BREbarb {pw(first)}\n"
    judge.send(first, signon + "JOIN BRE NAME Gaul")
    advance(judge, "barb")
    game = load_game(judge.db, "barb")
    position = game.current(game.board)
    markers = [p for p in position.extra["barbarian"] if p != "BUR"]
    extra = {**position.extra, "barbarian": markers, "barbarian_armies": ["BUR"]}
    units = {**position.units, "BUR": ("EMPIRE_BRE", Unit("A", "BUR"))}
    winter = replace(position, phase=Phase(1901, "W", "A"), units=units, extra=extra)
    with judge.db.conn:
        save_position(judge.db, "barb", game.board, winter)
    reply = judge.send(first, signon + "A Bur D").pop(0).body
    assert "Refused" not in reply, reply
    results = results_for(advance(judge, "barb"), first)[0].body
    assert "Empire of Brest: Removes the army in Burgundy." in results
    assert "Wild barbarian units: Burgundy." in results
    game = load_game(judge.db, "barb")
    after = game.current(game.board)
    assert str(after.phase) == "S1902M"
    assert after.units["BUR"] == ("DISORDER", Unit("A", "BUR"))
    assert after.extra["wild"] == ["BUR"]
    assert "BUR" in after.extra["barbarian"]
    assert after.units_of("EMPIRE_BRE") == [Unit("A", "BRE")]


def test_a_rule_setting_written_into_the_variant_is_refused_naming_set(judge):
    out = judge.send(MASTER, "CREATE ?rs pw-master standard:any_disband=True")
    assert (
        "refused: any_disband is a game setting here: SET ANY DISBAND after the"
        " game is created (GET SETTINGS)." in out[0].body
    ), out[0].body
    assert judge.row("SELECT COUNT(*) FROM svc_games WHERE name = 'rs'")[0] == 0
    # an unknown option lists the variant's own, not the settings SET takes
    body = judge.send(MASTER, "CREATE ?rs pw-master 1913:colour=red")[0].body
    assert "(its options: holland_is_sc, opening_label, opening_nmr," in body
    assert "any_disband" not in body


def test_every_rule_setting_has_its_set_form():
    from judge.engine.variant_loader import RULE_SETTINGS
    from judge.service.checks import SET_FORMS

    assert set(SET_FORMS) == set(RULE_SETTINGS)

"""REGISTER in njudge's form (data/form), WHOIS, I AM ALSO, UNREGISTER and
WHOGAME FULL, by mail."""

from harness import form_game, signon

FORM = """REGISTER
Name:      Aretha Holly
Phone:     (505) 555-5555
Site:      University of Hodunk
Address:   1515 St. Claws Lane, Kris Mass
Country:   USA
Timezone:  Eastern
Email:     aretha@example.org, aretha@example.net
Level:     Intermediate
Birthdate: Dec 25, 1907
Sex:       Female
Package:   Yes
Hobbies:   chess
END"""
ARETHA = "aretha@example.org"


def test_njudge_form_is_processed_with_every_field(judge):
    out = judge.send(ARETHA, FORM)
    body = out[0].body
    assert "Registration processed." in body
    assert "The new player's package follows" in body
    assert "SIGNON ?<game> <password>" in body  # the package: HELP's page
    row = dict(next(judge.db.query("SELECT * FROM svc_accounts")))
    assert row["tz"] == "America/New_York"
    assert row["phone"] == "(505) 555-5555" and row["sex"] == "Female"
    assert row["postal"] == "1515 St. Claws Lane, Kris Mass"
    assert row["level"] == "Intermediate" and row["birthdate"] == "Dec 25, 1907"
    assert row["extra"] == "Hobbies: chess"
    # its owner sees the whole record; WHOIS shows no phone, address, sex
    out = judge.send("someone@example.org", "WHOIS aretha")
    assert "Name:      Aretha Holly" in out[0].body
    assert "Level:     Intermediate" in out[0].body
    for private in ("555", "Claws", "Female", "1907"):
        assert private not in out[0].body


def test_house_rules_and_caps(judge):
    out = judge.send("bob@example.org", "REGISTER\nName: Bob\nTimezone: Pacific\nEND")
    assert "Not registered: this judge's house rules need Email, Level, Address," in (
        out[0].body
    )
    assert judge.row("SELECT count(*) FROM svc_accounts")[0] == 0
    long_name = "N" * 81
    out = judge.send("bob@example.org", FORM.replace("Aretha Holly", long_name))
    assert "Not taken: Name is at most 80 characters." in out[0].body
    assert "Nothing was registered" in out[0].body
    out = judge.send("bob@example.org", FORM.replace("Eastern", "Atlantis Time"))
    assert "Not taken: not a time zone" in out[0].body
    for zone, iana in [("GMT+2", "Etc/GMT-2"), ("Europe/Paris", "Europe/Paris")]:
        address = f"z{len(iana)}@example.org"
        judge.send(address, FORM.replace("Eastern", zone))
        assert judge.row("SELECT tz FROM svc_accounts WHERE address = ?",
                         [address])[0] == iana  # fmt: skip


def test_whois_shows_one_only(judge):
    judge.send(ARETHA, FORM)
    judge.send("arnold@example.org", FORM.replace("Aretha Holly", "Arnold"))
    out = judge.send("x@example.org", "WHOIS ar")
    assert "No single registration starts with 'ar'" in out[0].body
    assert "Aretha" not in out[0].body and "Arnold" not in out[0].body
    out = judge.send("x@example.org", "WHO IS arn")
    assert "Name:      Arnold" in out[0].body


def test_i_am_also_is_confirmed_by_the_registered_address(judge):
    judge.send(ARETHA, FORM)
    out = judge.send("other@example.net", f"I AM ALSO {ARETHA}")
    assert "A confirmation was mailed to aretha@example.org" in out[0].body
    asking = [m for m in out if m.to == (ARETHA,)]
    assert len(asking) == 1 and "(CONFIRM " in asking[0].subject
    token = asking[0].subject.split("CONFIRM ")[1].rstrip(")")
    # the new address cannot confirm it itself
    out = judge.send("other@example.net", f"CONFIRM {token}")
    assert "Nothing waits for the confirmation" in out[0].body
    assert judge.row("SELECT count(*) FROM svc_account_links")[0] == 0
    out = judge.send(ARETHA, "Yes.", subject="Re: " + asking[0].subject)
    assert "other@example.net is now known as the same person" in out[0].body
    assert judge.row("SELECT account FROM svc_account_links")[0] == ARETHA


def test_unregister_deletes_after_confirmation(judge):
    judge.send(ARETHA, FORM)
    out = judge.send(ARETHA, "UNREGISTER")
    asking = [m for m in out if "(CONFIRM " in m.subject]
    assert judge.row("SELECT count(*) FROM svc_accounts")[0] == 1
    judge.send(ARETHA, "ok", subject="Re: " + asking[0].subject)
    assert judge.row("SELECT count(*) FROM svc_accounts")[0] == 0


def test_whogame_full_names_as_anonymity_allows(judge):
    form_game(judge)
    england = judge.seat("ENGLAND")
    judge.send(england, f"{signon(judge, 'ENGLAND')}\n{FORM}")
    out = judge.send("x@example.org", "WHOGAME alpha FULL")
    assert "  England    Aretha Holly" in out[0].body
    form_game(judge, name="beta", options="gunboat")
    seat = judge.seat("FRANCE", "beta")
    judge.send(seat, f"{signon(judge, 'FRANCE', 'beta')}\n{FORM}")
    out = judge.send("x@example.org", "WHOGAME beta FULL")
    assert "shown to the master only" in out[0].body
    assert "Aretha" not in out[0].body
    out = judge.send("master@example.org", "SIGNON Mbeta pw-master\nWHOGAME beta FULL")
    assert "Aretha Holly" in out[0].body


def test_lookups_have_a_budget(judge):
    judge.service.budgets = type(judge.service.budgets)(lookups_per_hour=2)
    bodies = [judge.send("x@example.org", "WHOIS a")[0].body for _ in range(3)]
    assert "Lookups: at most 2 in an hour" in bodies[2]

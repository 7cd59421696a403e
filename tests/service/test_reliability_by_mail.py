"""Reliability records (njudge's dedication) kept as a game runs, shown by
INFO PLAYER and GET DEDICATION, and used as entry rules."""

from datetime import timedelta

from harness import HOLDS, MASTER, form_game, password, signon

from judge.service import reliability
from judge.service.queries import iso


def test_dedication_after_a_late_player_and_a_cd(judge):
    form_game(judge)
    for power in HOLDS:
        if power not in ("ENGLAND", "FRANCE"):
            judge.send(judge.seat(power), f"{signon(judge, power)}\n{HOLDS[power]}")
    england, france = judge.seat("ENGLAND"), judge.seat("FRANCE")
    judge.tick(judge.deadline())  # England and France are late
    judge.later(hours=1)
    judge.send(england, f"{signon(judge, 'ENGLAND')}\n{HOLDS['ENGLAND']}")
    judge.tick(judge.grace_end())  # France falls into civil disorder
    assert judge.phase() == "F1901M"
    ontime = judge.seat("GERMANY")
    figures = {
        who: reliability.figures(judge.db, who) for who in (ontime, england, france)
    }
    assert figures[ontime]["dedication"] == reliability.D_ONTIME == 3
    assert (figures[ontime]["ontime"], figures[ontime]["total"]) == (1, 1)
    assert figures[england]["dedication"] == reliability.D_LATE == -1
    assert (figures[england]["ontime"], figures[england]["total"]) == (0, 1)
    assert figures[france]["dedication"] == reliability.D_CD == -100
    assert figures[france]["resigned"] == 1 and figures[france]["started"] == 1
    body = judge.send("anyone@example.org", f"INFO PLAYER {france}")[0].body
    assert "Current dedication: -100" in body
    assert "CD ratio: 1.000" in body
    assert "Played 0 turns; a perfect timeliness record." in body
    body = judge.send(england, "GET DEDICATION")[0].body
    assert f"Dedication record of {england}:" in body
    assert "Current dedication: -1" in body and "On-time ratio: 0.000" in body
    # the master of a new game sets the bar: France's player is refused
    judge.send(MASTER, "CREATE ?beta pw-master\nBECOME MASTER\nSET DEDICATION 0")
    out = judge.send(france, f"SIGNON ?beta {password(france)}")
    assert "Game 'beta' needs a dedication of at least 0; yours is -100" in out[0].body
    out = judge.send(ontime, f"SIGNON ?beta {password(ontime)}")
    assert "You have joined game 'beta'" in out[0].body
    judge.send(MASTER, "SIGNON Mbeta pw-master\nSET DEDICATION -5\nSET ONTIMERAT 0.5")
    out = judge.send(england, f"SIGNON ?beta {password(england)}")
    assert "needs an on-time ratio of at least 0.500; yours is 0.000" in out[0].body


def test_lateness_is_judged_from_when_the_orders_arrived(judge):
    """No tick ran at the deadline (so no late notice went out) when England's
    orders came in the grace period: England is late all the same.  Turkey's
    orders were complete before the deadline and changed after it: on time."""
    form_game(judge)
    for power in HOLDS:
        if power not in ("ENGLAND", "AUSTRIA"):
            judge.send(judge.seat(power), f"{signon(judge, power)}\n{HOLDS[power]}")
    judge.send(judge.seat("AUSTRIA"), f"{signon(judge, 'AUSTRIA')}\nA VIE H")
    deadline = judge.deadline()
    judge.now = deadline + timedelta(hours=1)  # the grace period, no tick yet
    england, turkey = judge.seat("ENGLAND"), judge.seat("TURKEY")
    judge.send(england, f"{signon(judge, 'ENGLAND')}\n{HOLDS['ENGLAND']}")
    judge.send(turkey, f"{signon(judge, 'TURKEY')}\nA CON-BUL")  # a change
    austria = f"{signon(judge, 'AUSTRIA')}\nA VIE-GAL\nA BUD H\nF TRI H"
    judge.send(judge.seat("AUSTRIA"), austria)  # completed after the deadline
    arrived = dict(
        judge.db.execute(
            "SELECT unit, arrived FROM svc_orders WHERE power = 'AUSTRIA'"
        ).fetchall()
    )
    assert arrived["VIE"] < iso(deadline) < arrived["BUD"]  # first arrivals kept
    judge.tick(judge.now + timedelta(hours=1))
    assert judge.phase() == "F1901M"
    dedication = {
        power: reliability.figures(judge.db, judge.seat(power))["dedication"]
        for power in ("ENGLAND", "AUSTRIA", "TURKEY", "FRANCE")
    }
    assert dedication == {"ENGLAND": -1, "AUSTRIA": -1, "TURKEY": 3, "FRANCE": 3}


def test_info_player_cap_and_unknown(judge):
    body = judge.send("x@example.org", "INFO PLAYER nobody@example.org")[0].body
    assert "Current dedication: 0" in body
    assert "No started games; a perfect resignation record." in body
    lines = "\n".join(f"INFO PLAYER p{i}@example.org" for i in range(101))
    judge.service.budgets = type(judge.service.budgets)(commands_per_message=200)
    body = judge.send("x@example.org", lines)[0].body
    assert body.count("Current dedication:") == 100
    assert "Only 100 INFO PLAYER lines a message are read." in body


def test_migration_starts_existing_players_at_njudge_values(tmp_path):
    """A database of the version before: its players get records at the
    starting values when the judge upgrades it."""
    import sqlite_utils

    from judge.service.schema import SERVICE_SCHEMA
    from judge.store.migrations import Schema, migrate
    from judge.store.schema import STORE_SCHEMA

    db = sqlite_utils.Database(tmp_path / "old.db")
    names = [m.name for m in SERVICE_SCHEMA.migrations]
    at = names.index("reliability records and entry rules")
    before = Schema("service", SERVICE_SCHEMA.migrations[:at])
    migrate(db, STORE_SCHEMA, before)
    db.execute(
        "INSERT INTO svc_members (game, address, password, role, joined)"
        " VALUES ('g', 'Old@Example.org', 'x', 'player', '2026')"
    )
    migrate(db, STORE_SCHEMA, SERVICE_SCHEMA)
    row = db.execute("SELECT * FROM svc_reliability").fetchall()
    assert row == [("old@example.org", 0, 0, 0, 0, 0, 0)]

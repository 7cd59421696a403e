"""Orders for later phases and conditional orders by mail (njudge's data/
syntax): a game played with PHASE and IF orders over three phases."""

from datetime import datetime, timedelta

from harness import form_game, hold_all_but, signon


def run_to_next_phase(judge):
    """Process the phase once its orders are in (early processing)."""
    game = judge.game()
    at = game["process_at"] or game["deadline"]
    return judge.tick(datetime.fromisoformat(at) + timedelta(seconds=1))


def england(judge, body):
    return judge.send(judge.seat("ENGLAND"), f"{signon(judge, 'ENGLAND')}\n{body}")


def pending_mail(out, phase):
    mails = [m for m in out if m.subject.endswith(f"{phase} Pending Orders")]
    assert len(mails) == 1, [m.subject for m in out]
    return mails[0]


def test_a_game_played_with_phase_and_if_orders(judge):
    form_game(judge)
    out = england(
        judge,
        """F LON-NTH
F EDI-NWG
A LVP-YOR
PHASE Fall 1901 Movement
IF English Fleet North Sea
  F NTH-NWY
ELSE
  F LON-NTH
ENDIF
A YOR H
A LVP-WAL
PHASE W1901B
IF Norway
  BUILD F LON
ENDIF
PHASE Spring 1902 Movement
IF NOT German Army Munich OR Russian Moscow
  A YOR-LON
ELSE IF Kiel
  A YOR H
ENDIF
""",
    )
    reply = out[0].body
    assert "7 line(s) stored for F1901M (with conditions)" in reply
    assert "Pending orders:\n  F1901M:\n    IF English Fleet North Sea" in reply
    assert "  W1901A:\n    IF Norway\n    BUILD F LON\n    ENDIF" in reply
    assert "  S1902M:" in reply
    # this phase's orders are the three before PHASE, and only those
    assert "England: Fleet London -> North Sea." in reply
    assert "Fleet North Sea -> Norway" not in reply
    hold_all_but(judge, missing=["ENGLAND"])
    out = run_to_next_phase(judge)
    assert judge.phase() == "F1901M"
    mail = pending_mail(out, "F1901M")
    assert mail.to == (judge.seat("ENGLAND"),)
    assert "IF English Fleet North Sea: true" in mail.body
    assert "A LVP-WAL: " in mail.body  # Liverpool is empty now: not applied
    assert "  F NTH - NWY\n" in mail.body and "  A YOR H\n" in mail.body
    stored = judge.db.execute(
        "SELECT text FROM svc_orders WHERE game = 'alpha' AND power = 'ENGLAND'"
        " ORDER BY text"
    ).fetchall()
    assert [t for (t,) in stored] == ["A YOR H", "F NTH - NWY"]
    # only England had orders ahead
    assert [m.subject for m in out if "Pending" in m.subject] == [mail.subject]
    england(judge, "F NWG H")
    hold_all_but(judge, missing=["ENGLAND"])
    out = run_to_next_phase(judge)
    assert judge.phase() == "W1901A"
    mail = pending_mail(out, "W1901A")
    assert "IF Norway: true" in mail.body
    assert "Your orders for this phase now:\n  F LON B\n" in mail.body
    out = run_to_next_phase(judge)  # England's build was all that was owed
    assert judge.phase() == "S1902M"
    position = judge.row("SELECT position FROM svc_games WHERE name = 'alpha'")[0]
    assert '"LON"' in position
    mail = pending_mail(out, "S1902M")
    assert "IF NOT German Army Munich OR Russian Moscow: true" in mail.body
    assert "ELSE IF Kiel" not in mail.body  # not reached
    assert judge.row("SELECT count(*) FROM svc_pending_orders")[0] == 0


def test_clear_deletes_pending_orders_only(judge):
    form_game(judge)
    england(judge, "F LON-NTH\nPHASE F1901M\nF NTH-NWY")
    out = england(judge, "CLEAR")
    assert "Pending orders cleared." in out[0].body
    assert "England: Fleet London -> North Sea." in out[0].body  # still there
    assert judge.row("SELECT count(*) FROM svc_pending_orders")[0] == 0
    out = england(judge, "CLEAR")
    assert "CANCEL ORDERS withdraws your orders for this phase" in out[0].body
    out = england(judge, "CANCEL ORDERS")
    assert "Your orders for this phase have been withdrawn." in out[0].body
    assert "England: Fleet London, No Order Processed." in out[0].body


def test_refusals(judge):
    form_game(judge)
    out = england(judge, "PHASE Spring 1901 Movement\nF LON-NTH")
    assert "S1901M is not a later phase" in out[0].body
    assert "1 order line(s) after the refused PHASE line were not taken." in (
        out[0].body
    )
    assert "Fleet London -> North Sea" not in out[0].body  # not taken for now
    out = england(judge, "PHASE Fall 1907 Movement\nF LON-NTH")
    assert "at most 5 years ahead" in out[0].body
    out = england(judge, "PHASE Autumn 1901\nF LON-NTH")
    assert "PHASE not read:" in out[0].body
    out = england(judge, "IF Norway\nF LON-NTH")
    assert "IF only follows a PHASE line" in out[0].body
    out = england(
        judge,
        "PHASE F1901M\nIF Atlantis\nF NTH-NWY\nENDIF\nF EDI H\nPHASE W1901A\nENDIF",
    )
    body = out[0].body
    assert "Not taken for F1901M: IF Atlantis: the condition cannot be read:" in body
    assert "Not taken for F1901M: F NTH-NWY: inside the refused IF." in body
    assert "1 line(s) stored for F1901M: " in body  # F EDI H stands
    assert "Not taken for W1901A: ENDIF: ENDIF closes no IF." in body
    assert judge.row("SELECT lines FROM svc_pending_orders")[0] == "F EDI H"


def test_pending_budget(judge):
    form_game(judge)
    judge.service.budgets = type(judge.service.budgets)(pending_lines_per_power=3)
    blocks = "PHASE F1901M\nF NTH-NWY\nA YOR H\nPHASE F1902M\nA LON H\nA X H"
    out = england(judge, blocks)
    assert "2 line(s) stored for F1901M" in out[0].body
    assert "a power keeps at most 3 lines of orders ahead (2 now)" in out[0].body


def test_set_wait_in_a_phase_block_is_that_phase_s(judge):
    form_game(judge)
    out = england(judge, "F LON-NTH\nPHASE F1901M\nSET WAIT\nF NTH-NWY")
    assert "Kept for F1901M: it is set when that phase begins." in out[0].body
    wait = "SELECT wait FROM svc_members WHERE power = 'ENGLAND'"
    assert judge.row(wait)[0] == 0  # not now
    hold_all_but(judge, missing=["ENGLAND"])
    england(judge, "F EDI H\nA LVP H")
    run_to_next_phase(judge)
    assert judge.phase() == "F1901M"
    assert judge.row(wait)[0] == 1

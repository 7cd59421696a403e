"""A player the judge's mail cannot reach: the master is told, LIST and
WHOGAME show it to the master, reminders and late notices tell the others,
and SET ADDRESS or mail from the address clears it."""

from datetime import timedelta

from harness import MASTER, form_game, hold_all_but, signon

from judge.store.addresses import HARD, clear_address, record_failure

REASON = "5.1.1 <x>: User unknown"


def mark(judge, address):
    with judge.db.conn:
        assert record_failure(judge.db, address, HARD, REASON, judge.now, soft_days=3)
        return judge.service.address_unreachable(
            judge.db, address.lower(), REASON, judge.now
        )


def test_the_master_is_told_at_once_naming_player_power_and_reason(judge):
    form_game(judge)
    france = judge.seat("FRANCE")
    out = mark(judge, france.upper())
    assert [m.to for m in out] == [(MASTER,)]
    assert out[0].subject.endswith("Unreachable player")
    body = out[0].body
    assert "France" in body and france in body and REASON in body
    # A stranger's address: no game, nobody told.
    assert mark(judge, "nobody@example.org") == []


def test_list_and_whogame_show_the_master_only(judge):
    form_game(judge)
    france = judge.seat("FRANCE")
    mark(judge, france)
    for command in ("WHOGAME alpha", "LIST alpha"):
        body = judge.send(MASTER, command)[0].body
        assert "Unreachable by mail" in body, command
        assert f"France     {france}: {REASON}" in body
        other = judge.send(judge.seat("ENGLAND"), command)[0].body
        assert "Unreachable" not in other
    # SET ADDRESS by the player clears the mark.
    out = judge.send(france, f"{signon(judge, 'FRANCE')}\nSET ADDRESS {france}")
    assert "is now" in out[0].body
    assert "Unreachable" not in judge.send(MASTER, "WHOGAME alpha")[0].body


def test_reminders_and_late_notices_name_the_unreachable_power(judge):
    form_game(judge)
    france = judge.seat("FRANCE")
    hold_all_but(judge, {"RUSSIA", "FRANCE"}, "\nSET WAIT")
    mark(judge, france)
    deadline = judge.deadline()
    reminders = judge.tick(deadline - timedelta(hours=7))
    to_russia = [m for m in reminders if m.to == (judge.seat("RUSSIA"),)]
    assert "cannot reach the player of France" in to_russia[0].body
    to_france = [m for m in reminders if m.to == (france,)]
    assert "cannot reach" not in to_france[0].body
    late = judge.tick(deadline)
    others = [m for m in late if m.subject.endswith("Late Powers")]
    assert others and all("cannot reach the player of France" in m.body for m in others)
    # Once the address is heard from again, the notices say nothing of it.
    with judge.db.conn:
        assert clear_address(judge.db, france, judge.now)
    late = judge.tick(deadline + timedelta(hours=25))
    assert late and not any("cannot reach" in m.body for m in late)

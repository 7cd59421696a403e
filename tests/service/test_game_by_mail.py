"""Mail in, mails out: create, join, order, process by deadline."""

import itertools
from datetime import UTC, datetime, timedelta

from judge.mail.message import IncomingMail

START = datetime(2026, 1, 5, 12, 0, tzinfo=UTC)
PLAYERS = [f"p{i}@example.org" for i in range(7)]


_ids = itertools.count(1)


def mail(sender, body):
    n = next(_ids)
    return IncomingMail(n, sender, "game", body, f"<{n}@example.org>")


def start_game(db, service):
    service.handle(db, mail(PLAYERS[0], "CREATE ?alpha pw0"), START)
    out = []
    for i, address in enumerate(PLAYERS[1:], 1):
        out = service.handle(db, mail(address, f"SIGN ON ?alpha pw{i}"), START)
    return out


def seat(db, power):
    (address,) = db.execute(
        "SELECT address FROM svc_members WHERE power = ?", [power]
    ).fetchone()
    return address, f"pw{PLAYERS.index(address)}"


def test_full_game_starts_and_selects_everyone(world):
    db, service = world
    out = start_game(db, service)
    selected = [m for m in out if "You have been selected as" in m.body]
    assert len(selected) == 7
    assert {m.to[0] for m in selected} == set(PLAYERS)


def test_orders_reply_and_results_at_deadline(world):
    db, service = world
    start_game(db, service)
    address, pw = seat(db, "ENGLAND")
    out = service.handle(
        db,
        mail(address, f"SIGNON Ealpha {pw}\nF LON-NTH\nA LVP-YOR\nF EDI-XYZ\n"),
        START,
    )
    reply = out[0].body
    assert "F EDI-XYZ" in reply  # refused, with its reason
    assert "North Sea" in reply
    (deadline,) = db.execute("SELECT deadline FROM svc_games").fetchone()
    assert service.tick(db, START) == []
    results = service.tick(db, datetime.fromisoformat(deadline) + timedelta(1))
    assert len(results) == 1
    assert set(results[0].to) == set(PLAYERS)
    assert "Spring of 1901" in results[0].body
    assert "North Sea" in results[0].body
    # never twice
    assert service.tick(db, datetime.fromisoformat(deadline) + timedelta(1)) == []


def test_wrong_password_and_unknown_command(world):
    db, service = world
    start_game(db, service)
    address, _ = seat(db, "FRANCE")
    body = service.handle(db, mail(address, "SIGNON Falpha nope"), START)[0].body
    assert "Wrong password for France in game 'alpha'" in body
    body = service.handle(db, mail(address, "FROBNICATE"), START)[0].body
    assert '"FROBNICATE" is not a command' in body

"""The rulebook's sample game played by mail, Spring 1901 to Winter 1902,
every results mail compared with its golden file."""

from datetime import datetime
from pathlib import Path

from sample_game import SAMPLE
from test_game_by_mail import PLAYERS, START, mail, seat, start_game

GOLDEN = Path(__file__).parent / "golden" / "sample"


def test_sample_game(world, update_golden):
    db, service = world
    start_game(db, service)
    now = START
    for number, (phase, orders) in enumerate(SAMPLE, 1):
        (current,) = db.execute(
            "SELECT json_extract(position, '$.phase') FROM svc_games"
        ).fetchone()
        assert current == phase
        for power, text in orders.items():
            address, password = seat(db, power)
            reply = service.handle(
                db, mail(address, f"SIGNON {power[0]}alpha {password}\n{text}"), now
            )[0].body
            assert "Refused" not in reply, reply
        (deadline,) = db.execute("SELECT deadline FROM svc_games").fetchone()
        now = datetime.fromisoformat(deadline)
        results = service.tick(db, now)
        assert len(results) == 1 and set(results[0].to) == set(PLAYERS)
        golden = GOLDEN / f"{number}_{phase}.txt"
        if update_golden:
            golden.parent.mkdir(parents=True, exist_ok=True)
            golden.write_text(results[0].body)
        assert results[0].body == golden.read_text()
    (current,) = db.execute(
        "SELECT json_extract(position, '$.phase') FROM svc_games"
    ).fetchone()
    assert current == "S1903M"


def test_sample_game_stated_results():
    """The rulebook's own words, independent of the golden files."""
    text = {p.name: p.read_text() for p in GOLDEN.glob("*.txt")}
    spring = text["1_S1901M.txt"]
    assert "Russia: Fleet Sevastopol -> Black Sea.  (*bounce*)" in spring
    assert "Turkey: Fleet Ankara -> Black Sea.  (*bounce*)" in spring
    assert "Austria: Army Budapest -> Galicia.  (*bounce*)" in spring
    fall = text["5_F1902M.txt"]
    assert "Germany: Army Ruhr -> Burgundy.\n" in fall
    assert "England: Army Norway -> St Petersburg.\n" in fall
    assert "Turkey: Army Bulgaria -> Rumania.\n" in fall
    assert "Russian Fleet in Rumania with no valid retreats was destroyed" in fall
    winter = text["7_W1902A.txt"]
    assert "Russia: Removes the army in Galicia." in winter

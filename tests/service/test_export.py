"""`judge export`: MILA's saved-game JSON that MILA's own validator accepts
for standard games played by mail, the history archive, and the refusals
(docs/contracts/export.md)."""

import json
import logging
import subprocess
import sys

import pytest
from harness import MASTER, Judge, form_game, password, signon
from random_game import RandomGame

from judge.config import Budgets
from judge.service.export import NoRecord, export, mila_record
from judge.service.info import history

diplomacy_export = pytest.importorskip("diplomacy.utils.export")


def played(tmp_path, seed: int, last_year: int, solo: bool = False) -> Judge:
    judge = Judge(tmp_path / "judge.db")
    # a takeover's password hash must not run out of time on a busy runner
    judge.service.budgets = Budgets(hash_seconds_per_message=60.0)
    RandomGame(judge, seed, last_year, solo).play()
    return judge


@pytest.mark.parametrize(
    "seed, last_year, solo", [(1, 1905, False), (2, 1905, False), (4, 1906, True),
                              (8, 1906, False)],
)  # fmt: skip
def test_mila_accepts_every_game_played_by_mail(tmp_path, caplog, seed, last_year,
                                                solo):  # fmt: skip
    """Random orders (supports, convoys, retreats, builds, waives, civil
    disorder, press) through a whole game; MILA replays every phase and
    must reach our positions (its Zobrist hash of each state included)."""
    caplog.set_level(logging.ERROR)
    judge = played(tmp_path, seed, last_year, solo)
    record = json.loads(export(judge.db, "alpha", "mila"))
    assert record["map"] == "standard" and record["id"] == "alpha"
    names = [p["name"] for p in record["phases"]]
    assert names[0] == "S1901M" and len(names) >= 3
    stored = [r[0] for r in judge.db.execute("SELECT phase FROM svc_turns")]
    assert set(stored) <= set(names)  # MILA's extra retreat phases aside
    if solo:
        assert names[-1] == "COMPLETED"
        notice = record["phases"][-1]["messages"][-1]
        assert notice["sender"] == "SYSTEM"
        assert notice["message"] == "The game has ended in a victory for Russia."
    assert diplomacy_export.is_valid_saved_game(record), _first_invalid(record)


def _first_invalid(record) -> str:
    """The first phase MILA does not accept, for the failure message."""
    phases = record["phases"]
    for i in range(len(phases) - 1):
        pair = dict(record, phases=[dict(phases[i], messages=[]),
                                    dict(phases[i + 1], messages=[])])  # fmt: skip
        if not diplomacy_export.is_valid_saved_game(pair):
            return f"MILA refuses {phases[i]['name']}: {phases[i]['orders']}"
    return "MILA refuses the messages"


def test_a_record_mila_must_refuse_is_refused(tmp_path):
    """The check can fail: a state changed behind the orders' back."""
    judge = played(tmp_path, 1, 1901)
    record = mila_record(judge.db, "alpha")
    assert diplomacy_export.is_valid_saved_game(record)
    units = record["phases"][1]["state"]["units"]["FRANCE"]
    units[units.index(next(u for u in units if u.startswith("A")))] = "A PIC"
    assert not diplomacy_export.is_valid_saved_game(record)


def test_messages_are_what_an_observer_reads(tmp_path):
    judge = Judge(tmp_path / "judge.db")
    form_game(judge)
    judge.send(
        judge.seat("FRANCE"),
        f"{signon(judge, 'FRANCE')}\nBROADCAST\nHello all.\nENDPRESS",
    )
    judge.send(
        judge.seat("ENGLAND"),
        f"{signon(judge, 'ENGLAND')}\nPRESS TO F\nOnly for France.\nENDPRESS",
    )
    # fmt: skip
    record = mila_record(judge.db, "alpha")
    texts = [m["message"] for p in record["phases"] for m in p["messages"]]
    assert any("Hello all." in t for t in texts), texts
    assert not any("Only for France" in t for t in texts)
    assert "@" not in json.dumps(record)  # no address anywhere
    assert all(m["sender"] == "SYSTEM" and m["recipient"] == "GLOBAL"
               for p in record["phases"] for m in p["messages"])  # fmt: skip
    assert diplomacy_export.is_valid_saved_game(record)


def test_history_format_is_the_history_mail(tmp_path):
    judge = played(tmp_path, 2, 1901)
    assert export(judge.db, "alpha", "history") == history(judge.db, "alpha") + "\n"


def test_refusals(tmp_path):
    judge = Judge(tmp_path / "judge.db")
    judge.send("someone@example.org", "CREATE ?beta secret 1913")
    with pytest.raises(NoRecord, match="no game named"):
        export(judge.db, "nosuch")
    with pytest.raises(NoRecord, match="forming"):
        export(judge.db, "beta")
    with pytest.raises(NoRecord, match="unknown format"):
        export(judge.db, "beta", "pdf")


def test_a_variant_without_a_mila_map_names_history(tmp_path):
    judge = Judge(tmp_path / "judge.db")
    judge.send(MASTER, "CREATE ?alpha pw-master 1913\nBECOME MASTER")
    for address in [f"p{i}@example.org" for i in range(20)]:  # 1913: fifteen
        if judge.game()["status"] == "forming":
            judge.send(address, f"SIGNON ?alpha {password(address)}")
    assert judge.game()["status"] == "active"
    with pytest.raises(NoRecord, match="--format history"):
        export(judge.db, "alpha", "mila")
    assert export(judge.db, "alpha", "history") == history(judge.db, "alpha") + "\n"


def test_the_command_line(tmp_path):
    judge = played(tmp_path, 3, 1901)
    archive = export(judge.db, "alpha", "history")
    judge.db.conn.close()
    config = tmp_path / "judge.toml"
    config.write_text(f'[judge]\ndata_dir = "{tmp_path}"\n')
    out = tmp_path / "alpha.json"

    def judge_export(*args):
        return subprocess.run(
            [sys.executable, "-m", "judge", "export", *args, "--config", str(config)],
            capture_output=True, text=True, timeout=120,
        )  # fmt: skip

    done = judge_export("alpha", "-o", str(out))
    assert done.returncode == 0, done.stderr
    assert diplomacy_export.is_valid_saved_game(json.loads(out.read_text()))
    done = judge_export("alpha", "--format", "history")
    assert done.returncode == 0 and done.stdout == archive, done.stderr
    for args, words in [
        (("nosuch", "-o", str(tmp_path / "x")), "no game named"),
        (("alpha", "--format", "pdf", "-o", str(tmp_path / "x")), "unknown format"),
    ]:
        done = judge_export(*args)
        assert done.returncode == 2 and words in done.stderr, done.stderr
        assert len(done.stderr.strip().splitlines()) == 1
        assert not (tmp_path / "x").exists()

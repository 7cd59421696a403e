"""The layouts players' tools read, checked the way such a tool reads them:
the rulebook's sample game is played by mail (retreats and builds
included), then the game-start mail, LIST after every phase and HISTORY are
read by njudge_reader -- written from njudge's format notes and jDip's
documented patterns -- and every position rebuilt from our text must equal
the game's own state at that phase."""

import dataclasses
import json
import re

import pytest
from harness import MASTER, PLAYERS, form_game, signon
from njudge_reader import Reader, ReadError, Rebuilder, Seen
from sample_game import SAMPLE

from judge.engine.serialize import position_from_json
from judge.variants import load_variant

BOARD = load_variant("standard")[0]
WATCHER = "watcher@example.org"


def seen_of(position) -> Seen:
    """The judge's own state in the reader's terms."""
    name = {p: BOARD.powers[p].name for p in BOARD.powers}
    return Seen(
        str(position.phase),
        {u.location: (name[p], u.kind) for p, u in position.units.values()},
        {
            prov: (name[d.power], d.unit.kind, d.unit.location, frozenset(d.retreats))
            for prov, d in position.dislodged.items()
        },
        {prov: name[p] for prov, p in position.centres.items()},
    )


def states(judge) -> list:
    """The position before each processed phase, then the current one."""
    rows = judge.db.execute(
        "SELECT position FROM svc_turns WHERE game = 'alpha' ORDER BY turn"
    ).fetchall()
    texts = [text for (text,) in rows] + [judge.game()["position"]]
    return [position_from_json(BOARD, json.loads(text)) for text in texts]


def play(judge) -> dict[str, str]:
    """The sample game by mail; LIST alpha as an observer sees it at each phase."""
    listings = {}
    for phase, orders in SAMPLE:
        listings[phase] = judge.send(WATCHER, "LIST alpha")[0].body
        for power, text in orders.items():
            judge.send(judge.seat(power), f"{signon(judge, power)}\n{text}")
        judge.tick(judge.deadline())
    listings[judge.phase()] = judge.send(WATCHER, "LIST alpha")[0].body
    return listings


def test_game_start_mail_is_read_as_the_starting_position(judge):
    out = form_game(judge)
    judge.observe(WATCHER)
    reader = Reader(BOARD)
    start = [m for m in out if m.to == (PLAYERS[1],)][0]
    assert start.subject.endswith("alpha - S1901M Game Starting")
    seen = reader.start(start.body)
    assert reader.identification(start.body) == ("PYJ", "alpha", "Standard")
    players = dict(reader.players(start.body))
    assert len(players) == 7 and PLAYERS[1] in players.values()
    want = seen_of(states(judge)[0])
    assert (seen.phase, seen.units) == (want.phase, want.units)
    # what only the player needs comes after the layout, never inside it
    body = start.body
    assert body.index("The deadline for the first orders is") < body.index("SIGNON")
    assert "<your password>" in body and "pw-" not in body
    assert "Your units: " in body and "The deadline in your time zone: " in body
    master = [m for m in out if m.to == (MASTER,)][0].body
    assert "You have been selected as Master in game 'alpha'" in master


def test_every_listing_and_the_history_rebuild_every_phase(judge):
    form_game(judge)
    judge.observe(WATCHER)
    listings = play(judge)
    reader = Reader(BOARD)
    positions = states(judge)
    phases = [str(p.phase) for p in positions]
    assert phases == [phase for phase, _ in SAMPLE] + ["S1903M"]
    assert "F1902R" in phases and "W1902A" in phases  # retreats and builds

    # LIST at each phase says the position as it stands, retreats included
    for position in positions:
        text = listings[str(position.phase)]
        assert reader.identification(text) == ("PYJ", "alpha", "Standard")
        seen, want = reader.listing(text), seen_of(position)
        assert seen == want, str(position.phase)

    # HISTORY: the start notice, then one results mail per phase, which
    # replayed from the start give every phase's position
    history = judge.send(WATCHER, "HISTORY alpha")[0].body
    assert reader.identification(history) == ("PYJ", "alpha", "Standard")
    assert len(reader.players(history)) == 7
    assert "::" not in history.split("Date:", 1)[1]
    start = history.split("Date:", 2)[1]
    assert "Game Starting" in start.splitlines()[1]
    rebuilt = Rebuilder(reader, reader.start(start))
    assert rebuilt.units == seen_of(positions[0]).units
    turns = reader.turns(history)
    assert [phase for phase, _ in turns] == phases[:-1]
    # each results mail names the phase the next one is about (jDip makes
    # the open phase from the last one's)
    assert [reader.next_phase(text) for _, text in turns] == phases[1:]
    for (phase, text), after in zip(turns, positions[1:], strict=True):
        rebuilt.apply(text)
        want = seen_of(after)
        assert rebuilt.units == want.units, phase
        assert rebuilt.dislodged == want.dislodged, phase
        if after.phase.season == "W" or phase.startswith("F1902R"):
            assert rebuilt.centres == want.centres, phase


def test_history_options(judge):
    form_game(judge)
    judge.observe(WATCHER)
    play(judge)
    reader = Reader(BOARD)
    cut = judge.send(WATCHER, "HISTORY alpha LINES 30")[0].body
    assert cut.rstrip().endswith("History terminated due to line limit exceeded.")
    skipped = judge.send(WATCHER, "HISTORY alpha EXCLSTART S1902M EXCLEND W1902A")
    phases = [phase for phase, _ in reader.turns(skipped[0].body)]
    assert phases == ["S1901M", "F1901M", "W1901A", "W1902A"]
    later = judge.send(WATCHER, "HISTORY alpha FROM 2100-01-01")[0].body
    assert "No history for specified period." in later
    bad = judge.send(WATCHER, "HISTORY alpha SINCE yesterday")[0].body
    assert "'SINCE' is not an option" in bad and "EXCLSTART" in bad


def test_the_layouts_are_explained_by_mail(judge):
    body = judge.send(WATCHER, "GET layouts")[0].body
    assert "Status of the Movement phase for Spring of 1903." in body
    assert "EXCLSTART <phase>" in body and "(*dislodged*)" in body


def test_a_history_longer_than_a_reply_is_cut_and_says_so(judge, monkeypatch):
    form_game(judge)
    judge.observe(WATCHER)
    play(judge)
    whole = judge.send(WATCHER, "HISTORY alpha")[0].body
    small = dataclasses.replace(judge.service.budgets, reply_bytes=len(whole) // 2)
    monkeypatch.setattr(judge.service, "budgets", small)
    cut = judge.send(WATCHER, "HISTORY alpha")[0].body
    assert "History terminated due to line limit exceeded." in cut
    assert "ask for the rest with HISTORY alpha FROM <date>" in cut
    assert len(cut) < len(whole) // 2


def test_each_dislodged_unit_is_named_once_in_a_bounded_block(judge):
    """What jDip's import matches a movement phase by (and throws on when it
    fails): every line marked dislodged has exactly one line in the dislodged
    block for its province and the block names no other unit; the block is
    its heading, one blank line, lines starting "The ", one blank line (its
    reader stops at the second blank line and glues any other line onto the
    one before); a unit destroyed there appears in no later retreat line."""
    form_game(judge)
    judge.observe(WATCHER)
    play(judge)
    reader = Reader(BOARD)
    history = judge.send(WATCHER, "HISTORY alpha")[0].body
    turns = dict(reader.turns(history))
    text = turns["F1902M"]
    marked = {
        reader.place(m[1])
        for m in re.finditer(
            r"^\w+: (?:Army|Fleet) (.+?)(?: ->| HOLD| SUPPORT| CONVOY"
            r"|, No Order).*\(\*(?:[\w ]+, )?dislodged\*\)$",
            text,
            re.M,
        )
    }
    assert marked == {"BUR", "RUM", "STP"}
    lines = text.splitlines()
    start = lines.index("The following units were dislodged:")
    assert lines[start + 1] == ""
    end = lines.index("", start + 2)
    block = lines[start + 2 : end]
    assert block and all(line.startswith("The ") for line in block)
    assert lines[end + 1].startswith("The next phase of 'alpha' will be Retreats")
    named = reader.dislodged_block(lines)
    assert sorted(named) == sorted(marked) and len(block) == len(marked)
    assert "The Russian Fleet in Rumania with no valid retreats was destroyed." in block
    assert all("destroyed" not in line for line in lines[:start])
    assert "Rumania" not in turns["F1902R"].split("Ownership of supply centers:")[0]


def rebuild(reader, history: str) -> Rebuilder:
    start = history.split("Date:", 2)[1]
    rebuilt = Rebuilder(reader, reader.start(start))
    for _, text in reader.turns(history):
        rebuilt.apply(text)
    return rebuilt


@pytest.mark.parametrize(
    ("change", "why"),
    [
        # a dislodged unit the block does not name: jDip cannot match it
        (
            ("The French Army in Burgundy can retreat to Gascony or Paris.\n", ""),
            "not in the block",
        ),
        # a retreat the block does not allow: jDip cannot validate it
        (
            ("France: Army Burgundy -> Gascony.", "France: Army Burgundy -> Picardy."),
            "not allowed",
        ),
        (
            (
                "Russia: Army St Petersburg -> Moscow.",
                "Russia: Army Sevastopol -> Moscow.",
            ),
            "not dislodged",
        ),
        # an outcome jDip does not know
        (
            (
                "Army Munich -> Burgundy.  (*bounce*)",
                "Army Munich -> Burgundy.  (*failed*)",
            ),
            "does not know",
        ),
        # a waived build with one space after the colon (njudge pads the column)
        (
            ("Italy: Builds a fleet in Naples.", "Italy: Build waived."),
            "jDip cannot read",
        ),
        # no next phase for jDip to open
        (
            ("The next phase of 'alpha' will be Movement for Spring of 1903.", ""),
            "next phase",
        ),
    ],
)
def test_the_reader_stops_where_jdip_stops(judge, change, why):
    """Each check the reader makes for jDip can fail: the history as written
    is read, the same history with one of jDip's stumbling blocks is not."""
    form_game(judge)
    judge.observe(WATCHER)
    play(judge)
    reader = Reader(BOARD)
    history = judge.send(WATCHER, "HISTORY alpha")[0].body
    assert rebuild(reader, history).units
    assert reader.next_phase(reader.turns(history)[-1][1]) == "S1903M"
    old, new = change
    assert history.count(old) == 1
    broken = history.replace(old, new)
    with pytest.raises(ReadError, match=why):
        rebuild(reader, broken)
        reader.next_phase(reader.turns(broken)[-1][1])


def test_press_cannot_start_or_forge_an_archived_mail(judge):
    """jDip splits HISTORY at any line with "date:" in its first ten
    characters: a broadcast holding such lines (here a forged results mail)
    is archived with them defused, and the phases read are the game's."""
    form_game(judge)
    judge.observe(WATCHER)
    forged = (
        "Date: tomorrow, if you like.\n"
        "Subject: PYJ:alpha - S1905M Results\n\n"
        "Movement results for Spring of 1905. (alpha.009)\n\n"
        "France: Army Paris -> Burgundy.\n"
        "  Update: France holds."
    )
    signed = f"{signon(judge, 'FRANCE')}\nBROADCAST\n{forged}\nENDBROADCAST"
    judge.send(judge.seat("FRANCE"), signed)
    play(judge)
    reader = Reader(BOARD)
    history = judge.send(WATCHER, "HISTORY alpha")[0].body
    assert [phase for phase, _ in reader.turns(history)] == [p for p, _ in SAMPLE]
    assert "Date : tomorrow, if you like.\nSubject: PYJ:alpha - S1905M" in history
    assert "  Update : France holds." in history
    assert rebuild(reader, history).units == seen_of(states(judge)[-1]).units

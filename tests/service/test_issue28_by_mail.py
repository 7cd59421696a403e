"""Issue 28's points no other mail-level test pinned: orders sent ahead
(PHASE blocks) for a retreat and a winter checked as their phase begins,
with the reason and the options; a build refused names where the power can
build; every change of the master's announced (grace, timing, press, an
ejection); HISTORY's BROAD; the results picture's title and an Imperial
empire's name, as drawn for the mail."""

import xml.etree.ElementTree as ET
from datetime import timedelta

import pytest
from harness import HOLDS, MASTER, PLAYERS, form_game, hold_all_but, password, signon

from judge.engine.serialize import position_from_json
from judge.pictures import render_png, render_svg
from judge.pictures.render import text_width
from judge.service import picture_pool
from judge.service.queries import load_game, save_position, stored_orders

M = "SIGNON Malpha pw-master\n"
SVG = "{http://www.w3.org/2000/svg}"
WATCHER = "watcher@example.org"

# Russia takes Budapest (Serbia and Trieste held: Vienna is the one way
# out); Austria (Greece kept) and Germany (Holland, Denmark) will build.
FALL = {
    "phase": "F1901M",
    "units": {"AUSTRIA": ["F TRI", "A BUD"], "RUSSIA": ["A GAL", "A RUM"],
              "TURKEY": ["A SER", "F BLA"],
              "GERMANY": ["A HOL", "A DEN", "A RUH"]},
    "centers": {"AUSTRIA": ["VIE", "TRI", "BUD", "GRE"],
                "RUSSIA": ["MOS", "WAR", "SEV", "STP"],
                "TURKEY": ["ANK", "CON", "SMY"],
                "GERMANY": ["MUN", "BER", "KIE", "HOL", "DEN"]},
}  # fmt: skip


def put(judge, state, name="alpha"):
    game = load_game(judge.db, name)
    with judge.db.conn:
        save_position(judge.db, name, game.board, position_from_json(game.board, state))


def orders(judge, power: str, text: str):
    return judge.send(judge.seat(power), f"{signon(judge, power)}\n{text}")


def pending(out, judge, power: str) -> str:
    [mail] = [
        m
        for m in out
        if m.to == (judge.seat(power),) and m.subject.endswith("Pending Orders")
    ]
    return mail.body


def test_orders_sent_ahead_are_checked_as_their_phase_begins(judge):
    form_game(judge)
    put(judge, FALL)
    orders(
        judge,
        "AUSTRIA",
        "F TRI H\nA BUD H\nPHASE F1901R\nA BUD-SER\n"
        "PHASE W1901A\nBuild A VIE\nBuild A BUD",
    )
    orders(
        judge,
        "GERMANY",
        "A HOL H\nA DEN H\nA RUH H\n"
        "PHASE W1901A\nBuild A MUN\nBuild A BER\nBuild F KIE\nWAIVE",
    )
    orders(judge, "RUSSIA", "A RUM-BUD\nA GAL S A RUM-BUD")
    orders(judge, "TURKEY", "A SER H\nF BLA H")
    out = judge.tick(judge.grace_end())
    assert judge.phase() == "F1901R"
    body = pending(out, judge, "AUSTRIA")
    assert (
        "Not applied (they no longer fit the position):\n"
        "  A BUD-SER: the army in Budapest cannot retreat to Serbia:"
        " Budapest can retreat to Vienna only\n" in body
    ), body
    assert stored_orders(judge.db, "alpha") == {}
    orders(judge, "AUSTRIA", "A BUD-VIE")
    out = judge.tick(judge.grace_end())
    assert judge.phase() == "W1901A"
    body = pending(out, judge, "AUSTRIA")
    assert (
        "  Build A VIE: Vienna is occupied: Austria has no free centre to build"
        " in this winter\n" in body
    ), body
    assert "  Build A BUD: Austria does not own Budapest: Austria has no free" in body
    body = pending(out, judge, "GERMANY")
    why = "Germany has 2 builds to make and these orders already gave"
    assert f"  Build F KIE: {why} Build A MUN; Build A BER\n" in body, body
    assert f"  WAIVE: {why} Build A MUN; Build A BER\n" in body
    assert stored_orders(judge.db, "alpha") == {"GERMANY": ["A MUN B", "A BER B"]}


def test_a_refused_build_names_where_the_power_can_build(judge):
    form_game(judge)
    put(judge, dict(FALL, phase="W1901A"))
    body = orders(judge, "GERMANY", "A HOL B\nF BER B")[0].body
    assert (
        "A HOL B: Holland is not a German home centre: Germany can build in"
        " Berlin, Kiel or Munich\n" in body
    ), body
    winter = dict(FALL, phase="W1901A")
    put(judge, dict(winter, units={**FALL["units"], "AUSTRIA": ["A VIE", "F TRI"]}))
    body = orders(judge, "AUSTRIA", "A VIE B")[0].body
    assert "A VIE B: Vienna is occupied: Austria can build in Budapest only\n" in (
        body
    ), body
    assert stored_orders(judge.db, "alpha") == {"GERMANY": ["F BER B"]}


def notices(out) -> list:
    return [m for m in out if m.subject == "PYJ:alpha - Diplomacy notice"]


def test_grace_timing_and_press_changes_are_announced_to_every_player(judge):
    form_game(judge)
    judge.observe(WATCHER)
    out = judge.send(MASTER, M + "SET GRACE Jan 12 12:00\nSET MOVE NEXT 48\nSET GREY")
    told = notices(out)
    assert {m.to[0] for m in told} >= {judge.seat(p) for p in ("FRANCE", "TURKEY")}
    assert len({m.to[0] for m in told if m.to[0].startswith("player")}) == 7
    body = told[0].body
    assert "The master in game 'alpha' changed:" in body
    assert "SET GRACE: the grace period ends Monday 12 January 2026, 12:00" in body
    assert "SET MOVE: Movement phases: next 48 hours (from the next phase on)." in (
        body
    )
    assert "SET GREY: Press is now Grey." in body
    out = judge.send(MASTER, M + "SET UNMODERATED")
    told = notices(out)
    assert len(told) >= 7
    assert "SET UNMODERATED: Game 'alpha' is unmoderated: its players may" in (
        told[0].body
    )


def test_an_ejection_is_announced_and_the_ejected_player_told(judge):
    form_game(judge)
    germany = judge.seat("GERMANY")
    out = judge.send(MASTER, M + "EJECT Germany")
    ejected = [m for m in out if m.subject == "PYJ:alpha - Ejected"]
    others = {m.to[0] for m in ejected if "The master has ejected Germany" in m.body}
    assert others >= {judge.seat("FRANCE"), judge.seat("TURKEY"), MASTER}
    assert germany not in others
    [own] = [m for m in ejected if m.to == (germany,)]
    assert "ejected you from game 'alpha' (Germany)" in own.body


def test_history_shows_notices_under_exclstart_only_with_broad(judge):
    form_game(judge)
    judge.observe(WATCHER)
    orders(judge, "FRANCE", "BROADCAST\nHello all\nENDPRESS")
    sent = orders(judge, "FRANCE", "PRESS TO E\nJust between us\nENDPRESS")
    assert any(m.to == (judge.seat("ENGLAND"),) for m in sent)
    hold_all_but(judge)
    judge.tick(judge.deadline())
    judge.tick(judge.deadline())  # F1901M, so S1901M is a past phase
    plain = judge.send(WATCHER, "HISTORY alpha")[0].body
    assert "Hello all" in plain
    cut = judge.send(WATCHER, "HISTORY alpha EXCLSTART F1901M")[0].body
    assert "Subject: PYJ:alpha - S1901M Results" in cut
    assert "Hello all" not in cut
    broad = judge.send(WATCHER, "HISTORY alpha EXCLSTART F1901M BROAD")[0].body
    assert "Hello all" in broad and "Subject: PYJ:alpha - S1901M Results" in broad
    # what an observer could not see is in no history
    assert all("Just between us" not in text for text in (plain, cut, broad))


@pytest.fixture
def drawn(monkeypatch):
    """Every picture the mails carry, as (board, position, result, title):
    the same call drawn as SVG shows what the PNG shows."""
    calls = []

    def recording(board, position, result=None, title=""):
        calls.append((board, position, result, title))
        return render_png(board, position, result, title=title)

    monkeypatch.setattr(picture_pool, "render_png", recording)
    return calls


def heading(board, position, result, title):
    root = ET.fromstring(render_svg(board, position, result, title=title))
    [text] = [e for e in root.iter(f"{SVG}text") if e.get("class") == "heading"]
    return root, text


def test_the_results_picture_title_is_drawn_whole(judge, drawn):
    name = "long_game_name_20chr"
    form_game(judge, name=name)
    for power, holds in HOLDS.items():
        address = judge.seat(power, name)
        judge.send(address, f"SIGNON {power[0]}{name} {password(address)}\n{holds}")
    out = judge.tick(judge.deadline(name))
    assert any(a.filename.endswith(".png") for m in out for a in m.attachments)
    board, position, result, title = drawn[-1]
    assert result is not None and name in title
    root, text = heading(board, position, result, title)
    assert text.text.endswith("with the orders of S1901M"), text.text
    width = float(root.get("width"))
    size = float(text.get("font-size"))
    assert float(text.get("x")) + text_width(text.text, size, bold=True) <= width


def test_the_legend_names_the_empire_joined_by_mail(judge, drawn):
    judge.send(MASTER, "CREATE ?imp pw-master imperial\nBECOME MASTER")
    player = "p1@example.org"
    judge.send(player, "SIGNON ?imp pw-p1\nSET PREFERENCE BRE")
    judge.send(MASTER, "SIGNON Mimp pw-master\nFORCE BEGIN")
    judge.send(player, "SIGNON BREimp pw-p1\nJOIN BRE NAME Gaul")
    out = judge.tick(judge.deadline("imp"))
    assert judge.phase("imp") == "S1901M"
    assert [m for m in out if m.to == (player,) and m.attachments]
    board, position, result, title = drawn[-1]
    root = ET.fromstring(render_svg(board, position, result, title=title))
    names = [
        g.findall(f"{SVG}text")[1].text
        for g in root.iter(f"{SVG}g")
        if g.get("class") == "count" and g.get("data-power") == "EMPIRE_BRE"
    ]
    assert names and names[0].startswith("Gaul"), names
    assert "Empire of Brest" not in ET.tostring(root, encoding="unicode")


def test_a_draw_voted_by_mail_is_followed_by_the_end_mail(judge):
    form_game(judge)
    out = []
    for power in HOLDS:
        out = orders(judge, power, "SET DRAW")
    [end] = [m for m in out if m.to == (judge.seat("ITALY"),) and "Over" in m.subject]
    assert end.subject == "PYJ:alpha - Game Over"
    assert (
        "The game has ended in a draw between Austria, England, France, Germany,"
        " Italy, Russia and Turkey." in end.body
    )
    assert f"  Italy:         {judge.seat('ITALY')}\n" in end.body
    assert "History of Supply Center Counts" in end.body
    assert "Russia:    4 Supply centers" in end.body.split("The final position:")[1]
    assert "Deadline in your time zone" not in end.body
    assert [a.filename for a in end.attachments] == ["alpha-final.png"]


def test_refusals_say_what_would_be_accepted(judge):
    form_game(judge)
    judge.observe(WATCHER)
    hold_all_but(judge)
    judge.tick(judge.deadline())
    body = judge.send(WATCHER, "MAP alpha F1905M")[0].body
    assert (
        "Game 'alpha' has no phase F1905M: MAP alpha draws S1901M or F1901M"
        " (being ordered, without its orders)." in body
    ), body
    body = judge.send(MASTER, M + "EJECT Narnia")[0].body
    assert (
        "No player 'Narnia' in game 'alpha': EJECT takes a power (Austria,"
        " England, France, Germany, Italy, Russia, Turkey), an address in the"
        " game, or your own address (or MASTER) to leave." in body
    ), body


@pytest.mark.parametrize("wanted", ["Russia, Germany", "R G", "RG", "r,g", "Russia G"])
def test_a_preference_is_read_however_written(judge, wanted):
    judge.send(MASTER, "CREATE ?beta pw-master\nBECOME MASTER")
    out = judge.send("p@example.org", f"SIGNON ?beta pw-p\nSET PREFERENCE {wanted}")
    assert "Your preference: Russia (R), then Germany (G)." in out[0].body, out[0].body


def test_a_preference_in_the_mail_that_fills_the_game_counts(judge):
    """The last player's Turkey, sent after the SIGNON that starts the
    game, decides the draw: without it Turkey would go to the first player,
    who named it first too (with Austria second)."""
    judge.send(MASTER, "CREATE ?alpha pw-master\nBECOME MASTER")
    wants = ["T A", "E", "F", "G", "I", "R", "T"]
    for address, wanted in zip(PLAYERS, wants, strict=True):
        out = judge.send(
            address, f"SIGNON ?alpha {password(address)}\nSET PREFERENCE {wanted}"
        )
    assert any("Game Starting" in m.subject for m in out)
    assert judge.seat("TURKEY") == PLAYERS[6]
    assert judge.seat("AUSTRIA") == PLAYERS[0]


def test_a_game_paused_in_its_grace_resumes_late_with_the_grace_it_had_left(judge):
    form_game(judge)
    hold_all_but(judge, ("FRANCE",))
    deadline, grace_end = judge.deadline(), judge.grace_end()
    judge.tick(deadline + timedelta(hours=1))  # France is late
    judge.now = deadline + timedelta(hours=2)
    judge.send(MASTER, M + "PAUSE")
    judge.later(days=3)
    out = judge.send(MASTER, M + "RESUME")
    assert judge.phase() == "S1901M"
    assert judge.deadline() == judge.now
    assert judge.grace_end() == grace_end + timedelta(days=3)
    told = [m.body for m in out if m.to == (judge.seat("FRANCE"),)]
    assert "The deadline for orders is Mon Jan 12 2026 01:30:00 +0000." in told[0]


def test_a_later_deadline_announces_the_grace_it_carries(judge):
    form_game(judge)
    out = judge.send(MASTER, M + "SET DEADLINE 2026-01-20 23:30")
    [body] = {m.body for m in notices(out)}
    assert (
        "SET DEADLINE: the deadline is now Tuesday 20 January 2026, 23:30 (UTC);"
        " the grace period ends Tuesday 27 January 2026, 22:30 (UTC)." in body
    ), body
    out = judge.send(MASTER, M + "SET DEADLINE 2026-01-10 12:00")  # grace stays
    [body] = {m.body.split("\n\n", 1)[1] for m in notices(out)}
    assert "the deadline is now Saturday 10 January 2026, 12:00 (UTC).\n" in body
    assert "grace" not in body


def test_a_retreat_for_a_unit_not_dislodged_names_the_ones_that_were(judge):
    form_game(judge)
    put(
        judge,
        {
            "phase": "F1901R",
            "units": {"AUSTRIA": ["F TRI"], "RUSSIA": ["A BUD"]},
            "centers": {"AUSTRIA": ["VIE", "TRI", "BUD"]},
            "dislodged": {"AUSTRIA": [{"unit": "A BUD", "retreats": ["VIE"]}]},
        },
    )
    body = orders(judge, "AUSTRIA", "A Vie - Boh")[0].body
    assert (
        "A Vie - Boh: no dislodged unit in Vienna to retreat (yours: the army in"
        " Budapest)\n" in body
    ), body
    body = orders(judge, "RUSSIA", "A Gal - War")[0].body
    assert "(none of yours was dislodged)" in body


def test_a_preference_by_the_powers_other_names_and_a_bad_one_told_the_forms(judge):
    judge.send(MASTER, "CREATE ?beta pw-master\nBECOME MASTER")
    out = judge.send(
        "p@example.org",
        "SIGNON ?beta pw-p\nSET PREFERENCE Austria-Hungary, Great Britain",
    )
    assert "Your preference: Austria (A), then England (E)." in out[0].body
    out = judge.send("p@example.org", "SIGNON ?beta pw-p\nSET PREFERENCE Prussia")
    assert (
        "Preference not set: 'Prussia' is not a power of this game. Write this"
        " game's powers (Austria (A), England (E), France (F), Germany (G), Italy"
        " (I), Russia (R), Turkey (T)), best first, by name or letter;" in out[0].body
    ), out[0].body
    stored = judge.row("SELECT preference FROM svc_members WHERE address = ?",
                       ["p@example.org"])  # fmt: skip
    assert stored[0] == "AUSTRIA,ENGLAND"  # the refused list changed nothing

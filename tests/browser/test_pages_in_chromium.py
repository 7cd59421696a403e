"""Every page of contracts/web.md opened in Chromium: the contract's marks
against the game's true state, the countdown ticking in the reader's zone,
the arrow keys stepping through phases, no console error, no request to
another origin, nothing private on any page; a screenshot kept."""

import json
import os
import re
import time
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from judge.service.queries import load_game, moment
from judge.service.web_links import game_key

# where the screenshot of the game page is kept (CI keeps this folder)
ARTEFACTS = Path(os.environ.get("JUDGE_ARTEFACTS", "var/test-artefacts"))


@pytest.fixture
def opened(browser, site):
    """open(path) -> the page's source, after checking the browser's log."""
    browser.get_log("browser")  # drop what came before
    browser.get_log("performance")

    missing: set[str] = set()

    def open_page(path: str, status: int = 200) -> str:
        if status == 404:  # the browser logs the 404 it was meant to get
            missing.add(site.base + path)
        browser.get(site.base + path)
        time.sleep(0.2)  # the deferred script has run
        return browser.page_source

    yield open_page
    errors = [
        e
        for e in browser.get_log("browser")
        if e["level"] == "SEVERE" and e["message"].split(" ", 1)[0] not in missing
    ]
    assert not errors, errors
    origins = set()
    for entry in browser.get_log("performance"):
        message = json.loads(entry["message"])["message"]
        if message["method"] == "Network.requestWillBeSent":
            url = message["params"]["request"]["url"]
            if not url.startswith("data:"):
                parts = urlsplit(url)
                origins.add(f"{parts.scheme}://{parts.netloc}")
    assert origins <= {site.base}, origins


def state(site):
    game = load_game(site.judge.db, "alpha")
    return game, game.current(game.board)


def test_the_game_page(browser, site, opened):
    from selenium.webdriver.common.by import By

    opened("/game/alpha")
    game, now = state(site)
    units = {
        (u.get_attribute("data-unit"), u.get_attribute("data-power"))
        for u in browser.find_elements(By.CSS_SELECTOR, "figure.board svg .unit")
    }
    assert units == {(u.text, p) for p, u in now.units.values()}
    assert browser.find_elements(By.CSS_SELECTOR, 'svg .province[data-province="MOS"]')
    rows = {
        r.get_attribute("data-power"): r.find_elements(By.TAG_NAME, "td")[-1].text
        for r in browser.find_elements(By.CSS_SELECTOR, "table.centres tr[data-power]")
    }
    assert rows == {
        p: str(len(now.centres_of(p)))
        for p in game.board.powers
        if now.centres_of(p) or now.units_of(p)
    }
    deadline = browser.find_element(By.CSS_SELECTOR, "time.deadline")
    assert deadline.get_attribute("datetime") == moment(game.deadline).isoformat()
    assert "GMT+9" in deadline.text, deadline.text  # the reader's own zone
    countdown = browser.find_element(By.CSS_SELECTOR, ".countdown")
    first = countdown.text
    assert re.fullmatch(r"\(in 2d \d\d:\d\d:\d\d\)", first), first
    time.sleep(1.6)
    assert countdown.text != first  # it ticks
    season = browser.find_element(By.CSS_SELECTOR, ".season").text
    year = browser.find_element(By.CSS_SELECTOR, ".year").text
    assert (season, year) == (now.phase.season_name, str(now.phase.year))
    assert browser.find_elements(By.CSS_SELECTOR, "svg.chart polyline")
    phases = [
        a.get_attribute("href")
        for a in browser.find_elements(By.CSS_SELECTOR, "a.phase")
    ]
    turns = [
        p
        for (p,) in site.judge.db.execute(
            "SELECT phase FROM svc_turns WHERE game = 'alpha' ORDER BY turn"
        )
    ]
    assert phases == [f"{site.base}/game/alpha/{p}" for p in [*turns, str(now.phase)]]
    ARTEFACTS.mkdir(parents=True, exist_ok=True)
    browser.save_screenshot(str(ARTEFACTS / "game-page.png"))
    assert (ARTEFACTS / "game-page.png").stat().st_size > 10_000


def test_stepping_through_the_phases_with_the_keys(browser, site, opened):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    turns = [
        p
        for (p,) in site.judge.db.execute(
            "SELECT phase FROM svc_turns WHERE game = 'alpha' ORDER BY turn"
        )
    ]
    opened(f"/game/alpha/{turns[0]}")
    for phase in turns[1:]:
        browser.find_element(By.TAG_NAME, "body").send_keys(Keys.ARROW_RIGHT)
        for _ in range(100):
            if browser.current_url.endswith(f"/{phase}"):
                break
            time.sleep(0.05)
        assert browser.current_url == f"{site.base}/game/alpha/{phase}"
        orders = browser.find_elements(By.CSS_SELECTOR, "ul.orders li")
        stored = json.loads(
            site.judge.db.execute(
                "SELECT orders FROM svc_turns WHERE game = 'alpha' AND phase = ?",
                [phase],
            ).fetchone()[0]
        )
        shown = " ".join(o.text for o in orders)
        assert all(t in shown for texts in stored.values() for t in texts), phase
    browser.find_element(By.TAG_NAME, "body").send_keys(Keys.ARROW_LEFT)
    time.sleep(0.5)
    assert browser.current_url == f"{site.base}/game/alpha/{turns[-2]}"


def test_every_page_opens_and_shows_nothing_private(browser, site, opened):
    db = site.judge.db
    _game, now = state(site)
    turns = [p for (p,) in db.execute("SELECT phase FROM svc_turns")]
    addresses = {a for (a,) in db.execute("SELECT address FROM svc_members")}
    private = [
        b.strip().splitlines()[-1]
        for (b,) in db.execute("SELECT body FROM svc_press WHERE public = 0")
    ]
    assert private
    # an order for the phase under way, which no page may show
    power, unit = sorted(now.units.values(), key=lambda pu: pu[1].text)[0]
    address = site.game.address[power]
    letter = site.game.board.powers[power].letter
    site.judge.send(
        address, f"SIGNON {letter}alpha pw-{address.split('@')[0]}\n{unit} H"
    )
    pending = f"{unit} H"
    for path in [
        "/",
        "/game/alpha",
        *[f"/game/alpha/{p}" for p in turns],
        f"/game/alpha/{now.phase}",
        "/unsubscribe/nothing",
    ]:
        source = opened(path)
        assert "<h1>" in source, path
        assert not any(a in source for a in addresses), path
        assert not any(line in source for line in private), path
        if path.endswith(str(now.phase)) or path == "/game/alpha":
            text = re.sub(r"<svg.*?</svg>", "", source, flags=re.S)
            assert pending not in text or pending in _last_orders(db), path


def _last_orders(db) -> str:
    row = db.execute(
        "SELECT orders FROM svc_turns WHERE game = 'alpha' ORDER BY turn DESC"
    ).fetchone()
    return row[0]


def test_an_unlisted_game_without_its_key_is_404(browser, site, opened):
    db = site.judge.db
    with db.conn:
        db.execute("UPDATE svc_games SET unlisted = 1 WHERE name = 'alpha'")
    try:
        source = opened("/game/alpha", status=404)
        assert "<h1>Not found</h1>" in source
        assert "alpha" not in opened("/").split("<h1>", 1)[1].split("</main>")[0]
        source = opened(f"/game/alpha?key={game_key(db, 'alpha')}")
        assert 'class="unit"' in source
    finally:
        with db.conn:
            db.execute("UPDATE svc_games SET unlisted = 0 WHERE name = 'alpha'")


def test_the_calendar_and_the_record_open(browser, site, opened):
    """Their addresses answer in the browser too (no console error)."""
    import urllib.request

    for path, kind in [
        ("/game/alpha/deadlines.ics", "text/calendar"),
        ("/game/alpha/game.json", "application/json"),
    ]:
        with urllib.request.urlopen(site.base + path) as answer:
            assert answer.headers["content-type"].startswith(kind)
    opened("/game/alpha/game.json")


def test_on_a_phone(browser, site, opened):
    """At a phone's width the pages fit: nothing wider than the screen, the
    board scaled down with its marks."""
    from selenium.webdriver.common.by import By

    browser.set_window_size(390, 844)
    try:
        for path in ["/", "/game/alpha", "/game/alpha/S1901M"]:
            opened(path)
            wide = browser.execute_script(
                "return document.documentElement.scrollWidth > window.innerWidth"
            )
            assert not wide, path
        board = browser.find_element(By.CSS_SELECTOR, "figure.board svg")
        assert board.size["width"] <= 390
    finally:
        browser.set_window_size(1280, 1400)

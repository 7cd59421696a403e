"""Debian's Chromium, headless, driven by Selenium through the system's
chromedriver (no browser is downloaded).  Without them the browser tests
skip and say why, or fail when JUDGE_REQUIRE_BROWSER=1 (CI)."""

import os
import shutil
import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent.parent / "web"))

from served import played_game, serve  # noqa: E402

from judge.store.db import iso  # noqa: E402
from judge.web.limits import RateLimit  # noqa: E402

ZONE = "Asia/Tokyo"  # the reader's zone: not the judge's (UTC)


def _missing() -> str | None:
    for program in ("chromium", "chromedriver"):
        if shutil.which(program) is None:
            return f"{program} is not installed (scripts/test-browser.sh)"
    try:
        import selenium  # noqa: F401
    except ImportError:
        return "selenium is not installed"
    return None


@pytest.fixture(scope="package")
def browser():
    why = _missing()
    if why:
        if os.environ.get("JUDGE_REQUIRE_BROWSER") == "1":
            pytest.fail(f"Chromium is required (JUDGE_REQUIRE_BROWSER=1) but {why}")
        pytest.skip(why)
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = shutil.which("chromium")
    for arg in (
        "--headless=new",
        "--no-sandbox",
        "--disable-dev-shm-usage",
        "--disable-gpu",
        "--window-size=1280,1400",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
    ):
        options.add_argument(arg)
    options.set_capability(
        "goog:loggingPrefs", {"browser": "ALL", "performance": "ALL"}
    )
    service = Service(shutil.which("chromedriver"), env={**os.environ, "TZ": ZONE})
    driver = webdriver.Chrome(service=service, options=options)
    driver.set_page_load_timeout(60)
    yield driver
    driver.quit()


@pytest.fixture(scope="package")
def site(tmp_path_factory):
    """A standard game played by mail to 1902, its deadline moved to two days
    from now (the reader's real clock counts down to it), served."""
    judge, game = played_game(tmp_path_factory.mktemp("browser") / "judge.db", 1, 1902)
    deadline = datetime.now(UTC).replace(microsecond=0) + timedelta(days=2, hours=3)
    with judge.db.conn:
        judge.db.execute(
            "UPDATE svc_games SET deadline = ? WHERE name = 'alpha'", [iso(deadline)]
        )
    served = serve(judge, limit=RateLimit(burst=100_000))
    served.game = game
    yield served
    served.stop()

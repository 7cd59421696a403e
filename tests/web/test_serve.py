"""`judge serve` with `[web] listen` serves the pages from a process of its
own, and stops it when it stops."""

import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]


def test_judge_serve_serves_the_pages(tmp_path, free_port, wait_until):
    smtp, web = free_port(), free_port()
    config = tmp_path / "judge.toml"
    config.write_text(
        '[judge]\naddress = "judge@example.org"\ndata_dir = "var"\n'
        f'[smtp]\nlisten = "127.0.0.1:{smtp}"\n'
        f'[web]\nlisten = "127.0.0.1:{web}"\n'
    )
    log = tmp_path / "serve.log"
    with open(log, "ab") as out:
        judge = subprocess.Popen(
            [sys.executable, "-m", "judge", "serve", "--config", str(config)],
            cwd=REPO, stdout=out, stderr=out,
        )  # fmt: skip

    def front_page():
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{web}/", timeout=5) as r:
                return r.status, r.read()
        except OSError:  # not listening yet, or not answering yet
            return None

    try:
        assert wait_until(lambda: front_page() is not None and front_page()[0] == 200,
                          timeout=60), log.read_text()  # fmt: skip
        assert b"Games on this judge" in front_page()[1]
    finally:
        judge.send_signal(signal.SIGTERM)
        assert judge.wait(30) == 0, log.read_text()
    time.sleep(0.5)
    assert front_page() is None  # the web process ended with the judge

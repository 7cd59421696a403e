"""The judge as an operator installs it: the wheel is built, installed with
the locked dependencies into a new virtual environment, and its commands
run from a directory that is not the checkout, finding the maps, templates
and grammars inside the package.  Random worlds go under data_dir."""

import json
import os
import shutil
import signal
import smtplib
import subprocess
from email.message import EmailMessage
from pathlib import Path

import pytest

from tests.conftest import free_port, wait_until

REPO = Path(__file__).resolve().parents[1]
pytestmark = pytest.mark.slow


def uv() -> str:
    """The uv running the tests (`uv run` says which in $UV), else the one on
    PATH or in ~/.local/bin."""
    for found in (
        os.environ.get("UV"),
        shutil.which("uv"),
        str(Path.home() / ".local/bin/uv"),
    ):
        if found and Path(found).is_file():
            return found
    pytest.fail("uv is needed to build and install the wheel")


def run(*args, **kwargs) -> subprocess.CompletedProcess:
    kwargs.setdefault("capture_output", True)
    kwargs.setdefault("text", True)
    kwargs.setdefault("timeout", 300)
    done = subprocess.run(list(args), **kwargs)
    assert done.returncode == 0, f"{args}: {done.stdout}\n{done.stderr}"
    return done


@pytest.fixture(scope="module")
def installed(tmp_path_factory) -> Path:
    """bin/ of a new venv holding the built wheel and the locked deps."""
    where = tmp_path_factory.mktemp("install")
    env = {**os.environ, "UV_NO_PROGRESS": "1"}
    env.pop("VIRTUAL_ENV", None)
    run(uv(), "build", "--wheel", "--offline", "-o", str(where / "dist"),
        cwd=REPO, env=env)  # fmt: skip
    [wheel] = (where / "dist").glob("pyjudge-*.whl")
    requirements = where / "requirements.txt"
    run(uv(), "export", "--frozen", "--no-dev", "--no-emit-project",
        "--no-hashes", "-q", "-o", str(requirements), cwd=REPO, env=env)  # fmt: skip
    venv = where / "venv"
    run(uv(), "venv", "-q", str(venv), cwd=where, env=env)
    install = [uv(), "pip", "install", "-q", "-p", str(venv / "bin" / "python"),
               "-r", str(requirements), str(wheel)]  # fmt: skip
    # From uv's cache when it can; the index only when the cache lacks some
    # (uv pip keeps index pages apart from what `uv sync` caches).
    offline = subprocess.run([*install, "--offline"], cwd=where, env=env,
                             capture_output=True, text=True)  # fmt: skip
    if offline.returncode != 0:
        run(*install, cwd=where, env=env)
    return venv / "bin"


@pytest.fixture
def elsewhere(tmp_path) -> Path:
    """A working directory with nothing of the checkout in it."""
    work = tmp_path / "elsewhere"
    work.mkdir()
    return work


def test_the_installed_package_holds_its_files(installed):
    found = run(str(installed / "python"), "-c",
                "from judge.resources import resource_dir as r;"
                "print(r('maps')); print(r('templates')); print(r('grammar'))",
                cwd="/")  # fmt: skip
    for line in found.stdout.split():
        assert "site-packages" in line and str(REPO) not in line
        assert any(Path(line).iterdir())


def test_judge_adjudicate_from_anywhere(installed, elsewhere):
    request = {"id": "1", "orders": {"FRANCE": ["A Par - Bur", "F Brest - Mid"]}}
    done = run(str(installed / "judge"), "adjudicate", cwd=elsewhere,
               input=json.dumps(request) + "\n")  # fmt: skip
    answer = json.loads(done.stdout)
    assert answer["state"]["phase"] == "F1901M"
    assert "A BUR" in answer["state"]["units"]["FRANCE"]
    for variant in ("1913", "imperial", "standard-3pA"):
        done = run(str(installed / "judge"), "adjudicate", "--variant", variant,
                   cwd=elsewhere, input='{"id": "v"}\n')  # fmt: skip
        assert json.loads(done.stdout)["state"]["units"], variant


def test_worlds_go_under_data_dir_and_are_played_and_drawn(installed, elsewhere):
    done = run(str(installed / "judge"), "world", "new", "--seed", "5",
               "--powers", "3", cwd=elsewhere)  # fmt: skip
    assert (elsewhere / "var" / "maps" / "world-5-3.toml").is_file()
    site = Path(
        run(
            str(installed / "python"), "-c", "import judge; print(judge.__file__)"
        ).stdout.strip()
    ).parent
    assert not list(site.rglob("world-5-3*"))  # nothing written into the package
    assert "var/maps" in done.stdout
    done = run(str(installed / "judge"), "adjudicate", "--variant", "world-5-3",
               cwd=elsewhere, input='{"id": "w"}\n')  # fmt: skip
    state = json.loads(done.stdout)["state"]
    assert len(state["units"]) == 3
    (elsewhere / "state.json").write_text(json.dumps(state))
    run(str(installed / "judge"), "map", "--state", "state.json",
        "--variant", "world-5-3", "-o", "board.svg", cwd=elsewhere)  # fmt: skip
    assert "<svg" in (elsewhere / "board.svg").read_text()


def test_judge_serve_with_a_config_elsewhere(installed, tmp_path, elsewhere):
    port = free_port()
    config_dir = tmp_path / "etc"
    config_dir.mkdir()
    config = config_dir / "judge.toml"
    config.write_text(
        f'[judge]\naddress = "judge@example.org"\ndata_dir = "{tmp_path / "data"}"\n'
        f'[smtp]\nlisten = "127.0.0.1:{port}"\n'
    )
    log = (tmp_path / "serve.log").open("wb")
    serve = subprocess.Popen(
        [str(installed / "judge"), "serve", "--config", str(config)],
        cwd=elsewhere, stdout=log, stderr=log,
    )  # fmt: skip
    try:
        msg = EmailMessage()
        msg["From"], msg["To"], msg["Subject"] = (
            "p@example.org",
            "judge@example.org",
            "x",
        )
        msg.set_content("HELP")

        def sent() -> bool:
            try:
                with smtplib.SMTP("127.0.0.1", port, timeout=5) as smtp:
                    smtp.send_message(msg)
                return True
            except OSError:
                return serve.poll() is not None

        assert wait_until(sent, timeout=60)
        maildir = tmp_path / "data" / "Maildir" / "new"
        assert wait_until(lambda: maildir.is_dir() and any(maildir.iterdir()), 30)
        reply = next(maildir.iterdir()).read_text()
        assert "judge@example.org" in reply and "SIGNON" in reply  # the HELP text
    finally:
        serve.send_signal(signal.SIGTERM)
        assert serve.wait(timeout=30) == 0
        log.close()

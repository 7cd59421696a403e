"""The command line as users meet it: `judge --help`, exit statuses the
service manager acts on, and a reader that stops reading."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


def judge(*args: str, **kwargs) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "judge", *args],
        cwd=kwargs.pop("cwd", REPO),
        capture_output=True,
        text=True,
        timeout=60,
        **kwargs,
    )


def test_help_is_written_for_users():
    done = judge("--help")
    assert done.returncode == 0
    text = done.stdout
    assert "play-by-email Diplomacy judge" in text
    assert "send HELP" in text
    for command in ("serve", "mail", "status", "doctor", "backup", "adjudicate"):
        assert f"    {command}" in text
    # no developer's notes
    assert "dispatcher" not in text and "add_arguments" not in text


def test_configuration_and_permission_errors_exit_78(tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text("[judge]\nnonsense = 1\n")
    done = judge("serve", "--config", str(bad))
    assert done.returncode == 78
    assert "unknown option" in done.stderr
    # the operator's other commands, refused the same configuration
    for command in (
        ("doctor",),
        ("status",),
        ("backup", str(tmp_path / "copy.db")),
        ("mail", "--from", "you@example.org"),
    ):
        done = judge(*command, "--config", str(bad), input="HELP\n")
        assert done.returncode == 78, (command, done.stderr)
        assert f"judge {command[0]}: [judge]: unknown option" in done.stderr
    # a data_dir that cannot be made (here: under a file)
    (tmp_path / "file").write_text("")
    unusable = tmp_path / "judge.toml"
    unusable.write_text(
        '[judge]\ndata_dir = "file/var"\n[smtp]\nlisten = "127.0.0.1:0"\n'
    )
    done = judge("serve", "--config", str(unusable))
    assert done.returncode == 78, done.stderr
    assert "cannot use the data directory" in done.stderr
    assert "Traceback" not in done.stderr


def test_a_reader_that_stops_reading_ends_the_command_quietly():
    done = subprocess.run(
        f"{sys.executable} -m judge --help | head -1",
        shell=True,
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0
    assert done.stderr == ""


def test_broken_pipe_has_no_traceback(tmp_path):
    requests = tmp_path / "requests.jsonl"
    requests.write_text('{"id": "1", "orders": {"FRANCE": ["A Par - Bur"]}}\n' * 2000)
    done = subprocess.run(
        f"{sys.executable} -m judge adjudicate < {requests} | head -c 100",
        shell=True,
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0
    assert "Traceback" not in done.stderr and "BrokenPipe" not in done.stderr
    assert len(done.stdout) == 100


def test_a_reader_gone_before_the_output_is_written_ends_it_quietly():
    """Piped output is buffered and written when the command ends: the
    reader (here one that closes its input at once) may be gone by then."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONUNBUFFERED"}
    done = subprocess.run(
        ["bash", "-c", f"{sys.executable} -m judge --help | (exec 0<&-; sleep 1);"
         " exit ${PIPESTATUS[0]}"],
        cwd=REPO, env=env, capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert done.stderr == ""
    assert done.returncode in (0, 1)  # 1: the reader left before the end

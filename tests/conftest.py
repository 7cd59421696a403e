"""Shared fixtures: real servers on loopback.

* `relay_peer`: an aiosmtpd server the judge delivers its mail to.
* `dovecot`: a real Dovecot IMAP server (see the project notes); skipped with
  the reason when it cannot start, but FAILING when JUDGE_REQUIRE_DOVECOT=1.
* `free_port()`: a loopback port nobody listens on.
* Password hashes in tests are Argon2id at the lowest cost (the judge's own
  cost, 64 MiB and 3 passes, would make the game tests several times
  slower); tests/service/test_passwords.py checks the real cost with
  `real_password_cost`.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from aiosmtpd.controller import Controller


@pytest.fixture(autouse=True, scope="session")
def cheap_password_hashes():
    from argon2 import PasswordHasher

    from judge.service import passwords

    real = passwords.HASHER
    passwords.HASHER = PasswordHasher(time_cost=1, memory_cost=8, parallelism=1)
    yield
    passwords.HASHER = real


@pytest.fixture
def real_password_cost():
    from argon2 import PasswordHasher

    from judge.service import passwords

    cheap = passwords.HASHER
    passwords.HASHER = PasswordHasher()  # as in production
    yield
    passwords.HASHER = cheap


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def wait_until(condition, timeout: float = 10.0, interval: float = 0.02) -> bool:
    """Poll `condition` until it is true or `timeout` seconds have passed."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(interval)
    return bool(condition())


# -- the relay the judge delivers to ---------------------------------------


@dataclass
class ReceivedMail:
    mail_from: str
    rcpt_tos: list[str]
    data: bytes


@dataclass
class RelayPeer:
    """An aiosmtpd server collecting what it receives; can be taken down
    and brought back on the same port."""

    port: int
    host: str = "127.0.0.1"
    received: list[ReceivedMail] = field(default_factory=list)
    controller: Controller | None = None
    lock: threading.Lock = field(default_factory=threading.Lock)

    async def handle_DATA(self, server, session, envelope):
        with self.lock:
            self.received.append(
                ReceivedMail(
                    envelope.mail_from, list(envelope.rcpt_tos), envelope.content
                )
            )
        return "250 OK"

    def start(self) -> None:
        self.controller = Controller(self, hostname=self.host, port=self.port)
        self.controller.start()

    def stop(self) -> None:
        if self.controller is not None:
            self.controller.stop()
            self.controller = None

    def messages(self) -> list[ReceivedMail]:
        with self.lock:
            return list(self.received)


@pytest.fixture
def relay_peer():
    peer = RelayPeer(port=free_port())
    peer.start()
    yield peer
    peer.stop()


# -- Dovecot -----------------------------------------------------------------

DOVECOT_CONF = """\
base_dir = {d}/run
state_dir = {d}/state
log_path = {d}/dovecot.log
protocols = imap
listen = 127.0.0.1
service imap-login {{
  inet_listener imap {{
    address = 127.0.0.1
    port = {port}
  }}
}}
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login
passdb {{
  driver = passwd-file
  args = scheme=PLAIN username_format=%u {d}/passwd
}}
userdb {{
  driver = static
  args = uid=dovecot gid=dovecot home={d}/home/%u
}}
mail_location = maildir:{d}/home/%u/Maildir
default_login_user = dovenull
default_internal_user = dovecot
default_internal_group = dovecot
first_valid_uid = 1
"""


@dataclass(frozen=True)
class Dovecot:
    host: str
    port: int
    user: str
    password: str
    directory: Path

    def client(self):
        from imapclient import IMAPClient

        client = IMAPClient(self.host, port=self.port, ssl=False, timeout=10)
        client.login(self.user, self.password)
        return client

    def append(self, raw: bytes, folder: str = "INBOX") -> None:
        """Deliver a message the way a mail server would."""
        client = self.client()
        try:
            client.append(folder, raw)
        finally:
            client.logout()


def _dovecot_unavailable(reason: str):
    if os.environ.get("JUDGE_REQUIRE_DOVECOT") == "1":
        pytest.fail(f"Dovecot is required (JUDGE_REQUIRE_DOVECOT=1) but {reason}")
    pytest.skip(f"IMAP tests need Dovecot: {reason} (run scripts/test-services.sh)")


@pytest.fixture(scope="session")
def dovecot_server():
    binary = shutil.which("dovecot") or (
        "/usr/sbin/dovecot" if Path("/usr/sbin/dovecot").exists() else None
    )
    if binary is None:
        _dovecot_unavailable("the dovecot binary is not installed")
    if os.geteuid() != 0:
        _dovecot_unavailable("this configuration must run as root")
    # Dovecot's own users must reach these files: pytest's temporary
    # directories are private to root, so this one lives directly in /tmp.
    d = Path(tempfile.mkdtemp(prefix="judge-dovecot-"))
    os.chmod(d, 0o755)
    for sub in ("run", "state", "home"):
        (d / sub).mkdir()
    shutil.chown(d / "home", "dovecot", "dovecot")
    (d / "passwd").write_text("judge:{PLAIN}secret\n")
    port = free_port()
    (d / "dovecot.conf").write_text(DOVECOT_CONF.format(d=d, port=port))
    # The master daemonizes: its output must not be a pipe we wait on.
    errors = d / "start.err"
    with open(errors, "w") as err:
        result = subprocess.run(
            [binary, "-c", str(d / "dovecot.conf")],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=err,
            timeout=30,
        )
    if result.returncode != 0:
        _dovecot_unavailable(f"it did not start: {errors.read_text().strip()}")
    server = Dovecot("127.0.0.1", port, "judge", "secret", d)

    def ready() -> bool:
        try:
            server.client().logout()
            return True
        except Exception:
            return False

    if not wait_until(ready, timeout=15):
        log = (d / "dovecot.log").read_text() if (d / "dovecot.log").exists() else ""
        _stop_dovecot(d)
        shutil.rmtree(d, ignore_errors=True)
        _dovecot_unavailable(f"it does not answer on port {port}: {log[-500:]}")
    yield server
    _stop_dovecot(d)
    shutil.rmtree(d, ignore_errors=True)


def _stop_dovecot(d: Path) -> None:
    pid_file = d / "run" / "master.pid"
    if pid_file.exists():
        pid = int(pid_file.read_text().split()[0])
        try:
            os.kill(pid, 15)
        except ProcessLookupError:
            return
        wait_until(lambda: not Path(f"/proc/{pid}").exists(), timeout=10)


@pytest.fixture
def dovecot(dovecot_server):
    """The Dovecot server with an empty INBOX (and no other folders)."""
    client = dovecot_server.client()
    try:
        for _flags, _delimiter, name in client.list_folders():
            if name.upper() != "INBOX":
                client.delete_folder(name)
        client.select_folder("INBOX")
        uids = client.search(["ALL"])
        if uids:
            client.delete_messages(uids)
            client.expunge()
    finally:
        client.logout()
    return dovecot_server


@pytest.fixture(name="free_port")
def free_port_fixture():
    """A function returning a free loopback port."""
    return free_port


@pytest.fixture(name="wait_until")
def wait_until_fixture():
    """wait_until(condition, timeout=10.0) -> bool"""
    return wait_until


# -- a judge configuration and a running judge -------------------------------


@pytest.fixture
def make_judge_config(tmp_path):
    """make_judge_config(relay=None, imap=None, **limits) -> Config with a
    free SMTP port and its data in the test's temporary directory."""
    from judge.config import Config, JudgeSettings, Limits, SmtpSettings

    def make(relay=None, imap=None, smtp=True, **limits) -> Config:
        defaults = {"tick_interval": 0.2, "retry_initial": 0.1, "retry_max": 0.5}
        return Config(
            judge=JudgeSettings(address="judge@example.org", data_dir=tmp_path / "var"),
            smtp=SmtpSettings(listen=f"127.0.0.1:{free_port()}", enabled=smtp),
            imap=imap,
            relay=relay,
            limits=Limits(**{**defaults, **limits}),
        )

    return make


@pytest.fixture
def start_judge():
    """start_judge(config, handler=None) -> a started Daemon, stopped after."""
    from judge.daemon import make_handler
    from judge.daemon.daemon import Daemon

    started = []

    def start(config, handler=None):
        daemon = Daemon(config, handler or make_handler(config))
        daemon.start()
        started.append(daemon)
        return daemon

    yield start
    for daemon in started:
        daemon.stop()

"""Shared fixtures: real servers on loopback; and the two test loops.

* A plain `pytest` (and `make check`) is the quick loop: tests marked `slow`
  are deselected and the biggest property tests try fewer examples
  (tests/strength.py).  `pytest --full` (`make test`, CI) runs everything at
  full strength.  An explicit `-m` is kept as given.
* Both loops run on every core (pytest-xdist, `-n auto` in pyproject.toml;
  `-n 0` runs in one process, for `--pdb` or `-s`).  Whatever a test binds
  is its own: ports from `free_port()`, folders from `tmp_path` or
  `tempfile`, its own Dovecot and Postfix instances, environment changes
  through `monkeypatch` or a child's `env=`.
* Temporary folders (`tmp_path`, `tempfile`, the Dovecot and Postfix
  instances) are in memory, on /dev/shm when it has room and TMPDIR does
  not say otherwise: the judge's SQLite commits wait for an fsync, which on
  a busy virtual disk takes longer than the test itself.  What a commit
  keeps through a power cut no test can check anyway.
* Bytecode is cached even when PYTHONDONTWRITEBYTECODE is set (here and in
  the judges the tests start): compiling the judge and rewriting the tests'
  asserts anew costs every worker seconds on each run.  The caches are in
  `__pycache__/`, which git ignores.

* `relay_peer`: an aiosmtpd server the judge delivers its mail to.
* `dovecot`: a real Dovecot IMAP server (see the project notes); skipped with
  the reason when it cannot start, but FAILING when JUDGE_REQUIRE_DOVECOT=1.
* `mail_hub`: a real Postfix (its own instance, in a temporary directory,
  on free loopback ports) delivering by LMTP to a Dovecot that holds the
  test players' mailboxes: the topology an operator runs.  Skipped with the
  reason when it cannot start, FAILING when JUDGE_REQUIRE_POSTFIX=1 (CI).
* `free_port()`: a loopback port nobody listens on, the same in no two
  workers of a parallel run (below).
* `db`: a new SQLite file holding the mail tables (intake, outbox, errors...).
* Password hashes in tests are Argon2id at the lowest cost (the judge's own
  cost, 64 MiB and 3 passes, would make the game tests several times
  slower); tests/service/test_passwords.py checks the real cost with
  `real_password_cost`.
"""

from __future__ import annotations

import os
import random
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from aiosmtpd.controller import Controller

sys.dont_write_bytecode = False
os.environ.pop("PYTHONDONTWRITEBYTECODE", None)


def _memory_folder(path: str = "/dev/shm", room: int = 2 << 30) -> str | None:
    """`path` if it is writable and has `room` bytes free (Docker's default
    /dev/shm of 64 MB has not), else None."""
    try:
        free = os.statvfs(path)
    except OSError:
        return None
    if free.f_bavail * free.f_frsize < room or not os.access(path, os.W_OK):
        return None
    return path


if "TMPDIR" not in os.environ:
    # before pytest picks its base temporary folder, in every worker alike
    tempfile.tempdir = _memory_folder() or tempfile.gettempdir()


def pytest_addoption(parser):
    parser.addoption(
        "--full",
        action="store_true",
        default=False,
        help="run every test, slow ones too, property tests at full strength"
        " (make test, CI); without it the slow tests are deselected",
    )


def pytest_configure(config):
    full = config.getoption("--full")
    # read by tests/strength.py when the test modules are collected
    os.environ["JUDGE_TESTS"] = "full" if full else "quick"
    if not full and not config.option.markexpr:
        config.option.markexpr = "not slow"


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


@pytest.fixture
def db(tmp_path):
    """A new judge database file with the mail store's tables."""
    from judge.store.db import open_database
    from judge.store.schema import create_mail_tables

    database = open_database(tmp_path / "judge.db")
    create_mail_tables(database)
    return database


# Ports for test servers come from below the kernel's ephemeral range, so
# that no client connection (ours or another program's) is given one between
# free_port() and the server's bind; and each xdist worker has its own slice
# of that range, so that two workers never hand out the same port.
_LOWEST_PORT = 10000


def _port_slice() -> range:
    try:
        text = Path("/proc/sys/net/ipv4/ip_local_port_range").read_text()
        ephemeral = int(text.split()[0])
    except (OSError, ValueError, IndexError):
        ephemeral = 32768
    top = ephemeral if ephemeral > _LOWEST_PORT + 1000 else 65536
    worker = os.environ.get("PYTEST_XDIST_WORKER", "gw0")
    count = int(os.environ.get("PYTEST_XDIST_WORKER_COUNT", "1"))
    index = int(worker.removeprefix("gw") or 0) % count
    size = (top - _LOWEST_PORT) // count
    start = _LOWEST_PORT + index * size
    return range(start, start + size)


_PORTS = _port_slice()
# a random start, then onwards: no port is handed out twice in a while,
# and two runs of the suite side by side rarely meet
_next_port = random.randrange(len(_PORTS))
_port_lock = threading.Lock()


def free_port() -> int:
    """A loopback port nobody listens on, from this worker's own slice."""
    global _next_port
    with _port_lock:
        for _ in range(len(_PORTS)):
            port = _PORTS[_next_port]
            _next_port = (_next_port + 1) % len(_PORTS)
            with socket.socket() as sock:
                try:
                    sock.bind(("127.0.0.1", port))
                except OSError:
                    continue
                return port
    raise RuntimeError(f"no free loopback port in {_PORTS}")


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
    # directories are private to root, so this one is made by mkdtemp.
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


# -- Postfix and Dovecot: a mail server as an operator runs it ---------------

HUB_DOVECOT_CONF = """\
base_dir = {d}/run
state_dir = {d}/state
log_path = {d}/dovecot.log
protocols = imap lmtp
listen = 127.0.0.1
service imap-login {{
  inet_listener imap {{
    address = 127.0.0.1
    port = {imap}
  }}
}}
service lmtp {{
  inet_listener lmtp {{
    address = 127.0.0.1
    port = {lmtp}
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
  driver = passwd-file
  args = username_format=%u {d}/passwd
  default_fields = uid=dovecot gid=dovecot home={d}/home/%u
}}
mail_location = maildir:~/Maildir
default_login_user = dovenull
default_internal_user = dovecot
default_internal_group = dovecot
first_valid_uid = 1
"""

# Postfix with nothing local: the players' domain goes to Dovecot by LMTP
# (which refuses unknown users, so Postfix bounces), the judge's domain to
# the judge's SMTP listener.  Fast retries, no DNS, its own log file.
POSTFIX_MAIN_CF = """\
compatibility_level = 3.6
queue_directory = {d}/queue
data_directory = {d}/data
mail_owner = postfix
setgid_group = postdrop
myhostname = mta.test
mydomain = mta.test
myorigin = mta.test
mydestination =
inet_interfaces = 127.0.0.1
inet_protocols = ipv4
mynetworks = 127.0.0.0/8
relay_domains = {players} {judge}
transport_maps = texthash:{d}/transport
local_transport = error:local delivery is disabled
alias_maps =
alias_database =
smtp_dns_support_level = disabled
maillog_file_prefixes = {d}
maillog_file = {d}/maillog
queue_run_delay = 1s
minimal_backoff_time = 1s
maximal_backoff_time = 2s
delay_warning_time = 0
biff = no
smtputf8_enable = no
"""

POSTFIX_SERVICES = """\
pickup unix n - n 60 1 pickup
cleanup unix n - n - 0 cleanup
qmgr unix n - n 300 1 qmgr
rewrite unix - - n - - trivial-rewrite
bounce unix - - n - 0 bounce
defer unix - - n - 0 bounce
trace unix - - n - 0 bounce
verify unix - - n - 1 verify
flush unix n - n 1000? 0 flush
proxymap unix - - n - - proxymap
smtp unix - - n - - smtp
relay unix - - n - - smtp
showq unix n - n - - showq
error unix - - n - - error
retry unix - - n - - error
discard unix - - n - - discard
lmtp unix - - n - - lmtp
anvil unix - - n - 1 anvil
scache unix - - n - 1 scache
postlog unix-dgram n - n - 1 postlogd
"""


@dataclass
class MailHub:
    """Postfix on `smtp_port`; Dovecot IMAP on `imap_port` with a mailbox
    for each address of `users` (password "pw")."""

    directory: Path
    smtp_port: int
    imap_port: int
    players_domain: str
    users: list[str]

    def client(self, user: str):
        from imapclient import IMAPClient

        client = IMAPClient("127.0.0.1", port=self.imap_port, ssl=False, timeout=10)
        client.login(user, "pw")
        return client

    def inbox(self, user: str) -> list[bytes]:
        """The raw messages in `user`'s INBOX, read over IMAP."""
        client = self.client(user)
        try:
            client.select_folder("INBOX", readonly=True)
            uids = client.search(["ALL"])
            fetched = client.fetch(uids, ["RFC822"]) if uids else {}
            return [fetched[uid][b"RFC822"] for uid in sorted(fetched)]
        finally:
            client.logout()

    def log(self) -> str:
        path = self.directory / "postfix" / "maillog"
        return path.read_text(errors="replace") if path.exists() else ""


def _hub_unavailable(reason: str):
    if os.environ.get("JUDGE_REQUIRE_POSTFIX") == "1":
        pytest.fail(f"Postfix is required (JUDGE_REQUIRE_POSTFIX=1) but {reason}")
    pytest.skip(f"this test needs Postfix and Dovecot: {reason}"
                " (run scripts/test-services.sh)")  # fmt: skip


def _postfix(directory: Path, *command: str) -> int:
    """Run the postfix command (its master daemonizes: output to a file)."""
    with open(directory / "command.out", "a") as out:
        return subprocess.run(
            ["postfix", "-c", str(directory), *command],
            stdin=subprocess.DEVNULL,
            stdout=out,
            stderr=out,
            timeout=60,
        ).returncode


@pytest.fixture
def mail_hub():
    """mail_hub(judge_domain, judge_port, users) -> a started MailHub."""
    started: list[Path] = []

    def start(judge_domain: str, judge_port: int, users: list[str]) -> MailHub:
        for binary in ("postfix", "dovecot"):
            if (
                shutil.which(binary) is None
                and not Path(f"/usr/sbin/{binary}").exists()
            ):
                _hub_unavailable(f"{binary} is not installed")
        if not Path("/usr/lib/dovecot/lmtp").exists():
            _hub_unavailable("Dovecot's LMTP server (dovecot-lmtpd) is not installed")
        if os.geteuid() != 0:
            _hub_unavailable("Postfix and Dovecot must be started as root")
        d = Path(tempfile.mkdtemp(prefix="judge-mailhub-"))
        started.append(d)
        os.chmod(d, 0o755)
        domain = users[0].rpartition("@")[2]
        # Dovecot: the players' mailboxes.
        dv = d / "dovecot"
        for sub in ("run", "state", "home"):
            (dv / sub).mkdir(parents=True)
        shutil.chown(dv / "home", "dovecot", "dovecot")
        (dv / "passwd").write_text("".join(f"{u}:{{PLAIN}}pw::::::\n" for u in users))
        imap, lmtp = free_port(), free_port()
        (dv / "dovecot.conf").write_text(
            HUB_DOVECOT_CONF.format(d=dv, imap=imap, lmtp=lmtp)
        )
        # The master daemonizes: its output must not be a pipe we wait on.
        with open(dv / "start.err", "w") as err:
            result = subprocess.run(
                ["dovecot", "-c", str(dv / "dovecot.conf")],
                stdin=subprocess.DEVNULL,
                stdout=subprocess.DEVNULL,
                stderr=err,
                timeout=30,
            )
        if result.returncode != 0:
            problem = (dv / "start.err").read_text()[-300:]
            _hub_unavailable(f"Dovecot did not start: {problem}")
        # Postfix: its own instance, owned the way it insists on.
        pf = d / "postfix"
        (pf / "queue").mkdir(parents=True)
        (pf / "data").mkdir()
        shutil.chown(pf / "data", "postfix")
        smtp = free_port()
        (pf / "main.cf").write_text(
            POSTFIX_MAIN_CF.format(d=pf, players=domain, judge=judge_domain)
        )
        (pf / "master.cf").write_text(
            f"127.0.0.1:{smtp} inet n - n - - smtpd\n" + POSTFIX_SERVICES
        )
        (pf / "transport").write_text(
            f"{domain} lmtp:inet:127.0.0.1:{lmtp}\n"
            f"{judge_domain} smtp:[127.0.0.1]:{judge_port}\n"
        )
        failed = _postfix(pf, "start")
        hub = MailHub(d, smtp, imap, domain, users)
        if failed:
            _hub_unavailable(f"Postfix did not start: {hub.log()[-500:]}")

        def ready() -> bool:
            try:
                with socket.create_connection(("127.0.0.1", smtp), timeout=2):
                    pass
                hub.client(users[0]).logout()
                return True
            except Exception:
                return False

        if not wait_until(ready, timeout=20):
            _hub_unavailable(f"Postfix or Dovecot does not answer: {hub.log()[-500:]}")
        return hub

    yield start
    for d in started:
        if (d / "postfix" / "main.cf").exists():
            _postfix(d / "postfix", "stop")
        _stop_dovecot(d / "dovecot")
        shutil.rmtree(d, ignore_errors=True)


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

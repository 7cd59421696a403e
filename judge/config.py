"""The judge's settings: `judge.toml`, with embedded defaults for everything.

`load_config(None)` reads `./judge.toml` when it exists and otherwise returns
the defaults, so `judge serve` runs on a fresh checkout.  Every option is
documented in the repository's `judge.toml`.  Unknown sections or keys are
refused with a message naming them: a typo must not silently do nothing.
"""

from __future__ import annotations

import os
import tomllib
from dataclasses import dataclass, field, fields, replace
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

DEFAULT_CONFIG_FILE = Path("judge.toml")


class ConfigError(ValueError):
    """A configuration file that cannot be used; the message says why."""


# EX_CONFIG (sysexits.h), the exit status of every command refused its
# configuration (and of `judge serve` refused its data directory or
# database): the operator must act; the unit in contrib/ does not restart
# on it (RestartPreventExitStatus).
EXIT_CONFIG = 78


@dataclass(frozen=True)
class JudgeSettings:
    code: str = "PYJ"
    address: str = "judge@localhost"
    timezone: str = "UTC"
    data_dir: Path = Path("var")
    worlds_dir: Path = Path("maps")  # relative to data_dir
    picture_processes: int = 2  # drawing results pictures ahead in a storm
    # VERP: each message's envelope sender is address+b-<id>-<secret>, so a
    # bounce names the message (docs/mail.md); "" or verp=false: off
    verp: bool = True
    verp_separator: str = "+"
    # REGISTER: the fields a registration must have (njudge's house rules,
    # rule 12); "" for none
    register_required: str = "name, email, level, address, country"
    # New games (njudge: dip.conf.in's AUTO_MASTER and its built-in game
    # defaults); CREATE's options (nonmr, nopress...) override them.
    auto_master: bool = True  # the creator is master, not a player (njudge)
    game_nmr: bool = True  # late powers go into civil disorder at grace end
    game_press: str = "white"  # white, grey or none
    game_moderated: bool = True  # False: players change the game's settings
    game_listed: bool = True  # False: unlisted (njudge's built-in NoList)

    @property
    def bounce_separator(self) -> str:
        """The VERP separator in use ("" when VERP is off)."""
        return self.verp_separator if self.verp else ""

    @property
    def database_path(self) -> Path:
        return self.data_dir / "judge.db"

    @property
    def worlds_path(self) -> Path:
        """Where games' generated worlds are written (docs/worlds.md)."""
        return self.data_dir / self.worlds_dir

    @property
    def maildir_path(self) -> Path:
        return self.data_dir / "Maildir"


@dataclass(frozen=True)
class SmtpSettings:
    listen: str = "127.0.0.1:2525"
    enabled: bool = True
    tls_cert: str = ""  # PEM certificate chain: offer STARTTLS when set
    tls_key: str = ""  # PEM private key of that certificate
    require_tls: bool = False  # refuse MAIL until the client has said STARTTLS

    @property
    def host(self) -> str:
        return split_host_port(self.listen, 25)[0]

    @property
    def port(self) -> int:
        return split_host_port(self.listen, 25)[1]


@dataclass(frozen=True)
class ImapSettings:
    host: str = "127.0.0.1"
    port: int = 143
    tls: bool = False
    user: str = ""
    password: str = ""  # or, kept out of this file:
    password_file: str = ""  # a file holding it (relative: to the config's folder)
    password_env: str = ""  # the environment variable holding it
    folder: str = "INBOX"
    processed_folder: str = ""  # empty: flag processed mail \Seen, keep it there
    poll_interval: float = 30.0  # seconds, when the server has no IDLE
    idle: bool = True  # use IDLE where offered


@dataclass(frozen=True)
class RelaySettings:
    host: str = "127.0.0.1"
    port: int = 25
    starttls: bool = False
    ssl: bool = False
    user: str = ""
    password: str = ""  # or password_file / password_env, as for [imap]
    password_file: str = ""
    password_env: str = ""
    timeout: float = 30.0
    smtputf8: bool = False  # the relay carries non-ASCII addresses (RFC 6531)


@dataclass(frozen=True)
class DkimSettings:
    domain: str = ""  # the d= domain: usually the judge address's domain
    selector: str = ""  # the s= selector: TXT record <selector>._domainkey.<domain>
    key_file: str = ""  # PEM private key (RSA or Ed25519), kept out of the config


@dataclass(frozen=True)
class WebSettings:
    listen: str = ""  # host:port of the web pages; "" = no web pages
    base_url: str = ""  # their public address, ending in "/" (unsubscribe links)


def site_address(web: WebSettings) -> str:
    """Where readers find the web pages: base_url, else the listen address
    ("" when the judge has none)."""
    if web.base_url:
        return web.base_url
    if not web.listen:
        return ""
    host, port = split_host_port(web.listen, 80)
    return f"http://{host}:{port}/"


@dataclass(frozen=True)
class Limits:
    max_message_size: int = 256 * 1024  # bytes; larger mail is politely refused
    rate_limit_messages: int = 1000  # per sender within rate_limit_window
    rate_limit_window: int = 3600  # seconds
    handler_attempts: int = 3  # a message (a game) that keeps failing (crashing)
    tick_interval: float = 5.0  # seconds between scheduler ticks
    retry_initial: float = 10.0  # seconds before the first outbox retry
    retry_max: float = 3600.0  # cap of the exponential backoff
    max_retry_age: float = 3 * 24 * 3600.0  # seconds; then a message is failed
    bounce_soft_days: float = 3.0  # soft bounces this long: address unreachable


@dataclass(frozen=True)
class Budgets:
    """What one message, and one sender, may make the game service do
    (docs/mail.md, "Budgets per message and per sender")."""

    commands_per_message: int = 50  # commands read; orders do not count
    order_lines_per_message: int = 400  # order lines read (a power has ~34 units)
    reply_bytes: int = 100_000  # the reply's body; beyond it, what was skipped
    hashes_per_message: int = 3  # password hashes (argon2id) one message may cost
    hash_seconds_per_message: float = 1.0  # and the time they may take, about
    mails_per_message: int = 30  # mails caused, besides a processing's results
    maps_per_hour: int = 5  # MAP pictures mailed to one sender
    creates_per_day: int = 10  # games (and their worlds) one sender creates
    subscriptions_per_day: int = 10  # OBSERVE of new games by one sender
    press_per_hour: int = 30  # press messages one player sends in a game
    absence_days_per_player: int = 15  # a player's absences in one game, in all
    absence_days_per_game: int = 30  # all absences of one game's players
    password_failures_slow: int = 3  # wrong passwords in an hour: one try in 5 min
    password_failures_stop: int = 10  # then none until the hour has passed
    pending_lines_per_power: int = 400  # PHASE order lines one power keeps ahead
    lookups_per_hour: int = 20  # WHOIS, I AM ALSO, UNREGISTER
    diary_entries_per_power: int = 200  # DIARY entries one player keeps in a game


@dataclass(frozen=True)
class StorageSettings:
    keep_sent_days: float = 14.0  # a sent mail's whole text, after delivery
    keep_intake_days: float = 14.0  # a handled incoming mail's raw text
    prune_interval: float = 3600.0  # seconds between the daemon's pruning runs


@dataclass(frozen=True)
class Config:
    judge: JudgeSettings = field(default_factory=JudgeSettings)
    smtp: SmtpSettings = field(default_factory=SmtpSettings)
    imap: ImapSettings | None = None
    relay: RelaySettings | None = None
    dkim: DkimSettings | None = None
    web: WebSettings = field(default_factory=WebSettings)
    limits: Limits = field(default_factory=Limits)
    budgets: Budgets = field(default_factory=Budgets)
    storage: StorageSettings = field(default_factory=StorageSettings)
    source: Path | None = None  # the file read, None for the defaults


def split_host_port(text: str, default_port: int) -> tuple[str, int]:
    host, sep, port = text.rpartition(":")
    if not sep:
        return text, default_port
    try:
        return host.strip("[]"), int(port)
    except ValueError:
        raise ConfigError(f"{text!r}: the port after ':' must be a number") from None


SECTIONS: dict[str, type] = {
    "judge": JudgeSettings,
    "smtp": SmtpSettings,
    "imap": ImapSettings,
    "relay": RelaySettings,
    "dkim": DkimSettings,
    "web": WebSettings,
    "limits": Limits,
    "budgets": Budgets,
    "storage": StorageSettings,
}


def load_config(path: str | Path | None = None) -> Config:
    """Read `path` (default: `./judge.toml` if present, else the defaults)."""
    if path is None:
        if not DEFAULT_CONFIG_FILE.exists():
            return Config()
        path = DEFAULT_CONFIG_FILE
    path = Path(path)
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ConfigError(f"{path}: no such configuration file") from None
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"{path}: not valid TOML: {exc}") from None
    return config_from_dict(data, base=path.parent, source=path)


def config_from_dict(
    data: dict[str, Any], base: Path = Path("."), source: Path | None = None
) -> Config:
    """Build a Config from parsed TOML; relative data_dir is taken from `base`."""
    unknown = sorted(set(data) - set(SECTIONS))
    if unknown:
        raise ConfigError(
            f"unknown section(s) {', '.join(unknown)}; known: {', '.join(SECTIONS)}"
        )
    parts: dict[str, Any] = {}
    for name, cls in SECTIONS.items():
        if name in data:
            if not isinstance(data[name], dict):
                raise ConfigError(f"[{name}] must be a table")
            parts[name] = _section(name, cls, data[name])
    judge = parts.get("judge", JudgeSettings())
    data_dir = Path(judge.data_dir)
    if not data_dir.is_absolute() and "judge" in data and "data_dir" in data["judge"]:
        data_dir = base / data_dir
    judge = replace(judge, address=judge.address.strip(), data_dir=data_dir)
    smtp = parts.get("smtp", SmtpSettings())
    smtp = replace(
        smtp,
        tls_cert=_beside(base, smtp.tls_cert),
        tls_key=_beside(base, smtp.tls_key),
    )
    dkim = parts.get("dkim")
    if dkim is not None:
        dkim = replace(dkim, key_file=_beside(base, dkim.key_file))
    web = parts.get("web", WebSettings())
    _check(judge, smtp, dkim, web)
    return Config(
        judge=judge,
        smtp=smtp,
        imap=_with_password("imap", parts.get("imap"), base),
        relay=_with_password("relay", parts.get("relay"), base),
        dkim=dkim,
        web=web,
        limits=parts.get("limits", Limits()),
        budgets=parts.get("budgets", Budgets()),
        storage=parts.get("storage", StorageSettings()),
        source=source,
    )


def _section(name: str, cls: type, values: dict[str, Any]) -> Any:
    known = {f.name: f for f in fields(cls)}
    unknown = sorted(set(values) - set(known))
    if unknown:
        raise ConfigError(
            f"[{name}]: unknown option(s) {', '.join(unknown)}; "
            f"known: {', '.join(known)}"
        )
    converted: dict[str, Any] = {}
    defaults = cls()
    for key, value in values.items():
        expected = type(getattr(defaults, key))
        if issubclass(expected, Path):
            if not isinstance(value, str):
                raise ConfigError(f"[{name}] {key} must be a string (a path)")
            value = Path(value)
        elif (
            expected is float and isinstance(value, int) and not isinstance(value, bool)
        ):
            value = float(value)
        elif not isinstance(value, expected) or (
            expected is int and isinstance(value, bool)
        ):
            raise ConfigError(
                f"[{name}] {key} must be a {expected.__name__}, not {value!r}"
            )
        converted[key] = value
    return cls(**converted)


def _with_password(section: str, settings, base: Path):
    """The settings with their password read from password_file or
    password_env when one is given (so the config file can be shared or
    committed without the secret)."""
    if settings is None:
        return None
    given = [
        k for k in ("password", "password_file", "password_env") if getattr(settings, k)
    ]
    if len(given) > 1:
        raise ConfigError(f"[{section}] give only one of {', '.join(given)}")
    if settings.password_env:
        name = settings.password_env
        if name not in os.environ:
            raise ConfigError(
                f"[{section}] password_env: the environment variable {name} is not set"
            )
        return replace(settings, password=os.environ[name])
    if settings.password_file:
        path = Path(_beside(base, settings.password_file))
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            detail = getattr(exc, "strerror", None) or exc
            raise ConfigError(
                f"[{section}] password_file: cannot read {path}: {detail}"
            ) from None
        password = text.rstrip("\r\n")  # the file's final line break is not part
        if not password:
            raise ConfigError(f"[{section}] password_file: {path} is empty")
        return replace(settings, password=password, password_file=str(path))
    return settings


def _beside(base: Path, path: str) -> str:
    """A file named in the config: relative paths are from the config's folder."""
    if not path or Path(path).is_absolute():
        return path
    return str(base / path)


def _check(
    judge: JudgeSettings,
    smtp: SmtpSettings,
    dkim: DkimSettings | None,
    web: WebSettings,
) -> None:
    if "@" not in judge.address:
        raise ConfigError(f"[judge] address {judge.address!r} is not a mail address")
    try:
        ZoneInfo(judge.timezone)
    except (ZoneInfoNotFoundError, ValueError):
        raise ConfigError(f"[judge] timezone {judge.timezone!r} is unknown") from None
    split_host_port(smtp.listen, 25)
    if web.listen:
        split_host_port(web.listen, 80)
    separator = judge.verp_separator
    if len(separator) > 1 or (separator and separator in '@<>" \t'):
        raise ConfigError(
            f"[judge] verp_separator {separator!r} must be one character such"
            " as '+' or '-'"
        )
    if judge.picture_processes < 0:
        raise ConfigError("[judge] picture_processes must be 0 or more")
    if judge.game_press not in ("white", "grey", "none"):
        raise ConfigError("[judge] game_press must be white, grey or none")
    if bool(smtp.tls_cert) != bool(smtp.tls_key):
        raise ConfigError(
            "[smtp] tls_cert and tls_key go together: set both or neither"
        )
    if smtp.require_tls and not smtp.tls_cert:
        raise ConfigError("[smtp] require_tls needs tls_cert and tls_key")
    if dkim is not None:
        missing = [
            k for k in ("domain", "selector", "key_file") if not getattr(dkim, k)
        ]
        if missing:
            raise ConfigError(f"[dkim] needs {', '.join(missing)}")

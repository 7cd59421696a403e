"""Registrations in njudge's form (its data/form): the fields, their caps,
njudge's time zone names, the fields the house rules require, and the
rows they are kept in (svc_accounts; linked addresses in
svc_account_links, each confirmed by mail to the registered address)."""

from __future__ import annotations

import re
import secrets
from dataclasses import dataclass, field
from datetime import datetime, timedelta

from judge.service.checks import valid_zone
from judge.service.game_options import identities_hidden
from judge.service.queries import iso, moment

# field -> (what the form calls it, its cap in characters)
FIELDS = {
    "name": ("Name", 80),
    "phone": ("Phone", 40),
    "site": ("Site", 80),
    "address": ("Address", 200),
    "country": ("Country", 60),
    "timezone": ("Timezone", 60),
    "email": ("Email", 300),
    "level": ("Level", 20),
    "birthdate": ("Birthdate", 40),
    "sex": ("Sex", 20),
    "package": ("Package", 10),
}
ALIASES = {
    "e-mail": "email", "mail": "email", "tz": "timezone",
    "time zone": "timezone", "birthday": "birthdate", "gender": "sex",
}  # fmt: skip
EXTRA_LINES = 10  # lines of the player's own keywords kept (njudge: half a page)
EXTRA_CAP = 200
LEVELS = ("Novice", "Amateur", "Intermediate", "Advanced", "Expert")
# what njudge's house rules (data/house.rules, rule 12) say must be valid
HOUSE_RULES = "name, email, level, address, country"

# njudge's registrations name zones as people say them; IANA names work too
ZONE_NAMES = {
    "eastern": "America/New_York", "est": "America/New_York",
    "edt": "America/New_York", "central": "America/Chicago",
    "cst": "America/Chicago", "cdt": "America/Chicago",
    "mountain": "America/Denver", "mst": "America/Denver",
    "mdt": "America/Denver", "arizona": "America/Phoenix",
    "pacific": "America/Los_Angeles", "pst": "America/Los_Angeles",
    "pdt": "America/Los_Angeles", "alaska": "America/Anchorage",
    "hawaii": "Pacific/Honolulu", "atlantic": "America/Halifax",
    "newfoundland": "America/St_Johns", "gmt": "UTC", "utc": "UTC",
    "greenwich": "UTC", "british": "Europe/London", "bst": "Europe/London",
    "uk": "Europe/London", "western european": "Europe/Lisbon",
    "wet": "Europe/Lisbon", "central european": "Europe/Paris",
    "cet": "Europe/Paris", "cest": "Europe/Paris", "met": "Europe/Paris",
    "eastern european": "Europe/Athens", "eet": "Europe/Athens",
    "moscow": "Europe/Moscow", "india": "Asia/Kolkata", "ist": "Asia/Kolkata",
    "japan": "Asia/Tokyo", "jst": "Asia/Tokyo", "china": "Asia/Shanghai",
    "australian eastern": "Australia/Sydney", "aest": "Australia/Sydney",
    "new zealand": "Pacific/Auckland", "nzst": "Pacific/Auckland",
}  # fmt: skip
_OFFSET = re.compile(r"^(?:gmt|utc)\s*([+-])\s*(\d{1,2})(?::?00)?$", re.I)


def zone_for(text: str) -> str | None:
    """An IANA zone for what a registration's Timezone line or SET TIMEZONE
    says: njudge's names (Eastern, Pacific, GMT...), an IANA name, or
    GMT+2 / UTC-5."""
    text = text.strip()
    key = re.sub(r"\s+(time|standard time|daylight time)$", "", text.lower())
    if key in ZONE_NAMES:  # before IANA's: its EST is -5 all year round
        return ZONE_NAMES[key]
    if valid_zone(text):
        return text
    offset = _OFFSET.match(text)
    if offset:
        sign, hours = offset.groups()
        if int(hours) == 0:
            return "UTC"
        # the Etc zones' signs are the other way round (POSIX)
        zone = f"Etc/GMT{'-' if sign == '+' else '+'}{int(hours)}"
        return zone if valid_zone(zone) else None
    return None


def level_for(text: str) -> str | None:
    word = text.strip().lower()
    return (
        next((lv for lv in LEVELS if lv.lower().startswith(word[:3])), None)
        if (len(word) >= 3)
        else None
    )


@dataclass
class Form:
    """A REGISTER block as read: field -> value, extra lines, and what was
    refused (line, why)."""

    values: dict[str, str] = field(default_factory=dict)
    extra: list[str] = field(default_factory=list)
    refused: list[tuple[str, str]] = field(default_factory=list)

    def read(self, text: str) -> None:
        key, colon, value = text.partition(":")
        key = re.sub(r"\s+", " ", key.strip().lower())
        key = ALIASES.get(key, key)
        value = value.strip()
        if not colon or not key:
            self.refused.append((text, "write 'Keyword: value' (GET FORM)"))
            return
        if key not in FIELDS:
            if len(self.extra) >= EXTRA_LINES:
                self.refused.append((text, f"at most {EXTRA_LINES} lines of your own"))
            else:
                self.extra.append(f"{key[:30].title()}: {value[:EXTRA_CAP]}")
            return
        name, cap = FIELDS[key]
        if len(value) > cap:
            self.refused.append((text, f"{name} is at most {cap} characters"))
            return
        if key == "timezone" and value:
            zone = zone_for(value)
            if zone is None:
                self.refused.append((text, "not a time zone (e.g. Eastern,"
                                     " Europe/Paris, GMT+1)"))  # fmt: skip
                return
            value = zone
        if key == "level" and value:
            level = level_for(value)
            if level is None:
                self.refused.append((text, "the levels are " + ", ".join(LEVELS)))
                return
            value = level
        self.values[key] = value


def required_fields(setting: str) -> list[str]:
    return [w.strip().lower() for w in setting.split(",") if w.strip()]


def missing(record: dict, setting: str) -> list[str]:
    return [
        FIELDS[f][0]
        for f in required_fields(setting)
        if f in FIELDS and not (record.get(f) or "").strip()
    ]


# -- the rows ---------------------------------------------------------------------

COLUMNS = ("name", "phone", "site", "postal", "country", "tz", "email", "level",
           "birthdate", "sex", "extra")  # fmt: skip
_COLUMN_OF = {"address": "postal", "timezone": "tz"}


def account(db, address: str) -> dict | None:
    """The registration of `address` (or of the address it is linked to)."""
    owner = owner_of(db, address)
    rows = list(db.query("SELECT * FROM svc_accounts WHERE lower(address) = ?",
                         [owner.lower()]))  # fmt: skip
    if not rows:
        return None
    row = dict(rows[0])
    row["timezone"], row["address_line"] = row.get("tz"), row.get("postal")
    return row


def owner_of(db, address: str) -> str:
    row = db.execute(
        "SELECT account FROM svc_account_links WHERE lower(address) = ?",
        [address.lower()],
    ).fetchone()
    return row[0] if row else address


def save(db, address: str, form: Form, now: datetime) -> bool:
    """Create or update; True when it was new."""
    old = account(db, address)
    values = {_COLUMN_OF.get(k, k): v for k, v in form.values.items() if k != "package"}
    if form.extra:
        values["extra"] = "\n".join(form.extra)
    if old is None:
        columns = ["address", "registered", *values]
        db.execute(
            f"INSERT INTO svc_accounts ({', '.join(columns)}) VALUES"
            f" ({', '.join('?' * len(columns))})",
            [address, iso(now), *values.values()],
        )
        return True
    if values:
        assignments = ", ".join(f"{c} = ?" for c in values)
        db.execute(
            f"UPDATE svc_accounts SET {assignments} WHERE address = ?",
            [*values.values(), old["address"]],
        )
    return False


def merged(db, address: str, form: Form) -> dict:
    """The record as it would be after `form`, by the form's field names."""
    old = account(db, address) or {}
    record = {k: old.get(_COLUMN_OF.get(k, k)) for k in FIELDS}
    record.update(form.values)
    return record


def forget(db, address: str) -> bool:
    owner = owner_of(db, address)
    db.execute("DELETE FROM svc_account_links WHERE lower(account) = ?",
               [owner.lower()])  # fmt: skip
    cursor = db.execute("DELETE FROM svc_accounts WHERE lower(address) = ?",
                        [owner.lower()])  # fmt: skip
    return cursor.rowcount > 0


def matching(db, prefix: str, limit: int = 2) -> list[str]:
    """Registered addresses starting with `prefix` (at most `limit`)."""
    escaped = (
        prefix.lower().replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
    )
    return [
        row[0]
        for row in db.execute(
            "SELECT address FROM svc_accounts WHERE lower(address) LIKE ? ESCAPE '\\'"
            " ORDER BY address LIMIT ?",
            [escaped + "%", limit],
        ).fetchall()
    ]


def public_lines(record: dict) -> list[str]:
    """What WHOIS shows: never the phone, postal address, birth date or sex
    (the judge keeps them because the form asks; nobody else sees them)."""
    shown = [
        ("Name", record.get("name")), ("Email", record.get("address")),
        ("Site", record.get("site")), ("Country", record.get("country")),
        ("Timezone", record.get("tz")), ("Level", record.get("level")),
    ]  # fmt: skip
    return [f"{label + ':':<10} {value}" for label, value in shown if value]


def own_lines(record: dict) -> list[str]:
    """The whole record, for its owner."""
    lines = []
    for key, (label, _) in FIELDS.items():
        value = record.get(_COLUMN_OF.get(key, key))
        if value and key != "package":
            lines.append(f"{label + ':':<10} {value}")
    lines += (record.get("extra") or "").splitlines()
    return lines


# -- I AM ALSO: a link confirmed by the registered address ---------------------------

LINK_DAYS = 7


def ask_link(db, new: str, registered: str, now: datetime) -> str:
    token = secrets.token_hex(8)
    db.execute(
        "INSERT INTO svc_link_requests (token, address, account, created)"
        " VALUES (?, ?, ?, ?)",
        [token, new, registered, iso(now)],
    )
    return token


def confirm_link(db, token: str, sender: str, now: datetime) -> tuple[str, str] | None:
    """(new address, account) linked, when `sender` is the registered
    address the token was mailed to and the request is fresh."""
    row = db.execute(
        "SELECT address, account, created FROM svc_link_requests WHERE token = ?",
        [token],
    ).fetchone()
    if row is None:
        return None
    new, registered, created = row
    if registered.lower() != sender.lower():
        return None
    db.execute("DELETE FROM svc_link_requests WHERE token = ?", [token])
    if now - moment(created) > timedelta(days=LINK_DAYS):
        return None
    db.execute(
        "INSERT OR REPLACE INTO svc_account_links (address, account, linked)"
        " VALUES (?, ?, ?)",
        [new, registered, iso(now)],
    )
    return new, registered


def registered_names(db, game, members, master: bool) -> list[str]:
    """WHOGAME <game> FULL: the players' registered names, as the game's
    anonymity allows (an anonymous game's to its master only, until its
    end)."""
    if identities_hidden(game) and not master:
        return ["Registered names are shown to the master only in this game."]
    lines = []
    board = game.board
    for member in members:
        if member.role == "observer" or member.state == "resigned":
            continue
        record = account(db, member.address)
        if not record or not record.get("name"):
            continue
        who = board.powers[member.power].name if member.power else member.role.title()
        lines.append(f"  {who:<10} {record['name']}")
    return ["Registered names:", *lines] if lines else ["No player is registered."]

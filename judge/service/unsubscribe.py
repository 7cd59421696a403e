"""Unsubscribe tokens: one per recipient of a game's mail, named in that
mail's List-Unsubscribe header (RFC 2369, RFC 8058).

An observer's token ends the subscription at once, with no password: mail
providers expect one click (or one mail) to stop a list.  A player's token
changes nothing: one click must not throw away a seat, so it answers with
how to resign or go absent.

A token is a public selector (looked up) and a secret verifier (compared
in constant time), so neither a lookup's timing nor a guessed selector
tells anything of the secret."""

from __future__ import annotations

import hmac
import re
import secrets
from dataclasses import replace
from datetime import datetime

import sqlite_utils

from judge.mail.message import OutgoingMail
from judge.store.db import iso

SELECTOR_HEX = 8  # 32 bits: only finds the row
VERIFIER_HEX = 32  # 128 bits: the secret
TOKEN = re.compile(rf"[0-9a-f]{{{SELECTOR_HEX + VERIFIER_HEX}}}")
ROLES = ("observer", "player")


def token_for(db: sqlite_utils.Database, game: str, address: str, role: str) -> str:
    """The token of `address`'s subscription to `game` in `role`, made on
    first use; the same one afterwards."""
    if role not in ROLES:
        raise ValueError(f"role must be one of {ROLES}, not {role!r}")
    address = address.strip().lower()
    row = db.execute(
        "SELECT selector, verifier FROM svc_unsubscribe"
        " WHERE game = ? AND address = ? AND role = ?",
        [game, address, role],
    ).fetchone()
    if row is not None:
        return row[0] + row[1]
    while True:
        selector = secrets.token_hex(SELECTOR_HEX // 2)
        taken = db.execute(
            "SELECT 1 FROM svc_unsubscribe WHERE selector = ?", [selector]
        ).fetchone()
        if not taken:
            break
    verifier = secrets.token_hex(VERIFIER_HEX // 2)
    db.execute(
        "INSERT INTO svc_unsubscribe (selector, verifier, game, address, role)"
        " VALUES (?, ?, ?, ?, ?)",
        [selector, verifier, game, address, role],
    )
    return selector + verifier


def redeem(db: sqlite_utils.Database, token: str, now: datetime) -> str | None:
    """Use `token`: the sentence to answer with, or None for no such token.
    Runs in the caller's transaction."""
    token = token.strip().lower()
    if not TOKEN.fullmatch(token):
        return None
    selector, verifier = token[:SELECTOR_HEX], token[SELECTOR_HEX:]
    row = db.execute(
        "SELECT verifier, game, address, role FROM svc_unsubscribe WHERE selector = ?",
        [selector],
    ).fetchone()
    # compared even when no row was found, so the time taken says nothing
    stored = row[0] if row else "0" * VERIFIER_HEX
    if not hmac.compare_digest(stored.encode(), verifier.encode()) or row is None:
        return None
    _, game, address, role = row
    if role == "player":
        return (
            f"This did not take you out of game '{game}': one click must not"
            " throw away a seat. To leave the game, sign on and send RESIGN;"
            " to be away for a while, sign on and send SET ABSENCE <from> TO"
            " <to>; or ask the game's master to replace you."
        )
    ended = stop_observing(db, game, address)
    db.execute(
        "UPDATE svc_unsubscribe SET used = ? WHERE selector = ?",
        [iso(now), selector],
    )
    if ended:
        return (
            f"{address} no longer observes game '{game}': the judge sends it"
            " nothing more of that game."
        )
    return f"{address} was not observing game '{game}' any more: nothing changed."


def stop_observing(db: sqlite_utils.Database, game: str, address: str) -> bool:
    """End every observing of `game` by `address` (confirmed or waiting for
    its confirmation); False when there was none."""
    ids = [
        row[0]
        for row in db.execute(
            "SELECT id FROM svc_members WHERE game = ? AND role = 'observer'"
            " AND lower(address) = ?",
            [game, address.strip().lower()],
        ).fetchall()
    ]
    for member_id in ids:
        db.execute("DELETE FROM svc_pending WHERE member = ?", [member_id])
        db.execute("DELETE FROM svc_members WHERE id = ?", [member_id])
    return bool(ids)


def unsubscribe_address(judge_address: str, token: str) -> str:
    """The mailto: URI of a token: a mail to the judge whose subject names it
    (read like a command, whatever the body says)."""
    return f"mailto:{judge_address}?subject=unsubscribe%20{token}"


def unsubscribe_url(base_url: str, token: str) -> str:
    """The web address of a token (the web pages answer it)."""
    return (
        f"{base_url if base_url.endswith('/') else base_url + '/'}unsubscribe/{token}"
    )


SUBJECT = re.compile(rf"\bunsubscribe\s+({TOKEN.pattern})\b", re.IGNORECASE)


def with_unsubscribe(
    db: sqlite_utils.Database,
    mails: list[OutgoingMail],
    judge_address: str,
    base_url: str = "",
) -> list[OutgoingMail]:
    """Each recipient's copy of a game mail (one with a list name) with its
    List-Unsubscribe URIs: an observer's ends the subscription, a player's or
    master's explains how to leave.  Other mail is returned as it was."""
    out = []
    for mail in mails:
        role = _role(db, mail) if mail.list_name and not mail.unsubscribe else None
        if role is not None:
            token = token_for(db, mail.list_name, mail.to[0], role)
            uris = [unsubscribe_address(judge_address, token)]
            # one click (RFC 8058) only where one click ends it: a player's
            # mailto: answers how to leave, and a POST could say nothing
            if base_url and role == "observer":
                uris.append(unsubscribe_url(base_url, token))
            mail = replace(mail, unsubscribe=tuple(uris))
        out.append(mail)
    return out


def _role(db: sqlite_utils.Database, mail: OutgoingMail) -> str | None:
    if len(mail.to) != 1:
        return None
    roles = {
        row[0]
        for row in db.execute(
            "SELECT role FROM svc_members WHERE game = ? AND lower(address) = ?",
            [mail.list_name, mail.to[0].strip().lower()],
        ).fetchall()
    }
    if roles & {"player", "master"}:
        return "player"
    return "observer" if "observer" in roles else None

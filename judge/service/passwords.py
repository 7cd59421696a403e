"""Password hashing: Argon2id with its parameters in the stored hash,
constant-time checks, and hashes brought up to today's cost on login.

A hash is stored in the PHC form ``$argon2id$v=19$m=65536,t=3,p=4$salt$hash``
(argon2-cffi, RFC 9106's recommended profile for limited memory), so the
cost can be raised later without locking anyone out: a password checked
against a hash made with other parameters, or against the first release's
scrypt hashes (``salt$digest`` in hex), still passes, and the hash is queued
for replacement (`take_rehashes`, applied by the service in the same
transaction as the message).

A password once verified against a stored hash is remembered for the
process (an HMAC of the pair under a key of the process, never the password
itself), so a player's every mail does not pay the hash again; a wrong
password always does."""

from __future__ import annotations

import hashlib
import hmac
import os

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

HASHER = PasswordHasher()  # argon2-cffi's default: RFC 9106 low-memory profile
_VERIFIED: set[str] = set()
_KEY = os.urandom(32)
_REMEMBER = 10_000
_REHASH: dict[str, str] = {}  # outdated stored hash -> its replacement


LOCKED = "!"  # a stored password nothing matches (an ejected seat, an observer)


def remembered(password: str, stored: str) -> bool:
    """True when checking would cost no hash: the pair was verified before,
    or the seat is locked."""
    return stored == LOCKED or _key(password, stored) in _VERIFIED


def _key(password: str, stored: str) -> str:
    return hmac.new(_KEY, f"{stored}\0{password}".encode(), "sha256").hexdigest()


def hash_password(password: str) -> str:
    return HASHER.hash(password)


def check_password(password: str, stored: str) -> bool:
    if stored == LOCKED:
        return False
    key = _key(password, stored)
    if key in _VERIFIED:
        return True
    if stored.startswith("$argon2"):
        try:
            ok = HASHER.verify(stored, password)
        except (VerificationError, InvalidHashError):
            ok = False
        outdated = ok and HASHER.check_needs_rehash(stored)
    else:
        ok = _check_scrypt(password, stored)
        outdated = ok
    if ok:
        if len(_VERIFIED) >= _REMEMBER:
            _VERIFIED.clear()
        _VERIFIED.add(key)
        if outdated:
            _REHASH[stored] = hash_password(password)
    return ok


def take_rehashes() -> list[tuple[str, str]]:
    """(old hash, new hash) for every outdated hash a password passed since
    the last call; the caller stores the new ones."""
    out = list(_REHASH.items())
    _REHASH.clear()
    return out


def _check_scrypt(password: str, stored: str) -> bool:
    """The first release's hashes: scrypt n=2**14, r=8, p=1, 16-byte salt."""
    salt_hex, _, digest_hex = stored.partition("$")
    try:
        salt = bytes.fromhex(salt_hex)
    except ValueError:
        return False
    digest = hashlib.scrypt(password.encode(), salt=salt, n=2**14, r=8, p=1)
    return hmac.compare_digest(digest.hex(), digest_hex)

"""Password hashing: scrypt with a per-password salt, constant-time checks.

A password once verified against a stored hash is remembered for the
process (an HMAC of the pair under a key of the process, never the password
itself), so a player's every mail does not pay scrypt again; a wrong
password always does."""

from __future__ import annotations

import hashlib
import hmac
import os

_VERIFIED: set[str] = set()
_KEY = os.urandom(32)
_REMEMBER = 10_000


LOCKED = "!"  # a stored password nothing matches (an ejected seat, an observer)


def remembered(password: str, stored: str) -> bool:
    """True when checking would cost no hash: the pair was verified before,
    or the seat is locked."""
    return stored == LOCKED or _key(password, stored) in _VERIFIED


def _key(password: str, stored: str) -> str:
    return hmac.new(_KEY, f"{stored}\0{password}".encode(), "sha256").hexdigest()


def hash_password(password: str) -> str:
    salt = os.urandom(16)
    digest = hashlib.scrypt(password.encode(), salt=salt, n=2**14, r=8, p=1)
    return salt.hex() + "$" + digest.hex()


def check_password(password: str, stored: str) -> bool:
    if stored == LOCKED:
        return False
    key = _key(password, stored)
    if key in _VERIFIED:
        return True
    salt_hex, _, digest_hex = stored.partition("$")
    digest = hashlib.scrypt(
        password.encode(), salt=bytes.fromhex(salt_hex), n=2**14, r=8, p=1
    )
    ok = hmac.compare_digest(digest.hex(), digest_hex)
    if ok:
        if len(_VERIFIED) >= _REMEMBER:
            _VERIFIED.clear()
        _VERIFIED.add(key)
    return ok

"""Passwords: a verified password is remembered, a wrong one never passes."""

import time

from judge.service.passwords import check_password, hash_password


def test_a_wrong_password_fails_before_and_after_the_right_one():
    stored = hash_password("secret")
    assert not check_password("wrong", stored)
    assert check_password("secret", stored)
    assert not check_password("wrong", stored)
    assert not check_password("secret", hash_password("other"))
    assert not check_password("secre", stored)


def test_a_verified_password_is_checked_fast_the_second_time():
    stored = hash_password("swift")
    assert check_password("swift", stored)
    start = time.perf_counter()
    for _ in range(20):
        assert check_password("swift", stored)
    assert time.perf_counter() - start < 0.2  # scrypt alone is ~50 ms a check


def test_the_judge_hashes_at_today_s_recommended_cost():
    """In a process of its own: the tests' cheap hasher is not in the way."""
    import subprocess
    import sys

    code = "from judge.service.passwords import hash_password as h; print(h('x'))"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.stdout.startswith("$argon2id$v=19$m=65536,t=3,p=4$"), done.stderr


def test_hashes_record_their_parameters(real_password_cost):
    stored = hash_password("secret")
    assert stored.startswith("$argon2id$v=19$m=65536,t=3,p=4$")  # RFC 9106 low-mem
    assert hash_password("secret") != stored  # salted


def test_a_first_release_scrypt_hash_still_passes_and_is_replaced(real_password_cost):
    import hashlib

    from judge.service.passwords import take_rehashes

    take_rehashes()
    salt = bytes(range(16))
    digest = hashlib.scrypt(b"old-secret", salt=salt, n=2**14, r=8, p=1)
    legacy = salt.hex() + "$" + digest.hex()
    assert not check_password("wrong", legacy)
    assert take_rehashes() == []
    assert check_password("old-secret", legacy)
    [(old, new)] = take_rehashes()
    assert old == legacy and new.startswith("$argon2id$")
    assert check_password("old-secret", new)
    assert take_rehashes() == []  # today's hash: nothing to replace


def test_a_cheaper_argon2_hash_is_replaced_on_login(real_password_cost):
    from argon2 import PasswordHasher

    from judge.service.passwords import take_rehashes

    take_rehashes()
    weak = PasswordHasher(time_cost=1, memory_cost=8, parallelism=1).hash("pw")
    assert check_password("pw", weak)
    [(old, new)] = take_rehashes()
    assert old == weak and "m=65536,t=3,p=4" in new


def test_malformed_hashes_never_pass():
    for stored in ("", "$", "zz$zz", "$argon2id$garbage", "00$"):
        assert not check_password("", stored)
        assert not check_password("x", stored)

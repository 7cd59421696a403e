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

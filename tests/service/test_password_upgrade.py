"""A player whose password was hashed by the first release signs on as
before, and the judge stores today's hash for them in the same step."""

import hashlib

import pytest
from harness import form_game, password, signon


@pytest.mark.slow  # Argon2id at the judge's real cost
def test_an_old_hash_is_replaced_when_its_player_signs_on(judge, real_password_cost):
    form_game(judge)
    address = judge.seat("FRANCE")
    salt = bytes(16)
    digest = hashlib.scrypt(password(address).encode(), salt=salt, n=2**14, r=8, p=1)
    legacy = salt.hex() + "$" + digest.hex()
    with judge.db.conn:
        judge.db.execute(
            "UPDATE svc_members SET password = ? WHERE address = ?", [legacy, address]
        )
    out = judge.send(address, f"{signon(judge, 'FRANCE')}\nA PAR H")
    assert "France: Army Paris HOLD." in out[0].body
    stored = judge.row("SELECT password FROM svc_members WHERE address = ?", [address])[
        0
    ]
    assert stored.startswith("$argon2id$v=19$m=65536,t=3,p=4$")
    # and the new hash is the same password
    out = judge.send(address, f"{signon(judge, 'FRANCE')}\nA MAR H")
    assert "France: Army Marseilles HOLD." in out[0].body
    wrong = judge.send(address, "SIGNON Falpha not-the-password\nA PAR H")
    assert (
        stored
        == judge.row("SELECT password FROM svc_members WHERE address = ?", [address])[0]
    )
    assert "Wrong password for France in game 'alpha'." in wrong[0].body

"""SET PREFERENCE by mail, in njudge's forms, and the draw it makes."""

from harness import MASTER, PLAYERS, password

WANTS = ["England", "F", "Germany, Russia", "I", "A", "R", "T"]


def join(judge, name="alpha", variant="standard", lists=WANTS):
    judge.send(MASTER, f"CREATE ?{name} pw-master {variant}\nBECOME MASTER")
    replies = []
    for address, wanted in zip(PLAYERS, lists, strict=True):
        body = f"SIGNON ?{name} {password(address)}\nSET PREFERENCE {wanted}"
        replies.append(judge.send(address, body))
    return replies


def reply_to(out, address):
    return next(
        m.body for m in out if m.to == (address,) and "Starting" not in m.subject
    )


def test_every_player_gets_the_list_s_first_choice(judge):
    out = join(judge)
    # the last SIGNON filled the game; its preference, later in the same
    # mail, still counted (njudge reads the whole mail first)
    assert any("Game Starting" in m.subject for m in out[-1])
    assert judge.seat("ENGLAND") == PLAYERS[0]
    assert judge.seat("FRANCE") == PLAYERS[1]
    assert judge.seat("GERMANY") == PLAYERS[2]  # Russia went to its first chooser
    assert judge.seat("RUSSIA") == PLAYERS[5]
    assert judge.seat("TURKEY") == PLAYERS[6]
    assert "Your preference: England (E)." in reply_to(out[0], PLAYERS[0])
    assert "Your preference: Germany (G), then Russia (R)." in reply_to(
        out[2], PLAYERS[2]
    )


def test_weighted_list_and_conflicts_maximise_the_total(judge):
    lists = ["E[FGR][TAI]", "E F", "E", "G", "R", "I", "T"]
    join(judge, lists=lists)
    # three want England first.  Ranks (1 best; brackets and the powers a
    # list leaves out share an average): player 0 ranks Austria 6, player 2
    # (who named England only) ranks it 4.5.  Giving England to player 0,
    # France to player 1 and Austria to player 2 totals 1 + 2 + 4.5, the
    # least of the ways to share England, France and Austria among them.
    assert judge.seat("ENGLAND") == PLAYERS[0]
    assert judge.seat("FRANCE") == PLAYERS[1]
    assert judge.seat("AUSTRIA") == PLAYERS[2]
    assert [judge.seat(p) for p in ("GERMANY", "RUSSIA", "ITALY", "TURKEY")] == (
        PLAYERS[3:]
    )


def test_1913_names_are_names(judge):
    judge.send(MASTER, "CREATE ?beta pw-master 1913\nBECOME MASTER")
    # S, P, A, I, N are the letters of Serbia, Portugal, Austria, Italy and
    # Spain: the name is read first
    out = judge.send(PLAYERS[0], "SIGNON ?beta pw-x\nSET PREFERENCE Spain")
    assert "Your preference: Spain (N)." in reply_to(out, PLAYERS[0])
    out = judge.send(
        PLAYERS[0], "SIGNON ?beta pw-x\nSET PREFERENCE Austria-Hungary, Great Britain"
    )
    assert "Your preference: Austria-Hungary (A), then Great Britain (E)." in (
        reply_to(out, PLAYERS[0])
    )
    stored = judge.row("SELECT preference FROM svc_members WHERE address = ?",
                       [PLAYERS[0]])  # fmt: skip
    assert stored[0] == "AUSTRIA,ENGLAND"


def test_1913_draw_follows_the_lists(judge):
    judge.send(MASTER, "CREATE ?beta pw-master 1913\nBECOME MASTER")
    players = [f"p{i}@example.org" for i in range(15)]
    wanted = ["Spain", "Serbia", "S N", "Austria-Hungary"] + ["*"] * 11
    for address, text in zip(players, wanted, strict=True):
        judge.send(address, f"SIGNON ?beta pw\nSET PREFERENCE {text}")
    assert judge.game("beta")["status"] == "active"
    assert judge.seat("SPAIN", "beta") == players[0]
    # Serbia: player 1 ranks every other power 8.5 (the average of 2..15),
    # player 2 ranks them 9 (3..15): Serbia to player 2 costs less in total
    assert judge.seat("SERBIA", "beta") == players[2]
    assert judge.seat("AUSTRIA", "beta") == players[3]


def test_bad_list_is_refused_with_the_word(judge):
    judge.send(MASTER, "CREATE ?alpha pw-master\nBECOME MASTER")
    out = judge.send(PLAYERS[0], "SIGNON ?alpha pw-x\nSET PREFERENCE E[FQ]")
    assert "Preference not set: 'FQ' is not a power of this game." in reply_to(
        out, PLAYERS[0]
    )
    stored = judge.row("SELECT preference FROM svc_members WHERE address = ?",
                       [PLAYERS[0]])  # fmt: skip
    assert stored[0] is None


def test_master_sets_random_draw(judge):
    judge.send(MASTER, "CREATE ?alpha pw-master\nBECOME MASTER")
    out = judge.send(MASTER, "SIGNON Malpha pw-master\nSET PRFRAND")
    assert "Powers will be drawn at random for everyone." in out[0].body
    assert judge.game()["assignment"] == "random"
    out = judge.send(PLAYERS[0], "SIGNON ?alpha pw-x\nSET PREFERENCE E")
    assert "This game draws every power at random (SET PRFRAND)." in out[0].body
    out = judge.send(PLAYERS[0], "SIGNON ?alpha pw-x\nSET PRFLIST")
    assert "Powers will be drawn" not in out[0].body  # a player cannot
    assert judge.game()["assignment"] == "random"


def test_prfboth_gives_star_a_random_power(judge):
    judge.send(MASTER, "CREATE ?alpha pw-master\nBECOME MASTER")
    judge.send(MASTER, "SIGNON Malpha pw-master\nSET PRFBOTH")
    letters = ["*", "E", "F", "G", "I", "R", "T"]
    for address, wanted in zip(PLAYERS, letters, strict=True):
        body = f"SIGNON ?alpha {password(address)}\nSET PREFERENCE {wanted}"
        judge.send(address, body)
    names = {"A": "AUSTRIA", "E": "ENGLAND", "F": "FRANCE", "G": "GERMANY",
             "I": "ITALY", "R": "RUSSIA", "T": "TURKEY"}  # fmt: skip
    drawn = {judge.seat(power): power for power in names.values()}
    random_power = drawn[PLAYERS[0]]
    # the random power is taken first; every other player has the power
    # listed, or Austria (which nobody listed) when the random draw took it
    for address, letter in zip(PLAYERS[1:], letters[1:], strict=True):
        listed = names[letter]
        expected = "AUSTRIA" if listed == random_power else listed
        assert drawn[address] == expected


def test_preference_after_start_is_refused(judge):
    join(judge)
    body = f"SIGNON Ealpha {password(PLAYERS[0])}\nSET PREFERENCE F"
    out = judge.send(PLAYERS[0], body)
    assert "Preferences count only before the powers are drawn." in out[0].body


def test_every_variant_reads_its_own_seats(judge):
    """The rulebook's small games (seats P1.., by number or any country)
    and Imperial (cities' three letters or names)."""
    judge.send(MASTER, "CREATE ?sm pw-master standard-4p\nBECOME MASTER")
    for text, reading in [
        ("2 1", "P2 (Austria and France), then P1 (England)"),
        ("France", "P2 (Austria and France)"),
        ("F G", "P2 (Austria and France), then P3 (Germany and Turkey)"),
    ]:
        out = judge.send(PLAYERS[0], f"SIGNON ?sm pw\nSET PREFERENCE {text}")
        assert f"Your preference: {reading}." in out[0].body
    judge.send(MASTER, "CREATE ?imp pw-master imperial\nBECOME MASTER")
    for text in ("BRE", "Brest"):
        out = judge.send(PLAYERS[0], f"SIGNON ?imp pw\nSET PREFERENCE {text}")
        assert "Your preference: Empire of Brest (BRE)." in out[0].body
    # a folder of the zone database is no time zone (and no crash); Pacific,
    # also a folder, is njudge's name of the US west coast's zone
    out = judge.send(PLAYERS[0], "SIGNON ?sm pw\nSET TIMEZONE America")
    assert "'America' is not a time zone" in out[0].body
    out = judge.send(PLAYERS[0], "SIGNON ?sm pw\nSET TIMEZONE Pacific")
    assert "Your time zone is now America/Los_Angeles." in out[0].body

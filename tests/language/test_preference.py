"""SET PREFERENCE lists read the ways players write them (issue 25/28)."""

import pytest

from judge.language.names import fold
from judge.language.preference import Preference, PreferenceError, read_preference
from judge.variants import load_variant


def words(variant: str):
    board = load_variant(variant)[0]
    names, letters = {}, {}
    for power in board.powers.values():
        for spelling in (power.name, power.adjective, power.id):
            names.setdefault(fold(spelling), power.id)
        letters.setdefault(power.letter.upper(), power.id)
    return names, letters


def read(text: str, variant: str = "standard") -> Preference:
    return read_preference(text, *words(variant))


@pytest.mark.parametrize(
    "text",
    ["Russia, Germany", "R G", "RG", "rg", "Russian German", "Rus Ger", "R, G"],
)
def test_two_powers_however_written(text):
    assert read(text).ranks == (("RUSSIA",), ("GERMANY",))


def test_weighted_letters_in_brackets():
    assert read("E[FGR][TAI]").ranks == (
        ("ENGLAND",),
        ("FRANCE", "GERMANY", "RUSSIA"),
        ("TURKEY", "AUSTRIA", "ITALY"),
    )
    assert read("f(ergti)a").ranks == (
        ("FRANCE",),
        ("ENGLAND", "RUSSIA", "GERMANY", "TURKEY", "ITALY"),
        ("AUSTRIA",),
    )
    assert read("[France Germany] Russia").ranks == (
        ("FRANCE", "GERMANY"),
        ("RUSSIA",),
    )


def test_seven_letters_in_a_row():
    assert [g[0] for g in read("ATRIFEG").ranks] == [
        "AUSTRIA", "TURKEY", "RUSSIA", "ITALY", "FRANCE", "ENGLAND", "GERMANY",
    ]  # fmt: skip


def test_a_name_is_never_read_letter_by_letter():
    # 1913: S, P, A, I, N are all letters (Serbia, Portugal, Austria...)
    assert read("Spain", "1913").ranks == (("SPAIN",),)
    assert read("Austria-Hungary, Great Britain", "1913").ranks == (
        ("AUSTRIA",),
        ("ENGLAND",),
    )


def test_random_alone():
    assert read("*").random
    with pytest.raises(PreferenceError, match="stands alone"):
        read("E *")


@pytest.mark.parametrize(
    "text, reason",
    [
        ("Xanadu", "'Xanadu' is not a power"),
        ("EE", "already in the list"),
        ("England, E", "already in the list"),
        ("E[FG", "never closed"),
        ("E]F", "closes no bracket"),
        ("[E[F]]", "nested"),
        ("", "names no power"),
        ("E" * 401, "at most 400"),
    ],
)
def test_refused_with_the_reason(text, reason):
    with pytest.raises(PreferenceError, match=reason):
        read(text)


def test_stored_form_round_trips():
    for text in ("E[FGR][TAI]", "*", "Russia"):
        preference = read(text)
        assert Preference.from_stored(preference.stored()) == preference
    # lists stored before weights: one power per rank, by commas
    assert Preference.from_stored("FRANCE,GERMANY").ranks == (
        ("FRANCE",),
        ("GERMANY",),
    )

"""A phase named as njudge's masters name it (PROCESS Fall 1905 Retreat)."""

from hypothesis import given
from hypothesis import strategies as st

from judge.language.phase_names import read_phase

SEASON_WORDS = {"S": ["Spring", "spring", "SUMMER"], "F": ["Fall", "autumn", "FALL"]}
KIND_WORDS = {"M": ["Movement", "move", "Moves"], "R": ["Retreat", "retreats", "ret"]}


@given(
    st.sampled_from("SF"), st.integers(1000, 9999), st.sampled_from("MR"),
    st.data(),
)  # fmt: skip
def test_words_and_codes_name_the_same_phase(season, year, kind, data):
    code = f"{season}{year}{kind}"
    season_word = data.draw(st.sampled_from(SEASON_WORDS[season]))
    kind_word = data.draw(st.sampled_from(KIND_WORDS[kind]))
    assert read_phase(f"{season_word} {year} {kind_word}") == code
    assert read_phase(code.lower()) == code


@given(st.integers(1000, 9999))
def test_the_adjustments_are_winter_however_named(year):
    for text in (f"Fall {year} Build", f"F{year}B", f"Winter {year} Adjustments",
                 f"W{year}A", f"winter {year} builds"):  # fmt: skip
        assert read_phase(text) == f"W{year}A"


@given(st.text(max_size=30))
def test_anything_else_is_no_phase_or_a_well_formed_one(text):
    found = read_phase(text)
    assert found is None or (found[0] in "SFW" and found[-1] in "MRA")

"""The variant defined under tests/ (tests/variants/plugin, "truce") played by
mail: created by name, its order word read beside the order language, its
rule applied at the deadline, its facts in the results."""

import pytest
from harness import HOLDS, MASTER, form_game, signon

from judge.engine.board import add_maps_dir, remove_maps_dir
from judge.variants import register
from tests.variants.plugin import MAPS, VARIANT


@pytest.fixture(autouse=True)
def truce():
    register(VARIANT)
    add_maps_dir(MAPS)
    yield
    remove_maps_dir(MAPS)


def test_a_game_of_a_plugged_in_variant_by_mail(judge):
    form_game(judge, options="", master=True, variant="truce")
    assert judge.game()["variant"] == "truce"
    italy = judge.send(
        judge.seat("ITALY"),
        f"{signon(judge, 'ITALY')}\nDeclare war on Austria\n"
        "A Ven-Tri\nA Rom H\nF Nap H",
    )[0].body
    assert "Refused" not in italy and "not understood" not in italy, italy
    assert "WAR AUSTRIA" in italy  # echoed as the variant writes it
    for power, holds in HOLDS.items():
        if power != "ITALY":
            judge.send(judge.seat(power), f"{signon(judge, power)}\n{holds}")
    results = judge.tick(judge.deadline())
    body = next(m.body for m in results if m.to == (MASTER,))
    assert "Italy: Army Venice -> Trieste.  (*bounce*)" in body  # at war: fought
    assert "Wars: AUSTRIA and ITALY." in body
    assert judge.phase() == "F1901M"


def test_its_rule_voids_an_attack_at_peace_by_mail(judge):
    form_game(judge, variant="truce")
    for power, holds in HOLDS.items():
        if power == "AUSTRIA":
            holds = "F Tri-Ven\nA Vie H\nA Bud H"
        judge.send(judge.seat(power), f"{signon(judge, power)}\n{holds}")
    body = next(m.body for m in judge.tick(judge.deadline()) if m.to == (MASTER,))
    assert "Austria: Fleet Trieste -> Venice.  (*void*)" in body
    assert "Wars:" not in body

"""The command language: keywords, optional spaces, usage messages."""

import pytest

from judge.language.commands import CommandError, read_command
from judge.service.commands import REGISTRY


@pytest.mark.parametrize(
    ("line", "name", "args"),
    [
        ("SIGN ON ?alpha secret", "signon", ("?alpha", "secret")),
        ("signon Ealpha secret", "signon", ("Ealpha", "secret")),
        ("end press", "endpress", ()),
        ("ENDPRESS", "endpress", ()),
        ("who game alpha", "whogame", ("alpha",)),
        ("set move clock 1200", "set_timing", ("1200",)),
        ("Press to France, E", "press", ("to France, E",)),
        ("create ?g pw standard", "create", ("?g", "pw", "standard")),
        ("Force Begin", "force_begin", ()),
        ("set absence 1 Jan to 3 Jan", "set_absence", ("1 Jan to 3 Jan",)),
    ],
)
def test_commands_read(line, name, args):
    command = read_command(line)
    assert command is not None
    assert (command.name, command.args) == (name, args)


@pytest.mark.parametrize("line", ["set no wait", "SET NOWAIT", "set  nowait"])
def test_spaces_inside_keywords_are_optional(line):
    assert read_command(line).words == ("NOWAIT",)


@pytest.mark.parametrize("line", ["A Vie-Tri", "F Bre-Pic", "Build A Par", ""])
def test_orders_are_not_commands(line):
    assert read_command(line) is None


@pytest.mark.parametrize(
    ("line", "usage"),
    [("signon alpha", "SIGNON ?<game>"), ("create", "CREATE ?<game>")],
)
def test_malformed_commands_say_how(line, usage):
    with pytest.raises(CommandError) as raised:
        read_command(line)
    assert REGISTRY.usage(raised.value.keyword).startswith(usage)


def test_become_master_is_not_become_a_power():
    assert read_command("become master").name == "become_master"
    assert read_command("BECOME France").name == "become"


@pytest.mark.parametrize(
    ("line", "name"),
    [("set wait", "set_wait"), ("SET NO DRAW", "set_draw"), ("set nonmr", "set_nmr")],
)
def test_each_flag_is_its_own_command(line, name):
    assert read_command(line).name == name

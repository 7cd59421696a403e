"""A command added from a test package (tests/service/command_plugin): its
grammar rule and its Spec make it a command, read, dispatched, listed by
HELP and told its usage when mistyped, with no edit under judge/."""

import pytest
from command_plugin import GRAMMAR, SPEC

from judge.language.commands import CommandError, read_command
from judge.service.commands import register_command, unregister_command

NOT_A_COMMAND = '"SHOUT" is not a command this judge knows'


@pytest.fixture
def shout():
    register_command(SPEC, GRAMMAR)
    yield
    unregister_command(SPEC, GRAMMAR)


def test_without_the_plugin_its_keyword_is_no_command(judge):
    assert read_command("SHOUT hello there") is None
    assert NOT_A_COMMAND in judge.send("anyone@example.org", "SHOUT hi")[0].body


def test_a_plugged_in_command_is_read_and_dispatched(judge, shout):
    assert read_command("shout hello there").name == "shout"
    body = judge.send("anyone@example.org", "Shout hello there")[0].body
    assert "> Shout hello there\n\nHELLO THERE!" in body
    assert NOT_A_COMMAND not in body


def test_a_plugged_in_command_mistyped_is_told_its_usage(judge, shout):
    with pytest.raises(CommandError) as raised:
        read_command("SHOUT")
    assert raised.value.keyword == "shout"
    assert "Use: SHOUT <words>" in judge.send("anyone@example.org", "SHOUT")[0].body


def test_help_lists_a_plugged_in_command(judge, shout):
    body = judge.send("anyone@example.org", "HELP")[0].body
    assert "SHOUT <words>" in body and "Says the words louder." in body


def test_taken_back_the_command_is_gone(judge):
    register_command(SPEC, GRAMMAR)
    unregister_command(SPEC, GRAMMAR)
    assert read_command("SHOUT hello") is None
    assert NOT_A_COMMAND in judge.send("anyone@example.org", "SHOUT hi")[0].body

"""The command registry: every grammar rule has exactly one command, HELP
and GET MASTER list every command, and the usage of a mistyped command is
the one players have always been sent."""

from __future__ import annotations

import re

import pytest

from judge.language.commands import GRAMMAR, CommandError, read_command
from judge.service.commands import REGISTRY, Go
from judge.service.commands.registry import Registry, Spec, keyword_of


def grammar_rules() -> set[str]:
    rules = set(re.findall(r"^([a-z_]+):", GRAMMAR.read_text(), re.MULTILINE))
    rules -= {"set"}  # SET <setting>: each setting is a command
    rules.discard("set_flag")  # read as set_wait, set_draw, set_nmr, set_concede
    return rules | {"set_wait", "set_draw", "set_nmr", "set_concede"}


def test_every_grammar_rule_is_a_registered_command_and_back():
    assert grammar_rules() == set(REGISTRY.specs)


def test_a_command_registered_twice_is_refused():
    spec = Spec("help", "information", "HELP", "", lambda ctx, command: Go.ON)
    with pytest.raises(ValueError, match="twice"):
        Registry([spec, spec], [])


def test_help_and_get_master_list_every_command_with_help(judge):
    body = judge.send("anyone@example.org", "HELP\nGET MASTER")[0].body
    help_part, master_part = body.split("> GET MASTER")
    for spec in REGISTRY.specs.values():
        if not spec.help:
            continue
        shown = spec.shown or spec.usage
        part = master_part if spec.group == "master" else help_part
        assert f"  {shown}" in part, shown
        first_words = " ".join(spec.help.split()[:3])
        assert first_words in " ".join(part.split()), spec.name
    for name in REGISTRY.topics:
        assert name.upper() in help_part
    assert "BECOME <power>" not in help_part  # the master's, in GET MASTER


def test_every_help_topic_is_served(judge):
    for name in REGISTRY.topics:
        body = judge.send("anyone@example.org", f"GET {name}")[0].body
        assert "There is no help topic" not in body
        assert len(body) > 200


# The usage lines players got before the registry existed: they must not
# change (only HELP's own text may), except where njudge's forms widened
# them (the implied game, HISTORY's dates, SET ABSENCE's optional end, the
# timing commands of issue 24).
OLD_USAGE = {
    "help": "HELP",
    "get": "GET <topic>",
    "list": "LIST [FULL|<game>]",  # njudge's LIST FULL (issue 24's audit)
    "history": "HISTORY [<game>] [FROM <date>] [TO <date>] [LINES <n>]",
    "summary": "SUMMARY [<game>]",
    "whogame": "WHOGAME [<game>]",
    "create": "CREATE ?<game> <password> [variant] [options], or CREATE ?<game> "
    "<password> random [powers=N] [seed=S] [options]",
    "become": "BECOME MASTER or BECOME <power>",
    "signon": "SIGNON ?<game> <password> (to join) or SIGNON <letter><game> "
    "<password> (to play)",
    "observe": "OBSERVE <game> [<password>]",
    "press": "PRESS TO <powers> [GREY|WHITE] [FAKE ...]",
    "process": "PROCESS [<phase>]",
    "rollback": "ROLLBACK [<turn>]",
    "eject": "EJECT <power or address>",
    "map": "MAP <game> [<phase>]",
    # njudge's press options, SET DRAW <powers>, SET CONCEDE and the game
    # settings (SET <option>) joined in this round (issue 24)
    "set": "SET PASSWORD <new>, SET ADDRESS <address>, SET WAIT/NOWAIT, "
    "SET DRAW [<powers>]/NODRAW, SET [NO] CONCEDE <power>, "
    "SET ABSENCE <from> [TO <to>], SET TIMEZONE <zone>, "
    "SET END <ending>/NOEND (a variant's rule), "
    "SET PREFERENCE <powers>, SET MAP ON/OFF, SET COUNTRY <name>, "
    "SET COLOUR <colour>; master: SET DEADLINE <date>, "
    "SET GRACE <date>, SET START <date>, "
    "SET MOVE|RETREAT|ADJUST CLOCK|MIN|NEXT|GRACE|DELAY|DAYS <value> ..., "
    "SET MAX ABSENCE <days>, SET NMR/NONMR, SET VARIANT <name>, "
    "SET MODERATED/UNMODERATED, SET PRFLIST|PRFRAND|PRFBOTH, SET PLAYERS <n>, "
    "SET POWERS <n>, SET DEDICATION <n>, SET ONTIMERAT <r>, SET RESRAT <r>, "
    "SET <option> [<value>]",
}


@pytest.mark.parametrize("keyword", sorted(OLD_USAGE))
def test_usage_lines_are_unchanged(keyword):
    assert REGISTRY.usage(keyword) == OLD_USAGE[keyword]


@pytest.mark.parametrize(
    "line",
    ["register now", "resign please now", "clear all", "pause it", "force begin now",
     "end press x", "signon x", "set", "become", "get", "hello x",
     "send", "watch", "withdraw now please", "suspend it"],
)  # fmt: skip
def test_a_mistyped_command_is_told_its_usage(judge, line):
    with pytest.raises(CommandError) as raised:
        read_command(line)
    keyword = raised.value.keyword
    specs = [s for s in REGISTRY.specs.values() if keyword_of(s.name) == keyword]
    assert specs, keyword
    body = judge.send("anyone@example.org", line)[0].body
    assert f"Use: {REGISTRY.usage(keyword)}" in body


def test_index_and_help_come_from_the_registry_so_they_cannot_drift(judge):
    """A command added to the registry shows in HELP and GET INDEX alike."""
    spec = Spec(
        "frobnicate", "information", "FROBNICATE <thing>",
        "a command invented for this test", lambda ctx, command: None,
    )  # fmt: skip
    REGISTRY.specs["frobnicate"] = spec
    try:
        body = judge.send("anyone@example.org", "HELP\nGET INDEX")[0].body
    finally:
        del REGISTRY.specs["frobnicate"]
    help_part, index_part = body.split("> GET INDEX")
    for part in (help_part, index_part):
        assert "FROBNICATE <thing>" in part
        assert "a command invented for this test" in part
    for spec in REGISTRY.specs.values():  # the index lists the master's too
        if spec.help:
            assert f"  {spec.shown or spec.usage}" in index_part, spec.name


def test_get_flist_names_every_file_and_send_me_is_get(judge):
    body = judge.send("anyone@example.org", "SEND ME flist")[0].body
    for name in REGISTRY.topics:
        assert f"  {name.upper()}" in body
    for name in ("info", "index", "syntax", "press", "deadlines", "absence",
                 "draws", "history", "form", "rules", "map", "flist", "guide",
                 "master", "package"):  # fmt: skip
        assert name in REGISTRY.topics

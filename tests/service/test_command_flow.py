"""Handlers are typed and stop one way: each returns a `Go`, and the
session reads that verdict alone (issue 22 §4)."""

from __future__ import annotations

import inspect
import re
from pathlib import Path

import pytest

from judge.language.commands import read_command
from judge.service.commands import REGISTRY, Go, Spec
from judge.service.commands.context import Context, Request
from judge.service.commands.registry import Registry

SERVICE = Path(__file__).resolve().parents[2] / "judge" / "service"


def handler_functions():
    """Each registered handler, and the body a wrapper (master_only,
    moderator) hands it to."""
    for spec in REGISTRY.specs.values():
        yield spec.name, spec.handler
        wrapper = spec.handler.__qualname__.split(".")[0]
        if wrapper not in ("master_only", "moderator"):
            continue
        for cell in spec.handler.__closure__ or ():
            if inspect.isfunction(cell.cell_contents):
                yield spec.name, cell.cell_contents


def test_every_handler_is_declared_to_return_go():
    untyped = [
        f"{name}: {fn.__qualname__}"
        for name, fn in handler_functions()
        if inspect.signature(fn).return_annotation not in ("Go", Go)
    ]
    assert untyped == []


def test_every_handler_names_what_it_is_given():
    """ctx: Context and command: Command (and game: Game for the master's
    and moderators' bodies), so a type checker sees every handler."""
    wanted = {"ctx": "Context", "command": "Command", "game": "Game"}
    untyped = [
        f"{name}: {fn.__qualname__}({param.name})"
        for name, fn in handler_functions()
        for param in inspect.signature(fn).parameters.values()
        if param.annotation != wanted.get(param.name)
    ]
    assert untyped == []


def test_a_handler_returning_anything_but_go_is_refused():
    def old_shape(ctx, command) -> None:
        ctx.say("done")

    registry = Registry([Spec("help", "information", "HELP", "", old_shape)], [])
    ctx = Context(Request(None, None, "a@example.org", None, registry))
    with pytest.raises(TypeError, match="help returned None, not a Go"):
        registry.dispatch(ctx, read_command("HELP"))
    assert ctx.reply.lines == ["done"]


def test_a_handler_stopping_ends_the_message(judge):
    """SIGNOFF returns Go.STOP: nothing after it is read or answered."""
    body = judge.send("a@example.org", "HELP\nSIGNOFF\nLIST")[0].body
    assert "> HELP" in body
    assert "> LIST" not in body
    assert "The rest of your message was not read" not in body  # quietly


def test_a_failed_signon_stops_and_says_so(judge):
    body = judge.send("a@example.org", "SIGNON Fnosuch pw\nHELP")[0].body
    assert "There is no game named 'nosuch'." in body
    assert body.rstrip().endswith("The rest of your message was not read.")
    assert "> HELP" not in body


def test_nothing_in_the_service_raises_to_stop():
    """The one stop mechanism: no exception ends a message's reading."""
    raised = [
        f"{path.name}: {line.strip()}"
        for path in SERVICE.rglob("*.py")
        for line in path.read_text().splitlines()
        if re.search(r"\braise Stop\b|\bexcept Stop\b|class Stop\b", line)
    ]
    assert raised == []


def test_a_handler_reads_the_request_and_writes_the_reply():
    """The request is read only; what a handler says goes to the reply."""
    ctx = Context(Request(None, None, "a@example.org", None, REGISTRY))
    with pytest.raises(AttributeError):
        ctx.sender = "b@example.org"
    with pytest.raises(AttributeError):
        ctx.request.sender = "b@example.org"  # frozen
    ctx.say("one")
    ctx.announce("g", "SET WAIT")
    assert ctx.reply.lines == ["one"]
    assert ctx.reply.notices == {"g": ["SET WAIT"]}

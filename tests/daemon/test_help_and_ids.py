"""The handler the daemon runs, and the intake's quick Message-ID scan."""

from datetime import UTC, datetime

from judge.config import Config, JudgeSettings
from judge.daemon import make_handler
from judge.daemon.daemon import _message_id
from judge.mail.message import IncomingMail
from judge.service.handler import GameService
from tests.daemon.simple_handler import HelpHandler

NOW = datetime(2026, 1, 1, tzinfo=UTC)


def incoming(body: str, subject: str = "") -> IncomingMail:
    return IncomingMail(
        id=1,
        sender="alice@example.org",
        subject=subject,
        body=body,
        message_id="<m@example.org>",
        references=("<r@example.org>",),
    )


def test_simple_handler_help_unknown_and_empty():
    handler = HelpHandler(JudgeSettings())
    (reply,) = handler.handle(None, incoming("\n  help me\n"), NOW)
    assert "This is the Diplomacy judge PYJ at judge@localhost" in reply.body
    assert reply.to == ("alice@example.org",)
    assert reply.in_reply_to == "<m@example.org>"
    assert reply.subject == "Re: your message to the judge"
    (reply,) = handler.handle(None, incoming("SIGNON france", "Re: game"), NOW)
    assert '"SIGNON" is not a command' in reply.body and reply.subject == "Re: game"
    (reply,) = handler.handle(None, incoming("", "HELP"), NOW)
    assert "This is the Diplomacy judge" in reply.body
    (reply,) = handler.handle(None, incoming(""), NOW)
    assert "empty" in reply.body
    assert handler.tick(None, NOW) == []


def test_the_daemon_runs_the_game_service():
    assert isinstance(make_handler(Config()), GameService)


def test_the_warm_up_at_start_logs_no_migration(caplog):
    # Its scratch database's migrations once filled every start's log, as if
    # the operator's file were upgraded again each time.
    handler = make_handler(Config())
    caplog.set_level("INFO")
    try:
        handler.warm()
    finally:
        handler.close()
    assert [r.message for r in caplog.records if "migrated" in r.message] == []


def test_message_id_scan():
    assert _message_id(b"From: a\r\nMessage-ID: <x@y.org>\r\n\r\nb") == "<x@y.org>"
    assert _message_id(b"message-id:\r\n  <f@y.org>\r\n\r\n") == "<f@y.org>"
    assert _message_id(b"From: a\n\nMessage-ID: <in@body.org>\n") is None
    assert _message_id(b"") is None
    assert _message_id(b"Message-ID: <only@headers.org>") == "<only@headers.org>"

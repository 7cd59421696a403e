"""Robots that answer the judge without saying so: detected, one notice,
then silence; people and scripts that do not answer the judge are not."""

from datetime import UTC, datetime, timedelta

from judge.mail import loops
from judge.mail.loops import ANSWER, NOTICE, SILENT, check_echo, note_reply
from judge.store.db import transaction

T0 = datetime(2026, 11, 25, 9, 0, tzinfo=UTC)
REPLY = (
    "This is the Diplomacy judge PYJ.\n"
    '"I am out of the office until Monday" is not a command.\n'
    "Send HELP for the list of commands.\n"
)


def exchange(db, n, *, sender="robot@example.org", gap=2.0, **message):
    """The judge replies, the correspondent answers `gap` seconds later;
    n times.  Returns the verdicts."""
    verdicts, now = [], T0
    for i in range(n):
        with transaction(db):
            note_reply(db, sender, f"<j{i}@judge.example>", "Re: away", REPLY, now)
        now += timedelta(seconds=gap)
        refs = message.get("references", lambda i: (f"<j{i}@judge.example>",))(i)
        with transaction(db):
            verdicts.append(
                check_echo(
                    db,
                    sender,
                    message.get("subject", "Auto: Re: away"),
                    next(message["texts"])
                    if message.get("texts")
                    else message.get("text", "I am out of the office until Monday"),
                    message.get("quoted", ""),
                    refs,
                    now,
                )
            )
        now += timedelta(seconds=1)
    return verdicts


def test_a_responder_answering_each_reply_is_stopped_after_two_replies(db):
    verdicts = exchange(db, 8)
    assert loops.ECHO_REPLIES == 2
    assert verdicts[:2] == [ANSWER, ANSWER]
    assert verdicts[2] == NOTICE
    assert set(verdicts[3:]) == {SILENT}


def test_near_identical_texts_are_the_same_robot(db):
    texts = iter(
        [
            "I am OUT of the office until Monday.",
            "I am out of the office until Monday!\n> SIGNON ?alpha ****",
            "i am out of the office, until monday",
        ]
    )
    verdicts = exchange(db, 3, gap=240.0, text=None, texts=texts)
    assert verdicts == [ANSWER, ANSWER, NOTICE]


def test_a_responder_quoting_the_reply_without_references_is_stopped(db):
    verdicts = exchange(
        db,
        6,
        references=lambda i: (),
        subject="Out of office",
        quoted="Away.\n> Send HELP for the list of commands.\n",
    )
    assert NOTICE in verdicts


def test_identical_answers_count_even_when_slow(db):
    verdicts = exchange(db, 6, gap=120.0)
    assert NOTICE in verdicts


def test_a_slow_person_replying_in_the_thread_is_answered(db):
    texts = iter(f"A Par - Bur\nF Bre - Mid {i}" for i in range(10))
    verdicts = []
    now = T0
    for i in range(10):
        with transaction(db):
            note_reply(db, "alice@example.org", f"<j{i}@j>", "Re: orders", REPLY, now)
        now += timedelta(seconds=90)
        with transaction(db):
            verdicts.append(
                check_echo(
                    db,
                    "alice@example.org",
                    "Re: orders",
                    next(texts),
                    "",
                    (f"<j{i}@j>",),
                    now,
                )
            )
    assert set(verdicts) == {ANSWER}


def test_a_script_sending_the_same_help_again_and_again_is_not_a_loop(db):
    # It answers nothing of the judge's: the rate limit's business.
    verdicts = exchange(db, 20, references=lambda i: (), subject="help", text="HELP")
    assert set(verdicts) == {ANSWER}


def test_a_person_resending_much_later_is_answered(db):
    # the same text, but not within minutes of the judge's reply
    verdicts = exchange(db, 6, gap=loops.ECHO_QUICK + 60)
    assert set(verdicts) == {ANSWER}


def test_the_pause_ends(db):
    verdicts = exchange(db, loops.ECHO_REPLIES + 1)
    assert verdicts[-1] == NOTICE
    later = T0 + timedelta(seconds=loops.ECHO_PAUSE + 600)
    with transaction(db):
        again = check_echo(db, "robot@example.org", "hello", "HELP", "", (), later)
    assert again == ANSWER


def test_addresses_are_compared_as_mailboxes(db):
    exchange(db, loops.ECHO_REPLIES + 1, sender="Robot@Example.org")
    with transaction(db):
        verdict = check_echo(
            db, "robot@EXAMPLE.org", "x", "y", "", (), T0 + timedelta(minutes=5)
        )
    assert verdict == SILENT

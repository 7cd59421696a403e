"""Logs: one line per event, JSON when asked."""

import json
import logging

from judge.daemon.logs import JsonFormatter, OneLineFormatter


def record(message, exc_info=None):
    return logging.LogRecord(
        "judge.worker", logging.INFO, __file__, 1, message, (), exc_info
    )


def test_text_lines_stay_on_one_line():
    line = OneLineFormatter().format(record("two\nlines"))
    assert "\n" not in line
    assert line.endswith("INFO judge.worker: two | lines")


def test_json_lines():
    try:
        raise ValueError("bad")
    except ValueError:
        import sys

        line = JsonFormatter().format(record("handled message 3", sys.exc_info()))
    entry = json.loads(line)
    assert "\n" not in line
    assert entry["message"] == "handled message 3"
    assert entry["level"] == "INFO" and entry["logger"] == "judge.worker"
    assert entry["time"].endswith("Z")
    assert "ValueError: bad" in entry["exception"]

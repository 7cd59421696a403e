"""The bodies of the judge's mails, in the fixed njudge layout
(docs/contracts/results-format.md).

    results.py     the results mail of an adjudicated phase
    order_report.py the reply to a message with orders
    describe.py    units and orders in the words of the results
    ownership.py   the 'Ownership of supply centers:' block
    status.py      the position as LIST writes it ('Status of the ... phase')
    start.py       the game-start notice
    archive.py     the game's archive as HISTORY mails it
    header.py      the `::` identification lines and the subjects
    dates.py       dates as the mails write them
    variant.py     what is particular to a variant, in plain lines
    templating.py  the jinja2 environment of templates/

The service calls:

* `results_mail(...)`    -> (subject, body) after a phase is adjudicated
* `order_reply(...)`     -> body of the reply to a message with orders
* `identification_header(...)` -> the `::` lines every game mail starts with
* `game_reply_subject(...)` -> the subject of the judge's reply in a game
* `judge_date(...)`, `date_in_words(...)` -> dates as the mails write them
"""

from judge.reports.dates import date_in_words, judge_date
from judge.reports.header import game_reply_subject, identification_header
from judge.reports.order_report import order_reply
from judge.reports.results import game_result, results_mail

__all__ = [
    "date_in_words",
    "game_result",
    "identification_header",
    "judge_date",
    "order_reply",
    "game_reply_subject",
    "results_mail",
]

"""The bodies of the judge's mails, in the fixed njudge layout.

See shared contract `results-format.md`.  The service calls:

* `results_mail(...)`    -> (subject, body) after a phase is adjudicated
* `order_reply(...)`     -> body of the reply to a message with orders
* `identification_header(...)` -> the `::` lines every game mail starts with
* `judge_date(...)`, `date_in_words(...)` -> dates as the mails write them
"""

from judge.reports.dates import date_in_words, judge_date
from judge.reports.header import identification_header, reply_subject
from judge.reports.orders import order_reply
from judge.reports.results import game_result, results_mail

__all__ = [
    "date_in_words",
    "game_result",
    "identification_header",
    "judge_date",
    "order_reply",
    "reply_subject",
    "results_mail",
]

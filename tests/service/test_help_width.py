"""Every help page the judge mails (HELP and each GET topic) keeps its lines
within 78 characters, as mail readers and njudge's files do, whatever the
lists it fills in (the topics, the synonyms, a judge's house rules)."""

from harness import PLAYERS

from judge.service.commands import REGISTRY

WIDTH = 78


def test_every_help_page_fits_in_78_columns(judge):
    topics = REGISTRY.topic_names().split(", ")
    assert len(topics) > 20 and "SETTINGS" in topics
    for request in ["HELP", *(f"GET {topic}" for topic in topics)]:
        for mail in judge.send(PLAYERS[0], request):
            long = [line for line in mail.body.splitlines() if len(line) > WIDTH]
            assert not long, (request, mail.subject, long)

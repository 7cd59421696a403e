"""A game's deadlines as an iCalendar feed (RFC 5545), written by the
`icalendar` library: one event per deadline to come, its UID made of the
game, the phase and the judge's host, so a moved deadline updates the
calendar's event instead of adding one."""

from __future__ import annotations

from datetime import datetime, timedelta
from urllib.parse import urlsplit

from icalendar import Calendar, Event


def deadline_feed(game: str, events: list[dict], page_url: str, now: datetime) -> bytes:
    host = urlsplit(page_url).hostname or "localhost"
    cal = Calendar()
    cal.add("prodid", "-//pyjudge//deadlines//EN")
    cal.add("version", "2.0")
    cal.add("x-wr-calname", f"Diplomacy: {game}")
    cal.add("refresh-interval", timedelta(hours=1), parameters={"VALUE": "DURATION"})
    for item in events:
        event = Event()
        event.add("uid", f"{game}-{item['phase']}-deadline@{host}")
        event.add("dtstamp", now)
        event.add("dtstart", item["at"])
        event.add("dtend", item["at"] + timedelta(minutes=15))
        event.add("summary", f"{game}: orders for {item['phase']} due")
        event.add("description", f"Orders for {item['words']} are due in game {game}.")
        event.add("url", page_url)
        cal.add_component(event)
    return cal.to_ical()

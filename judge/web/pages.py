"""What each page shows, read from the game store (read-only) and put in the
shape its template wants.  Nothing here writes, and nothing here shows
private press, an unprocessed order or anybody's address."""

from __future__ import annotations

import json
from collections import OrderedDict
from dataclasses import dataclass
from datetime import datetime
from threading import Lock

from judge.engine.serialize import position_from_json
from judge.engine.state import Phase
from judge.pictures import render_svg
from judge.pictures.geometry import GeometryError
from judge.pictures.style import power_colours
from judge.reports.dates import date_in_words
from judge.service import queries
from judge.service.export import has_mila_record
from judge.service.game_map import NoPicture, game_scene
from judge.service.game_options import identities_hidden
from judge.service.seats import game_seats
from judge.service.web_links import key_matches
from judge.web.chart import centre_chart


class NotFound(LookupError):
    """No such page; the message says what was asked for."""


@dataclass(frozen=True)
class Found:
    game: queries.Game
    key: str | None  # the key given, kept in links (unlisted games only)

    @property
    def query(self) -> str:
        return f"?key={self.key}" if self.game.unlisted and self.key else ""


def find_game(db, name: str, key: str | None) -> Found:
    """The game `name`, when it may be shown: an unlisted game only with its
    key.  A wrong key is the same NotFound as a missing game."""
    game = queries.load_game(db, name.lower()) if len(name) <= 64 else None
    if game is None or (game.unlisted and not key_matches(db, game.name, key)):
        raise NotFound(f"There is no game named '{name[:64]}' on this judge.")
    return Found(game, key)


class PictureCache:
    """Boards drawn once per game and phase (the drawing is a function of
    the stored position and orders, so a key naming them stays right)."""

    def __init__(self, size: int = 256) -> None:
        self.size = size
        self.items: OrderedDict[tuple, str] = OrderedDict()
        self.lock = Lock()

    def board(self, db, game: queries.Game, phase: str | None, turns: int) -> str:
        key = (game.name, phase, turns, game.position)
        with self.lock:
            if key in self.items:
                self.items.move_to_end(key)
                return self.items[key]
        try:
            scene = game_scene(db, game.name, phase)
            svg = render_svg(scene.board, scene.position, scene.orders, scene.title)
        except GeometryError:
            svg = ""  # a map without a drawing: the page goes without
        with self.lock:
            self.items[key] = svg
            while len(self.items) > self.size:
                self.items.popitem(last=False)
        return svg


def version(db, name: str) -> tuple | None:
    return queries.page_version(db, name)


def _deadline(game: queries.Game, tz: str) -> dict | None:
    when = queries.moment(game.deadline)
    if game.status != "active" or when is None:
        return None
    return {"iso": when.isoformat(), "words": date_in_words(when, tz)}


def _phase_words(phase: Phase) -> str:
    return f"{phase.season_name} {phase.year}, {phase.type_name}"


def _processed(db, name: str) -> list[tuple[int, str, str, str]]:
    return queries.turns(db, name, "turn, phase, position, orders")


def game_list(db, tz: str) -> dict:
    """The front page: forming, active and finished games (listed ones)."""
    forming, active, finished = [], [], []
    for name in queries.listed_game_names(db):
        game = queries.load_game(db, name)
        board = game.board
        entry = {"name": game.name, "variant": game.variant_label}
        if game.status == "forming":
            players = len(queries.members(db, name, "player"))
            entry["seats"] = f"{players} of {len(game_seats(game, board))}"
            forming.append(entry)
            continue
        position = game.current(board)
        counts = sorted(
            (
                (board.powers[p].name, len(position.centres_of(p)))
                for p in board.powers
                if position.centres_of(p)
            ),
            key=lambda pc: (-pc[1], pc[0]),
        )
        entry["centres"] = ", ".join(f"{n} {c}" for n, c in counts)
        if game.status == "finished":
            entry["result"] = game.result or "Finished."
            finished.append(entry)
        else:
            entry["phase"] = str(position.phase)
            entry["paused"] = game.status == "paused"
            entry["deadline"] = _deadline(game, tz)
            active.append(entry)
    return {"forming": forming, "active": active, "finished": finished}


def _players(db, game: queries.Game, board) -> list[dict]:
    """Who plays which power, as the game allows: never an address; a name
    only from the player's registration, and in a gunboat game only once
    it is over."""
    hidden = identities_hidden(game)
    out = []
    for member in queries.members(db, game.name, "player"):
        if not member.power:
            continue
        name = None if hidden else queries.account_name(db, member.address)
        out.append(
            {
                "power": board.powers[member.power].name,
                "who": "(anonymous)" if hidden else (name or "a player"),
                "state": "" if member.state == "active" else member.state,
            }
        )
    return sorted(out, key=lambda p: p["power"])


def _centres(board, position) -> list[dict]:
    colours = power_colours(sorted(board.powers))
    rows = []
    for power in sorted(board.powers):
        held = position.centres_of(power)
        units = len(position.units_of(power))
        if held or units:
            rows.append(
                {
                    "power": power,
                    "name": board.powers[power].name,
                    "colour": colours[power],
                    "units": units,
                    "count": len(held),
                }
            )
    return sorted(rows, key=lambda r: (-r["count"], r["name"]))


def _chart(board, game: queries.Game, turns) -> str:
    """Counts at the start of each year's first phase, and now."""
    positions = [p for _t, phase, p, _o in turns if phase.startswith("S")]
    positions.append(game.position)
    years: list[int] = []
    counts: dict[str, list[int]] = {p: [] for p in board.powers}
    for text in positions:
        position = position_from_json(board, json.loads(text))
        if position.phase.year in years:
            continue
        years.append(position.phase.year)
        for power in board.powers:
            counts[power].append(len(position.centres_of(power)))
    counts = {p: s for p, s in counts.items() if any(s)}
    names = {p: board.powers[p].name for p in board.powers}
    return centre_chart(years, counts, power_colours(sorted(board.powers)), names)


def game_page(db, found: Found, tz: str, pictures: PictureCache) -> dict:
    game = found.game
    if game.status == "forming" or not game.position:
        return {
            "game": game,
            "forming": True,
            "query": found.query,
            "players": len(queries.members(db, game.name, "player")),
            "seats": len(game_seats(game, game.board)),
        }
    board = game.board
    position = game.current(board)
    turns = _processed(db, game.name)
    phases = [phase for _t, phase, _p, _o in turns]
    return {
        "game": game,
        "forming": False,
        "query": found.query,
        "phase": str(position.phase),
        "phase_words": _phase_words(position.phase),
        "season": position.phase.season_name,
        "phase_type": position.phase.type_name.lower(),
        "year": position.phase.year,
        "deadline": _deadline(game, tz),
        "board": pictures.board(db, game, None, len(turns)),
        "last_phase": phases[-1] if phases else None,
        "centres": _centres(board, position),
        "chart": _chart(board, game, turns),
        "players": _players(db, game, board),
        "press": [body for _turn, body in queries.public_press(db, game.name)][-20:],
        "phases": phases,
        "current": str(position.phase),
        "finished": game.status == "finished",
        "result": game.result,
        "mila": has_mila_record(game),
    }


def phase_page(db, found: Found, phase: str, pictures: PictureCache) -> dict:
    game = found.game
    if not game.position:
        raise NotFound(f"Game '{game.name}' has not started.")
    try:
        wanted = str(Phase.parse(phase))
    except ValueError:
        raise NotFound(f"'{phase[:16]}' is not a phase (e.g. S1901M).") from None
    board = game.board
    position = game.current(board)
    turns = _processed(db, game.name)
    phases = [p for _t, p, _pos, _o in turns]
    now = str(position.phase)
    if wanted not in phases and wanted != now:
        raise NotFound(f"Game '{game.name}' has no phase {wanted}.")
    orders: list[dict] = []
    if wanted in phases:  # only processed phases show their orders
        at = phases.index(wanted)
        try:
            scene = game_scene(db, game.name, wanted)
        except NoPicture as e:
            raise NotFound(str(e)) from None
        by_power: dict[str, list[str]] = {}
        for r in scene.orders.results if scene.orders else ():
            text = r.order.canonical() if r.order else f"{r.unit} (no order)"
            note = f"  ({', '.join(r.outcomes)})" if r.outcomes else ""
            by_power.setdefault(r.power, []).append(text + note)
        orders = [
            {"power": board.powers[p].name, "lines": lines}
            for p, lines in sorted(by_power.items())
        ]
        before = phases[at - 1] if at else None
        after = phases[at + 1] if at + 1 < len(phases) else now
    else:
        before, after = (phases[-1] if phases else None), None
    return {
        "game": game,
        "query": found.query,
        "phase": wanted,
        "phase_words": _phase_words(Phase.parse(wanted)),
        "board": pictures.board(db, game, wanted, len(turns)),
        "orders": orders,
        "processed": wanted in phases,
        "previous": before,
        "next": after,
        "phases": phases,
        "current": now,
    }


def deadlines(db, found: Found) -> list[dict]:
    """The deadlines to come (the phase's deadline, while the game runs)."""
    game = found.game
    when = queries.moment(game.deadline)
    if game.status != "active" or when is None or not game.position:
        return []
    phase = game.current(game.board).phase
    return [
        {
            "phase": str(phase),
            "words": _phase_words(phase),
            "at": when,
            "start": queries.moment(game.phase_start),
        }
    ]


def now_words(when: datetime, tz: str) -> str:
    return date_in_words(when, tz)

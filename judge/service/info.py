"""Read-only commands: LIST, HISTORY, SUMMARY, WHOGAME.  Never change state
(njudge's LIST once did, and broke phases)."""

from __future__ import annotations

import json

from judge.engine.api import initial_position
from judge.engine.serialize import position_from_json
from judge.reports.dates import judge_date
from judge.service import game_options
from judge.service.lifecycle import player_label, roster_lines
from judge.service.processing import game_variant_lines
from judge.service.seats import game_seats
from judge.service.store import (
    games_listed,
    load_game,
    members,
    moment,
    public_press,
    turns,
)
from judge.service.world_games import world_note
from judge.variants import variant_for


def list_games(db) -> str:
    rows = games_listed(db)
    if not rows:
        return "No games are forming or running on this judge."
    lines = ["Games on this judge:", ""]
    for row in rows:
        where = row["phase"] or f"{row['players']} signed on"
        lines.append(
            f"  {row['name']:<12} {row['variant']:<10} {row['status']:<8} {where}"
        )
        world = world_note(row["variant"])
        if world:
            lines.append(f"  {'':<12} {world}")
    return "\n".join(lines)


def describe_game(db, settings, name: str) -> str:
    game = load_game(db, name)
    board = game.board
    timing = game.deadline_settings(settings.timezone)
    lines = [
        f"Game '{name}': {game.variant_label}, {game.status}.",
        *filter(None, [world_note(game.variant)]),
        f"Press: {game.press}.  {'NMR' if game.nmr else 'NoNMR'}."
        f"  {'Anonymous' if game.anonymous else 'Players known'}.",
    ]
    flags = game_options.settings_lines(game)
    if flags:
        lines.append("Settings: " + ", ".join(flags) + ".")
    for kind in ("movement", "retreat", "adjust"):
        t = getattr(timing, kind)
        clock = "none" if t.clock < 0 else f"{t.clock // 60:02d}:{t.clock % 60:02d}"
        lines.append(
            f"  {kind:<9} clock {clock}  min {t.min:g}h  next {t.next:g}h"
            f"  grace {t.grace:g}h  delay {t.delay:g}h  days {t.days}"
        )
    start = game.current(board) if game.position else initial_position(board)
    particular = game_variant_lines(game, board, start)  # [] in the standard game
    lines += ["", *particular] if particular else []
    if game.status == "forming":
        count = len(members(db, name, "player"))
        seats = len(game_seats(game, board))
        lines.append(f"Players signed on: {count} of {seats}.")
        return "\n".join(lines)
    position = game.current(board)
    lines += ["", "Players:", *roster_lines(db, game, board), ""]
    if game.result:
        lines.append(game.result)
    else:
        lines.append(
            f"Phase {position.phase}, deadline "
            f"{judge_date(moment(game.deadline), settings.timezone)}."
        )
    lines += ["", "Units:"]
    for power in sorted(board.powers):
        units = position.units_of(power)
        if units:
            words = ", ".join(f"{u.kind} {u.location}" for u in units)
            lines.append(f"  {board.powers[power].name}: {words}")
    lines += ["", "Supply centres:"]
    for power in sorted(board.powers):
        centres = position.centres_of(power)
        if centres:
            lines.append(f"  {board.powers[power].name}: {', '.join(sorted(centres))}")
    return "\n".join(lines)


def history(db, name: str) -> str:
    """Results of every phase and the public press, in order."""
    items = []
    for turn, body in turns(db, name, "turn, results"):
        items.append((turn, 1, body))
    for turn, body in public_press(db, name):
        items.append((turn, 0, body))
    if not items:
        return f"Nothing has happened yet in game '{name}'."
    items.sort(key=lambda item: (item[0], item[1]))
    return ("\n" + "-" * 60 + "\n").join(body.rstrip("\n") for _, _, body in items)


def summary(db, name: str) -> str:
    """Supply centres by year: the count at the start of each year's Spring."""
    game = load_game(db, name)
    board = game.board
    positions = [
        text
        for phase, text in turns(db, name, "phase, position")
        if phase.startswith("S") and phase.endswith("M")
    ]
    if game.position:
        positions.append(game.position)
    held = set()  # a power the map keeps in reserve shows once it held centres
    for text in positions:
        held.update(json.loads(text).get("centers", {}))
    powers = [p for p in sorted(board.powers) if not board.is_reserve(p) or p in held]
    header = "Year  " + " ".join(f"{board.powers[p].name[:7]:>7}" for p in powers)
    lines = [f"Supply centres in game '{name}':", "", header]
    seen = set()
    for text in positions:
        position = position_from_json(board, json.loads(text))
        year = position.phase.year
        if year in seen:
            continue
        seen.add(year)
        counts = " ".join(f"{len(position.centres_of(p)):>7}" for p in powers)
        lines.append(f"{year}  {counts}")
    return "\n".join(lines)


def whogame(db, name: str) -> str:
    game = load_game(db, name)
    board = game.board
    lines = [f"Game '{name}' ({game.status}):"]
    if game.status == "forming":
        for member in members(db, name, "player"):
            lines.append("  (anonymous)" if game.anonymous else f"  {member.address}")
    elif variant_for(board).roster_by_seat:
        lines += seat_lines(db, game, board)
    else:
        lines += roster_lines(db, game, board)
    masters = members(db, name, "master")
    if masters:
        lines.append(
            "  Master     " + ("(anonymous)" if game.anonymous else masters[0].address)
        )
    observers = [m for m in members(db, name, "observer") if m.state != "pending"]
    if observers:
        lines.append(f"  Observers: {len(observers)}")
    return "\n".join(lines)


def seat_lines(db, game, board) -> list[str]:
    """The rulebook's small games: one line per seat ('P2: Austria, France')
    with its player; countries nobody plays are listed as neutral."""
    rows = {m.power: m for m in members(db, game.name, "player") if m.power}
    table = game_seats(game, board)
    lines = []
    for seat, countries in sorted(table.items()):
        label = f"{seat}: " + ", ".join(board.powers[c].name for c in countries)
        member = next((rows[c] for c in countries if c in rows), None)
        lines.append(f"  {label:<28} {player_label(game, member)}")
    seated = {c for countries in table.values() for c in countries}
    neutral = [board.powers[p].name for p in sorted(board.powers) if p not in seated]
    if neutral:
        lines.append(f"  Neutral: {', '.join(neutral)}")
    return lines

"""Read-only commands: LIST, HISTORY, SUMMARY, WHOGAME.  Never change state
(njudge's LIST once did, and broke phases)."""

from __future__ import annotations

from datetime import datetime

from judge.config import JudgeSettings
from judge.engine.api import initial_position
from judge.reports.archive import Archived, archive_text, excluding_turns
from judge.reports.dates import judge_date
from judge.reports.header import identification_header
from judge.reports.status import status_listing
from judge.service import allied_win, game_options, game_summary
from judge.service.holders import holder_lines
from judge.service.lifecycle import player_label, roster_lines
from judge.service.processing import game_variant_lines
from judge.service.queries import (
    archived_notices,
    dated_public_press,
    games_listed,
    load_game,
    members,
    moment,
    turns,
)
from judge.service.seats import game_seats, players_needed
from judge.service.world_games import world_note
from judge.variants import variant_for


def list_games(db) -> str:
    rows = games_listed(db)
    if not rows:
        return "No games are forming or running on this judge."
    lines = ["Games on this judge:", ""]
    for row in rows:
        where = row["phase"] or (
            "more players needed" if row["secret"] else f"{row['players']} signed on"
        )
        lines.append(
            f"  {row['name']:<12} {row['variant']:<10} {row['status']:<8} {where}"
        )
        world = world_note(row["variant"])
        if world:
            lines.append(f"  {'':<12} {world}")
    return "\n".join(lines)


FULL_LIST_GAMES = 40  # LIST FULL's games a reply (a mail's size stays small)


def list_games_full(db) -> str:
    """njudge's LIST FULL: every listed game with its players, as WHOGAME
    shows them (anonymity and SET SECRET kept)."""
    rows = games_listed(db)
    if not rows:
        return "No games are forming or running on this judge."
    parts = ["Games on this judge, with their players:"]
    for row in rows[:FULL_LIST_GAMES]:
        parts += ["", whogame(db, row["name"])]
    if len(rows) > FULL_LIST_GAMES:
        more = len(rows) - FULL_LIST_GAMES
        parts += ["", f"... and {more} more games: LIST names them all."]
    return "\n".join(parts)


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
    lines.append(_winning_line(game, board))
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
        seats = players_needed(game, board)
        if game_options.stored(game)["secret"]:  # njudge: not even how many
            lines.append("Forming: more players needed.")
        else:
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
    # njudge's listing first, where tools look for it; our settings after
    listing = status_listing(board, position, name, game.turn)
    return _header(settings, game) + listing + "\n\n" + "\n".join(lines)


def _winning_line(game, board) -> str:
    """njudge's line of the centres a win needs (params.c), with the allied
    goal where a duplex game plays ALLIED WIN."""
    line = f"Winning Centers: {game.rules.victory_centres or board.victory_centres}"
    duplex = players_needed(game, board) < len(board.powers)
    if duplex and game_options.stored(game)["allied_win"]:
        line += f", Allied Win: {allied_win.goal(board, game.rules)}"
    return line + "."


def _header(settings, game) -> str:
    """The reply's own '::' lines for a game (tools find the game by them)."""
    board = game.board
    phase = str(game.current(board).phase) if game.position else "-"
    return identification_header(
        judge_code=settings.code,
        game=game.name,
        variant_label=game.variant_label,
        phase=phase,
        deadline=moment(game.deadline),
        tz=settings.timezone,
    )


def archive_entries(db, settings, name: str) -> list[Archived]:
    """Everything observers were sent that the archive keeps, oldest first:
    the game-start notice, each phase's results, public press, the end."""
    code = settings.code
    items = []  # (sent, rank, seq, entry): ties keep results before notices
    for seq, (sent, subject, body) in enumerate(archived_notices(db, name)):
        starting = subject.endswith("Game Starting")
        entry = Archived(moment(sent), subject, body, results=starting)
        items.append((entry.sent, 0 if starting else 3, seq, entry))
    for seq, (phase, body, sent) in enumerate(
        turns(db, name, "phase, results, processed")
    ):
        entry = Archived(moment(sent), f"{code}:{name} - {phase} Results", body, True)
        items.append((entry.sent, 1, seq, entry))
    for seq, (sent, body) in enumerate(dated_public_press(db, name)):
        entry = Archived(moment(sent), f"Diplomacy notice: '{name}'", body, False)
        items.append((entry.sent, 2, seq, entry))
    items.sort(key=lambda item: item[:3])
    return [item[3] for item in items]


def history(
    db,
    name: str,
    *,
    settings=None,
    since: datetime | None = None,
    until: datetime | None = None,
    lines: int | None = None,
    exclude_start: str | None = None,
    exclude_end: str | None = None,
    broadcasts: bool = False,
) -> str:
    """The game's archive in njudge's layout (reports/archive.py), headed by
    the game's '::' lines: the whole of it, or what the njudge options ask
    (FROM/TO dates, LINES n, EXCLSTART/EXCLEND phases with BROAD)."""
    settings = settings or JudgeSettings()
    game = load_game(db, name)
    if game is None:
        return f"There is no game named '{name}'."
    entries = archive_entries(db, settings, name)
    if not entries:
        return f"Nothing has happened yet in game '{name}'."
    heading = None
    if exclude_start:
        entries = excluding_turns(entries, exclude_start, exclude_end, broadcasts)
        heading = (
            f"History information for game '{name}' excluding turn"
            f" '{exclude_start}'\nto turn '{exclude_end or 'end of game'}'."
        )
    text = archive_text(
        name,
        entries,
        settings.timezone,
        since=since,
        until=until,
        lines=lines,
        heading=heading,
    )
    return _header(settings, game) + text.rstrip("\n")


def summary(db, name: str, settings=None) -> str:
    """njudge's summary (judge/service/game_summary.py)."""
    return game_summary.summary_text(db, load_game(db, name))


def whogame(db, name: str) -> str:
    game = load_game(db, name)
    board = game.board
    lines = [f"Game '{name}' ({game.status}):"]
    hidden = game_options.identities_hidden(game)  # gunboat; after the end: REVEAL
    if game.status == "forming" and game_options.stored(game)["secret"]:
        lines.append("  The players are kept secret (SET SECRET).")
    elif game.status == "forming":
        for member in members(db, name, "player"):
            lines.append("  (anonymous)" if hidden else f"  {member.address}")
    elif variant_for(board).roster_by_seat:
        lines += seat_lines(db, game, board)
    else:
        lines += roster_lines(db, game, board)
    replaced = holder_lines(db, game, board, hidden)
    if replaced:  # the players of record, replacements included
        lines += ["Players of record, in turn:", *replaced]
    masters = members(db, name, "master")
    if masters:
        lines.append(
            "  Master     " + ("(anonymous)" if hidden else masters[0].address)
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

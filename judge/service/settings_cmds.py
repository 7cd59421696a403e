"""SET commands: a player's own settings, and the master's game settings."""

from __future__ import annotations

import json
import re
from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from judge.engine.variants import (
    VariantError,
    canonical_variant,
    parse_variant,
    variant_options,
    variant_playable,
)
from judge.reports.dates import judge_date
from judge.service import endings, reachability, seats
from judge.service.deadlines import PhaseTiming
from judge.service.endings import set_end, set_noend  # noqa: F401 (SET END)
from judge.service.lifecycle import finish_game
from judge.service.passwords import hash_password
from judge.service.store import (
    iso,
    load_game,
    member_by_id,
    update_game,
    update_member,
)

KINDS = {"MOVE": "movement", "MOVEMENT": "movement", "RETREAT": "retreat",
         "ADJUST": "adjust", "ADJUSTMENT": "adjust"}  # fmt: skip


def valid_zone(name: str) -> bool:
    try:
        ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        return False
    return True


def check_variant(text: str, game: str = "") -> tuple[str | None, str | None]:
    """(the variant's canonical spelling, None) or (None, why it is refused):
    any variant name or alias, with options (NAME:option=value,...).  A
    variant drawing lots (the two-player coin toss) is seeded with the game's
    name unless a seed is given: each game its own toss, reproducible."""
    try:
        name, given = parse_variant(text)
        if game and "seed" in variant_options(name) and "seed" not in given:
            text += ("," if ":" in text else ":") + f"seed={game}"
        canonical = canonical_variant(text)
    except VariantError as error:
        return None, f"Variant '{text[:60]}' refused: {error}."
    if not variant_playable(canonical.partition(":")[0]):
        return None, f"Games of the variant '{canonical}' cannot be played yet."
    return canonical, None


def valid_variant(name: str) -> bool:
    return check_variant(name)[0] is not None


def update_seat(session, me, **values) -> None:
    """A player's setting, on every country of the seat (a variant's seat
    with several countries is several rows)."""
    rows = [me]
    if me.role == "player" and me.power:
        game = load_game(session.db, me.game)
        rows = seats.seat_rows(session.db, game, game.board, me)
    for row in rows:
        update_member(session.db, row.id, **values)


def read_time(text: str, tz: str) -> datetime | None:
    """'2026-03-01 18:00' or '2026-03-01T18:00' or '2026-03-01' in zone tz."""
    match = re.fullmatch(
        r"(\d{4})-(\d{1,2})-(\d{1,2})(?:[ T](\d{1,2}):(\d{2}))?", text.strip()
    )
    if not match:
        return None
    year, month, day, hour, minute = match.groups()
    try:
        local = datetime(
            int(year), int(month), int(day), int(hour or 0), int(minute or 0),
            tzinfo=ZoneInfo(tz),
        )  # fmt: skip
    except ValueError:
        return None
    return local.astimezone(UTC)


def apply(session, command) -> None:
    name = command.name
    handler = globals().get(name)
    if handler is None:
        session.say("That setting is not known. Send HELP.")
        return
    handler(session, command)


def set_password(session, command) -> None:
    me = session.need_me() or session.joined
    if me is None:
        return
    update_seat(session, me, password=hash_password(command.args[0]))
    session.say("Your password has been changed.")


def set_address(session, command) -> None:
    me = session.need_me()
    if me is None:
        return
    address = command.args[0]
    if not re.fullmatch(r"[^@\s]+@[^@\s]+", address):
        session.say(f"'{address[:60]}' is not a mail address.")
        return
    update_seat(session, me, address=address)
    reachability.address_set(session.db, address, session.now)
    session.say(f"Your address in game '{me.game}' is now {address}.")


def set_flag(session, command) -> None:
    flag = command.words[0]
    on = not flag.startswith("NO")
    what = flag[2:] if not on else flag
    if what == "NMR":
        me = session.need_me("master")
        if me is None:
            return
        update_game(session.db, me.game, nmr=1 if on else 0)
        session.say(
            "Late powers will go into civil disorder when grace ends."
            if on
            else "The game will wait for replacements of late powers."
        )
        return
    me = session.need_me("player")
    if me is None:
        return
    if what == "WAIT":
        update_seat(session, me, wait=1 if on else 0)
        session.games_touched.add(me.game)
        session.say(
            "WAIT set: the phase will not be processed before the deadline."
            if on
            else "WAIT cleared."
        )
        return
    game = load_game(session.db, me.game)
    if game.status != "active":
        session.say("Draws are voted in running games only.")
        return
    update_seat(session, me, draw=1 if on else 0)
    session.me = member_by_id(session.db, me.id)
    board = game.board
    survivors = endings.survivors(game, board)
    names = ", ".join(board.powers[p].name for p in survivors)
    if not on:
        session.say("Your draw vote is withdrawn.")
        return
    session.say(f"You vote for a draw of all survivors: {names}.")
    voters = endings.current_voters(session.db, game, board)
    if voters and all(m.draw for m in voters) and len(survivors) > 1:
        from judge.reports import game_result

        session.extra += finish_game(
            session.db, session.settings, game.name,
            game_result(board, draw=survivors),
        )  # fmt: skip


def set_absence(session, command) -> None:
    me = session.need_me("player")
    if me is None:
        return
    tz = me.tz or session.settings.timezone
    parts = re.split(r"\s+to\s+", command.args[0], flags=re.IGNORECASE)
    start = read_time(parts[0], tz)
    until = read_time(parts[1], tz) if len(parts) > 1 else None
    if start is None or (len(parts) > 1 and until is None):
        session.say("Use: SET ABSENCE 2026-03-01 TO 2026-03-05 (dates as YYYY-MM-DD).")
        return
    if until is None:
        until = start + timedelta(days=1)
    elif len(parts[1].strip()) <= 10:
        until += timedelta(days=1)  # a date alone: to the end of that day
    if until <= start or until - start > timedelta(days=15):
        session.say("An absence lasts from one to fifteen days.")
        return
    session.db.execute(
        "INSERT INTO svc_absences (member, start, until) VALUES (?, ?, ?)",
        [me.id, iso(start), iso(until)],
    )
    session.say(
        f"Absence noted from {judge_date(start, tz)} to {judge_date(until, tz)}:"
        " no later deadline will fall in it (the current one stays)."
    )


def set_timezone(session, command) -> None:
    zone = command.args[0]
    if not valid_zone(zone):
        session.say(f"'{zone[:40]}' is not a time zone (e.g. Europe/Paris, UTC).")
        return
    session.db.execute(
        "UPDATE svc_members SET tz = ? WHERE address = ?", [zone, session.mail.sender]
    )
    session.db.execute(
        "UPDATE svc_accounts SET tz = ? WHERE address = ?", [zone, session.mail.sender]
    )
    if session.me:
        session.me = member_by_id(session.db, session.me.id)
    session.say(f"Your time zone is now {zone}.")


def set_preference(session, command) -> None:
    me = session.joined or session.me
    if me is None:
        session.say("SET PREFERENCE follows SIGNON ?<game> <password>.")
        return
    game = load_game(session.db, me.game)
    if game.status != "forming":
        session.say("Preferences count only before the game starts.")
        return
    board = game.board
    from judge.service.press import read_recipients

    text = command.args[0]
    letters = {p.letter.upper(): p.id for p in board.powers.values()}
    if re.fullmatch(r"[A-Za-z]+", text) and all(c.upper() in letters for c in text):
        wanted = [letters[c.upper()] for c in text]
    else:
        powers, _, error = read_recipients(board, text)
        if error:
            session.say(f"Preference not set: {error}.")
            return
        wanted = [p for p in board.powers if p in powers]
    update_member(session.db, me.id, preference=",".join(wanted))
    session.say(
        "Your preference: " + ", ".join(board.powers[p].name for p in wanted) + "."
    )


def set_map(session, command) -> None:
    me = session.need_me()
    if me is None:
        return
    value = command.args[0].upper()
    if value not in ("ON", "OFF"):
        session.say("Use: SET MAP ON or SET MAP OFF")
        return
    update_seat(session, me, map=1 if value == "ON" else 0)
    session.say(f"Maps with results: {value.lower()}.")


def _master_time(session, command, column: str) -> None:
    me = session.need_me("master")
    if me is None:
        return
    when = read_time(command.args[0], session.settings.timezone)
    if when is None:
        session.say("Write the time as YYYY-MM-DD HH:MM (judge time).")
        return
    game = load_game(session.db, me.game)
    if game.status != "active":
        session.say(f"Game '{game.name}' is not running.")
        return
    values = {column: iso(when), "process_at": None, "reminded": 0}
    if column == "deadline" and game.grace_end and iso(when) > game.grace_end:
        values["grace_end"] = iso(when)
    update_game(session.db, me.game, **values)
    session.games_touched.add(me.game)
    session.say(f"{column.replace('_', ' ').capitalize()}: "
                f"{judge_date(when, session.settings.timezone)}.")  # fmt: skip


def set_deadline(session, command) -> None:
    _master_time(session, command, "deadline")


def set_grace(session, command) -> None:
    _master_time(session, command, "grace_end")


def set_timing(session, command) -> None:
    me = session.need_me("master")
    if me is None:
        return
    kind = KINDS[command.words[0]]
    field_name = command.words[1].lower()
    raw = command.args[0].strip()
    game = load_game(session.db, me.game)
    changes = json.loads(game.timing or "{}")
    try:
        if field_name == "clock":
            value = -1 if raw == "-1" else _clock(raw)
        elif field_name == "days":
            value = raw
        else:
            value = float(raw)
        current = game.deadline_settings(session.settings.timezone)
        timing = getattr(current, kind)
        PhaseTiming(**{**timing.__dict__, field_name: value})  # validates
    except ValueError as error:
        session.say(f"Not set: {error}.")
        return
    changes.setdefault(kind, {})[field_name] = value
    update_game(session.db, me.game, timing=json.dumps(changes, sort_keys=True))
    session.say(f"{kind} {field_name} is now {raw} (from the next phase on).")


def _clock(raw: str) -> int:
    match = re.fullmatch(r"(\d{1,2}):?(\d{2})", raw)
    if not match:
        raise ValueError("clock is HHMM or -1")
    hours, minutes = int(match.group(1)), int(match.group(2))
    if hours > 23 or minutes > 59:
        raise ValueError("clock is HHMM or -1")
    return hours * 60 + minutes


def set_press(session, command) -> None:
    me = session.need_me("master")
    if me is None:
        return
    word = re.sub(r"\s+", "", command.words[0]).upper()
    press = {"WHITEPRESS": "white", "GREYPRESS": "grey", "GRAYPRESS": "grey",
             "NOPRESS": "none"}.get(word)  # fmt: skip
    if press is None:
        session.say("Use: SET WHITE PRESS, SET GREY PRESS or SET NO PRESS.")
        return
    update_game(session.db, me.game, press=press)
    session.say(f"Press in game '{me.game}': {press}.")


def set_variant(session, command) -> None:
    me = session.need_me("master")
    if me is None:
        return
    game = load_game(session.db, me.game)
    variant, error = check_variant(command.args[0], me.game)
    if game.status != "forming":
        session.say("The variant can change only before the game starts.")
    elif error:
        session.say(error)
    else:
        update_game(session.db, me.game, variant=variant)
        session.say(f"Game '{me.game}' will be played on {variant}.")

"""Registration in njudge's form (issue 25): REGISTER ... END, WHOIS,
I AM ALSO, UNREGISTER, and WHOGAME <game> FULL's registered names.

What is kept, and who sees it (GET FORM): every field of the form, so a
player's registration moves between judges unchanged; WHOIS shows the
name, address, site, country, time zone and level of one registration
(only when exactly one matches the prefix, so it cannot list the
database); the phone, postal address, birth date and sex are shown to
nobody but their owner (REGISTER with no lines shows your own record),
and UNREGISTER deletes it all."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from judge.mail.message import OutgoingMail
from judge.service import registration, seats
from judge.service.commands.context import HOUR
from judge.service.commands.information import help_page, page
from judge.service.commands.registry import Spec, Topic
from judge.service.flow import Go
from judge.service.queries import (
    has_account,
    holds_seats,
    load_game,
    update_member,
)
from judge.service.replies import echo

if TYPE_CHECKING:
    from judge.language.commands import Command
    from judge.service.commands.context import Context


MAX_PREFIX = 100


class RegisterBlock:
    """The lines of a REGISTER, up to END."""

    def __init__(self) -> None:
        self.form = registration.Form()

    def line(self, ctx, raw: str, text: str) -> Go:
        if re.fullmatch(r"end", text, re.IGNORECASE):
            ctx.block = None
            self.save(ctx)
            return Go.ON
        if text:
            self.form.read(text)
        return Go.ON

    def save(self, ctx) -> None:
        """A new address registers freely; a registered one, or one holding
        seats, only after signing on with a seat's password (a forged From
        changes nobody's profile).  The time zone then goes to that seat."""
        form = self.form
        for line, why in form.refused:
            ctx.say(f"> {echo(line)}\nNot taken: {why}.")
        me = ctx.me or ctx.joined
        known = has_account(ctx.db, ctx.sender) or holds_seats(ctx.db, ctx.sender)
        if known and me is None:
            ctx.say(
                f"> END\n{ctx.sender} is already known to the judge: sign on"
                " (SIGNON <letter><game> <password>) before REGISTER to change"
                " its profile. Nothing was changed."
            )
            return
        if form.refused:
            ctx.say("> END\nNothing was registered: correct the lines above.")
            return
        if not form.values and not form.extra:
            record = registration.account(ctx.db, ctx.sender)
            shown = registration.own_lines(record) if record else ["(none)"]
            ctx.say("> END\nYour registration:\n" + "\n".join(shown))
            return
        record = registration.merged(ctx.db, ctx.sender, form)
        lacking = registration.missing(record, ctx.settings.register_required)
        if lacking:
            ctx.say(
                "> END\nNot registered: this judge's house rules need "
                + ", ".join(lacking)
                + " (GET FORM shows the form)."
            )
            return
        new = registration.save(ctx.db, ctx.sender, form, ctx.now)
        zone = form.values.get("timezone")
        if zone and me is not None:  # the seat signed on to, every country
            game = load_game(ctx.db, me.game)
            rows = seats.seat_rows(ctx.db, game, game.board, me) if me.power else [me]
            for row in rows:
                update_member(ctx.db, row.id, tz=zone)
        package = form.values.get("package", "").lower().startswith(("y", "s"))
        lines = ["> END"]
        if new and package:
            lines.append("The new player's package follows (HELP, GET AHEAD).")
        elif new:
            lines.append("The new player's package is not sent: GET HELP asks for it.")
        else:
            lines.append("This updates your registration.")
        lines.append("Registration processed.")
        ctx.say("\n".join(lines))
        if new and package:
            ctx.say(help_page(ctx))

    def unfinished(self) -> str:
        return "REGISTER had no END: nothing was registered."


def do_register(ctx: Context, command: Command) -> Go:
    ctx.block = RegisterBlock()
    return Go.ON


def do_end(ctx: Context, command: Command) -> Go:
    ctx.say("END without REGISTER: nothing to end.")
    return Go.ON


def do_whois(ctx: Context, command: Command) -> Go:
    """WHOIS (or WHO) <prefix> [<prefix> ...]: each a lookup of the budget."""
    for arg in command.args[:MAX_WHOIS]:
        if _whois(ctx, arg.strip("<>")[:MAX_PREFIX]) is Go.STOP:
            break
    if len(command.args) > MAX_WHOIS:
        ctx.say(f"WHOIS looks up at most {MAX_WHOIS} prefixes a line.")
    return Go.ON


MAX_WHOIS = 5


def _whois(ctx: Context, prefix: str) -> Go:
    if not ctx.allow("lookup", ctx.budgets.lookups_per_hour, HOUR, "Lookups"):
        return Go.STOP
    found = registration.matching(ctx.db, prefix)
    if len(found) != 1:
        ctx.say(
            f"No single registration starts with '{echo(prefix)}': WHOIS shows"
            " one only when exactly one address matches."
        )
        return Go.ON
    record = registration.account(ctx.db, found[0])
    ctx.say("\n".join(registration.public_lines(record)))
    return Go.ON


def do_iamalso(ctx: Context, command: Command) -> Go:
    """Mail the registered address a token; its CONFIRM links the sender's
    address to that registration (a From line alone never joins two)."""
    registered = command.args[0].strip("<>")
    if not ctx.allow("lookup", ctx.budgets.lookups_per_hour, HOUR, "Lookups"):
        return Go.ON
    record = registration.account(ctx.db, registered)
    if record is None or record["address"].lower() != registered.lower():
        ctx.say(f"'{echo(registered[:80])}' has no registration with this judge.")
        return Go.ON
    if registered.lower() == ctx.sender.lower():
        ctx.say("That is the address you write from.")
        return Go.ON
    token = registration.ask_link(ctx.db, ctx.sender, record["address"], ctx.now)
    what = f"to treat {ctx.sender} as the same person as {record['address']}"
    ctx.mail([_confirmation(ctx, record["address"], token, what)])
    ctx.say(
        f"A confirmation was mailed to {record['address']}: the link is made"
        " when it is answered from there."
    )
    return Go.ON


def do_unregister(ctx: Context, command: Command) -> Go:
    if not ctx.allow("lookup", ctx.budgets.lookups_per_hour, HOUR, "Lookups"):
        return Go.ON
    record = registration.account(ctx.db, ctx.sender)
    if record is None:
        ctx.say(f"{ctx.sender} has no registration: nothing to delete.")
        return Go.ON
    token = registration.ask_link(ctx.db, "", record["address"], ctx.now)
    ctx.mail([_confirmation(ctx, record["address"], token,
              "to delete your registration, every field of it")])  # fmt: skip
    ctx.say(
        f"A confirmation was mailed to {record['address']}: your registration"
        " is deleted when it is answered."
    )
    return Go.ON


def confirm(ctx, token: str) -> bool:
    """A registration's confirmation (I AM ALSO, UNREGISTER); False when the
    token is not one."""
    row = ctx.db.execute(
        "SELECT address FROM svc_link_requests WHERE token = ?", [token]
    ).fetchone()
    if row is None:
        return False
    if row[0] == "":  # UNREGISTER
        ctx.db.execute("DELETE FROM svc_link_requests WHERE token = ?", [token])
        record = registration.account(ctx.db, ctx.sender)
        if record is None:
            ctx.say("Nothing to delete.")
        else:
            registration.forget(ctx.db, ctx.sender)
            ctx.say("Your registration has been deleted.")
        return True
    linked = registration.confirm_link(ctx.db, token, ctx.sender, ctx.now)
    if linked is None:
        ctx.say(f"Nothing waits for the confirmation '{token[:20]}' from you.")
    else:
        ctx.say(f"{linked[0]} is now known as the same person as {linked[1]}.")
    return True


def _confirmation(ctx, to: str, token: str, what: str) -> OutgoingMail:
    code, address = ctx.settings.code, ctx.settings.address
    return OutgoingMail(
        to=(to,),
        subject=f"{code}: confirm your registration change (CONFIRM {token})",
        body=(
            f"Someone, perhaps you, asked the judge {code} {what}.\n\n"
            "To confirm, reply to this mail keeping its subject, or send"
            f" {address} the line\n\n  CONFIRM {token}\n\nfrom {to}. Without it"
            " nothing changes.\n"
        ),
    )


COMMANDS = [
    Spec(
        "whois",
        "information",
        "WHOIS <address prefix> [...]",
        "a player's registration (name, site, country, time zone, level),"
        " when exactly one registered address starts so",
        do_whois,
    ),
    Spec(
        "iamalso",
        "settings",
        "I AM ALSO <registered address>",
        "from a new address: link it to your registration (confirmed by mail"
        " to the registered address)",
        do_iamalso,
    ),
    Spec(
        "unregister",
        "settings",
        "UNREGISTER",
        "delete your registration, every field (confirmed by mail)",
        do_unregister,
    ),
]

TOPICS = [
    Topic(
        "form",
        lambda ctx: page(
            ctx,
            "form",
            required=", ".join(
                registration.FIELDS[f][0]
                for f in registration.required_fields(ctx.settings.register_required)
                if f in registration.FIELDS
            )
            or "nothing",
        ),  # fmt: skip
    )
]

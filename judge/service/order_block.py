"""Orders in a message: the lines after a SIGNON (or a master's BECOME),
read and stored when the next command or the message's end comes, and the
order report the reply ends with."""

from __future__ import annotations

import re

from judge.engine.adjustments import adjustment_counts
from judge.engine.any_disband import winter_orders
from judge.engine.api import orders_needed
from judge.engine.hooks import hooks_for
from judge.engine.kinds import OrderKind
from judge.engine.orders import kind_of
from judge.reports import order_reply
from judge.service import game_options, proxies
from judge.service.queries import (
    count_waives,
    drop_earliest_builds,
    drop_surplus_adjustments,
    load_game,
    mark_master_orders,
    moment,
    put_order,
    stored_orders,
)
from judge.service.replies import echo
from judge.service.variant_orders import (
    engine_orders,
    order_key,
    order_notes,
    read_orders,
    refusal,
)
from judge.service.variant_orders import route as route_orders

REFUSED_SHOWN = 100  # refused order lines listed in a reply; more are counted


def take_orders(ctx, power: str, lines: list[str]) -> None:
    game = load_game(ctx.db, ctx.me.game)
    if game.status != "active":
        ctx.refused.setdefault(power, []).extend(
            (line, f"game '{game.name}' is {game.status}") for line in lines
        )
        return
    if power in game_options.stored(game)["unapproved"]:
        ctx.refused.setdefault(power, []).extend(
            (line, "the master has not approved your moves yet (SET APPROVAL)")
            for line in lines
        )
        return
    board = game.board
    position = game.current(board)
    if position.phase.type == "M" and game_options.stored(game)["proxy"]:
        lines = take_proxy_orders(ctx, game, power, lines, position, ctx.now)
    countries = ctx.countries.get(power, [power])
    if len(countries) > 1:  # a variant's seat: each order to its country
        shared, refused = route_orders(
            board,
            position,
            countries,
            lines,
            orders_needed(board, position, game.rules),
            game.rules,
        )
        ctx.refused.setdefault(power, []).extend(refused)
    else:
        shared = {
            power: read_orders(board, position, power, "\n".join(lines), game.rules)
        }
    for country, parsed_orders in shared.items():
        store_orders(ctx, game.name, country, parsed_orders, board, position, ctx.now)
        mark_master_orders(ctx.db, game.name, country, entered=False)
    if power not in ctx.ordered:
        ctx.ordered.append(power)
    ctx.games_touched.add(game.name)


def take_proxy_orders(
    sink, game, power: str, lines, position, arrived=None
) -> list[str]:
    """SET PROXY: hand-overs (`A Par PROXY Germany`) and orders for another
    power's units are stored here; the other lines are returned.  `sink`:
    the message's context, or what applies orders sent ahead (its `db`,
    `refused` and `readings`); `arrived`: as store_orders'."""
    board = game.board
    rest = []
    for line in lines:
        grant = proxies.read_grant(board, position, power, line)
        if isinstance(grant, str):
            sink.refused.setdefault(power, []).append((line, grant))
            continue
        if grant is not None:
            text, province = grant
            put_order(sink.db, game.name, power, province, text, arrived)
            to = board.powers[text.rpartition(" ")[2]].name
            sink.readings.setdefault(power, []).append(
                f"{board.location_name(province)}: handed over to {to} (PROXY)."
            )
            continue
        parsed = read_orders(board, position, None, line, game.rules)
        foreign = [
            p for p in parsed
            if p.order is not None and proxies.foreign_unit(position, power, p.order)
        ]  # fmt: skip
        if not foreign:
            rest.append(line)
            continue
        rest += [p.text for p in parsed if p not in foreign]  # the rest of the line
        for p in foreign:
            province = proxies.foreign_unit(position, power, p.order)
            owner = position.power_at(province)
            checked = read_orders(board, position, owner, p.text, game.rules)
            if not checked or checked[0].order is None:
                why = checked[0].error if checked else "not understood"
                sink.refused.setdefault(power, []).append((p.text, why))
                continue
            put_order(
                sink.db, game.name, power, proxies.CANDIDATE + province,
                checked[0].order.canonical(), arrived,
            )  # fmt: skip
            sink.readings.setdefault(power, []).append(
                f"{p.text.strip()}: kept for the {board.powers[owner].adjective}"
                f" unit; it counts if {board.powers[owner].name} hands it to you"
                " (PROXY)."
            )
    return rest


def take_master_orders(ctx, lines: list[str]) -> None:
    """A master's orders without BECOME (njudge data/master): each goes to
    the power whose unit it names, several to a line (separated by commas
    or semicolons).  They do not count as that power's own submission
    (svc_master_orders) until its player sends orders: no early processing
    on them (PROCESS runs the phase)."""
    game = load_game(ctx.db, ctx.me.game)
    split = [part.strip() for line in lines for part in re.split(r"[;,]", line)]
    split = [part for part in split if part]
    if game.status != "active":
        ctx.refused.setdefault("*", []).extend(
            (line, f"game '{game.name}' is {game.status}") for line in split
        )
        return
    board = game.board
    position = game.current(board)
    shared, refused = route_orders(
        board, position, list(board.powers), split, orders_needed(board, position),
        game.rules,
    )  # fmt: skip
    ctx.refused.setdefault("*", []).extend(refused)
    for country, parsed_orders in shared.items():
        if not parsed_orders:
            continue
        store_orders(ctx, game.name, country, parsed_orders, board, position, ctx.now)
        mark_master_orders(ctx.db, game.name, country, entered=True)
        if country not in ctx.ordered:
            ctx.ordered.append(country)


def store_orders(
    ctx, game: str, power: str, parsed_orders, board, position, arrived=None
) -> None:
    """`arrived`: when the orders came by mail (None: sent ahead, on time)."""
    waives = count_waives(ctx.db, game, power)
    surplus = SurplusAdjustments(board, position, power)
    any_disband = (
        position.phase.type == "A" and load_game(ctx.db, game).rules.any_disband
    )
    if any_disband:  # any unit may go: the order reply counts what is kept
        surplus.owed = 0
    for parsed in parsed_orders:
        why = parsed.error or "not understood"
        if parsed.order is not None:
            why = refusal(board, power, parsed.order) or surplus.refusal(parsed)
        if why:
            ctx.refused.setdefault(power, []).append((parsed.text, why))
            continue
        ctx.readings.setdefault(power, []).extend(parsed.notes)
        if kind_of(parsed.order) == OrderKind.WAIVE:
            waives += 1
        key = order_key(parsed.order, waives)  # MAINTAIN or DISBAND: the last
        put_order(ctx.db, game, power, key, parsed.order.canonical(), arrived)
    if not any_disband:
        drop_surplus_adjustments(ctx.db, game, power, board, position)
        return
    rules = load_game(ctx.db, game).rules
    stored = engine_orders(board, position, stored_orders(ctx.db, game), rules)
    surplus = winter_orders(board, position, power, stored.get(power, [])).surplus
    if surplus > 0:  # more built and waived than the units kept leave room for
        for text in drop_earliest_builds(ctx.db, game, power, surplus):
            ctx.readings.setdefault(power, []).append(
                f"{text}: set aside, as the units you keep leave no room for it"
                " (DISBAND a unit, then build)"
            )


class SurplusAdjustments:
    """More builds (or waives) than a power may make, or more removals than
    it owes, in one message: the first ones written are kept and the rest
    refused by name, with what was kept.  (A later message still replaces
    the earliest stored ones: drop_surplus_adjustments.)"""

    def __init__(self, board, position, power: str):
        standard = position.phase.type == "A" and hooks_for(board) is None
        self.owed = adjustment_counts(board, position).get(power, 0) if standard else 0
        self.name = board.powers[power].name
        self.kept: list[str] = []

    def refusal(self, parsed) -> str | None:
        order = parsed.order
        # builds (and waives) when builds are owed, else removals
        counted = getattr(order, "adjusts", 0) == (1 if self.owed > 0 else -1)
        if not self.owed or not counted:
            return None
        if len(self.kept) < abs(self.owed):
            self.kept.append(parsed.text.strip())
            return None
        what = "build" if self.owed > 0 else "removal"
        count = abs(self.owed)
        plural = "" if count == 1 else "s"
        return (
            f"{self.name} has {count} {what}{plural} to make and these orders"
            f" already gave {'; '.join(self.kept)}"
        )


def report_orders(ctx) -> None:
    if ctx.me is None:
        return
    game = load_game(ctx.db, ctx.me.game)
    for text, reason in ctx.refused.pop("*", []):  # a master's, for no power
        ctx.say(f"Order not taken: {echo(text)}: {reason}.")
    if game.status != "active":
        for refused in ctx.refused.values():
            for text, reason in refused:
                ctx.say(f"Order not taken: {echo(text)}: {reason}.")
        return
    board = game.board
    position = game.current(board)
    texts = stored_orders(ctx.db, game.name)
    needed = orders_needed(board, position, game.rules)
    timing = game.deadline_settings(ctx.settings.timezone)
    orders = engine_orders(board, position, texts, game.rules)
    for power in ctx.ordered:
        first = len(ctx.reply.lines)
        refused = ctx.refused.get(power, [])
        ctx.subject_game = (game.name, str(position.phase))
        ctx.say(
            order_reply(
                board,
                judge_code=ctx.settings.code,
                game=game.name,
                variant_label=game.variant_label,
                position=position,
                power=power,
                orders=orders.get(power, []),
                refused=[(echo(t), why) for t, why in refused[:REFUSED_SHOWN]],
                readings=[
                    echo(note)
                    for country in dict.fromkeys([power, *ctx.countries.get(power, [])])
                    for note in ctx.readings.get(country, [])
                ][:REFUSED_SHOWN],
                turn_number=game.turn,
                deadline=moment(game.deadline),
                grace_end=moment(game.grace_end),
                tz=timing.tz,
                player_tz=ctx.me.tz,
                needed=needed.get(power, 0),
                nmr=bool(game.nmr),
                any_disband=position.phase.type == "A" and game.rules.any_disband,
            ).rstrip("\n")
        )
        for note in order_notes(board, position, power, orders.get(power, [])):
            ctx.say(note)
        if len(refused) > REFUSED_SHOWN:
            ctx.say(
                f"{len(refused) - REFUSED_SHOWN} more lines for {power} were not"
                " taken as orders either (not listed)."
            )
        ctx.reports[power] = (first, len(ctx.reply.lines))

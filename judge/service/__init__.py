"""Diplomacy by mail: commands, game lifecycle, deadlines, results.

handler.py        GameService: what the judge does with each mail and
                  on each tick (the worker's handler)
session.py        one message read line by line: commands, orders, blocks
flow.py           Go: a handler's verdict, read on or stop (the one way)
commands/         the commands, one module per group, and their registry
order_block.py    the orders after a SIGNON, read and stored
variant_orders.py orders only a variant knows, beside the order language
press.py          PRESS and BROADCAST
replies.py        the mails a message's reply is made of
lifecycle.py      forming -> active -> finished
processing.py     who owes orders, when to process, the processing
scheduler.py      what a tick does for each game: reminders, grace, CD
attention.py      when each game next needs the scheduler (`due_at`)
deadlines.py      njudge's deadline model, pure
endings.py        agreed endings (SET END, SET NOEND)
allied_win.py     SET ALLIED WIN: a duplex player's powers win together
seats.py          who a player is in a variant
passwords.py      Argon2id hashes
reachability.py   players the judge's mail cannot reach
info.py           LIST, HISTORY, SUMMARY, WHOGAME
game_summary.py   who held each power, centres by year (SUMMARY, the end)
game_end.py       the end-of-game mail, however a game ends
checks.py         checks of values players write (zones, times)
game_map.py       a game's board as a picture, for `judge map GAME`
export.py         a game's record for other programs (`judge export`,
                  game.json): MILA's saved-game JSON or the archive
mila_format.py    MILA's layout of a state, and its Zobrist hash
web_links.py      the web pages' addresses and unlisted games' keys
web_footer.py     the links to the web pages under game mails
unsubscribe.py    unsubscribe tokens (PLACEHOLDER for i23's module)
picture_pool.py   results pictures drawn ahead in other processes
world_games.py    games on random worlds
schema.py         the service's tables, as migrations
queries.py        reading and writing the service's rows: all its SQL
assignment.py     the draw of powers by preference lists (njudge's weights)
pending.py        orders sent ahead (PHASE blocks), applied when the phase begins
holders.py        who held each power, since when (players of record)
registration.py   REGISTER's form, WHOIS, I AM ALSO: the registrations
reliability.py    dedication, on-time and CD ratios, entry rules
access_rules.py   SET ACCESS and SET LEVEL: who may join by site and level
proxies.py        SET PROXY: units handed to another power for a phase
diaries.py        players' diaries, broadcast when a game ends
signon_notices.py the others told of a new player or observer (njudge's)
"""

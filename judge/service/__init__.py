"""Diplomacy by mail: commands, game lifecycle, deadlines, results.

handler.py        GameService: what the judge does with each mail and
                  on each tick (the worker's handler)
session.py        one message read line by line: commands, orders, blocks
commands/         the commands, one module per group, and their registry
orders.py         the orders after a SIGNON, read and stored
variant_orders.py orders only a variant knows, beside the order language
press.py          PRESS and BROADCAST
replies.py        the mails a message's reply is made of
lifecycle.py      forming -> active -> finished
processing.py     who owes orders, when to process, the processing
scheduler.py      what a tick does for each game: reminders, grace, CD
attention.py      when each game next needs the scheduler (`due_at`)
deadlines.py      njudge's deadline model, pure
endings.py        agreed endings (SET END, SET NOEND)
seats.py          who a player is in a variant
passwords.py      Argon2id hashes
reachability.py   players the judge's mail cannot reach
info.py           LIST, HISTORY, SUMMARY, WHOGAME
checks.py         checks of values players write (zones, times)
game_map.py       a game's board as a picture, for `judge map GAME`
picture_pool.py   results pictures drawn ahead in other processes
world_games.py    games on random worlds
schema.py         the service's tables, as migrations
store.py          reading and writing the service's rows: all its SQL
"""

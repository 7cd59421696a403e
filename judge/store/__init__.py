"""The judge's SQLite store: one file, WAL, explicit transactions.

    db.py          opening the file, transactions, durable commits
    migrations.py  each component's schema version; pending ones run at start
    integrity.py   a damaged file refused before anything writes to it
    schema.py      the mail tables, as migrations
    intake.py      raw mail in: stored before it is acknowledged, deduplicated
    outbox.py      mail out: queued in the handler's transaction
    errors.py      what went wrong, for `judge status`
    rates.py       the per-sender rate limit
    addresses.py   the addresses written to: failures and state
    echoes.py      what the loop detector remembers
    retention.py   old mail texts dropped, space given back
    backup.py      a consistent copy while the judge runs

Game tables belong to the service (judge/service/schema.py, all its SQL in
judge/service/queries.py), migrated by the same runner.
"""

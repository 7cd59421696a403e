"""The judge's SQLite store: one file, WAL, explicit transactions.

`db` opens the file and runs transactions; `migrations` keeps each
component's schema version and applies the pending migrations at start;
`integrity` refuses a damaged file; `schema` holds the mail tables'
migrations; `intake`, `outbox` and `errors` are the few functions that read
and write them.  Game tables belong to the service (judge/service/schema.py),
migrated by the same runner.
"""

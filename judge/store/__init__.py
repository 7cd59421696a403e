"""The judge's SQLite store: one file, WAL, explicit transactions.

`db` opens the file and runs transactions; `schema` creates the mail tables;
`intake`, `outbox` and `errors` are the few functions that read and write them.
Game tables belong to the service (judge/service/), created in its setup().
"""

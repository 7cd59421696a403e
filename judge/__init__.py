"""pyjudge: a play-by-email Diplomacy judge.  Its packages, top to bottom
(each imports only those below it: pyproject.toml's import contracts,
docs/architecture.md):

    cli/          `judge <command>`: serve, mail, status, backup, adjudicate,
                  map, world
    daemon/       the running judge: listeners, worker (a chain of gates),
                  scheduler, sender, housekeeping
    service/      Diplomacy by mail: the commands, games, deadlines, results
    worlds/       random worlds: playable maps generated from a seed
    adjudicate.py `judge adjudicate`: JSON requests to the engine and back
    pictures/     the board drawn as SVG and PNG
    reports/      the bodies of the judge's mails, in njudge's layout
    language/     the order and command languages: text -> orders, commands
    variants/     the variants, one folder each, reached through their registry
    engine/       the rules: boards, positions, adjudication (knows nothing else)

    mail/         mail in and out, knowing nothing of games
    store/        the SQLite file: mail tables, migrations, transactions
    config.py     judge.toml and its defaults
    resources.py  where maps/, templates/ and grammar/ are
"""

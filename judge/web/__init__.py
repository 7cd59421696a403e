"""The judge's web pages (contracts/web.md, docs/web.md): every game's board,
phases, centres and deadline, its calendar and its record, read from the
store through a read-only connection; served by `judge serve` in a process
of its own when `[web] listen` is set."""

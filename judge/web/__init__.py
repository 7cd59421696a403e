"""The judge's web pages (docs/contracts/web.md, docs/web.md): every game's
board, phases, centres and deadline, its calendar and its record, read from
the store through a read-only connection; served by `judge serve` in a
process of its own when `[web] listen` is set.

    server.py    that process: uvicorn, started and stopped with the judge
    app.py       the routes (Starlette), security headers, rate limit, the
                 one write (one-click unsubscribe), pages kept once made
    pages.py     what each page shows, read from the store
    chart.py     the centre counts over the years as SVG
    calendar.py  the deadlines as an iCalendar feed
    limits.py    requests per client address (a token bucket each)
"""

"""The web pages as an ASGI application (Starlette): routes, the security
headers, the rate limit per client, and the one write a page may cause
(the one-click unsubscribe, on a short connection of its own)."""

from __future__ import annotations

import functools
import json
import logging
import sqlite3
import time
from collections import OrderedDict
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from threading import Lock

import jinja2
from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import HTMLResponse, Response
from starlette.routing import Route

from judge.resources import resource_dir
from judge.service.export import NoRecord, mila_record
from judge.service.unsubscribe import redeem
from judge.service.web_links import site_root
from judge.store.db import open_database, open_read_only
from judge.web import pages
from judge.web.calendar import deadline_feed
from judge.web.limits import RateLimit

log = logging.getLogger(__name__)

PAGE_SECONDS = 30.0  # a page made is served again this long at most
PAGES_KEPT = 512
MAX_PATH = 300  # bytes; no address of ours is longer
MAX_QUERY = 100
STATIC = {"judge.js": "text/javascript", "judge.css": "text/css"}
HEADERS = {
    "content-security-policy": (
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self';"
        " form-action 'self'; base-uri 'none'; frame-ancestors 'none'"
    ),
    "x-frame-options": "DENY",
    "x-content-type-options": "nosniff",
    "referrer-policy": "no-referrer",  # keys and tokens stay in our addresses
    "cross-origin-opener-policy": "same-origin",
    "cross-origin-resource-policy": "same-origin",
}


@functools.cache
def _templates() -> jinja2.Environment:
    return jinja2.Environment(
        loader=jinja2.FileSystemLoader(resource_dir("templates") / "web"),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
    )


@functools.cache
def _static(name: str) -> bytes:
    return (resource_dir("templates") / "web" / "static" / name).read_bytes()


class Site:
    """What the routes share: the store (read-only), the pictures drawn,
    the judge's zone and public address, the clock."""

    def __init__(
        self, database: Path, tz: str, base_url: str, clock: Callable[[], datetime]
    ) -> None:
        self.database = Path(database)
        self.tz, self.base_url, self.clock = tz, site_root(base_url), clock
        self.pictures = pages.PictureCache()
        self.pages: OrderedDict[tuple, tuple[float, bytes]] = OrderedDict()
        self.lock = Lock()
        self._db = None

    @property
    def db(self):
        if self._db is None:
            self._db = open_read_only(self.database)
        return self._db

    def forget_connection(self) -> None:
        db, self._db = self._db, None
        if db is not None:
            db.conn.close()

    def read(self, make: Callable):
        """`make(db)` in one read transaction: a page shows one moment."""
        db = self.db
        db.execute("BEGIN")
        try:
            return make(db)
        finally:
            if db.conn.in_transaction:
                db.execute("COMMIT")

    def render(self, template: str, **context) -> bytes:
        page = _templates().get_template(template).render(site=self.base_url, **context)
        return page.encode()

    def html(self, template: str, status: int = 200, **context) -> HTMLResponse:
        return HTMLResponse(self.render(template, **context), status_code=status)

    def cached(self, db, found: pages.Found, what: str, make: Callable) -> bytes:
        """A game's page as made before, while nothing it shows has changed
        (pages.version) and for at most PAGE_SECONDS (a player's registered
        name may change unseen); else made now and kept."""
        key = (found.game.name, what, found.query, pages.version(db, found.game.name))
        now = time.monotonic()
        with self.lock:
            hit = self.pages.get(key)
            if hit is not None and now - hit[0] < PAGE_SECONDS:
                self.pages.move_to_end(key)
                return hit[1]
        body = make()
        with self.lock:
            self.pages[key] = (now, body)
            while len(self.pages) > PAGES_KEPT:
                self.pages.popitem(last=False)
        return body

    def missing(self, message: str) -> HTMLResponse:
        return self.html("missing.html", status=404, message=message)


def _key(request: Request) -> str | None:
    return request.query_params.get("key")


def make_app(
    database: Path,
    tz: str = "UTC",
    base_url: str = "http://localhost/",
    clock: Callable[[], datetime] | None = None,
    limit: RateLimit | None = None,
) -> Starlette:
    site = Site(database, tz, base_url, clock or (lambda: datetime.now(UTC)))

    async def index(request: Request) -> Response:
        games = site.read(lambda db: pages.game_list(db, site.tz))
        return site.html("index.html", **games, judge_tz=site.tz)

    async def game(request: Request) -> Response:
        name = request.path_params["name"]

        def make(db) -> bytes:
            found = pages.find_game(db, name, _key(request))
            return site.cached(
                db,
                found,
                "now",
                lambda: site.render(
                    "game.html",
                    **pages.game_page(db, found, site.tz, site.pictures),
                    judge_tz=site.tz,
                ),
            )

        try:
            return HTMLResponse(site.read(make))
        except pages.NotFound as e:
            return site.missing(str(e))

    async def phase(request: Request) -> Response:
        name, wanted = request.path_params["name"], request.path_params["phase"]

        def make(db) -> bytes:
            found = pages.find_game(db, name, _key(request))
            return site.cached(
                db,
                found,
                wanted[:8],
                lambda: site.render(
                    "phase.html", **pages.phase_page(db, found, wanted, site.pictures)
                ),
            )

        try:
            return HTMLResponse(site.read(make))
        except pages.NotFound as e:
            return site.missing(str(e))

    async def feed(request: Request) -> Response:
        name = request.path_params["name"]

        def make(db):
            found = pages.find_game(db, name, _key(request))
            url = f"{site.base_url}game/{found.game.name}{found.query}"
            return deadline_feed(
                found.game.name, pages.deadlines(db, found), url, site.clock()
            )

        try:
            body = site.read(make)
        except pages.NotFound as e:
            return site.missing(str(e))
        return Response(body, media_type="text/calendar; charset=utf-8")

    async def record(request: Request) -> Response:
        name = request.path_params["name"]

        def make(db):
            found = pages.find_game(db, name, _key(request))
            return mila_record(db, found.game.name)

        try:
            data = site.read(make)
        except pages.NotFound as e:
            return site.missing(str(e))
        except NoRecord as e:
            return site.missing(str(e))
        return Response(json.dumps(data), media_type="application/json")

    async def static(request: Request) -> Response:
        name = request.path_params["file"]
        if name not in STATIC:
            return site.missing("There is no such file here.")
        return Response(
            _static(name),
            media_type=STATIC[name],
            headers={"cache-control": "max-age=3600"},
        )

    async def unsubscribe(request: Request) -> Response:
        token = request.path_params["token"]
        if request.method == "GET":  # a button: link checkers only look
            return site.html("unsubscribe.html", token=token, done=None)
        sentence = await run_in_threadpool(_redeem, site.database, token, site.clock())
        if sentence is None:
            return site.html(
                "unsubscribe.html",
                status=404,
                token=None,
                done="This unsubscribe link is not known here.",
            )
        return site.html("unsubscribe.html", token=None, done=sentence)

    async def no_icon(request: Request) -> Response:
        return Response(status_code=204)  # browsers ask; there is none

    routes = [
        Route("/", index),
        Route("/favicon.ico", no_icon),
        Route("/static/{file}", static),
        Route("/game/{name}", game),
        Route("/game/{name}/deadlines.ics", feed),
        Route("/game/{name}/game.json", record),
        Route("/game/{name}/{phase}", phase),
        Route("/unsubscribe/{token}", unsubscribe, methods=["GET", "POST"]),
    ]
    app = Starlette(routes=routes)

    async def not_found(request: Request, exc) -> Response:
        code = getattr(exc, "status_code", 404)
        if code == 405:
            return Response(
                "Method not allowed.\n", status_code=405, media_type="text/plain"
            )
        return site.missing("There is no such page on this judge.")

    async def unavailable(request: Request, exc) -> Response:
        # the store not there yet (the judge starting) or busy beyond the
        # timeout: say so, and open the connection again next time
        log.warning("a page could not be read from the store: %s", type(exc).__name__)
        site.forget_connection()
        return Response(
            "The judge's pages are not available just now.\n",
            status_code=503,
            media_type="text/plain",
            headers={"retry-after": "10"},
        )

    app.add_exception_handler(404, not_found)
    app.add_exception_handler(405, not_found)
    app.add_exception_handler(sqlite3.Error, unavailable)
    return Guard(app, limit or RateLimit(), site)


def _redeem(database: Path, token: str, now: datetime) -> str | None:
    """The web side's one write: a connection of its own, one short
    transaction; a token of no recipient changes nothing."""
    if len(token) > 100:
        return None
    db = open_database(database)
    try:
        with db.write_lock:
            db.execute("BEGIN IMMEDIATE")
            try:
                sentence = redeem(db, token, now)
            except BaseException:
                db.execute("ROLLBACK")
                raise
            db.execute("COMMIT")
        return sentence
    finally:
        db.conn.close()


class Guard:
    """Before the application: the size of what is asked, the rate limit per
    client; after it, the security headers on every answer."""

    def __init__(self, app, limit: RateLimit, site: Site) -> None:
        self.app, self.limit, self.site = app, limit, site

    async def __call__(self, scope, receive, send) -> None:
        if scope["type"] != "http":
            return await self.app(scope, receive, send)

        async def with_headers(message) -> None:
            if message["type"] == "http.response.start":
                headers = [
                    (k, v)
                    for k, v in message.get("headers", [])
                    if k.decode().lower() not in HEADERS
                ]
                headers += [(k.encode(), v.encode()) for k, v in HEADERS.items()]
                message = dict(message, headers=headers)
            await send(message)

        client = (scope.get("client") or ("?", 0))[0]
        raw = scope.get("raw_path") or scope["path"].encode("utf-8", "replace")
        if not self.limit.allow(client):
            response = Response(
                "Too many requests; try again in a minute.\n",
                status_code=429,
                media_type="text/plain",
                headers={"retry-after": "60"},
            )
            return await response(scope, receive, with_headers)
        if len(raw) > MAX_PATH or len(scope.get("query_string", b"")) > MAX_QUERY:
            return await self.site.missing("There is no such page on this judge.")(
                scope, receive, with_headers
            )
        try:
            scope["path"].encode("utf-8")
        except UnicodeEncodeError:
            return await self.site.missing("There is no such page on this judge.")(
                scope, receive, with_headers
            )
        await self.app(scope, receive, with_headers)

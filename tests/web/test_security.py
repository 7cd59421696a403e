"""What a hostile reader may send: the path, a key, a token.  Nothing of it
reaches a file, leaks whether an unlisted game exists, shows in a log, or
loads the judge; every answer forbids framing and sniffing."""

import logging
import threading

from served import serve

from judge.service.unsubscribe import token_for
from judge.service.web_links import game_key
from judge.web.limits import RateLimit

SECURITY_HEADERS = {
    "x-frame-options": "DENY",
    "x-content-type-options": "nosniff",
    "referrer-policy": "no-referrer",
}


def test_every_answer_has_the_security_headers(site):
    for path in ["/", "/game/alpha", "/game/nosuch", "/static/judge.js",
                 "/game/alpha/game.json", "/unsubscribe/x"]:  # fmt: skip
        _status, headers, _body = site.get(path)
        for name, value in SECURITY_HEADERS.items():
            assert headers.get(name) == value, (path, name)
        csp = headers["content-security-policy"]
        assert "frame-ancestors 'none'" in csp and "script-src 'self'" in csp
        assert "unsafe-inline" not in csp


def test_no_inline_script_and_nothing_from_another_site(site):
    for path in ["/", "/game/alpha", "/game/alpha/S1901M", "/unsubscribe/x"]:
        body = site.get(path)[2].decode()
        assert "<script>" not in body and " on" + "load=" not in body
        scripts = body.count("<script")
        assert scripts == body.count('<script src="/static/judge.js" defer>'), path
        assert "http://" not in body.replace(site.base, "") or "svg" in body
        assert "https://" not in body, path


def test_path_traversal_reaches_no_file(site):
    for path in [
        "/static/../judge.toml", "/static/..%2f..%2fpyproject.toml",
        "/static/%2e%2e/%2e%2e/judge/config.py", "/game/..%2f..%2fetc%2fpasswd",
        "/game/alpha/..%2f..%2f..%2fetc%2fpasswd", "/../../../../etc/passwd",
        "/static/judge.js%00.html", "/static//etc/passwd",
    ]:  # fmt: skip
        status, _headers, body = site.get(path)
        assert status in (400, 404), path
        assert b"root:" not in body and b"[project]" not in body, path
        assert b"import" not in body, path


def test_a_huge_path_and_bad_utf8(site):
    for path in ["/game/" + "a" * 10_000, "/game/" + "%FF%FE" * 50, "/game/%FF",
                 "/game/alpha/%C0%AF", "/game/%ED%A0%80",
                 "/?key=" + "k" * 5000]:  # fmt: skip
        status, headers, _body = site.get(path)
        assert status in (400, 404, 414, 431), (path[:40], status)
        if status == 404:
            assert headers["x-frame-options"] == "DENY"
    assert site.get("/game/alpha")[0] == 200  # still serving


def test_wrong_keys_and_guessed_tokens(site, caplog):
    db = site.judge.db
    caplog.set_level(logging.DEBUG)
    with db.conn:
        db.execute("UPDATE svc_games SET unlisted = 1 WHERE name = 'alpha'")
    try:
        key = game_key(db, "alpha")
        for wrong in ["", "x", key.lower(), key[:-1] + ("A" if key[-1] != "A" else "B"),
                      key + "x", "%00" + key]:  # fmt: skip
            assert site.get(f"/game/alpha?key={wrong}")[0] == 404, wrong
        assert site.get(f"/game/alpha?key={key}")[0] == 200
    finally:
        with db.conn:
            db.execute("UPDATE svc_games SET unlisted = 0 WHERE name = 'alpha'")
    observer = "guard@example.org"
    site.judge.observe(observer)
    with db.conn:
        token = token_for(db, "alpha", observer, "observer")
    # tokens are read in any case: the guess must differ as lower case too
    guessed = token[:-2] + ("00" if token[-2:].lower() != "00" else "11")
    status, _h, body = site.get(f"/unsubscribe/{guessed}", method="POST")
    assert status == 404 and b"not known" in body
    assert db.execute(
        "SELECT count(*) FROM svc_members WHERE address = ? AND role = 'observer'",
        [observer],
    ).fetchone()[0]
    log = caplog.text
    assert key not in log and token not in log and guessed not in log


def test_one_click_unsubscribe(site):
    db = site.judge.db
    address = "watcher@example.org"
    site.judge.observe(address)
    with db.conn:
        token = token_for(db, "alpha", address, "observer")
    assert len(token) >= 22

    def observing() -> bool:
        return bool(db.execute(
            "SELECT count(*) FROM svc_members WHERE address = ? AND role = 'observer'",
            [address]).fetchone()[0])  # fmt: skip

    status, _h, body = site.get(f"/unsubscribe/{token}")  # a link checker looks
    assert status == 200 and b'<form method="post"' in body and b"<button" in body
    assert observing()
    status, _h, body = site.get(f"/unsubscribe/{token}", method="POST")
    assert status == 200 and b"no longer" in body
    assert not observing()


def test_a_thousand_requests_from_one_client(site):
    """The bucket stops one address; others are served meanwhile."""
    mine = serve(site.judge, limit=RateLimit(burst=50, per_second=1.0))
    try:
        statuses: list[int] = []
        lock = threading.Lock()

        def hammer(n: int) -> None:
            for _ in range(n):
                status = mine.get("/game/alpha")[0]
                with lock:
                    statuses.append(status)

        threads = [threading.Thread(target=hammer, args=(100,)) for _ in range(10)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(300)
        assert len(statuses) == 1000
        assert statuses.count(429) >= 900 and set(statuses) == {200, 429}
        assert 50 <= statuses.count(200) < 100
        status, headers, _ = mine.get("/game/alpha")
        assert status == 429 and headers["retry-after"] == "60"
        other = {"X-Forwarded-For": "192.0.2.7"}  # another reader, by the proxy
        assert mine.get("/game/alpha", headers=other)[0] == 200
    finally:
        mine.stop()

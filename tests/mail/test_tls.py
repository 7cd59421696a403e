"""STARTTLS on the embedded listener, with a certificate made for the test,
and `require_tls` refusing MAIL on a clear-text connection."""

from __future__ import annotations

import dataclasses
import smtplib
import ssl

import pytest
import trustme

from judge.config import ConfigError
from judge.daemon.daemon import Daemon
from judge.store.db import open_database

MESSAGE = (
    b"From: alice@example.org\r\nSubject: orders\r\n"
    b"Message-ID: <tls1@example.org>\r\n\r\nHELP\r\n"
)


@pytest.fixture(scope="module")
def certificate(tmp_path_factory):
    ca = trustme.CA()
    cert = ca.issue_cert("localhost", "127.0.0.1")
    folder = tmp_path_factory.mktemp("tls")
    cert.private_key_pem.write_to_path(str(folder / "key.pem"))
    cert.cert_chain_pems[0].write_to_path(str(folder / "cert.pem"))
    client = ssl.create_default_context()
    ca.configure_trust(client)
    return folder / "cert.pem", folder / "key.pem", client


def tls_judge(make_judge_config, start_judge, certificate, require_tls):
    cert, key, _ = certificate
    config = make_judge_config()
    config = dataclasses.replace(
        config,
        smtp=dataclasses.replace(
            config.smtp, tls_cert=str(cert), tls_key=str(key), require_tls=require_tls
        ),
    )
    start_judge(config)
    return config


def stored_count(config) -> int:
    db = open_database(config.judge.database_path)
    return db.execute("SELECT count(*) FROM intake").fetchone()[0]


@pytest.mark.parametrize("require_tls", [False, True])
def test_starttls_is_offered_and_mail_arrives_encrypted(
    make_judge_config, start_judge, certificate, require_tls
):
    config = tls_judge(make_judge_config, start_judge, certificate, require_tls)
    with smtplib.SMTP(config.smtp.host, config.smtp.port, timeout=10) as smtp:
        smtp.ehlo()
        assert smtp.has_extn("starttls")
        smtp.starttls(context=certificate[2])
        assert isinstance(smtp.sock, ssl.SSLSocket)
        assert smtp.sock.version() in ("TLSv1.2", "TLSv1.3")
        smtp.ehlo()
        smtp.sendmail("alice@example.org", [config.judge.address], MESSAGE)
    assert stored_count(config) == 1


def test_require_tls_refuses_mail_in_clear_text(
    make_judge_config, start_judge, certificate
):
    config = tls_judge(make_judge_config, start_judge, certificate, True)
    with smtplib.SMTP(config.smtp.host, config.smtp.port, timeout=10) as smtp:
        smtp.ehlo()
        code, text = smtp.mail("alice@example.org")
        assert code == 530 and b"STARTTLS" in text
    assert stored_count(config) == 0


def test_without_a_certificate_no_starttls_is_offered(make_judge_config, start_judge):
    config = make_judge_config()
    start_judge(config)
    with smtplib.SMTP(config.smtp.host, config.smtp.port, timeout=10) as smtp:
        smtp.ehlo()
        assert not smtp.has_extn("starttls")


def test_an_unreadable_certificate_stops_the_judge_at_start(
    tmp_path, make_judge_config
):
    config = make_judge_config()
    config = dataclasses.replace(
        config,
        smtp=dataclasses.replace(
            config.smtp,
            tls_cert=str(tmp_path / "none.pem"),
            tls_key=str(tmp_path / "none.key"),
        ),
    )
    with pytest.raises(ConfigError, match=r"\[smtp\] tls_cert"):
        Daemon(config, handler=None)

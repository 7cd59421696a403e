"""`judge doctor`: the DNS records a judge's domain needs, checked with a
stub resolver (internet DNS cannot be reached from a test)."""

from __future__ import annotations

import argparse
import subprocess

import pytest

from judge.cli import doctor
from judge.mail.dns_records import DnsUnreachable, NoRecord, public_key_text


def zone(records: dict[tuple[str, str], list[str]]):
    def resolve(name: str, rdtype: str) -> list[str]:
        if (name, rdtype) not in records:
            raise NoRecord(name)
        return records[(name, rdtype)]

    return resolve


@pytest.fixture
def config_file(tmp_path):
    key = tmp_path / "dkim.pem"
    subprocess.run(
        ["openssl", "genrsa", "-out", str(key), "2048"], check=True, capture_output=True
    )
    path = tmp_path / "judge.toml"
    path.write_text(
        '[judge]\naddress = "judge@dip.example.org"\ndata_dir = "var"\n'
        '[smtp]\nlisten = "0.0.0.0:25"\n'
        '[relay]\nhost = "smtp.provider.example"\nport = 587\nstarttls = true\n'
        '[dkim]\ndomain = "dip.example.org"\nselector = "judge2026"\n'
        'key_file = "dkim.pem"\n'
    )
    return path, public_key_text(str(key))


def run(path, resolve, capsys) -> tuple[int, str]:
    args = argparse.Namespace(config=str(path), timeout=1.0)
    code = doctor.run(args, resolve=resolve)
    return code, capsys.readouterr().out


def test_a_domain_with_every_record_is_ready(config_file, capsys):
    path, key = config_file
    code, out = run(
        path,
        zone(
            {
                ("dip.example.org", "MX"): ["mail.dip.example.org"],
                ("dip.example.org", "TXT"): [
                    "google-site-verification=x",
                    "v=spf1 include:_spf.provider.example -all",
                ],
                ("judge2026._domainkey.dip.example.org", "TXT"): [
                    f"v=DKIM1; k=rsa; p={key}"
                ],
                ("_dmarc.dip.example.org", "TXT"): ["v=DMARC1; p=quarantine"],
            }
        ),
        capsys,
    )
    assert code == 0, out
    for what in ("MX", "SPF", "DKIM", "DMARC", "relay", "config"):
        assert any(
            line.startswith("ok") and f" {what} " in line for line in out.splitlines()
        ), (what, out)
    assert "MISSING" not in out


def test_missing_records_are_named_with_what_to_publish(config_file, capsys):
    path, key = config_file
    code, out = run(path, zone({}), capsys)
    assert code == 1
    lines = {line.split()[1]: line for line in out.splitlines() if "MISSING" in line}
    assert set(lines) == {"MX", "SPF", "DKIM", "DMARC"}
    assert "dip.example.org. MX 10 mail.dip.example.org." in lines["MX"]
    assert '"v=spf1 include:' in lines["SPF"]
    assert (
        f'judge2026._domainkey.dip.example.org. TXT "v=DKIM1; k=rsa; p={key}"'
        in (lines["DKIM"])
    )
    assert '_dmarc.dip.example.org. TXT "v=DMARC1; p=none;' in lines["DMARC"]


def test_a_signature_for_another_domain_than_the_address_is_reported(
    config_file, capsys
):
    # The sample's [dkim] kept for a judge on a provider's mailbox.
    path, key = config_file
    path.write_text(
        path.read_text().replace("judge@dip.example.org", "mydipjudge@provider.example")
    )
    records = {
        ("judge2026._domainkey.dip.example.org", "TXT"): [f"v=DKIM1; k=rsa; p={key}"]
    }
    code, out = run(path, zone(records), capsys)
    assert code == 1
    (line,) = [line for line in out.splitlines() if " DKIM " in line]
    assert line.startswith("MISSING")
    assert (
        "signs for dip.example.org, but the judge writes from provider.example" in line
    )
    # a parent domain is aligned (DMARC's relaxed mode)
    path.write_text(
        path.read_text().replace("mydipjudge@provider.example", "judge@dip.example.org")
    )
    path.write_text(
        path.read_text().replace('domain = "dip.example.org"', 'domain = "example.org"')
    )
    records = {
        ("judge2026._domainkey.example.org", "TXT"): [f"v=DKIM1; k=rsa; p={key}"]
    }
    code, out = run(path, zone(records), capsys)
    (line,) = [line for line in out.splitlines() if " DKIM " in line]
    assert line.startswith("ok"), line


def test_a_published_key_that_is_not_ours_is_reported(config_file, capsys, tmp_path):
    path, _ = config_file
    other = tmp_path / "other.pem"
    subprocess.run(["openssl", "genrsa", "-out", str(other), "2048"], check=True,
                   capture_output=True)  # fmt: skip
    records = {
        ("dip.example.org", "MX"): ["mail.dip.example.org"],
        ("dip.example.org", "TXT"): ["v=spf1 mx -all", "v=spf1 a -all"],
        ("judge2026._domainkey.dip.example.org", "TXT"): [
            f"v=DKIM1; k=rsa; p={public_key_text(str(other))}"
        ],
        ("_dmarc.dip.example.org", "TXT"): ["v=DMARC1; p=none"],
    }
    code, out = run(path, zone(records), capsys)
    assert code == 1
    assert "another key than key_file's" in out
    assert "2 SPF records" in out


def test_no_dns_is_said_plainly(config_file, capsys):
    path, _ = config_file

    def unreachable(name, rdtype):
        raise DnsUnreachable("no servers")

    code, out = run(path, unreachable, capsys)
    assert code == 0
    assert "no DNS server answered" in out
    assert "DNS not checked" in out


def test_a_bad_configuration_exits_78(tmp_path, capsys):
    path = tmp_path / "judge.toml"
    path.write_text("[judge]\nadress = 'x'\n")
    code = doctor.run(argparse.Namespace(config=str(path), timeout=1.0))
    assert code == 78
    assert "unknown option" in capsys.readouterr().err

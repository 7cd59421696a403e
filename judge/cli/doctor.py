"""`judge doctor [--config FILE]`: is this judge ready for the internet?
Reads the configuration (as `judge serve` would), then asks DNS for the
records of the judge's domain (MX, SPF, DKIM, DMARC) and says what is
missing, with the record to publish.  Changes nothing."""

from __future__ import annotations

import argparse
import sys

from judge.config import EXIT_CONFIG, ConfigError, load_config
from judge.mail.dns_records import (
    MISSING,
    SKIPPED,
    WARNING,
    Finding,
    Resolve,
    check_domain,
    dnspython_resolver,
)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--config", help="configuration file (default: ./judge.toml)")
    parser.add_argument(
        "--timeout", type=float, default=5.0, help="seconds per DNS question"
    )


def run(args: argparse.Namespace, resolve: Resolve | None = None) -> int:
    try:
        config = load_config(args.config)
    except ConfigError as exc:
        print(f"judge doctor: {exc}", file=sys.stderr)
        return EXIT_CONFIG
    source = config.source or "the built-in defaults"
    print(f"judge {config.judge.code} <{config.judge.address}>, configuration {source}")
    findings = [
        Finding("ok", "config", "read without errors"),
        *_mail_out(config),
        *check_domain(config, resolve or dnspython_resolver(args.timeout)),
    ]
    for finding in findings:
        print(finding.line())
    missing = [f for f in findings if f.status == MISSING]
    if missing:
        print(f"{len(missing)} missing: docs/operations.md, 'DNS', shows every record")
        return 1
    if any(f.status == SKIPPED and "DNS server" in f.text for f in findings):
        print("DNS not checked: run judge doctor again where DNS can be reached")
    return 0


def _mail_out(config) -> list[Finding]:
    if config.relay is None:
        return [
            Finding(
                WARNING,
                "relay",
                "none: every mail is written to"
                f" {config.judge.maildir_path}, nothing is sent",
            )  # fmt: skip
        ]
    relay = config.relay
    secure = "TLS" if relay.ssl else "STARTTLS" if relay.starttls else "no TLS"
    login = f", login {relay.user}" if relay.user else ""
    return [Finding("ok", "relay", f"{relay.host}:{relay.port} ({secure}{login})")]

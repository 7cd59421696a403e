"""The DNS records a judge's domain needs for its mail to land (`judge
doctor`): MX (or mail through a provider's mailbox), SPF, DKIM, DMARC.

Each check says what it found and, when something is missing or wrong, the
record to publish.  Lookups go through a `Resolve` function, so tests give
their own: internet DNS cannot be reached from a test."""

from __future__ import annotations

import base64
import ipaddress
from collections.abc import Callable
from dataclasses import dataclass

from judge.config import Config


class NoRecord(LookupError):
    """The name has no record of that type (or does not exist)."""


class DnsUnreachable(OSError):
    """No DNS server answered."""


# (name, "MX" | "TXT") -> MX: host names; TXT: each record's text, joined
Resolve = Callable[[str, str], list[str]]

OK, MISSING, WARNING, SKIPPED = "ok", "MISSING", "warning", "skipped"


@dataclass(frozen=True)
class Finding:
    status: str  # OK, MISSING, WARNING, SKIPPED
    what: str  # "MX", "SPF", ...
    text: str  # what was found, or what to publish

    def line(self) -> str:
        return f"{self.status:8} {self.what:6} {self.text}"


def dnspython_resolver(timeout: float = 5.0) -> Resolve:
    import dns.exception
    import dns.resolver

    resolver = dns.resolver.Resolver()
    resolver.lifetime = timeout

    def resolve(name: str, rdtype: str) -> list[str]:
        try:
            answer = resolver.resolve(name, rdtype)
        except (dns.resolver.NXDOMAIN, dns.resolver.NoAnswer):
            raise NoRecord(f"{name} {rdtype}") from None
        except (dns.resolver.NoNameservers, dns.exception.Timeout) as exc:
            raise DnsUnreachable(str(exc)) from None
        if rdtype == "MX":
            return [str(r.exchange).rstrip(".") for r in answer]
        return [b"".join(r.strings).decode("utf-8", "replace") for r in answer]

    return resolve


def check_domain(config: Config, resolve: Resolve) -> list[Finding]:
    """What the judge's domain publishes, and what it lacks."""
    domain = config.judge.address.rpartition("@")[2].lower()
    if domain in ("localhost", "") or domain.endswith((".localhost", ".invalid")):
        return [Finding(SKIPPED, "DNS", f"{domain}: a local address, nothing to check")]
    try:
        return [
            _mx(config, domain, resolve),
            _spf(config, domain, resolve),
            _dkim(config, domain, resolve),
            _dmarc(domain, resolve),
        ]
    except DnsUnreachable as exc:
        return [Finding(SKIPPED, "DNS", f"no DNS server answered ({exc})")]


def _txt(resolve: Resolve, name: str, prefix: str) -> list[str]:
    try:
        records = resolve(name, "TXT")
    except NoRecord:
        return []
    return [r for r in records if r.lower().startswith(prefix.lower())]


def _mx(config: Config, domain: str, resolve: Resolve) -> Finding:
    try:
        hosts = resolve(domain, "MX")
    except NoRecord:
        hosts = []
    own_listener = config.smtp.enabled and not _loopback(config.smtp.host)
    if hosts:
        how = "the judge's listener must be" if own_listener else "mail goes"
        return Finding(OK, "MX", f"{domain}: {', '.join(hosts)} ({how} there)")
    if config.imap is not None:
        return Finding(
            MISSING, "MX", f"{domain} has no MX: mail to the judge's mailbox cannot"
            " arrive; the provider's instructions give the record"
        )  # fmt: skip
    return Finding(
        MISSING, "MX", f"{domain} has no MX; publish: {domain}. MX 10"
        f" mail.{domain}. (and an A record for mail.{domain})"
    )  # fmt: skip


def _spf(config: Config, domain: str, resolve: Resolve) -> Finding:
    records = _txt(resolve, domain, "v=spf1")
    via = config.relay.host if config.relay else None
    if not records:
        allow = f"include:<your relay's SPF domain> ({via})" if via else "mx"
        return Finding(
            MISSING, "SPF", f"{domain} has no SPF record; publish: {domain}. TXT"
            f' "v=spf1 {allow} -all"'
        )  # fmt: skip
    if len(records) > 1:
        return Finding(
            WARNING, "SPF", f"{domain} has {len(records)} SPF records: receivers"
            " treat that as none; merge them into one"
        )  # fmt: skip
    if config.relay is None:
        return Finding(
            WARNING, "SPF", f"{records[0]} (but no [relay]: mail is only written"
            " to the Maildir)"
        )  # fmt: skip
    return Finding(OK, "SPF", f"{records[0]} (it must allow {via})")


def _dkim(config: Config, domain: str, resolve: Resolve) -> Finding:
    if config.dkim is None:
        return Finding(
            MISSING, "DKIM", "no [dkim] section: the judge's mail is not signed"
            " (docs/mail.md, Signed mail)"
        )  # fmt: skip
    signer = config.dkim.domain.lower().rstrip(".")
    if not (signer == domain or domain.endswith(f".{signer}")):
        # DMARC counts a signature only for the From's domain (or a parent):
        # e.g. the sample's [dkim] kept for a mailbox at a provider.
        return Finding(
            MISSING, "DKIM", f"[dkim] signs for {signer}, but the judge writes"
            f" from {domain}: receivers' DMARC checks ignore that signature;"
            f" sign for {domain}, or leave [dkim] out when {domain} is a"
            " provider's that signs its mail itself"
        )  # fmt: skip
    name = f"{config.dkim.selector}._domainkey.{config.dkim.domain}"
    records = _txt(resolve, name, "v=DKIM1")
    wanted = public_key_text(config.dkim.key_file)
    if not records:
        return Finding(
            MISSING, "DKIM", f"{name} has no DKIM key; publish: {name}. TXT"
            f' "v=DKIM1; k=rsa; p={wanted or "<the public key>"}"'
        )  # fmt: skip
    published = {
        part.strip()[2:].replace(" ", "")
        for part in records[0].split(";")
        if part.strip().startswith("p=")
    }
    if wanted and wanted not in published:
        return Finding(
            MISSING, "DKIM", f"{name} publishes another key than key_file's;"
            f' publish: {name}. TXT "v=DKIM1; k=rsa; p={wanted}"'
        )  # fmt: skip
    return Finding(OK, "DKIM", f"{name}: the key of key_file")


def _dmarc(domain: str, resolve: Resolve) -> Finding:
    name = f"_dmarc.{domain}"
    records = _txt(resolve, name, "v=DMARC1")
    if not records:
        return Finding(
            MISSING, "DMARC", f"{name} has no DMARC policy; publish: {name}. TXT"
            f' "v=DMARC1; p=none; rua=mailto:postmaster@{domain}"'
        )  # fmt: skip
    return Finding(OK, "DMARC", records[0])


def public_key_text(key_file: str) -> str | None:
    """The p= value (base64 of the SubjectPublicKeyInfo) for a PEM RSA
    private key file; None when it cannot be read."""
    import dkim.crypto

    try:
        with open(key_file, "rb") as f:
            key = dkim.crypto.parse_pem_private_key(f.read())
    except (OSError, ValueError, dkim.crypto.UnparsableKeyError):
        return None
    rsa_key = _der(0x30, _der_int(key["modulus"]) + _der_int(key["publicExponent"]))
    algorithm = _der(0x30, RSA_ENCRYPTION + b"\x05\x00")
    spki = _der(0x30, algorithm + _der(0x03, b"\x00" + rsa_key))
    return base64.b64encode(spki).decode("ascii")


RSA_ENCRYPTION = bytes.fromhex("06092a864886f70d010101")  # OID 1.2.840.113549.1.1.1


def _der(tag: int, body: bytes) -> bytes:
    size = len(body)
    if size < 0x80:
        length = bytes([size])
    else:
        octets = size.to_bytes((size.bit_length() + 7) // 8, "big")
        length = bytes([0x80 | len(octets)]) + octets
    return bytes([tag]) + length + body


def _der_int(value: int) -> bytes:
    return _der(0x02, value.to_bytes(value.bit_length() // 8 + 1, "big"))


def _loopback(host: str) -> bool:
    if host in ("localhost", ""):
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False

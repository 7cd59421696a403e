"""VERP: each outgoing message has an envelope sender of its own.

`judge+b-42-9f3c0a1b7e2d@example.org` names outbox message 42 and carries
its secret token, so a bounce says exactly which message failed, and a
forger who never saw that envelope cannot name it.  `From:` is untouched:
only bounces go to these addresses."""

from __future__ import annotations

import hmac
import re
from dataclasses import dataclass

TAG = "b"  # the tag's prefix: judge+b-<id>-<token>; the token is made by
# the outbox (judge.store.outbox.queue_message), one per message


def envelope_sender(
    judge_address: str, outbox_id: int, token: str | None, separator: str = "+"
) -> str:
    """The MAIL FROM for one message; the plain address when it has no token
    (VERP off, or a message queued before VERP)."""
    if not token or not separator:
        return judge_address
    local, _, domain = judge_address.rpartition("@")
    return f"{local}{separator}{TAG}-{outbox_id}-{token}@{domain}"


@dataclass(frozen=True)
class VerpTag:
    outbox_id: int
    token: str

    def matches(self, token: str | None) -> bool:
        """Constant-time check of the secret."""
        return bool(token) and hmac.compare_digest(
            self.token.lower().encode(), token.lower().encode()
        )


def parse_tag(address: str, judge_address: str, separator: str = "+") -> VerpTag | None:
    """The tag of one of the judge's VERP addresses, else None."""
    if not separator:
        return None
    local, _, domain = judge_address.lower().rpartition("@")
    pattern = (
        re.escape(local + separator + TAG)
        + r"-(\d{1,18})-([0-9a-f]{1,64})@"
        + re.escape(domain)
    )
    found = re.fullmatch(pattern, address.strip().strip("<>").lower())
    if found is None:
        return None
    return VerpTag(int(found.group(1)), found.group(2))


def is_judge_address(address: str, judge_address: str, separator: str = "+") -> bool:
    """The judge's own address, or one of its tagged (VERP) forms."""
    address = address.strip().strip("<>").lower()
    judge = judge_address.lower()
    if address == judge:
        return True
    if not separator:
        return False
    local, _, domain = judge.rpartition("@")
    tagged_local, _, tagged_domain = address.rpartition("@")
    return tagged_domain == domain and tagged_local.startswith(local + separator)

"""Mail addresses read strictly, compared by what they deliver to, and
checked before the judge writes to them.

The standard library's address parsers read `alice@alice.example
<eve@evil.example>` as alice's address (the part before the angle bracket
taken for an address, the rest dropped as a defect).  A reply goes where the
angle brackets point, so that is the address read here: the few rules of
RFC 5322's address syntax that decide it (quotes, comments, angle
brackets, groups) are applied directly to the raw header text."""

from __future__ import annotations

import functools
import re

MAX_ADDRESS = 254  # RFC 5321's path limit, less the angle brackets
MAX_LOCAL = 64
MAX_LABEL = 63

_ATEXT = r"[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]"
_DOT_ATOM = re.compile(rf"{_ATEXT}+(?:\.{_ATEXT}+)*")
_QUOTED = re.compile(r'"(?:[\x20\x21\x23-\x5b\x5d-\x7e]|\\[\x20-\x7e])*"')
_LABEL = re.compile(r"[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?")
# Characters allowed in a local part beyond ASCII atext (SMTPUTF8 mail).
_UTEXT = re.compile(r"(?:[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]|[^\x00-\x7f])+")


def _split_top(text: str, separators: str) -> list[str]:
    """Split at separators outside quotes, comments and angle brackets."""
    parts, current = [], []
    quoted = escaped = False
    depth = angle = 0
    for char in text:
        if escaped:
            escaped = False
        elif char == "\\" and (quoted or depth):
            escaped = True
        elif quoted:
            quoted = char != '"'
        elif char == '"' and not depth:
            quoted = True
        elif char == "(":
            depth += 1
        elif char == ")" and depth:
            depth -= 1
        elif depth:
            pass
        elif char == "<":
            angle += 1
        elif char == ">" and angle:
            angle -= 1
        elif char in separators and not angle:
            parts.append("".join(current))
            current = []
            continue
        current.append(char)
    parts.append("".join(current))
    return parts


def _without_comments(text: str) -> str:
    out, quoted, escaped, depth = [], False, False, 0
    for char in text:
        if escaped:
            escaped = False
            if not depth:
                out.append(char)
            continue
        if char == "\\" and (quoted or depth):
            escaped = True
            if not depth:
                out.append(char)
            continue
        if quoted:
            quoted = char != '"'
        elif char == '"' and not depth:
            quoted = True
        elif char == "(":
            depth += 1
            continue
        elif char == ")" and depth:
            depth -= 1
            continue
        if not depth:
            out.append(char)
    return "".join(out)


def _angle_addresses(text: str) -> list[str]:
    """The contents of the angle brackets outside quotes."""
    found, quoted, escaped, start = [], False, False, None
    for i, char in enumerate(text):
        if escaped:
            escaped = False
        elif char == "\\" and quoted:
            escaped = True
        elif quoted:
            quoted = char != '"'
        elif char == '"':
            quoted = True
        elif char == "<" and start is None:
            start = i + 1
        elif char == ">" and start is not None:
            found.append(text[start:i])
            start = None
    return found


def mailbox_addresses(value: str) -> list[str]:
    """The addresses of an address header's raw (undecoded) value, in order.

    A mailbox with angle brackets is read as what they hold, whatever its
    display name looks like; one with two angle-bracketed addresses, or
    without brackets and not a single address, is left out."""
    found = []
    value = value.replace("\r", " ").replace("\n", " ")
    for item in _split_top(value, ",;"):
        item = _without_comments(item)
        # A group: "name: a@b, c@d;" -- the name is display text.
        head = _split_top(item, ":")
        if len(head) > 1 and "<" not in head[0] and "@" not in head[0]:
            item = ":".join(head[1:])
        angled = _angle_addresses(item)
        if len(angled) > 1:
            continue
        if angled:
            spec = angled[0].strip()
            if ":" in spec and spec.startswith("@"):  # obsolete source route
                spec = spec.rpartition(":")[2]
        else:
            spec = item.strip()
        spec = re.sub(r"\s*@\s*", "@", spec.strip())
        if _well_formed(spec):
            found.append(spec)
    return found


def _well_formed(spec: str) -> bool:
    local, at, domain = spec.rpartition("@")
    if not at or not local or not domain:
        return False
    if not (_DOT_ATOM.fullmatch(local) or _QUOTED.fullmatch(local)):
        if not _UTEXT.fullmatch(local.replace(".", "")) or ".." in local:
            return False
        if local.startswith(".") or local.endswith("."):
            return False
    return _domain_ascii(domain) is not None


@functools.lru_cache(maxsize=4096)
def _domain_ascii(domain: str) -> str | None:
    """The domain in ASCII (IDNA for an international one); None when it is
    not a host name (domain literals such as [127.0.0.1] included).  Kept:
    each mail asks it of the same few domains a dozen times."""
    domain = domain.rstrip(".") if domain.endswith(".") else domain
    try:
        ascii_domain = domain.encode("idna").decode("ascii")
    except (UnicodeError, ValueError):
        return None
    labels = ascii_domain.split(".")
    if not all(len(lab) <= MAX_LABEL and _LABEL.fullmatch(lab) for lab in labels):
        return None
    return ascii_domain.lower()


def _unquoted_local(local: str) -> str:
    if _QUOTED.fullmatch(local):
        inner = re.sub(r"\\(.)", r"\1", local[1:-1])
        return inner
    return local


def canonical(address: str) -> str:
    """What an address delivers to, for comparing addresses: angle brackets
    and quotes off, case folded, the domain in ASCII without a final dot,
    a sub-address ('+tag') dropped."""
    address = address.strip()
    if address.startswith("<") and address.endswith(">"):
        address = address[1:-1].strip()
    local, _, domain = address.rpartition("@")
    local = _unquoted_local(local).split("+")[0].casefold()
    ascii_domain = _domain_ascii(domain) or domain.rstrip(".").casefold()
    return f"{local}@{ascii_domain}"


def same_mailbox(a: str, b: str) -> bool:
    return canonical(a) == canonical(b)


def for_sending(address: str) -> str:
    """The address as the judge writes it: the domain in ASCII (IDNA)."""
    local, _, domain = address.strip().rpartition("@")
    return f"{local}@{_domain_ascii(domain) or domain}"


def undeliverable(
    address: str, *, smtputf8: bool = False, judge_address: str = ""
) -> str | None:
    """Why the judge cannot send mail to `address` (None: it can).

    Refused: anything not a plain `local@host.name` (domain literals
    included), addresses over RFC 5321's lengths, a non-ASCII local part
    when the relay cannot carry it (`smtputf8` false), and the judge's own
    address in any spelling."""
    address = address.strip()
    shown = address[:80]
    if len(address) > MAX_ADDRESS:
        return f"the address is longer than {MAX_ADDRESS} characters"
    if any(ord(c) < 32 or c == "\x7f" for c in address):
        return f"'{shown!r}' holds control characters"
    if not _well_formed(address):
        return f"'{shown}' is not a mail address (local-part@domain.name)"
    local = address.rpartition("@")[0]
    if len(local.encode("utf-8")) > MAX_LOCAL:
        return f"the part before '@' is longer than {MAX_LOCAL} characters"
    if not local.isascii() and not smtputf8:
        return (
            f"'{shown}' has non-ASCII characters before the '@', which this"
            " judge's mail relay cannot carry (no SMTPUTF8)"
        )
    if judge_address and same_mailbox(address, judge_address):
        return "that is the judge's own address"
    return None

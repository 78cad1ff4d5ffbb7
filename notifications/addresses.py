"""Mail addresses compared as their mailbox: who sent an inbound mail, and whose address bounced.

`mailbox(address)` is the canonical form two spellings of one mailbox share: no display name or
angle brackets, the domain in lower case and IDNA (ASCII) form, the local part in lower case (RFC
5321 lets a provider tell case apart; none of the large ones does, and an account's address is
unique regardless of case here), and Gmail's own rules (dots and a `+tag` ignored, googlemail.com
is gmail.com). `addresses(values)` reads the addr-specs out of raw header values, tolerating any
junk (a header that cannot be read gives no address, never an exception).
"""

from __future__ import annotations

import email.utils
import unicodedata

#: Providers whose local parts ignore dots and a `+tag`, and the domain they all mean.
GMAIL_DOMAINS = {"gmail.com": "gmail.com", "googlemail.com": "gmail.com"}


def mailbox(address: str | None) -> str | None:
    """The canonical form of an addr-spec (`Ann <Ann@Bücher.example>` -> `ann@xn--bcher-kva.example`),
    or None when it is not an address."""
    if not address:
        return None
    _name, spec = email.utils.parseaddr(str(address))
    spec = spec.strip().strip("<>").strip()
    local, at, domain = spec.rpartition("@")
    if not at or not local or not domain or any(c.isspace() for c in spec):
        return None
    try:
        domain = unicodedata.normalize("NFC", domain).rstrip(".").lower().encode("idna").decode("ascii")
    except UnicodeError:
        return None
    local = unicodedata.normalize("NFC", local)
    if len(local) > 1 and local.startswith('"') and local.endswith('"'):
        local = local[1:-1]
    local = local.lower()
    if domain in GMAIL_DOMAINS:
        domain = GMAIL_DOMAINS[domain]
        local = local.partition("+")[0].replace(".", "")
    return f"{local}@{domain}" if local else None


def addresses(values: list[str]) -> list[str]:
    """The canonical mailboxes named in raw header values (`From`, `Sender`...), junk skipped."""
    found = []
    for value in values:  # one at a time: an unterminated quote in one must not swallow the next
        try:
            pairs = email.utils.getaddresses([str(value)])
        except Exception:  # a header no parser can read names nobody
            continue
        for _name, spec in pairs:
            box = mailbox(spec)
            if box is not None:
                found.append(box)
    return found

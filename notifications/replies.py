"""What a player wrote in a reply, without what they quoted: the first line of their own text.

Mail clients quote in their own ways: `>` lines under "On … wrote:" (Gmail, Apple Mail,
Thunderbird), an Outlook header block ("From: … Sent: …") over the unmarked original, the same in
the reader's language ("Dne … napsal(a):", "… írta:", "Feladó: … Elküldve: …"), signatures under
"-- ", and HTML-only replies whose quote is a `<blockquote>`. The splitting into the latest reply,
its signature and what it quotes is mail-parser-reply's (`mailparser_reply`), with the patterns of
the languages it lacks (Hungarian) or words differently from the clients we know (Czech Gmail and
Apple Mail) added in `EXTRA_PATTERNS`. An HTML part is read as text with its quoted blocks left
out. A line that still starts with `>` is quoted, never the player's.
"""

from __future__ import annotations

import logging
from html.parser import HTMLParser
from typing import Any

from mailparser_reply.constants import MAIL_LANGUAGES, QUOTED_MATCH_INCLUDE
from mailparser_reply.parser import EmailMessage as ParsedReply

logger = logging.getLogger(__name__)

#: The languages whose quoting headers are recognised in every reply (the site's).
LANGUAGES = ["en", "hu", "cs"]
#: A reply longer than this is read only this far (a number is on its first lines).
MAX_TEXT = 100_000

#: Patterns mail-parser-reply lacks, in its format: one capture group around the whole header.
EXTRA_PATTERNS: dict[str, dict[str, list[str]]] = {
    "hu": {
        # Gmail: "Ann <ann@…> ezt írta (időpont: 2026. dec. 1., H, 10:00):"; Thunderbird:
        # "2026. 12. 01. 10:00 keltezéssel, Ann írta:"; Apple Mail: "… dátummal, … időpontban … írta:"
        "wrote_header": [rf"^({QUOTED_MATCH_INCLUDE}.+?\s(?:ezt\s)?írta(?:\s\(időpont:.+\))?:)$"],
        # Outlook: "Feladó: … / Elküldve: … / Címzett: … / Tárgy: …"
        "from_header": [
            rf"((?:(?:^|\n|\n{QUOTED_MATCH_INCLUDE})[* ]*(?:Feladó|Elküldve|Címzett|Tárgy|Dátum|Másolat):"
            r"[ *]*(?:\s{,2}).*){2,}(?:\n.*){,1})"
        ],
        "signatures": ["Üdvözlettel", "Köszönettel", "Tisztelettel"],
        "sent_from": [r"(?:Az iPhone-omról küldve|iPhone-ról küldve|Elküldve .*(?:iPhone|Android).*)"],
    },
    "cs": {
        # Gmail: "po 1. 12. 2026 v 10:00 odesílatel Ann <ann@…> napsal:"; Thunderbird and Apple
        # Mail: "Dne 01.12.2026 v 10:00 Ann napsal(a):" and "… napsal:"
        "wrote_header": [
            rf"^({QUOTED_MATCH_INCLUDE}.+?\sodesílatel\s.+?\snapsal:)$",
            rf"^({QUOTED_MATCH_INCLUDE}Dne\s.+?\snapsal(?:\(a\)|a)?:)$",
        ],
    },
}


class _Reply(ParsedReply):
    """mail-parser-reply's message with `EXTRA_PATTERNS` joined to its own patterns."""

    def _get_language_regex(self, language: str, regex_key: str) -> str:
        own = super()._get_language_regex(language, regex_key) if language in MAIL_LANGUAGES else ""
        extra = EXTRA_PATTERNS.get(language, {}).get(regex_key, [])
        return "|".join(p for p in [own, *extra] if p)


class _HtmlText(HTMLParser):
    """The text of an HTML part, a line per block, without quoted blocks, styles or scripts."""

    SKIP = {"blockquote", "style", "script", "head", "title"}
    #: Containers clients put the quoted mail in (Gmail's quote, Thunderbird's cite prefix).
    SKIP_CLASSES = {"gmail_quote", "gmail_attr", "moz-cite-prefix", "yahoo_quoted"}
    BLOCKS = {"p", "div", "br", "tr", "li", "h1", "h2", "h3", "h4", "h5", "h6", "hr", "table", "pre"}
    VOID = {"br", "hr", "img", "meta", "link", "input", "wbr", "col", "area", "base", "source"}

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self.stack: list[bool] = []  # per open element: whether it hides its content

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in self.BLOCKS:
            self.parts.append("\n")
        if tag in self.VOID:
            return
        classes = set((dict(attrs).get("class") or "").split())
        self.stack.append(tag in self.SKIP or bool(classes & self.SKIP_CLASSES))

    def handle_endtag(self, tag: str) -> None:
        if tag in self.VOID:
            return
        if self.stack:
            self.stack.pop()
        if tag in self.BLOCKS:
            self.parts.append("\n")

    def handle_data(self, data: str) -> None:
        if not any(self.stack):
            self.parts.append(data)


def html_text(html: str) -> str:
    parser = _HtmlText()
    try:
        parser.feed(html[:MAX_TEXT])
        parser.close()
    except Exception:  # malformed beyond what the parser tolerates: the text read so far
        logger.info("an HTML reply could not be read to its end", exc_info=True)
    return "".join(parser.parts)


def _body(message: Any, subtype: str) -> str:
    try:
        return (message.text if subtype == "plain" else message.html) or ""
    except Exception:  # an unknown charset or a broken part: no text of that kind
        return ""


def own_text(message: Any, *, language: str | None = None) -> str:
    """The text the sender wrote themselves: the latest reply, without quotes and signature."""
    text = _body(message, "plain")
    if not text.strip():
        text = html_text(_body(message, "html"))
    text = text[:MAX_TEXT]
    languages = [language] if language in LANGUAGES else []
    languages += [lang for lang in LANGUAGES if lang not in languages]
    try:
        replies = _Reply(text=text, languages=languages).read().replies
    except Exception:  # the parser failed on this text: read it whole (quotes still skipped below)
        logger.info("a reply could not be split", exc_info=True)
        return text
    return replies[0].body if replies else ""


def first_line(message: Any, *, language: str | None = None) -> str:
    """The first line the sender wrote (quoted `>` lines skipped), at most 200 characters."""
    for line in own_text(message, language=language).splitlines():
        line = "".join(c for c in line if c.isprintable()).strip()
        if line and not line.startswith(">"):
            return line[:200]
    return ""

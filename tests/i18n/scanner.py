"""Find text in templates that a user would read but that is not marked for translation."""

from __future__ import annotations

import re
from pathlib import Path

from django.template.base import Lexer, TokenType

TEMPLATES_DIR = Path(__file__).resolve().parents[2] / "templates"

# Words that are the same in every language: the site's and games' names, units and markers.
ALLOWED = {
    "Lifeboat Club",
    "Lifeboat",
    "Lifeboats",
    "htmx",
}
_SKIP_ELEMENTS = re.compile(r"<(style|script)\b[^>]*>.*?</\1>", re.S | re.I)
_HTML_COMMENT = re.compile(r"<!--.*?-->", re.S)
_TAG = re.compile(r"<[^>]*>")
_ENTITY = re.compile(r"&[#a-zA-Z0-9]+;")
_ATTRIBUTE = re.compile(r'\b(title|alt|placeholder|aria-label|aria-description)="([^"{]*)"')
_LETTER = re.compile(r"[^\W\d_]", re.U)
_PATH = re.compile(r"(?<![\w])/[\w/.-]*")  # a URL path written into a mail, not a word


def _has_words(text: str) -> bool:
    text = _PATH.sub(" ", _ENTITY.sub(" ", text))
    for allowed in sorted(ALLOWED, key=len, reverse=True):
        text = text.replace(allowed, " ")
    return bool(_LETTER.search(text))


def untranslated_text(source: str) -> list[str]:
    """Text nodes (and user-facing attribute values) outside translate/blocktranslate and comments."""
    found: list[str] = []
    depth = {"blocktranslate": 0, "comment": 0, "partialdef_style": 0}
    chunks: list[str] = []
    for token in Lexer(source).tokenize():
        if token.token_type == TokenType.BLOCK:
            name = token.contents.split()[0] if token.contents else ""
            if name in {"blocktranslate", "blocktrans"}:
                depth["blocktranslate"] += 1
            elif name in {"endblocktranslate", "endblocktrans"}:
                depth["blocktranslate"] -= 1
            elif name == "comment":
                depth["comment"] += 1
            elif name == "endcomment":
                depth["comment"] -= 1
            chunks.append(" \x00 ")  # a tag separates text like a word boundary
            continue
        if token.token_type == TokenType.VAR:
            chunks.append(" \x01 ")  # a value: stands for itself
            continue
        if token.token_type != TokenType.TEXT or depth["blocktranslate"] or depth["comment"]:
            chunks.append(" \x00 ")
            continue
        chunks.append(token.contents)
    text = "".join(chunks)
    text = _SKIP_ELEMENTS.sub(" ", text)
    text = _HTML_COMMENT.sub(" ", text)
    for match in _ATTRIBUTE.finditer(text):
        if _has_words(match.group(2)):
            found.append(f'{match.group(1)}="{match.group(2)}"')
    for piece in _TAG.sub("\x00", text).split("\x00"):
        piece = piece.replace("\x01", " ").strip()
        if piece and _has_words(piece):
            found.append(piece)
    return found


def template_paths() -> list[Path]:
    return sorted(p for p in TEMPLATES_DIR.rglob("*") if p.is_file() and p.suffix in {".html", ".txt"})

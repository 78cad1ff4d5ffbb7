"""Read a gettext .po file and extract the current msgids with `makemessages`, for the tests."""

from __future__ import annotations

import ast
import os
import shutil
import tempfile
from dataclasses import dataclass
from pathlib import Path

from django.core.management import call_command
from django.test import override_settings

ROOT = Path(__file__).resolve().parents[2]
LOCALE_DIR = ROOT / "locale"
LANGUAGES = ("hu", "cs")
#: What makemessages reads: the apps, the site package and the templates (the engine stays English).
SOURCE_DIRS = (
    "accounts",
    "chat",
    "clubs",
    "games",
    "leagues",
    "lifeboat_site",
    "notifications",
    "ratings",
    "replays",
    "templates",
)


@dataclass
class Entry:
    context: str | None
    msgid: str
    plural: str | None
    strings: list[str]
    fuzzy: bool

    @property
    def key(self) -> tuple[str | None, str, str | None]:
        return (self.context, self.msgid, self.plural)


def _unquote(parts: list[str]) -> str:
    return "".join(ast.literal_eval(p) for p in parts)


def read_po(path: Path) -> list[Entry]:
    entries = []
    for block in path.read_text(encoding="utf-8").strip().split("\n\n"):
        fields: dict[str, list[str]] = {}
        current = None
        fuzzy = False
        obsolete = False
        for line in block.splitlines():
            if line.startswith("#~"):
                obsolete = True
            elif line.startswith("#,"):
                fuzzy = fuzzy or "fuzzy" in line
            elif line.startswith("#"):
                continue
            elif line.startswith('"') and current:
                fields[current].append(line)
            elif " " in line:
                current, value = line.split(" ", 1)
                fields[current] = [value]
        if obsolete or "msgid" not in fields:
            continue
        strings = [_unquote(v) for k, v in sorted(fields.items()) if k.startswith("msgstr")]
        entries.append(
            Entry(
                context=_unquote(fields["msgctxt"]) if "msgctxt" in fields else None,
                msgid=_unquote(fields["msgid"]),
                plural=_unquote(fields["msgid_plural"]) if "msgid_plural" in fields else None,
                strings=strings,
                fuzzy=fuzzy,
            )
        )
    return [e for e in entries if e.msgid]  # the header has an empty msgid


def extracted_entries() -> list[Entry]:
    """Run makemessages over a copy of the sources into a temporary locale dir; the real one is
    never touched."""
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        for name in SOURCE_DIRS:
            shutil.copytree(
                ROOT / name, work / name, ignore=shutil.ignore_patterns("__pycache__", "*.pyc", "migrations")
            )
        (work / "locale").mkdir()
        cwd = os.getcwd()
        os.chdir(work)
        try:
            with override_settings(LOCALE_PATHS=[work / "locale"]):
                call_command("makemessages", locale=["hu"], verbosity=0, no_location=True)
        finally:
            os.chdir(cwd)
        return read_po(work / "locale" / "hu" / "LC_MESSAGES" / "django.po")

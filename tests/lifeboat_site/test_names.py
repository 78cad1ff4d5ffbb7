"""The designers' names as their rulebooks print them."""

from pathlib import Path

import engine.lifeboats

ROOT = Path(__file__).resolve().parents[2]
WRONG = "Wet" + "tering"  # the README once called the author of Lifeboats this


def test_lifeboats_is_by_wetterling_everywhere():
    assert "Wetterling" in (ROOT / "README.md").read_text()
    assert "Wetterling" in (engine.lifeboats.__doc__ or "")
    for folder in ("engine", "games", "replays", "templates", "locale", "notifications"):
        for path in (ROOT / folder).rglob("*"):
            if path.suffix in {".py", ".html", ".txt", ".po", ".md"}:
                assert WRONG not in path.read_text(errors="ignore"), path
    assert WRONG not in (ROOT / "README.md").read_text()

"""A gallery of every card face and sample boards, in en/hu/cs, screenshot at 1280 and 390 px.

    .venv/bin/python bench/pictures_gallery.py [OUT_DIR]    (default /tmp/pictures-shots)

Writes `gallery-<lang>.html` with the sprites beside it, serves the folder over HTTP (faces are
`<use>`d from the sprite files, as on the site) and saves `<part>-<lang>-<width>.png` screenshots
taken by Chromium through Playwright. For people to look at: nothing here asserts anything.
"""

from __future__ import annotations

import functools
import http.server
import shutil
import sys
import threading
from pathlib import Path

import throwaway_site

throwaway_site.start()

from django.utils import translation  # noqa: E402
from django.utils.html import escape  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402

from games.lifeboat.picture import lifeboat_board  # noqa: E402
from games.lifeboats.picture import lifeboats_board  # noqa: E402
from games.pictures import faces  # noqa: E402
from games.presentations import presentation  # noqa: E402
from games.sprites import draw_sprite  # noqa: E402
from tests.games.pictures import moments  # noqa: E402

CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
]
LANGUAGES = ("en", "hu", "cs")
WIDTHS = (1280, 390)
NAMES = {0: "Anna", 1: "Bence", 2: "Csilla Kovácsné-Horváth", 3: "Dávid", 4: "Eliška", 5: "František"}

CSS_PAGE = """
body{font:16px/1.4 system-ui,sans-serif;margin:0;padding:12px;background:#f6f3ec;color:#1d2a33}
h2{margin:18px 0 8px}
.faces{display:flex;flex-wrap:wrap;gap:8px}
.faces figure{margin:0;width:90px}
.faces.small figure{width:60px}
.faces figcaption{font-size:11px;color:#5d6b73;word-break:break-all}
.board{margin-bottom:16px}
.board p{font-size:13px;color:#5d6b73;margin:4px 0}
"""


def face_figure(face: faces.CardFace, sprite: str) -> str:
    return (
        f'<figure><svg class="pic-card" viewBox="{faces.VIEWBOX}" role="img" '
        f'aria-label="{escape(face.label)}">'
        f'<use href="{sprite}#{face.face}"/></svg><figcaption>{escape(face.face)}</figcaption></figure>'
    )


def faces_section(game: str, sprite: str, small: bool = False) -> str:
    ids = list(presentation(game).sprite_faces())
    cards = [faces.CardFace(None, face, face) for face in ids]
    return (
        f'<div class="faces{" small" if small else ""}">'
        + "".join(face_figure(c, sprite) for c in cards)
        + "</div>"
    )


def slug(name: str) -> str:
    return name.replace(" ", "-")


def page(language: str) -> str:
    with translation.override(language):
        parts = [
            f"<!doctype html><html lang='{language}'><head><meta charset='utf-8'>",
            "<meta name='viewport' content='width=device-width, initial-scale=1'>",
            f"<link rel='stylesheet' href='pictures.css'><style>{CSS_PAGE}</style></head><body>",
        ]
        lb, lbs = f"lifeboat-{language}.svg", f"lifeboats-{language}.svg"
        parts.append(
            f"<section id='faces'><h2>Lifeboat faces ({language})</h2>{faces_section('lifeboat', lb)}"
        )
        parts.append(f"<h2>Lifeboats faces</h2>{faces_section('lifeboats', lbs)}")
        parts.append(f"<h2>At 60 px</h2>{faces_section('lifeboat', lb, small=True)}</section>")
        parts.append("<section id='lifeboat'>")
        for name, view in moments.lifeboat_moments():
            svg = lifeboat_board(view, NAMES, sprite=lb, changed=moments.sample_changes(view))
            parts.append(
                f"<div class='board' id='lifeboat-{slug(name)}'><h2>Lifeboat: {escape(name)}</h2>{svg}</div>"
            )
        parts.append("</section><section id='lifeboats'>")
        for name, view in moments.lifeboats_moments():
            svg = lifeboats_board(view, NAMES, sprite=lbs, changed=moments.sample_changes(view))
            parts.append(
                f"<div class='board' id='lifeboats-{slug(name)}'>"
                f"<h2>Lifeboats: {escape(name)}</h2>{svg}</div>"
            )
        parts.append("</section></body></html>")
    return "".join(parts)


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:
        pass


def main() -> None:
    out = Path(sys.argv[1] if len(sys.argv) > 1 else "/tmp/pictures-shots")
    site = out / "site"
    shutil.rmtree(site, ignore_errors=True)
    site.mkdir(parents=True)
    shutil.copy(
        Path(__file__).resolve().parent.parent / "games/static/games/pictures.css", site / "pictures.css"
    )
    for language in LANGUAGES:
        for game in ("lifeboat", "lifeboats"):
            (site / f"{game}-{language}.svg").write_text(draw_sprite(game, language), encoding="utf-8")
        (site / f"gallery-{language}.html").write_text(page(language), encoding="utf-8")

    handler = functools.partial(_Quiet, directory=str(site))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}"
    shots = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS)
        for language in LANGUAGES:
            for width in WIDTHS:
                tab = browser.new_page(viewport={"width": width, "height": 900})
                tab.goto(f"{base}/gallery-{language}.html")
                tab.wait_for_load_state("networkidle")
                overflow = tab.evaluate("document.documentElement.scrollWidth - window.innerWidth")
                if overflow > 0:
                    print(f"{language} {width}: {overflow} px of horizontal scrolling")
                parts = ["faces", *tab.eval_on_selector_all(".board", "els => els.map(e => e.id)")]
                for part in parts:
                    path = out / f"{part}-{language}-{width}.png"
                    tab.locator(f"#{part}").screenshot(path=str(path))
                    shots.append(path)
                tab.close()
        browser.close()
    server.shutdown()
    for path in shots:
        print(path)


if __name__ == "__main__":
    main()

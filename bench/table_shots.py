"""Screenshots of the table page at the games' main moments, in en/hu/cs, at 1280 and 390 px.

    .venv/bin/python bench/table_shots.py [OUT_DIR]    (default /tmp/table-shots)

Each moment (`tests/games/pictures/moments.py`) is found by random play in the engine alone, then
played again through the services into a throw-away database, so the page is the site's own: the
table of the seat the game waits for, served by Django with its static files and photographed
by Chromium through Playwright. Each page is saved whole and as its first screen alone
(`-first.png`: 1280x800, 390x844); at 390 px the board and the private corner close up too. It
prints whether a page scrolls sideways and where the board and the move's first control begin.
`SHOTS_ONLY=lifeboat-end,lifeboats-vote` takes only those moments; `SHOTS_LANGUAGES=en` and
`SHOTS_WIDTHS=390` only those. For people to look at: nothing here asserts anything.
"""

from __future__ import annotations

import os
import sys
import threading
from pathlib import Path
from wsgiref.simple_server import WSGIRequestHandler, make_server

import throwaway_site

throwaway_site.start()
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")  # Playwright runs an event loop in this thread

from django.conf import settings  # noqa: E402
from django.contrib.staticfiles.handlers import StaticFilesHandler  # noqa: E402
from django.core.wsgi import get_wsgi_application  # noqa: E402
from django.test import Client  # noqa: E402
from django.test.utils import setup_test_environment  # noqa: E402

from accounts.models import Profile  # noqa: E402
from games.models import Game  # noqa: E402
from tests.games.helpers import game_at_moment  # noqa: E402
from tests.games.pictures import moments  # noqa: E402

CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
]
LANGUAGES = tuple(os.environ.get("SHOTS_LANGUAGES", "en,hu,cs").split(","))
WIDTHS = tuple(int(w) for w in os.environ.get("SHOTS_WIDTHS", "1280,390").split(","))
HEIGHT = {1280: 800, 390: 844}  # the first screens the issue names
NAMES = ("Anna", "Bence", "Csilla Kovácsné-Horváth", "Dávid", "Eliška", "František")


class Quiet(WSGIRequestHandler):
    def log_message(self, *args: object) -> None:
        pass


def build(slug: str, players: int, wanted) -> tuple[Game, list, int, int | None]:
    """The game at the moment, with its users in seat order and the seat to photograph."""
    game, users, seat, last = game_at_moment(slug, players, wanted)
    for i, user in enumerate(users):
        Profile.objects.filter(user=user).update(display_name=NAMES[i])
    return game, users, seat, last


# Where the board's heading and the move's first control a person can see begin, in px from the top.
TOPS = """() => {
  const shown = (e) => e.getClientRects().length > 0;
  const top = (css) => {
    const e = [...document.querySelectorAll(css)].find(shown);
    return e ? Math.round(e.getBoundingClientRect().top + scrollY) : null;
  };
  return {board: top("#board-h"), control: top("#prompt :is(summary, button, select, input[type=radio])")};
}"""


def main() -> None:
    out = Path(sys.argv[1] if len(sys.argv) > 1 else "/tmp/table-shots")
    out.mkdir(parents=True, exist_ok=True)
    setup_test_environment()
    throwaway_site.migrate()
    settings.ALLOWED_HOSTS = ["*"]
    server = make_server("127.0.0.1", 0, StaticFilesHandler(get_wsgi_application()), handler_class=Quiet)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_port}"
    from playwright.sync_api import sync_playwright

    wanted = [("lifeboat", *m) for m in moments.LIFEBOAT] + [("lifeboats", *m) for m in moments.LIFEBOATS]
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS)
        only = os.environ.get("SHOTS_ONLY", "").split(",") if os.environ.get("SHOTS_ONLY") else None
        for slug, name, players, predicate in wanted:
            if only and f"{slug}-{name}" not in only:
                continue
            game, users, seat, since = build(slug, players, predicate)
            client = Client()
            client.force_login(users[seat])
            cookie = client.cookies[settings.SESSION_COOKIE_NAME].value
            for language in LANGUAGES:
                Profile.objects.filter(user=users[seat]).update(language=language)
                for width in WIDTHS:
                    context = browser.new_context(
                        viewport={"width": width, "height": HEIGHT.get(width, 900)}, locale=language
                    )
                    context.add_cookies(
                        [
                            {"name": settings.SESSION_COOKIE_NAME, "value": cookie, "url": base},
                            {"name": settings.LANGUAGE_COOKIE_NAME, "value": language, "url": base},
                        ]
                    )
                    page = context.new_page()
                    query = f"?since={since}" if since is not None else ""
                    page.goto(f"{base}/games/{game.pk}/{query}")
                    page.wait_for_load_state("networkidle")
                    wide = page.evaluate("document.documentElement.scrollWidth > window.innerWidth")
                    file = out / f"{slug}-{name.replace(' ', '-')}-{language}-{width}.png"
                    page.screenshot(path=str(file.with_name(f"{file.stem}-first.png")))
                    page.screenshot(path=str(file), full_page=True)
                    if width < 600:  # the board and the private corner close up, as a phone shows them
                        for part in ("board .pic", "private"):
                            found = page.locator(f"#table section.{part}")
                            if found.count():
                                found.first.screenshot(
                                    path=str(file.with_name(f"{file.stem}-{part.split()[0]}.png"))
                                )
                    tops = page.evaluate(TOPS)
                    print(file.name, "SCROLLS SIDEWAYS" if wide else "fits", tops)
                    context.close()
            for user in users:  # the names are unique: free them for the next moment's players
                Profile.objects.filter(user=user).update(display_name=f"player {user.pk}")
        browser.close()
    server.shutdown()


if __name__ == "__main__":
    main()

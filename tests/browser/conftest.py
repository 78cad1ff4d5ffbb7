"""Real Chromium (Debian's package) through Playwright; skipped only where chromium is absent."""

from __future__ import annotations

import contextlib
import os
import shutil
import threading
from collections.abc import Callable, Iterable, Iterator
from typing import Any

import pytest

CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
]


@pytest.fixture(scope="session")
def chromium_browser():
    path = shutil.which("chromium")
    if path is None:
        pytest.skip("chromium is not installed: apt-get install -y chromium")
    # Playwright's sync API runs an event loop in this thread; Django's ORM calls are still sync.
    os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=path, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


#: Runs first in every document of every page: each refusal of the Content-Security-Policy (an
#: inline style or script, an eval, a foreign source) is written to the console, where
#: `_CspWatch` reads it.
CSP_WATCH_SCRIPT = """
document.addEventListener('securitypolicyviolation', (e) => {
  console.error(`Content Security Policy violation: ${e.violatedDirective} refused `
    + `${e.blockedURI || 'inline'} at ${e.sourceFile || document.location.href}:${e.lineNumber}`
    + (e.sample ? ` (${e.sample})` : ''));
}, true);
"""


class _CspWatch:
    """The browser, whose every new context reports what the Content-Security-Policy refused:
    Chromium's own console message ("Refused to apply inline style because it violates the
    following Content Security Policy directive...") and the page's securitypolicyviolation event.
    """

    def __init__(self, browser: Any) -> None:
        self.browser, self.refused = browser, []

    def __getattr__(self, name: str) -> Any:
        return getattr(self.browser, name)

    def new_context(self, **kwargs: Any) -> Any:
        context = self.browser.new_context(**kwargs)
        context.add_init_script(CSP_WATCH_SCRIPT)
        context.on("console", self._console)
        return context

    def _console(self, message: Any) -> None:
        if "Content Security Policy" in message.text:
            self.refused.append(f"{message.location.get('url', '')}: {message.text}")


@pytest.fixture
def chromium(chromium_browser):
    """Debian's chromium; the test fails if any of its pages broke the Content-Security-Policy."""
    from playwright.sync_api import Error

    watch = _CspWatch(chromium_browser)
    yield watch
    for context in chromium_browser.contexts:  # a round trip delivers events still queued
        for page in context.pages:
            with contextlib.suppress(Error):  # a page that crashed or closed has nothing queued
                page.evaluate("0")
    assert watch.refused == [], "the Content-Security-Policy refused:\n" + "\n".join(watch.refused)


class _OneAtATime:
    """A WSGI application that lets one request at a time through `app`, from the call until its
    response is closed."""

    def __init__(self, app: Callable[..., Any]) -> None:
        self.app, self.lock = app, threading.Lock()

    def __call__(self, environ: dict[str, Any], start_response: Callable[..., Any]) -> Iterable[bytes]:
        self.lock.acquire()
        try:
            result = self.app(environ, start_response)
        except BaseException:
            self.lock.release()
            raise
        return _Releasing(result, self.lock)


class _Releasing:
    def __init__(self, result: Iterable[bytes], lock: threading.Lock) -> None:
        self.result, self.lock = result, lock

    def __iter__(self) -> Iterator[bytes]:
        return iter(self.result)

    def close(self) -> None:
        try:
            close = getattr(self.result, "close", None)
            if close is not None:
                close()
        finally:
            self.lock.release()


@pytest.fixture(scope="session")
def live_server(live_server):
    """pytest-django's live server, serving one request at a time when its threads share a
    connection.

    With the in-memory SQLite test database, every request thread of the live server uses the
    test's one SQLite connection (Django cannot give them connections of their own to a private
    in-memory database), and a sqlite3 connection used by two threads at once hands one thread's
    query another's rows: four browsers polling at once then saw each other's tables (a seat's page
    showed another seat's hand). On PostgreSQL each thread has its own connection and nothing is
    serialized.
    """
    thread = live_server.thread
    if thread.connections_override:
        thread.httpd.set_app(_OneAtATime(thread.httpd.get_app()))
    return live_server

"""Real Chromium (Debian's package) through Playwright; skipped only where chromium is absent."""

from __future__ import annotations

import contextlib
import os
import shutil
import threading
from collections.abc import Callable, Iterable, Iterator
from functools import partial
from typing import Any

import pytest
from django.db import connections

from lifeboat_site.celery import app as celery_app

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
        # While Playwright's loop runs in this thread, asyncio reports a running loop here, so
        # Django (asgiref's thread-critical Local) keeps this thread's database connections apart
        # from those it had before: close them while the loop still runs, or the test database's
        # teardown, back on the earlier connections, finds them open and cannot drop the database.
        connections.close_all()


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


class _Served:
    """A WSGI application around `app` that knows how many requests are in flight (from the call
    until the response is closed, when Django's `request_finished` runs) and, with `one_at_a_time`,
    lets only one through at a time."""

    def __init__(self, app: Callable[..., Any], *, one_at_a_time: bool) -> None:
        self.app, self.one_at_a_time = app, one_at_a_time
        self.lock = threading.RLock()  # held by a request's thread; its queries take it again
        self.idle = threading.Condition()
        self.in_flight = 0

    def __call__(self, environ: dict[str, Any], start_response: Callable[..., Any]) -> Iterable[bytes]:
        with self.idle:
            self.in_flight += 1
        if self.one_at_a_time:
            self.lock.acquire()
        try:
            result = self.app(environ, start_response)
        except BaseException:
            self._done()
            raise
        return _Releasing(result, self._done)

    def _done(self) -> None:
        if self.one_at_a_time:
            self.lock.release()
        with self.idle:
            self.in_flight -= 1
            self.idle.notify_all()

    def wait_idle(self, timeout: float) -> bool:
        with self.idle:
            return self.idle.wait_for(lambda: self.in_flight == 0, timeout=timeout)


class _Releasing:
    def __init__(self, result: Iterable[bytes], done: Callable[[], None]) -> None:
        self.result, self.done = result, done

    def __iter__(self) -> Iterator[bytes]:
        return iter(self.result)

    def close(self) -> None:
        try:
            close = getattr(self.result, "close", None)
            if close is not None:
                close()
        finally:
            self.done()


@pytest.fixture(scope="session")
def live_server(django_db_setup, live_server):
    """pytest-django's live server, which knows its requests in flight, and serves one request at
    a time when its threads share a connection.

    With the in-memory SQLite test database, every request thread of the live server uses the
    test's one SQLite connection (Django cannot give them connections of their own to a private
    in-memory database), and a sqlite3 connection used by two threads at once hands one thread's
    query another's rows: four browsers polling at once then saw each other's tables (a seat's page
    showed another seat's hand). On PostgreSQL each thread has its own connection and nothing is
    serialized.

    The test database is set up first (`django_db_setup`): pytest makes session fixtures before a
    test's own, so pytest-django's server was otherwise made while the settings still named the
    development database, shared no connection, and each request thread opened its own to the
    in-memory database, where SQLite locks whole tables between connections and refuses at once
    ("database table is locked": a click's move lost, a test failed now and then).

    The test's own thread uses that connection too (reading a game while the browsers poll): its
    queries take the same lock, so they wait for the request in flight.
    """
    thread = live_server.thread
    served = _Served(thread.httpd.get_app(), one_at_a_time=bool(thread.connections_override))
    thread.httpd.set_app(served)
    for connection in thread.connections_override.values():
        connection.execute_wrappers.append(partial(_one_at_a_time, served.lock))
    return live_server


def _one_at_a_time(lock: threading.RLock, execute, sql, params, many, context):
    with lock:
        return execute(sql, params, many, context)


@pytest.fixture(autouse=True)
def _browsers_done_before_the_database(request):
    """A test with the live server ends its browsers' requests while it still has the database.

    Pages left open poll the table every few seconds, and a request still in flight when a test
    ends is finished (Django's `request_finished` checks the connection) after pytest-django has
    blocked database access again: the live server's thread then printed "Database access not
    allowed" tracebacks into the test output. So, before the test's database access ends (this
    fixture asks for it, so it is torn down first), every browser context the test opened is
    closed, and then the requests in flight are waited for.
    """
    if "live_server" not in request.fixturenames:
        yield
        return
    request.getfixturevalue("transactional_db")
    server = request.getfixturevalue("live_server")
    browser = request.getfixturevalue("chromium") if "chromium" in request.fixturenames else None
    yield
    if browser is not None:
        for context in list(browser.contexts):
            context.close()
    assert server.thread.httpd.get_app().wait_idle(timeout=30), "the live server is still busy"


@pytest.fixture
def eager_bots():
    """Celery's tasks run in the request that enqueues them (after its commit): a move's answer
    comes after the bots' replies to it."""
    old = celery_app.conf.task_always_eager, celery_app.conf.task_eager_propagates
    celery_app.conf.task_always_eager = True
    celery_app.conf.task_eager_propagates = True
    yield
    celery_app.conf.task_always_eager, celery_app.conf.task_eager_propagates = old

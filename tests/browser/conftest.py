"""Real Chromium (Debian's package) through Playwright; skipped only where chromium is absent."""

from __future__ import annotations

import os
import shutil

import pytest

CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
]


@pytest.fixture(scope="session")
def chromium():
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

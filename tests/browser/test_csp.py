"""The site's Content-Security-Policy in a real browser: strict enough to refuse an inline style,
an inline script and an inline handler (and no eval is allowed), and the browser tests' watch
(conftest `_CspWatch`) sees each refusal, so any page that breaks the policy fails its test."""

from __future__ import annotations

import os

import pytest

os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

from tests.browser.conftest import _CspWatch

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

INJECTED = (
    '<p id="styled" style="color:rgb(255, 0, 0)">red?</p>'
    "<script>window.inlineRan = true</script>"
    '<button id="evil" onclick="window.handlerRan = true">x</button>'
)


def test_the_policy_refuses_inline_style_and_script_and_the_watch_sees_it(chromium_browser, live_server):
    watch = _CspWatch(chromium_browser)
    context = watch.new_context()
    page = context.new_page()

    def with_injection(route):
        response = route.fetch()
        body = response.text().replace("</main>", INJECTED + "</main>")
        route.fulfill(response=response, body=body)

    page.route(f"{live_server.url}/", with_injection)
    response = page.goto(f"{live_server.url}/")
    policy = response.headers["content-security-policy"]
    assert "style-src 'self'" in policy
    assert "script-src 'self'" in policy
    assert "unsafe-inline" not in policy
    assert "unsafe-eval" not in policy
    page.wait_for_load_state("networkidle")
    # the site's own stylesheet and scripts load; the injected inline ones are refused
    assert page.evaluate("getComputedStyle(document.body).display") == "flex"
    assert page.evaluate("typeof htmx") == "object"
    assert page.evaluate("getComputedStyle(document.getElementById('styled')).color") != "rgb(255, 0, 0)"
    page.click("#evil")
    assert page.evaluate("[window.inlineRan, window.handlerRan]") == [None, None]
    context.close()
    refused = "\n".join(watch.refused)
    assert "style-src" in refused
    assert "script-src" in refused

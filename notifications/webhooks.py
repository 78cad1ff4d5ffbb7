"""The mail provider's webhooks (django-anymail's inbound and tracking views) answer only to the
provider: HTTP basic auth with a secret of `ANYMAIL["WEBHOOK_SECRET"]` ("user:password", or a
list of them while one is rotated).

`WebhookAuthMiddleware` stands before every anymail webhook view, whichever URLconf mounts it:
a request without the secret gets 401 (with `WWW-Authenticate`, as the provider expects to
retry with credentials); where no secret is configured, 403 when settings require one
(`MAIL_WEBHOOK_SECRET_REQUIRED`, production), else the view as anymail has it (local use).
Production also refuses to start with a webhook mounted and no secret: the system check
`notifications.E001` (run by runserver, migrate and check).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from anymail.utils import get_request_basic_auth
from anymail.webhooks.base import AnymailCoreWebhookView
from django.conf import settings
from django.core.checks import Error, register
from django.http import HttpRequest, HttpResponse
from django.urls import URLPattern, URLResolver, get_resolver
from django.utils.crypto import constant_time_compare

REALM = 'Basic realm="Lifeboat Club mail webhooks"'


def webhook_secrets() -> list[str]:
    configured = (getattr(settings, "ANYMAIL", None) or {}).get("WEBHOOK_SECRET") or []
    secrets = [configured] if isinstance(configured, str) else list(configured)
    return [s for s in secrets if s]


def secret_required() -> bool:
    return bool(getattr(settings, "MAIL_WEBHOOK_SECRET_REQUIRED", False))


def is_webhook(view: Any) -> bool:
    view_class = getattr(view, "view_class", None)
    return isinstance(view_class, type) and issubclass(view_class, AnymailCoreWebhookView)


def refusal(request: HttpRequest) -> HttpResponse | None:
    """The answer to a webhook request that lacks the secret, or None when it may go on."""
    secrets = webhook_secrets()
    if not secrets:
        if secret_required():
            return HttpResponse(status=403)  # closed: no webhook secret is configured
        return None
    given = get_request_basic_auth(request) or ""
    if any(constant_time_compare(given, secret) for secret in secrets):
        return None
    response = HttpResponse(status=401)
    response["WWW-Authenticate"] = REALM
    return response


class WebhookAuthMiddleware:
    """401/403 before any anymail webhook view whose request lacks the webhook secret."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_view(
        self, request: HttpRequest, view: Callable[..., Any], args: Any, kwargs: Any
    ) -> HttpResponse | None:
        return refusal(request) if is_webhook(view) else None


def _views(patterns: list[Any]) -> Iterator[Any]:
    for pattern in patterns:
        if isinstance(pattern, URLResolver):
            yield from _views(pattern.url_patterns)
        elif isinstance(pattern, URLPattern):
            yield pattern.callback


def webhooks_mounted() -> bool:
    """Whether the URLconf mounts any mail provider's webhook (inbound or tracking)."""
    return any(is_webhook(view) for view in _views(get_resolver().url_patterns))


@register("security", "urls")
def check_webhook_secret(app_configs: Any = None, **kwargs: Any) -> list[Error]:
    """notifications.E001: a webhook is mounted where a secret is required, and none is set."""
    if not secret_required() or webhook_secrets() or not webhooks_mounted():
        return []
    return [
        Error(
            "A mail provider's webhook (inbound mail, bounces) is mounted but ANYMAIL['WEBHOOK_SECRET'] "
            "is not set: anyone could post to it.",
            hint='Set ANYMAIL_WEBHOOK_SECRET="user:password" (a long random password) and add the same '
            "credentials to the webhook URL in the provider's settings.",
            id="notifications.E001",
        )
    ]

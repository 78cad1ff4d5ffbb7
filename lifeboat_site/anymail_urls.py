"""django-anymail's webhooks for the one provider settings name (`MAIL_WEBHOOK_PROVIDER`), none
with SMTP: `anymail.urls` would mount about thirty providers' webhooks, and an unconfigured one
answers 500 to anything.

Anymail's views raise whatever their parsers raise on a malformed body (a JSONDecodeError, a
KeyError, a RecursionError on deep JSON): a 500, which a provider takes as "try again later".
Here a body that cannot be parsed is a 400; errors after parsing (our inbound-mail receivers)
stay 500s, so a provider retries a message we failed to take.
"""

from __future__ import annotations

from typing import Any

from anymail import urls as anymail_urls
from django.conf import settings
from django.core.exceptions import BadRequest
from django.urls import URLPattern

PARSE_ERRORS = (ValueError, KeyError, TypeError, IndexError, AttributeError, RecursionError)


def _tolerant(view_class: type) -> type:
    """`view_class` whose malformed bodies are a 400 (BadRequest) instead of a 500."""

    class Tolerant(view_class):  # type: ignore[misc, valid-type]
        def validate_request(self, request: Any) -> None:
            try:  # some providers read the body to check its signature (Mailgun's JSON)
                super().validate_request(request)
            except PARSE_ERRORS as exc:
                raise BadRequest(f"malformed {self.esp_name} webhook body") from exc

        def parse_events(self, request: Any) -> list[Any]:
            try:
                return list(super().parse_events(request))
            except PARSE_ERRORS as exc:
                raise BadRequest(f"malformed {self.esp_name} webhook body") from exc

    Tolerant.__name__ = Tolerant.__qualname__ = f"Tolerant{view_class.__name__}"
    return Tolerant


def provider_patterns(provider: str | None) -> list[URLPattern]:
    """`anymail.urls`' patterns under `<provider>/` (inbound and tracking), parse errors a 400."""
    if not provider:
        return []
    prefix = f"{provider}/"
    return [
        URLPattern(
            p.pattern,
            _tolerant(p.callback.view_class).as_view(**p.callback.view_initkwargs),
            p.default_args,
            p.name,
        )
        for p in anymail_urls.urlpatterns
        if str(p.pattern).lstrip("^").startswith(prefix)
    ]


app_name = "anymail"
urlpatterns = provider_patterns(getattr(settings, "MAIL_WEBHOOK_PROVIDER", None))

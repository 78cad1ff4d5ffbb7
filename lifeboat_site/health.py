"""`/health/` for load balancers and monitors (django-health-check): the database, the shared
cache and the Celery broker, each within a few seconds. 200 when all answer, else 503 with the
failing check named (`?format=json` or `Accept: application/json` for JSON)."""

from __future__ import annotations

import asyncio
import dataclasses
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from django.http import HttpRequest, HttpResponse
from django.utils.cache import add_never_cache_headers, patch_vary_headers
from django.views import View
from health_check.base import HealthCheck
from health_check.checks import Cache, Database
from health_check.exceptions import ServiceUnavailable
from health_check.views import HealthCheckView

from lifeboat_site.celery import app as celery_app


@dataclasses.dataclass
class Broker(HealthCheck):
    """The Celery broker accepts a connection (Redis in production)."""

    def run(self) -> None:
        try:
            with celery_app.connection_for_write() as connection:
                connection.ensure_connection(max_retries=1, timeout=3)
        except Exception as exc:  # kombu raises its transports' own errors
            raise ServiceUnavailable("The broker does not answer") from exc


class HealthView(HealthCheckView):
    """django-health-check's view as a plain (sync) view: the checks run in an event loop of their
    own, in a thread of their own, so the view works under WSGI whatever else holds a loop in the
    calling thread (a test's browser driver does)."""

    checks = (Database, Cache, Broker)

    def dispatch(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:  # type: ignore[override]
        response = View.dispatch(self, request, *args, **kwargs)
        patch_vary_headers(response, ["Accept"])
        add_never_cache_headers(response)
        return response

    def get(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:  # type: ignore[override]
        with ThreadPoolExecutor(max_workers=1) as pool:
            response = pool.submit(asyncio.run, HealthCheckView.get(self, request, *args, **kwargs)).result()
        if response.status_code == 500:  # a service is down: unavailable, not an error of ours
            response.status_code = 503
        return response

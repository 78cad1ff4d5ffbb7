"""System checks for the accounts' limits: they must be counted in one cache for all processes."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.checks import Error, register

#: Cache backends whose counts live in one process (or nowhere): sign-in limits counted there are
#: per worker (a client blocked on one succeeds on the next), and caches cleared by the Celery
#: worker are never cleared in the web processes.
PER_PROCESS_CACHES = {
    "django.core.cache.backends.locmem.LocMemCache",
    "django.core.cache.backends.dummy.DummyCache",
}


@register("caches", deploy=False)
def shared_cache_in_production(app_configs: Any = None, **kwargs: Any) -> list[Error]:
    """With SHARED_CACHE_REQUIRED (production), the default cache must be shared (Redis)."""
    if not getattr(settings, "SHARED_CACHE_REQUIRED", False):
        return []
    backend = settings.CACHES.get("default", {}).get("BACKEND", "")
    if backend in PER_PROCESS_CACHES:
        return [
            Error(
                f"The default cache ({backend}) is per process: rate limits and cached pages would "
                "differ between web processes and the worker.",
                hint="Set REDIS_CACHE_URL to the shared Redis (production uses RedisCache).",
                id="accounts.E001",
            )
        ]
    return []

"""System checks for production on several machines: no process keeps state another one needs.

With `SHARED_STATE_REQUIRED` (production) every web process, worker and beat may run on a machine
of its own behind one proxy, on one PostgreSQL and one Redis. These checks refuse the settings that
would quietly break that (the shared cache itself is `accounts.E001`, the webhooks' secret
`notifications.E001`):

- `lifeboat_site.E001` sessions kept in a file, or in a per-process cache: a player signed in on
  one machine would be signed out on the next.
- `lifeboat_site.E002` a broker on local disk or in memory (kombu's `filesystem://`, `memory://`)
  or tasks run eagerly: a move on one machine would never reach the worker on another.
- `lifeboat_site.E003` mail written to files, the console or memory: prompts would never leave.
- `lifeboat_site.E004` uploads (the default storage) on local disk, unless `MEDIA_LOCAL_DISK_ALLOWED`
  says that disk is shared by every machine (or that nothing is uploaded).
- `lifeboat_site.E005` proxies not declared (`TRUSTED_PROXY_COUNT` or `TRUSTED_CLIENT_IP_HEADER`),
  or declared as none while gunicorn is told of one (`FORWARDED_ALLOW_IPS` beyond this machine):
  the sign-in limits would count every player as the proxy's one address (`accounts.client_ip`).
"""

from __future__ import annotations

import ipaddress
from typing import Any

from django.conf import settings
from django.core.checks import Error, register

from accounts.checks import PER_PROCESS_CACHES

LOCAL_SESSION_ENGINES = {"django.contrib.sessions.backends.file"}
CACHED_SESSION_ENGINES = {
    "django.contrib.sessions.backends.cache",
    "django.contrib.sessions.backends.cached_db",
}
LOCAL_BROKERS = {"filesystem", "memory"}
LOCAL_MAIL_BACKENDS = {
    "django.core.mail.backends.filebased.EmailBackend",
    "django.core.mail.backends.console.EmailBackend",
    "django.core.mail.backends.locmem.EmailBackend",
    "django.core.mail.backends.dummy.EmailBackend",
}
LOCAL_STORAGE = "django.core.files.storage.FileSystemStorage"


def _required() -> bool:
    return bool(getattr(settings, "SHARED_STATE_REQUIRED", False))


@register("sessions", deploy=False)
def sessions_shared(app_configs: Any = None, **kwargs: Any) -> list[Error]:
    if not _required():
        return []
    engine = settings.SESSION_ENGINE
    cache_backend = settings.CACHES.get(settings.SESSION_CACHE_ALIAS, {}).get("BACKEND", "")
    if engine in LOCAL_SESSION_ENGINES or (
        engine in CACHED_SESSION_ENGINES and cache_backend in PER_PROCESS_CACHES
    ):
        return [
            Error(
                f"Sessions ({engine}) are kept by one machine or one process: a player signed in "
                "on one web node would be a stranger on the next.",
                hint='Use "django.contrib.sessions.backends.cached_db" on the shared Redis cache '
                "(production's default) or the database.",
                id="lifeboat_site.E001",
            )
        ]
    return []


@register(deploy=False)
def broker_shared(app_configs: Any = None, **kwargs: Any) -> list[Error]:
    if not _required():
        return []
    scheme = str(settings.CELERY_BROKER_URL).split(":", 1)[0].lower()
    if scheme in LOCAL_BROKERS or getattr(settings, "CELERY_TASK_ALWAYS_EAGER", False):
        return [
            Error(
                f"The Celery broker ({scheme}://) or eager tasks keep the work in one machine: moves "
                "made on one web node would never reach the workers.",
                hint="Set CELERY_BROKER_URL to the shared Redis (redis://host:6379/<db>).",
                id="lifeboat_site.E002",
            )
        ]
    return []


@register(deploy=False)
def mail_leaves_the_machine(app_configs: Any = None, **kwargs: Any) -> list[Error]:
    if not _required():
        return []
    mailers = getattr(settings, "MAILERS", {}) or {}
    backend = mailers.get("default", {}).get("BACKEND", "")
    if backend in LOCAL_MAIL_BACKENDS:
        return [
            Error(
                f"Mail goes to {backend}: the players' prompts would stay on one machine.",
                hint="Use SMTP (EMAIL_HOST & co.) or a provider (ANYMAIL_BACKEND).",
                id="lifeboat_site.E003",
            )
        ]
    return []


@register(deploy=False)
def media_not_on_local_disk(app_configs: Any = None, **kwargs: Any) -> list[Error]:
    if not _required() or getattr(settings, "MEDIA_LOCAL_DISK_ALLOWED", False):
        return []
    backend = settings.STORAGES.get("default", {}).get("BACKEND", "")
    if backend == LOCAL_STORAGE:
        return [
            Error(
                "Uploads (the default storage) go to this machine's disk: the other web nodes "
                "would not find them.",
                hint="Set DJANGO_MEDIA_STORAGE to a shared storage (an object store), or "
                "DJANGO_MEDIA_LOCAL_DISK=true if MEDIA_ROOT is a disk every machine mounts "
                "(the site itself stores no uploads today).",
                id="lifeboat_site.E004",
            )
        ]
    return []


def _beyond_this_machine(entry: str) -> bool:
    """Whether a FORWARDED_ALLOW_IPS entry names anything but this machine's loopback ("*": anyone)."""
    try:
        return not ipaddress.ip_network(entry, strict=False).is_loopback
    except ValueError:
        return True


@register(deploy=False)
def proxies_declared(app_configs: Any = None, **kwargs: Any) -> list[Error]:
    if not _required():
        return []
    hint = (
        "Set TRUSTED_PROXY_COUNT to the number of proxies in front of the web nodes (1 for the "
        "deploy guide's one proxy; 0 only if clients reach gunicorn directly), or "
        "TRUSTED_CLIENT_IP_HEADER to the header your proxy sets to the client's address; see "
        'deploy/README.md, "The proxy".'
    )
    if not getattr(settings, "TRUSTED_PROXIES_DECLARED", False):
        return [
            Error(
                "The proxies in front of the web nodes are not declared: the sign-in limits would "
                "count every player behind a proxy as one address, the proxy's.",
                hint=hint,
                id="lifeboat_site.E005",
            )
        ]
    trusted = getattr(settings, "FORWARDED_ALLOW_IPS", [])
    no_proxy = not settings.ALLAUTH_TRUSTED_PROXY_COUNT and not settings.ALLAUTH_TRUSTED_CLIENT_IP_HEADER
    if no_proxy and any(_beyond_this_machine(entry) for entry in trusted):
        return [
            Error(
                f"TRUSTED_PROXY_COUNT is 0, yet gunicorn believes a proxy at {', '.join(trusted)} "
                "(FORWARDED_ALLOW_IPS): the sign-in limits would count every player behind it as "
                "one address.",
                hint=hint,
                id="lifeboat_site.E005",
            )
        ]
    return []

"""Production: everything secret or site-specific comes from the environment."""

import os

from django.core.exceptions import ImproperlyConfigured

from .base import *  # noqa: F403
from .base import anymail_provider, env_bool

SECRET_KEY = os.environ["DJANGO_SECRET_KEY"]
SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SESSION_COOKIE_SECURE = True
CSRF_COOKIE_SECURE = True
# The language a visitor chose (django_language): over HTTPS only, never sent with another site's
# requests, not for scripts.
LANGUAGE_COOKIE_SECURE = True
LANGUAGE_COOKIE_SAMESITE = "Lax"
LANGUAGE_COOKIE_HTTPONLY = True
# HSTS: a year by default, subdomains included (DJANGO_HSTS_SECONDS=0 turns it off).
SECURE_HSTS_SECONDS = int(os.environ.get("DJANGO_HSTS_SECONDS", str(365 * 24 * 3600)))
SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("DJANGO_HSTS_INCLUDE_SUBDOMAINS", True)
SECURE_HSTS_PRELOAD = env_bool("DJANGO_HSTS_PRELOAD", False)
SECURE_SSL_REDIRECT = env_bool("DJANGO_SSL_REDIRECT", True)

# SMTP by default; set ANYMAIL_BACKEND (e.g. anymail.backends.postmark.EmailBackend) for a provider,
# configured by the ANYMAIL_* variables. Django 6.1's MAILERS (EMAIL_BACKEND and EMAIL_HOST & co.
# are deprecated and refused beside it); the SMTP options come from the EMAIL_* variables.
mail_backend = os.environ.get("ANYMAIL_BACKEND", "django.core.mail.backends.smtp.EmailBackend")
smtp_options = {
    "host": os.environ.get("EMAIL_HOST", "localhost"),
    "port": int(os.environ.get("EMAIL_PORT", "25")),
    "username": os.environ.get("EMAIL_HOST_USER", ""),
    "password": os.environ.get("EMAIL_HOST_PASSWORD", ""),
    "use_tls": env_bool("EMAIL_USE_TLS"),
    # Seconds before a silent mail server is given up (Python's default is to wait for ever).
    "timeout": int(os.environ.get("EMAIL_TIMEOUT", "10")),
}
MAILERS = {
    "default": {
        "BACKEND": mail_backend,
        "OPTIONS": smtp_options if mail_backend.startswith("django.core.mail.backends.smtp.") else {},
    }
}
# Only that provider's webhooks are mounted (/anymail/<provider>/inbound/ and tracking/); none with SMTP.
MAIL_WEBHOOK_PROVIDER = anymail_provider(mail_backend)
# The outbox sends at least once (a mail worker killed between the server's acceptance and the
# row's SENT sends it again, with the same Message-ID: notifications.outbox). Providers that drop
# a second copy themselves take a key in a header of the mail: Brevo's API ("idempotencyKey", for
# 15 minutes; NOTIFICATIONS_INFLIGHT_TIMEOUT is 10), Resend's SMTP ("Resend-Idempotency-Key").
IDEMPOTENCY_HEADERS = {"brevo": "idempotencyKey", "sendinblue": "idempotencyKey"}
NOTIFICATIONS_IDEMPOTENCY_HEADER = IDEMPOTENCY_HEADERS.get(MAIL_WEBHOOK_PROVIDER or "") or (
    "Resend-Idempotency-Key" if MAILERS["default"]["OPTIONS"].get("host", "").endswith("resend.com") else None
)
# The provider's webhooks (inbound mail, bounces) answer only to ANYMAIL_WEBHOOK_SECRET: without
# it they answer 403, and a system check (notifications.E001) refuses to start while one is mounted.
MAIL_WEBHOOK_SECRET_REQUIRED = True
# One cache for every process, always: rate limits, cached pages and notices the worker clears.
# REDIS_CACHE_URL is required; a per-process cache is refused by a system check (accounts.E001).
if not os.environ.get("REDIS_CACHE_URL"):
    raise ImproperlyConfigured("REDIS_CACHE_URL is required in production (the shared Redis cache).")
CACHES = {
    "default": {
        "BACKEND": "lifeboat_site.cache.RedisCache",
        "LOCATION": os.environ["REDIS_CACHE_URL"],
        # Several sites (or a test run) on one Redis database keep apart by a prefix of their own.
        "KEY_PREFIX": os.environ.get("REDIS_CACHE_KEY_PREFIX", ""),
    }
}
SHARED_CACHE_REQUIRED = True

# The proxies in front of the web nodes, so that the sign-in limits count each client, not the
# proxy (accounts.client_ip): TRUSTED_PROXY_COUNT (0 when clients reach gunicorn directly) or
# TRUSTED_CLIENT_IP_HEADER must be declared; lifeboat_site.E005 refuses to start without either.
TRUSTED_PROXIES_DECLARED = bool(
    os.environ.get("TRUSTED_PROXY_COUNT", "").strip() or ALLAUTH_TRUSTED_CLIENT_IP_HEADER  # noqa: F405
)

# Several machines: nothing a process keeps may be needed by another (lifeboat_site.checks refuses
# sessions in files or a per-process cache, a broker on disk or in memory, mail to files or the
# console, uploads on local disk). Sessions are read from the shared Redis and written through to
# PostgreSQL.
SHARED_STATE_REQUIRED = True
SESSION_ENGINE = "django.contrib.sessions.backends.cached_db"  # as in base: said here, checked
# Uploads: a shared storage (DJANGO_MEDIA_STORAGE, e.g. an object store's backend), or the local
# FileSystemStorage only with DJANGO_MEDIA_LOCAL_DISK=true (MEDIA_ROOT on a disk every machine
# mounts, or no uploads at all: the site stores none today).
STORAGES = {
    **STORAGES,  # noqa: F405
    "default": {
        "BACKEND": os.environ.get("DJANGO_MEDIA_STORAGE", "django.core.files.storage.FileSystemStorage")
    },
}
MEDIA_LOCAL_DISK_ALLOWED = env_bool("DJANGO_MEDIA_LOCAL_DISK", False)

ANYMAIL = {
    key.removeprefix("ANYMAIL_"): value
    for key, value in os.environ.items()
    if key.startswith("ANYMAIL_") and key != "ANYMAIL_BACKEND"
}

# Who gets a mail with the traceback of every 500 (optional): DJANGO_ADMINS="a@x.org, b@y.org".
ADMINS = [address.strip() for address in os.environ.get("DJANGO_ADMINS", "").split(",") if address.strip()]
SERVER_EMAIL = os.environ.get("DJANGO_SERVER_EMAIL", DEFAULT_FROM_EMAIL)  # noqa: F405

# Logs: one JSON object per line on stderr (lifeboat_site.logs), request errors with tracebacks;
# DJANGO_LOG_LEVEL for our own loggers (INFO by default).
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {"json": {"()": "lifeboat_site.logs.JsonFormatter"}},
    "filters": {"require_debug_false": {"()": "django.utils.log.RequireDebugFalse"}},
    "handlers": {
        "stderr": {"class": "logging.StreamHandler", "stream": "ext://sys.stderr", "formatter": "json"},
        # Sent by a thread of its own: a failing request gets its 500 page at once, whatever the
        # mail server does, and the error is logged once (lifeboat_site.logs.AdminMailHandler).
        "mail_admins": {
            "class": "lifeboat_site.logs.AdminMailHandler",
            "level": "ERROR",
            "filters": ["require_debug_false"],
        },
    },
    "root": {"handlers": ["stderr"], "level": os.environ.get("DJANGO_LOG_LEVEL", "INFO")},
    "loggers": {
        "django": {"handlers": ["stderr"], "level": "INFO", "propagate": False},
        "django.request": {
            "handlers": ["stderr", *(["mail_admins"] if ADMINS else [])],
            "level": "WARNING",
            "propagate": False,
        },
        "django.security": {"handlers": ["stderr"], "level": "WARNING", "propagate": False},
        "celery": {"handlers": ["stderr"], "level": "INFO", "propagate": False},
    },
}

"""Tests: SQLite in memory unless DATABASE_URL names PostgreSQL (CI), Django's mail outbox."""

import os

from .base import *  # noqa: F403

SECRET_KEY = "test-only-not-secret"
ALLOWED_HOSTS = ["testserver", "localhost", "127.0.0.1"]
MAILERS = {"default": {"BACKEND": "django.core.mail.backends.locmem.EmailBackend"}}
# One provider's webhooks are mounted, so the inbound tests and the URL walk reach them.
MAIL_WEBHOOK_PROVIDER = "postmark"
# ...and answer only to a secret, as in production (without one anymail warns that they are open
# to anyone on every request); the tests that need another secret, or none, set ANYMAIL themselves.
ANYMAIL = {"WEBHOOK_SECRET": "lifeboat:test-webhook-secret"}
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.InMemoryStorage"},
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}
# Tasks queued on commit go to an in-memory broker unless CI names a real one (Redis), which
# the real-worker test needs.
CELERY_BROKER_URL = os.environ.get("CELERY_BROKER_URL", "memory://")
CELERY_TASK_ALWAYS_EAGER = False
# Bots move at once in tests (their task still goes through the broker, or runs eagerly).
BOT_MOVE_DELAY_SECONDS = 0
# One process (the live server is a thread of it): each test starts with an empty cache of its
# own (tests/conftest.py), unless CI names a Redis. The shared database cache of `make run` is
# tested in tests/lifeboat_site/test_shared_cache.py.
if not os.environ.get("REDIS_CACHE_URL"):
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
# Static files are served from the app folders as they are; no collectstatic for tests.
WHITENOISE_AUTOREFRESH = True
WHITENOISE_USE_FINDERS = True

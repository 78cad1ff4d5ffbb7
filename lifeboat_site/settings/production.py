"""Production: everything secret or site-specific comes from the environment."""

import os

from .base import *  # noqa: F403
from .base import env_bool

SECRET_KEY = os.environ["DJANGO_SECRET_KEY"]
SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SESSION_COOKIE_SECURE = True
CSRF_COOKIE_SECURE = True
SECURE_HSTS_SECONDS = int(os.environ.get("DJANGO_HSTS_SECONDS", "3600"))
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
}
MAILERS = {
    "default": {
        "BACKEND": mail_backend,
        "OPTIONS": smtp_options if mail_backend.startswith("django.core.mail.backends.smtp.") else {},
    }
}
# The provider's webhooks (inbound mail, bounces) answer only to ANYMAIL_WEBHOOK_SECRET: without
# it they answer 403, and a system check (notifications.E001) refuses to start while one is mounted.
MAIL_WEBHOOK_SECRET_REQUIRED = True
ANYMAIL = {
    key.removeprefix("ANYMAIL_"): value
    for key, value in os.environ.items()
    if key.startswith("ANYMAIL_") and key != "ANYMAIL_BACKEND"
}

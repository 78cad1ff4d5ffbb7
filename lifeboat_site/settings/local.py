"""A newcomer's machine: SQLite, mails to files a person can read, tasks without a server."""

from .base import *  # noqa: F403
from .base import VAR_DIR

DEBUG = True
SECRET_KEY = "local-development-only-not-secret"
ALLOWED_HOSTS = ["localhost", "127.0.0.1", "[::1]"]

# Mails as files a person can read (Django 6.1's MAILERS; EMAIL_BACKEND is deprecated).
MAILERS = {
    "default": {
        "BACKEND": "django.core.mail.backends.filebased.EmailBackend",
        "OPTIONS": {"file_path": str(VAR_DIR / "mail")},
    }
}

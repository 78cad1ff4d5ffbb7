"""The Celery app; its broker comes from settings (Redis in production/CI, filesystem locally)."""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "lifeboat_site.settings.local")

app = Celery("lifeboat_site")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()

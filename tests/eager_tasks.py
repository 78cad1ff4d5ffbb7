"""Fixtures for the test folders whose tests run Celery tasks in-process (notifications, bots):
a conftest imports them, and they are used automatically in that folder."""

import pytest
from django.utils import translation

from lifeboat_site.celery import app as celery_app


@pytest.fixture(autouse=True)
def eager_celery():
    """Tasks run in-process as soon as they are enqueued (bots' delay is 0 in the test settings;
    the real-worker test turns this off)."""
    old = celery_app.conf.task_always_eager, celery_app.conf.task_eager_propagates
    celery_app.conf.task_always_eager = True
    celery_app.conf.task_eager_propagates = True
    yield
    celery_app.conf.task_always_eager, celery_app.conf.task_eager_propagates = old


@pytest.fixture(autouse=True)
def _default_language():
    yield
    translation.activate("en")

import pytest
from django.utils import translation

from lifeboat_site.celery import app as celery_app


@pytest.fixture(autouse=True)
def eager_celery():
    """Unit tests run tasks in-process (the real-worker test turns this off)."""
    old = celery_app.conf.task_always_eager, celery_app.conf.task_eager_propagates
    celery_app.conf.task_always_eager = True
    celery_app.conf.task_eager_propagates = True
    yield
    celery_app.conf.task_always_eager, celery_app.conf.task_eager_propagates = old


@pytest.fixture(autouse=True)
def _default_language():
    yield
    translation.activate("en")

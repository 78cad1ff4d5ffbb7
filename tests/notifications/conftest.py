"""Tasks run in-process here, and each test ends in English (`tests.eager_tasks`)."""

from tests.eager_tasks import _default_language, eager_celery

__all__ = ["_default_language", "eager_celery"]

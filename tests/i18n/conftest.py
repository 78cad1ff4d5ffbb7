# Mails are sent by Celery tasks: run them in-process here as in the notifications tests.
from tests.eager_tasks import eager_celery  # noqa: F401

# Mails are sent by Celery tasks: run them in-process here as in the notifications tests.
from tests.notifications.conftest import eager_celery  # noqa: F401

"""Production's LOGGING: one JSON object per line on stderr (a log collector reads these), and the
admins' mail of each server error, which never holds up or breaks the error's answer.

`JsonFormatter`: each record is time (UTC, ISO 8601), level, logger, message; for a request's error
also its method, path and status; with an exception its traceback as one string (`exc_info`).

`AdminMailHandler`: Django's `AdminEmailHandler` sends its mail inside the error handling, and
with `MAILERS` (Django 6.1) re-raises a mail error there: with the mail server unreachable a
failing request got no answer at all, and the error was logged again by every middleware's
handler it passed (18 lines for one error). This one writes the report in the request's thread
(no I/O but the report itself) and hands it to a thread of its own that sends it (SMTP's timeout:
`EMAIL_TIMEOUT`): the request gets the site's 500 page at once whatever the mail server does, the
error is logged once, and a mail that cannot be sent is one warning line. At most `QUEUE_SIZE`
reports wait; more are dropped (counted in the next warning), so an error storm cannot fill the
memory of a process whose mail server is down. Reports still waiting when the process exits
get `CLOSE_SECONDS` to leave.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import json
import logging
import os
import queue
import threading
from typing import Any

from django.conf import settings
from django.core import mail
from django.utils.log import AdminEmailHandler

#: The handler's own troubles (a mail that could not be sent): stderr only, never mailed.
logger = logging.getLogger("lifeboat_site.admin_mail")


class JsonFormatter(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        entry: dict[str, object] = {
            "time": dt.datetime.fromtimestamp(record.created, dt.UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
        }
        request = getattr(record, "request", None)
        if request is not None and hasattr(request, "path"):
            entry["method"] = getattr(request, "method", None)
            entry["path"] = request.path
        status = getattr(record, "status_code", None)
        if status is not None:
            entry["status"] = status
        if record.exc_info:
            entry["exc_info"] = self.formatException(record.exc_info)
        return json.dumps(entry, ensure_ascii=False, default=str)


class AdminMailHandler(AdminEmailHandler):
    """Django's admin mail of a server error, sent by a thread of its own; never raises."""

    QUEUE_SIZE = 100
    CLOSE_SECONDS = 5.0

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._reports: queue.Queue[tuple[str, str, dict[str, Any]] | None] = queue.Queue(self.QUEUE_SIZE)
        self._sender: threading.Thread | None = None
        self._sender_pid = 0
        self._start = threading.Lock()
        self._dropped = 0

    def emit(self, record: logging.LogRecord) -> None:
        try:
            super().emit(record)  # the report, written here; `send_mail` only queues it
        except Exception as exc:  # the report itself failed: said once, never raised into the request
            logger.warning(
                "could not write the admins' mail of %r: %s: %s", record.getMessage(), type(exc).__name__, exc
            )

    def send_mail(self, subject: str, message: str, *args: Any, **kwargs: Any) -> None:
        if not settings.ADMINS:
            return
        try:
            self._reports.put_nowait((subject, message, kwargs))
        except queue.Full:
            self._dropped += 1
            return
        self._ensure_sender()

    def _ensure_sender(self) -> None:
        with self._start:  # one sender per process (gunicorn forks workers after loading settings)
            if self._sender is None or not self._sender.is_alive() or self._sender_pid != os.getpid():
                self._sender_pid = os.getpid()
                self._sender = threading.Thread(target=self._send_reports, name="admin-mail", daemon=True)
                self._sender.start()

    def _send_reports(self) -> None:
        while True:
            report = self._reports.get()
            try:
                if report is None:
                    return
                subject, message, kwargs = report
                mail.mail_admins(subject, message, **kwargs)
            except Exception as exc:
                logger.warning("could not mail the admins %r: %s: %s", subject, type(exc).__name__, exc)
            finally:
                self._reports.task_done()
            if self._dropped:
                dropped, self._dropped = self._dropped, 0
                logger.warning("%d reports to the admins dropped: too many errors at once", dropped)

    def pending(self) -> int:
        """Reports queued or being sent (for tests)."""
        return self._reports.unfinished_tasks

    def close(self) -> None:
        """At the process's exit (logging.shutdown): let the reports waiting leave, for a while."""
        sender = self._sender
        if sender is not None and sender.is_alive() and self._sender_pid == os.getpid():
            with contextlib.suppress(queue.Full):  # full: the sender stops at the join's end anyway
                self._reports.put_nowait(None)
            sender.join(self.CLOSE_SECONDS)
        super().close()

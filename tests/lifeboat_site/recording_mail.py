"""A mail backend for the multi-machine test: each mail handed to it is recorded in a Redis list
(RECORDING_MAIL_URL, RECORDING_MAIL_KEY), so the test process can count what the workers sent."""

from __future__ import annotations

import json
import os
import time
from collections.abc import Sequence

import redis
from django.core.mail import EmailMessage
from django.core.mail.backends.base import BaseEmailBackend


class EmailBackend(BaseEmailBackend):
    def send_messages(self, email_messages: Sequence[EmailMessage]) -> int:
        client = redis.Redis.from_url(os.environ["RECORDING_MAIL_URL"])
        for message in email_messages:
            record = {
                "to": list(message.to),
                "subject": message.subject,
                "message_id": message.extra_headers.get("Message-ID", ""),
                "at": time.time(),
            }
            client.rpush(os.environ["RECORDING_MAIL_KEY"], json.dumps(record))
        return len(email_messages)

"""A mail backend whose server is down: every send fails as smtplib does when it cannot connect."""

from django.core.mail.backends.base import BaseEmailBackend


class EmailBackend(BaseEmailBackend):
    def send_messages(self, email_messages):
        raise ConnectionRefusedError(111, "Connection refused")

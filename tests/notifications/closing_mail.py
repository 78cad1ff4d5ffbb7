"""A mail backend that keeps a connection as SMTP's does (`send_messages` opens one when none is
open and closes it again; one opened beforehand stays open), and notes, when the connection
closes, the outbox status of each mail sent on it: was the row already marked sent?"""

from __future__ import annotations

from django.core.mail.backends import locmem

from notifications.models import Notification

#: (notification id, its status when the connection closed), in order.
closed_with: list[tuple[int, str]] = []


class EmailBackend(locmem.EmailBackend):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.connected = False
        self.sent: list[int] = []

    def open(self):
        if self.connected:
            return False
        self.connected = True
        return True

    def close(self):
        for pk in self.sent:
            closed_with.append((pk, Notification.objects.get(pk=pk).status))
        self.sent, self.connected = [], False

    def send_messages(self, messages):
        new = self.open()
        try:
            count = super().send_messages(messages)
            self.sent += [int(m.extra_headers["X-Lifeboat-Notification"].split(":")[1]) for m in messages]
            return count
        finally:
            if new:
                self.close()

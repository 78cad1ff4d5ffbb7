from django.apps import AppConfig

from accounts import mail
from games import hooks


class NotificationsConfig(AppConfig):
    name = "notifications"
    verbose_name = "Notifications"

    def ready(self) -> None:
        # This app's modules need the models, loaded by now.
        from . import (
            receivers,  # noqa: F401  (connects anymail's inbound signal and games' writes)
            webhooks,  # noqa: F401  (registers the webhook secret's system check)
        )
        from .outbox import queue_invitation, queue_rendered_mail
        from .selectors import seat_badges

        # Account mails go through the outbox; the cached table page varies by the table's notices.
        mail.register_sender(queue_rendered_mail)
        hooks.register_table_page_part(seat_badges)
        # Invitations to games go through the outbox too, within the daily limit.
        hooks.register_invitation_sender(queue_invitation)

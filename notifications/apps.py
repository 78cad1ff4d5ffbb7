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
        from .outbox import queue_invitation, queue_notice, queue_rendered_mail, withdraw_notice
        from .selectors import table_notices

        # Account mails go through the outbox; so do invitations to games, within the daily limit.
        mail.register_sender(queue_rendered_mail)
        hooks.register_invitation_sender(queue_invitation)
        # Private messages (chat) are announced through the outbox too, per the player's preferences.
        hooks.register_notice_sender(queue_notice)
        hooks.register_notice_withdrawer(withdraw_notice)  # one a moderator hid is not sent after all
        # The table shows who is away, and the reader's own mute.
        hooks.register_table_notices(table_notices)

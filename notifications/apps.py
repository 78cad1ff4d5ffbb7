from django.apps import AppConfig

from accounts import mail


class NotificationsConfig(AppConfig):
    name = "notifications"
    verbose_name = "Notifications"

    def ready(self) -> None:
        # This app's modules need the models, loaded by now.
        from . import receivers  # noqa: F401  (connects anymail's inbound signal and games' writes)
        from .outbox import queue_rendered_mail

        # Account mails go through the outbox.
        mail.register_sender(queue_rendered_mail)

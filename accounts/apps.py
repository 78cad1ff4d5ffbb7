from django.apps import AppConfig


class AccountsConfig(AppConfig):
    name = "accounts"
    verbose_name = "Accounts"

    def ready(self) -> None:
        from django.db.models.signals import post_migrate

        from . import checks, signals  # noqa: F401  (register the checks, connect the receivers)

        # After django.contrib.sites made its default row (it comes first in INSTALLED_APPS).
        post_migrate.connect(signals.sync_site_after_migrate, sender=self)

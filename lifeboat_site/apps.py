from django.apps import AppConfig


class SiteConfig(AppConfig):
    """The wiring as an app of its own, for its system checks (`lifeboat_site.checks`)."""

    name = "lifeboat_site"
    verbose_name = "Lifeboat Club site"

    def ready(self) -> None:
        from . import checks  # noqa: F401  (register the checks)

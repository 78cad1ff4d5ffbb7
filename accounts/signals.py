from django.conf import settings
from django.db.models.signals import post_save
from django.dispatch import receiver

from . import services


@receiver(post_save, sender=settings.AUTH_USER_MODEL, dispatch_uid="accounts_profile_for_new_user")
def create_profile_for_new_user(sender, instance, created: bool, raw: bool = False, **kwargs) -> None:
    if created and not raw:
        services.ensure_profile(user=instance)

from allauth.account.signals import user_signed_up
from django.conf import settings
from django.contrib import messages
from django.db.models.signals import post_save
from django.dispatch import receiver
from django.utils.translation import gettext as _

from . import services
from .selectors import display_name


@receiver(post_save, sender=settings.AUTH_USER_MODEL, dispatch_uid="accounts_profile_for_new_user")
def create_profile_for_new_user(sender, instance, created: bool, raw: bool = False, **kwargs) -> None:
    if created and not raw:
        services.ensure_profile(user=instance)


@receiver(user_signed_up, dispatch_uid="accounts_invite_to_choose_a_name")
def invite_to_choose_a_name(sender, request, user, **kwargs) -> None:
    """A new player has a generated name: say so, and where to choose their own."""
    if request is not None:
        messages.info(
            request,
            _("Other players see you as “%(name)s”. Choose your own name on your profile page.")
            % {"name": display_name(user)},
        )


def sync_site_after_migrate(sender, using: str = "default", **kwargs) -> None:
    services.sync_site(using=using)

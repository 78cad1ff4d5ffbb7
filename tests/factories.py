"""Factories shared by all test packages. Append new factories; keep existing ones' behaviour."""

import factory
from allauth.account.models import EmailAddress
from allauth.mfa.totp.internal.auth import TOTP, generate_totp_secret
from django.contrib.auth import get_user_model

PASSWORD = "pw-Lifeboat-1"


class UserFactory(factory.django.DjangoModelFactory):
    """A user who can sign in: verified primary email, password PASSWORD, a profile (via signal)."""

    class Meta:
        model = get_user_model()
        django_get_or_create = ("username",)
        skip_postgeneration_save = True

    username = factory.Sequence(lambda n: f"user{n}")
    email = factory.LazyAttribute(lambda u: f"{u.username}@example.com")
    password = factory.django.Password(PASSWORD)

    @factory.post_generation
    def verified_email(user, create, extracted, **kwargs):
        if create:
            EmailAddress.objects.get_or_create(
                user=user, email=user.email, defaults={"primary": True, "verified": True}
            )


# -- games (owned by the games app's tests) ----------------------------------------------------
class GameFactory(factory.django.DjangoModelFactory):
    """An open game whose creator holds the first seat; `players=[...]` seats more users."""

    class Meta:
        model = "games.Game"
        skip_postgeneration_save = True

    slug = "lifeboats"
    num_players = 3
    created_by = factory.SubFactory(UserFactory)

    @factory.post_generation
    def players(game, create, extracted, **kwargs):
        if create:
            SeatFactory(game=game, user=game.created_by)
            for user in extracted or []:
                SeatFactory(game=game, user=user)


class SeatFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = "games.Seat"

    game = factory.SubFactory(GameFactory)
    user = factory.SubFactory(UserFactory)


# -- staff (owned by the accounts tests) --------------------------------------------------------
def staff_with_totp(**kwargs):
    """A superuser with a TOTP authenticator: the admin is open only to staff with a second factor."""
    user = UserFactory(is_staff=True, is_superuser=True, **kwargs)
    TOTP.activate(user, generate_totp_secret())
    return user

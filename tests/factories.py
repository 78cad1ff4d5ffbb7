"""Factories shared by all test packages. Append new factories; keep existing ones' behaviour."""

import factory
from allauth.account.models import EmailAddress
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

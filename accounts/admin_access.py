"""Staff sign in to the admin through allauth, with a second factor.

`secure(site)` makes the admin's login view allauth's (its rate limits, its sign-in by code, and
the TOTP step allauth.mfa adds for users who have an authenticator): an anonymous visitor is sent
to the sign-in page and back. The admin is open only to active staff with two-factor
authentication (TOTP) set up; staff without it are sent to set it up first.
"""

from __future__ import annotations

from typing import Any

from allauth.account.decorators import secure_admin_login
from allauth.mfa.utils import is_mfa_enabled
from django.contrib import admin, messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.http import urlencode
from django.utils.translation import gettext as _


def staff_with_second_factor(request: HttpRequest) -> bool:
    user = request.user
    return bool(user.is_active and user.is_staff and is_mfa_enabled(user, ["totp"]))


def secure(site: admin.AdminSite) -> None:
    """Route `site`'s sign-in through allauth and require TOTP of its staff."""
    allauth_login = secure_admin_login(site.login)

    def login(request: HttpRequest, extra_context: Any = None) -> HttpResponse:
        user = request.user
        if (
            user.is_authenticated
            and user.is_active
            and user.is_staff
            and not staff_with_second_factor(request)
        ):
            messages.warning(request, _("Set up two-factor authentication to use the admin."))
            setup = reverse("mfa_activate_totp")
            return redirect(f"{setup}?{urlencode({'next': request.get_full_path()})}")
        return allauth_login(request, extra_context)

    site.login = login  # type: ignore[method-assign]
    site.has_permission = staff_with_second_factor  # type: ignore[method-assign]

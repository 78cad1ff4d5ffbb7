import contextlib

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import translation
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import check_for_language
from django.utils.translation import gettext as _
from django.views import i18n as i18n_views
from django.views.decorators.http import require_http_methods, require_POST

from . import services
from .forms import ApiTokenForm, ProfileForm
from .models import ApiToken
from .selectors import api_tokens_for, blocks_of, player_name, profile_for

PROFILE_FIELDS = [
    "display_name",
    "time_zone",
    "language",
    "notify_mode",
    "quiet_hours_start",
    "quiet_hours_end",
    "email_opt_out",
]


def _page(request: HttpRequest, *, form: ProfileForm, token_form: ApiTokenForm, new_token: str = "") -> dict:
    return {
        "form": form,
        "token_form": token_form,
        "tokens": api_tokens_for(request.user),
        "new_token": new_token,
        "blocks": blocks_of(request.user),
    }


@require_http_methods(["GET", "POST"])
@login_required
def profile(request: HttpRequest) -> HttpResponse:
    if request.method == "POST":
        form = ProfileForm(request.POST, user=request.user)
        if form.is_valid():
            try:
                services.update_profile(user=request.user, **form.cleaned_data)
            except ValidationError as error:
                form.add_error(None, error)
            else:
                with translation.override(form.cleaned_data["language"]):  # the next page's language
                    messages.success(request, _("Your settings are saved."))
                return redirect("accounts:profile")
    else:
        form = ProfileForm(user=request.user, initial=_initial(request))
    context = _page(request, form=form, token_form=ApiTokenForm())
    return render(request, "accounts/profile.html", context)


@require_POST
@login_required
def token_create(request: HttpRequest) -> HttpResponse:
    """Renders (never redirects) on success: the raw token is shown in this response only, stored nowhere."""
    token_form = ApiTokenForm(request.POST)
    new_token = ""
    if token_form.is_valid():
        try:
            _token, new_token = services.create_api_token(
                user=request.user, name=token_form.cleaned_data["name"]
            )
        except services.TooManyTokens:
            token_form.add_error(None, _("You have too many tokens. Revoke one you no longer use."))
        else:
            token_form = ApiTokenForm()
    context = _page(
        request,
        form=ProfileForm(user=request.user, initial=_initial(request)),
        token_form=token_form,
        new_token=new_token,
    )
    template = "accounts/profile.html#tokens" if request.htmx else "accounts/profile.html"
    return render(request, template, context)


@require_POST
@login_required
def token_revoke(request: HttpRequest, token_id: int) -> HttpResponse:
    try:
        token = services.revoke_api_token(user=request.user, token_id=token_id)
    except ApiToken.DoesNotExist:
        raise Http404 from None
    if request.htmx:
        context = _page(request, form=ProfileForm(user=request.user), token_form=ApiTokenForm())
        return render(request, "accounts/profile.html#tokens", context)
    messages.success(request, _("Token “%(name)s” is revoked.") % {"name": token.name})
    return redirect("accounts:profile")


def _initial(request: HttpRequest) -> dict:
    current = profile_for(request.user)
    return {f: getattr(current, f) for f in PROFILE_FIELDS}


@require_POST
def set_language(request: HttpRequest) -> HttpResponse:
    """Django's set_language (cookie, redirect to `next`); a signed-in user's choice is also saved to
    the profile, since the profile's language wins over the cookie on every later request."""
    response = i18n_views.set_language(request)
    language = request.POST.get(i18n_views.LANGUAGE_QUERY_PARAMETER, "")
    if request.user.is_authenticated and check_for_language(language):
        # A code Django knows but the profile does not offer: the cookie alone applies.
        with contextlib.suppress(ValidationError):
            services.set_language(user=request.user, language=language)
    return response


def _back(request: HttpRequest) -> str:
    """Where a block's form came from (the player's page, the profile), if it is on this site."""
    target = request.POST.get("next", "")
    if target.startswith("/") and url_has_allowed_host_and_scheme(
        target, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        return target
    return reverse("accounts:profile")


@require_POST
@login_required
def block(request: HttpRequest, user_id: int) -> HttpResponse:
    """Block a player: neither of you joins the other's games, they cannot write to you privately,
    and you no longer see their words at a table."""
    try:
        services.block_user(user=request.user, blocked_id=user_id)
    except services.BlockRefused as refusal:
        return render(
            request, "accounts/refused.html", {"message": refusal.message}, status=refusal.status_code
        )
    name = player_name(user_id=user_id)
    messages.success(request, _("You blocked %(name)s.") % {"name": name})
    return HttpResponseRedirect(_back(request))


@require_POST
@login_required
def unblock(request: HttpRequest, user_id: int) -> HttpResponse:
    try:
        services.unblock_user(user=request.user, blocked_id=user_id)
    except services.BlockRefused as refusal:
        return render(
            request, "accounts/refused.html", {"message": refusal.message}, status=refusal.status_code
        )
    name = player_name(user_id=user_id)
    messages.success(request, _("You unblocked %(name)s.") % {"name": name})
    return HttpResponseRedirect(_back(request))

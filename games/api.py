"""The JSON API for clients and bots (documented in games/API.md).

Every request must carry `Authorization: Bearer <token>` (accounts' personal API tokens); the
session is never consulted, which is why these views are CSRF-exempt: without a valid token they
answer 401 before doing anything, so a browser's cookies cannot act through them.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.http import HttpRequest, JsonResponse
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_GET, require_POST

from accounts.auth import user_for_api_request
from games.presentations import label
from refusals.errors import Refusal

from . import payloads, selectors, services
from .errors import InvalidRequest
from .models import Action

ApiView = Callable[..., JsonResponse]


def error(status: int, message: str) -> JsonResponse:
    return JsonResponse({"error": message}, status=status)


def token_required(view: ApiView) -> ApiView:
    """Authenticate by bearer token only (401 otherwise) and turn refusals into JSON 4xx."""

    @csrf_exempt
    @wraps(view)
    def wrapper(request: HttpRequest, *args: Any, **kwargs: Any) -> JsonResponse:
        user = user_for_api_request(request)
        if user is None:
            response = error(401, _("A valid API token is required (Authorization: Bearer <token>)."))
            response["WWW-Authenticate"] = 'Bearer realm="api"'
            return response
        try:
            return view(request, user, *args, **kwargs)
        except Refusal as exc:
            return error(exc.status_code, exc.message)

    return wrapper


def game_state(table: selectors.Table) -> dict[str, Any]:
    game, view = table.game, table.view
    return {
        "game": {
            "id": game.id,
            "slug": game.slug,
            "name": game.name,
            "status": game.status,
            "num_players": game.num_players,
            "pace": game.pace,
            "options": game.options,
            "players": [
                {
                    "seat": p.index,
                    "name": p.name,
                    "resigned": p.resigned,
                    "waiting": p.waiting,
                    "bot": p.is_bot,
                }
                for p in table.players
            ],
        },
        "version": game.version,
        "seat": table.seat,
        "view": view,
        "legal_actions": [{"action": a, "label": label(game.slug, view, a)} for a in table.legal_actions],
        "to_act": table.to_act,
    }


@require_GET
@token_required
def game_list(request: HttpRequest, user: AbstractBaseUser) -> JsonResponse:
    """The token's open and running games: those waiting on it first, soonest deadline first."""
    return JsonResponse(
        {
            "games": [
                {
                    "id": entry.game.id,
                    "slug": entry.game.slug,
                    "name": entry.game.name,
                    "status": entry.game.status,
                    "version": entry.game.version,
                    "num_players": entry.game.num_players,
                    "seats_taken": entry.game.seats_taken,
                    "pace": entry.game.pace,
                    "waiting_on_me": entry.waiting_on_me,
                    "due_at": entry.due_at.isoformat() if entry.waiting_on_me and entry.due_at else None,
                    "url": request.build_absolute_uri(reverse("api:game", args=[entry.game.id])),
                }
                for entry in selectors.my_games(user=user)
            ]
        }
    )


@require_GET
@token_required
def game_detail(request: HttpRequest, user: AbstractBaseUser, game_id: int) -> JsonResponse:
    return JsonResponse(game_state(selectors.table(game_id=game_id, user=user)))


def parse_action_body(request: HttpRequest) -> tuple[dict[str, Any], int]:
    try:
        body = payloads.loads(request.body or b"null")
    except payloads.PayloadError as exc:
        raise InvalidRequest(str(exc)) from None
    if not isinstance(body, dict):
        raise InvalidRequest(_('Send a JSON object: {"action": {...}, "version": N}.'))
    action, version = body.get("action"), body.get("version")
    if not isinstance(action, dict) or not isinstance(action.get("type"), str):
        raise InvalidRequest(_("“action” must be an object with a “type”."))
    if isinstance(version, bool) or not isinstance(version, int):
        raise InvalidRequest(_("“version” must be the integer version you last saw."))
    return action, version


@require_POST
@token_required
def action_create(request: HttpRequest, user: AbstractBaseUser, game_id: int) -> JsonResponse:
    """Play an action; an `Idempotency-Key` header names the answer, so that the same request
    sent again (its answer lost) is answered 200 as the first was, without playing twice."""
    action, version = parse_action_body(request)
    try:
        answer_key = payloads.answer_key(request.headers.get("Idempotency-Key"))
    except payloads.PayloadError as exc:
        raise InvalidRequest(str(exc)) from None
    game = services.action_submit(
        game_id=game_id,
        user=user,
        action=action,
        expected_version=version,
        source=Action.Source.API,
        answer_key=answer_key,
    )
    return JsonResponse({"version": game.version, "status": game.status})

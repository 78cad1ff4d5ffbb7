"""Bearer-token authentication for the JSON API.

The games app calls `user_for_api_request(request)`; it returns the token's active user or None.
"""

import datetime as dt
import hashlib
import hmac

from django.contrib.auth.models import AbstractBaseUser
from django.http import HttpRequest
from django.utils import timezone

from .models import ApiToken

TOKEN_SCHEME_PREFIX = "lbc_"
# last_used_at is written at most this often per token, so a busy client costs no write per request.
LAST_USED_RESOLUTION = dt.timedelta(minutes=1)
_PREFIX_LENGTH = len(TOKEN_SCHEME_PREFIX) + 8
_MAX_TOKEN_LENGTH = 200


def hash_token(raw: str) -> str:
    return hashlib.sha256(raw.encode()).hexdigest()


def token_prefix(raw: str) -> str:
    """The public start of a token ("lbc_" and 8 characters): stored for display and lookup."""
    return raw[:_PREFIX_LENGTH]


def _bearer_token(request: HttpRequest) -> str | None:
    header = request.headers.get("Authorization", "")
    scheme, _, token = header.partition(" ")
    token = token.strip()
    if scheme.lower() != "bearer" or not token or " " in token or len(token) > _MAX_TOKEN_LENGTH:
        return None
    if not token.startswith(TOKEN_SCHEME_PREFIX) or len(token) <= _PREFIX_LENGTH:
        return None
    return token


def user_for_api_request(request: HttpRequest) -> AbstractBaseUser | None:
    """The active user whose unrevoked token is in `Authorization: Bearer <token>`, else None."""
    raw = _bearer_token(request)
    if raw is None:
        return None
    digest = hash_token(raw)
    candidates = ApiToken.objects.active().filter(prefix=token_prefix(raw)).select_related("user")
    match = None
    for token in candidates:
        if hmac.compare_digest(token.key_hash, digest):
            match = token
    if match is None or not match.user.is_active:
        return None
    now = timezone.now()
    if match.last_used_at is None or now - match.last_used_at >= LAST_USED_RESOLUTION:
        ApiToken.objects.filter(pk=match.pk).update(last_used_at=now)
    return match.user

"""Every URL pattern in the URLconf, hostile arguments, GET and malformed POSTs: never a 5xx.

The patterns are found in the URLconf (`urlwalk.endpoints`), so a URL added anywhere is walked
too. Each is requested with known arguments (a running game, an open private game, a club, its
invitation, a season, a mail's signed links, a token...) and with every hostile value of
`urlwalk.HOSTILE` in each argument, by four visitors: nobody signed in, a stranger, another seat
of the games and their owner (signed in, with an API token of their own). Known arguments also
get hostile query strings, an htmx GET, every malformed body and a POST without a CSRF token;
once a method is refused before the view reads the request (a 405, or a redirect to a sign-in
page), its other queries or bodies are not sent: they would meet the same refusal.

A 5xx fails the test with the requests that got it (and the exception). The number of requests is
printed in pytest's summary ("URL walk"). While debugging, `URLWALK_ONLY=<regex>` walks only the
patterns it matches and `URLWALK_VERBOSE=1` prints every request.
"""

from __future__ import annotations

import functools
import itertools
import os
import re
import traceback
from collections import Counter
from dataclasses import dataclass
from urllib.parse import urlencode, urlsplit

import pytest
from django.conf import settings
from django.contrib.contenttypes.models import ContentType
from django.core.signals import got_request_exception
from django.test import Client
from django.urls import reverse

from accounts.services import create_api_token
from chat import services as chat_services
from clubs import services as club_services
from games import services as game_services
from games.models import Game
from leagues import services as league_services
from notifications.models import Prompt
from notifications.tokens import make_act_token, make_unsubscribe_token
from notifications.writes import record_writes
from tests.factories import GameFactory, UserFactory

from . import urlwalk

pytestmark = pytest.mark.django_db(transaction=True)

VISITORS = ["anonymous", "stranger", "seat", "owner"]


@dataclass
class World:
    users: dict[str, object]
    tokens: dict[str, str]
    known: dict[str, list[str]]


@pytest.fixture
def world() -> World:
    owner, seat, third, stranger = (UserFactory() for _ in range(4))
    game = GameFactory(slug="lifeboats", num_players=3, created_by=owner, players=[seat, third])
    game = game_services.game_start(game_id=game.pk, user=owner)
    record_writes(game_ids=[game.pk])  # the prompts (and their mails' links)
    open_game = GameFactory(
        slug="lifeboat", num_players=4, created_by=owner, players=[seat], visibility=Game.Visibility.PRIVATE
    )
    club = club_services.club_create(user=owner, name="Walkers' Club")
    invite = club_services.invite_link_create(club_id=club.pk, user=owner)
    club_services.invite_accept(token=invite.token, user=seat)
    join = club_services.join_request_create(club_id=club.pk, user=stranger, message="hello")
    season = league_services.season_create(club_id=club.pk, user=owner, name="Spring", slug="lifeboats")
    message = chat_services.message_post(game_id=game.pk, user=third, text="ahoy")
    reports = [
        club_services.report_create(reporter=seat, message_id=message.pk, reason="spam"),
        club_services.report_create(reporter=seat, reported_id=owner.pk, reason="abuse", club_id=club.pk),
    ]
    prompt = Prompt.objects.filter(game=game).first()
    act_tokens = []
    if prompt is not None:
        act_tokens.append(
            make_act_token(
                prompt_id=prompt.pk,
                user_id=prompt.user_id,
                game_id=game.pk,
                version=prompt.valid_version,
                choice=1,
            )
        )
    tokens = {
        name: create_api_token(user=user, name="walk")[1]
        for name, user in {"stranger": stranger, "seat": seat, "owner": owner}.items()
    }
    owner_token = owner.api_tokens.first()
    known = {
        "game_id": [str(game.pk), str(open_game.pk)],
        "slug": [club.slug, "lifeboats"],
        "token": [invite.token, *act_tokens, make_unsubscribe_token(user_id=seat.pk, game_id=game.pk)],
        "token_id": [str(owner_token.pk)],
        "request_id": [str(join.pk)],
        "invite_id": [str(invite.pk)],
        "user_id": [str(seat.pk), str(owner.pk)],
        "season_id": [str(season.pk)],
        "message_id": [str(message.pk)],
        "report_id": [str(r.pk) for r in reports],
        "object_id": [str(game.pk)],
        "content_type_id": [str(ContentType.objects.get_for_model(Game).pk)],
        "app_label": ["games"],
        "url": ["games/game/"],
        "id": [str(seat.pk)],
        "key": ["abc"],
        "uidb36": ["1"],
    }
    users = {"stranger": stranger, "seat": seat, "owner": owner}
    return World(users=users, tokens=tokens, known=known)


class Visitor:
    """A client that stays signed in as one user (a sign-out or a new session is undone), sends
    that user's API token, and records the 5xx answers it gets."""

    def __init__(self, name: str, world: World, *, csrf: bool = False) -> None:
        self.name = name
        self.user = world.users.get(name)
        self.client = Client(raise_request_exception=False, enforce_csrf_checks=csrf)
        self.headers = {"HTTP_AUTHORIZATION": f"Bearer {world.tokens[name]}"} if name in world.tokens else {}
        self.sign_in()

    def sign_in(self) -> None:
        if self.user is not None:
            self.client.force_login(self.user)

    def send(self, method: str, path: str, **kwargs: object) -> tuple[int, bool]:
        """The answer's status, and whether it is a refusal made before the view reads anything
        (a method not allowed, or a redirect to a sign-in page)."""
        response = getattr(self.client, method)(path, **self.headers, **kwargs)
        if self.user is not None and settings.SESSION_COOKIE_NAME in response.cookies:
            self.sign_in()  # signed out (or the session rotated): back in as the same visitor
        location = urlsplit(response.get("Location", "")).path
        refused = response.status_code == 405 or (response.status_code == 302 and location in sign_in_paths())
        return response.status_code, refused


@functools.cache
def sign_in_paths() -> frozenset[str]:
    return frozenset({reverse("account_login"), reverse("admin:login")})


#: How browsers send a form without files.
FORM = "application/x-www-form-urlencoded"


@pytest.fixture
def server_errors():
    """The exceptions behind 5xx answers, as (exception type, last frames) per request."""
    errors: list[str] = []

    def record(sender, request=None, **kwargs):
        errors.append(traceback.format_exc(limit=-4))

    got_request_exception.connect(record, weak=False)
    yield errors
    got_request_exception.disconnect(record)


@pytest.mark.parametrize("visitor_name", VISITORS)
def test_no_url_answers_a_server_error(world, visitor_name, server_errors, record_property):
    visitor = Visitor(visitor_name, world)
    no_csrf = Visitor(visitor_name, world, csrf=True)
    fields = urlwalk.form_field_names()
    bodies = urlwalk.form_bodies(fields)
    rotation = itertools.cycle(
        [("form", name, data) for name, data in bodies]
        + [("raw", name, (ctype, raw)) for name, ctype, raw in urlwalk.RAW_BODIES]
    )
    failures: dict[tuple[str, str], list[str]] = {}
    statuses: Counter[int] = Counter()
    only = os.environ.get("URLWALK_ONLY")  # a regex on the patterns, to walk a few while debugging
    endpoints = [e for e in urlwalk.endpoints() if not only or re.search(only, e.description)]

    def request(client: Visitor, label: str, method: str, path: str, **kwargs: object) -> bool:
        """Send one request and record its answer; True when it was refused before the view read
        the request (`Visitor.send`): the other queries or bodies of that method would be too."""
        before = len(server_errors)
        status, refused = client.send(method, path, **kwargs)
        if os.environ.get("URLWALK_VERBOSE"):
            print(status, method, path[:100], label)
        statuses[status] += 1
        if status >= 500:
            cause = server_errors[before] if len(server_errors) > before else "(no exception)\n"
            key = (endpoint.description, cause.strip().splitlines()[-1])
            failures.setdefault(key, []).append(f"{status} {method.upper()} {path[:120]} [{label}]")
            failures[key][:0] = [] if len(failures[key]) > 1 else [cause]
        return refused

    def post(client: Visitor, path: str, body: tuple[str, str, object], label: str) -> None:
        kind, name, data = body
        if kind == "form":
            request(
                client, f"{label} {name}", "post", path, data=urlencode(data, doseq=True), content_type=FORM
            )
        else:
            ctype, raw = data
            request(client, f"{label} {name}", "post", path, data=raw, content_type=ctype)

    for endpoint in endpoints:
        filled = urlwalk.fillings(endpoint, world.known)
        for values in filled.valid:
            path = endpoint.path(values)
            if not request(visitor, "known", "get", path):
                request(visitor, "known htmx", "get", path, HTTP_HX_REQUEST="true")
                for query in urlwalk.QUERIES:
                    request(visitor, "known query", "get", f"{path}?{query}")
                    request(visitor, "known htmx query", "get", f"{path}?{query}", HTTP_HX_REQUEST="true")
            posts = [
                # as a browser sends a form (multipart is among the raw bodies)
                (f"known {name}", urlencode(data, doseq=True), FORM)
                for name, data in bodies
            ] + [(f"known {name}", raw, ctype) for name, ctype, raw in urlwalk.RAW_BODIES]
            for label, data, ctype in posts:
                if request(visitor, label, "post", path, data=data, content_type=ctype):
                    break
            post(no_csrf, path, next(rotation), "no CSRF")
        for label, values in filled.hostile:
            path = endpoint.path(values)
            request(visitor, label, "get", path)
            post(visitor, path, next(rotation), label)

    total = sum(statuses.values())
    summary = (
        f"{visitor_name}: {len(endpoints)} patterns, {total} requests, "
        f"{sum(n for s, n in statuses.items() if s >= 500)} server errors; "
        + ", ".join(f"{s}: {n}" for s, n in sorted(statuses.items()))
    )
    record_property("url_walk", summary)
    print(f"URL walk, {summary}")
    report = [
        f"{pattern}: {error} ({len(requests) - 1} requests, e.g. {requests[1]})\n{requests[0]}"
        for (pattern, error), requests in failures.items()
    ]
    assert not failures, f"server errors as {visitor_name}:\n\n" + "\n".join(report)

"""The example bot in games/API.md runs as printed against the API (its HTTP goes to the test
client): it reads the game, plays a legal action for its seat when asked, and sleeps otherwise."""

from __future__ import annotations

import io
import json
import re
import sys
import urllib.error
from pathlib import Path

import pytest
from django.test import Client

from accounts.services import create_api_token
from games import services
from games.models import Action, Seat
from tests.factories import GameFactory, UserFactory

pytestmark = pytest.mark.django_db
API_MD = Path(__file__).resolve().parents[2] / "games" / "API.md"


class Stop(Exception):
    pass


class Response(io.BytesIO):
    def __init__(self, status: int, body: bytes) -> None:
        super().__init__(body)
        self.status = status

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False


def example_source() -> str:
    blocks = re.findall(r"```python\n(.*?)```", API_MD.read_text(), flags=re.S)
    assert blocks, "games/API.md shows an example bot"
    return blocks[-1]


def test_the_example_bot_plays_through_the_api(monkeypatch):
    users = [UserFactory(), UserFactory(), UserFactory()]
    game = GameFactory(slug="lifeboats", num_players=3, players=users[1:], created_by=users[0])
    game = services.game_start(game_id=game.pk, user=users[0])
    rules = game.engine
    seat = rules.to_act(rules.from_json(game.snapshot))[0]
    player = Seat.objects.get(game=game, index=seat).user
    _token, raw = create_api_token(user=player, name="example bot")
    client = Client()

    def urlopen(request, timeout=None):
        path = request.full_url.removeprefix("http://site.test")
        headers = {"HTTP_AUTHORIZATION": request.get_header("Authorization")}
        if request.get_header("Idempotency-key"):  # urllib capitalizes header names so
            headers["HTTP_IDEMPOTENCY_KEY"] = request.get_header("Idempotency-key")
        if request.get_method() == "POST":
            answer = client.post(path, request.data, content_type="application/json", **headers)
        else:
            answer = client.get(path, **headers)
        if answer.status_code >= 400:
            raise urllib.error.HTTPError(
                request.full_url, answer.status_code, "", {}, io.BytesIO(answer.content)
            )
        return Response(answer.status_code, answer.content)

    def sleep(seconds):
        raise Stop  # the bot waits for others: enough

    monkeypatch.setattr("urllib.request.urlopen", urlopen)
    monkeypatch.setattr("time.sleep", sleep)
    monkeypatch.setattr(sys, "argv", ["bot.py", "http://site.test", str(game.pk), raw])
    with pytest.raises(Stop):
        exec(compile(example_source(), "API.md example", "exec"), {"__name__": "__main__"})
    played = Action.objects.filter(game=game, source=Action.Source.API, seat_index=seat)
    assert played.exists(), "the example bot played its seat's move"
    assert all(len(key) == 36 for key in played.values_list("answer_key", flat=True))  # a UUID each
    assert (
        json.loads(client.get(f"/api/games/{game.pk}/", HTTP_AUTHORIZATION=f"Bearer {raw}").content)["game"][
            "players"
        ][0]["bot"]
        is False
    )

"""No game mail of any kind shows a seat another seat's secrets (as `tests/games/test_leaks.py`
does for pages): random games of both slugs are played to the end with every kind of game mail
along the way (start, prompt, reminder, digest, absent, end; `mail_samples.play_out`), and each
mail is searched when it is written, with the state it was written from, in both its parts: no
secret card id (hands, Love and Hate, the draft, unseen Navigation cards, vote cards cast or in
hand) in its body or in the context it is rendered from, and no secret card by a name that only
that card has (a Navigation card's number); and no template variable that is not there
(`strict_templates`). At the end every card is public: the end mail names
every card each seat held.
"""

import json
import re
from collections import Counter
from typing import Any

import pytest
from django.utils import translation
from django.utils.html import escape

from games.lifeboat.names import card_name
from games.models import Game, Seat
from notifications import rendering
from notifications.models import Kind, Notification
from tests.strict_templates import assert_nothing_missing

from .mail_samples import GAME_KINDS, play_out, render_in

pytestmark = pytest.mark.django_db


def found(secrets: set[str], text: str) -> list[str]:
    """The secrets in `text` as whole tokens (so "nav-2" is not found inside "nav-20")."""
    return sorted(s for s in secrets if re.search(rf"(?<![\w-]){re.escape(s)}(?![\w-])", text))


def unique_names(game: Game, state: Any, secrets: set[str]) -> dict[str, str]:
    """Secret Lifeboat cards whose name no other card has, by name (English)."""
    if game.slug != "lifeboat":
        return {}
    cards = {c for zone in game.engine.zones(state).values() for c in zone}
    with translation.override("en"):
        names = Counter(card_name(c) for c in cards)
        return {card_name(c): c for c in secrets if names[card_name(c)] == 1 and card_name(c) != c}


def seat_of(row: Notification) -> int:
    if row.seat_index is not None:
        return row.seat_index
    return Seat.objects.get(game_id=row.context["items"][0]["game"]["id"], user_id=row.user_id).index


def visible_to(event: dict[str, Any], seat: int) -> bool:
    seen = event.get("visible_to", "all")
    return seen == "all" or seat in seen


def assert_mail_keeps_secrets(game: Game, state: Any, row: Notification) -> None:
    """The mail's sources and both its parts. The news may name a card the seat saw when it moved
    (the card a mug took from it), which another seat now holds: its events must be ones the
    seat may see; the rest of the mail is held to what the seat may know now."""
    seat = seat_of(row)
    secrets = game.engine.secrets_from(state, seat)
    row.user.profile.language = "en"
    subject, text, html, ctx = rendering.render_parts(row)
    # A digest gathers prompt mails of earlier versions: its parts are searched, and the views of
    # its open turns (the seat's view now), not the views its closed turns were asked with.
    items = row.context.get("items", [row.context])
    open_views = [i.get("view") for i in items if i.get("open")] if row.kind == Kind.DIGEST else []
    sources = json.dumps([row.context.get("view"), *open_views]) + json.dumps(ctx.get("actions", []))
    for where, body in (("text part", subject + text), ("HTML part", html), ("view", sources)):
        assert not found(secrets, body), (
            f"seat {seat}'s {row.kind} mail ({where}) shows {found(secrets, body)}"
        )
        assert_nothing_missing(body, f"seat {seat}'s {row.kind} mail ({where})")
    news = [ev for i in items for act in i.get("news") or [] for ev in act["events"]]
    assert all(visible_to(ev, seat) for ev in news), f"seat {seat}'s {row.kind} mail tells another's event"
    flat = " ".join(text.split())  # the text part is wrapped: lines compared without it
    for line in ctx.get("events", []):
        flat, html = flat.replace(" ".join(line.split()), ""), html.replace(str(escape(line)), "")
    for name, card in unique_names(game, state, secrets).items():
        pattern = rf"(?<!\w){re.escape(name)}(?![\w.]\w)"
        for where, body in (("text part", flat), ("HTML part", html)):
            assert not re.search(pattern, body), f"seat {seat}'s {row.kind} mail ({where}) names {card}"


@pytest.mark.parametrize(
    ("slug", "players", "seed"), [("lifeboat", 4, 1), ("lifeboat", 6, 2), ("lifeboats", 5, 4)]
)
def test_no_game_mail_shows_another_seats_secrets(
    django_capture_on_commit_callbacks, strict_templates, slug, players, seed
):
    checked: Counter[str] = Counter()
    ends: list[tuple[Notification, Any]] = []

    def check(game: Game, state: Any, rows: list[Notification]) -> None:
        for row in rows:
            assert_mail_keeps_secrets(game, state, row)
            checked[row.kind] += 1
            if row.kind == Kind.GAME_END:
                ends.append((row, state))

    game = play_out(django_capture_on_commit_callbacks, slug, players, seed, check)
    assert game.engine.is_over(game.engine.from_json(game.snapshot))
    # Lifeboat's trade offers are announced to the seat they are made to: checked like the rest
    trades = {Kind.TRADE_OFFER} if slug == "lifeboat" else set()
    assert set(checked) == set(GAME_KINDS) | trades, checked
    assert len(ends) == players
    if slug == "lifeboat":  # everything is revealed at the end, by name
        for row, state in ends:
            _subject, text, _html = render_in(row, "en")
            with translation.override("en"):
                for seat in range(players):
                    for card in [*state.hands[seat], state.love[seat], state.hate[seat]]:
                        name = card_name(card).split(": ")[-1]
                        assert name in text, f"the end mail does not name seat {seat}'s {card}"

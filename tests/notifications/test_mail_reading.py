"""What a person reads in a game mail (issues 14 and 22): sentences in their language, not a dump
of the view; their own cards by name; a daily digest of one section per game; a plain-text part
wrapped at 78 characters with links whole; an HTML part that needs no <style>, no remote image,
and knows dark mode."""

import re

import pytest
from django.utils import timezone, translation

from games.lifeboat.names import card_name, character_name
from games.models import Game, Seat
from notifications import rendering
from notifications.models import Kind, Notification, Prompt

from .helpers import open_prompt, play, start_game, state_of, until_several_wait, waiting
from .mail_samples import digest_now, render_in

pytestmark = pytest.mark.django_db

HEADINGS = ("What happened since you last decided", "Your situation", "The table at a glance", "Your choices")


def a_prompt_with_news(capture, slug: str, players: int) -> Notification:
    game, _users = start_game(capture, slug=slug, num_players=players, seed=11)
    for _ in range(3):
        game = play(capture, game)
    return (
        Notification.objects.filter(kind=Kind.PROMPT, game=game)
        .exclude(context__news=[])
        .select_related("user__profile")
        .latest("pk")
    )


@pytest.mark.parametrize("language", ["en", "hu", "cs"])
def test_a_lifeboat_prompt_mail_tells_the_seat_its_situation_in_its_language(
    django_capture_on_commit_callbacks, language
):
    row = a_prompt_with_news(django_capture_on_commit_callbacks, "lifeboat", 4)
    state = state_of(row.game)
    seat = row.seat_index
    _subject, text, html = render_in(row, language)
    flat = " ".join(text.split())
    with translation.override(language):
        headings = [translation.gettext(h) for h in HEADINGS]
        own = [card_name(c) for c in state.hands[seat]]
        character = character_name(state.chars[seat])
        love = character_name(state.love[seat][5:])
    for heading in headings:
        assert heading in text
        assert heading in html
    if language != "en":
        assert not any(h in text for h in HEADINGS)
    assert all(name in flat for name in own)  # the hand by name, not as "…"
    assert character in flat
    assert love.split()[-1] in flat  # (an object form: "the Captain", "a Kapitányt")
    assert "Players [0]" not in text
    assert " / " not in text.split("--")[0]  # no "Me / Hand" key paths


def test_a_lifeboats_prompt_mail_counts_vote_cards_and_shows_the_boats(django_capture_on_commit_callbacks):
    row = a_prompt_with_news(django_capture_on_commit_callbacks, "lifeboats", 3)
    _subject, text, html = render_in(row, "en")
    assert "Your vote cards:" in text
    assert "captain's hat" in text
    at_sea = [b for b in row.context["view"]["boats"] if b["status"] == "sea"]
    assert at_sea
    # The picture: every boat at sea in its colour, each of its six seats a token.
    for boat in at_sea:
        assert f">{boat['colour'].capitalize()}</span>" in html
    tokens = re.findall(r'class="tok tok-(sailor|officer|leak|empty)"', html)
    assert len(tokens) == 6 * len(at_sea)
    figures = [t for b in at_sea for t in b["seats"] if t is not None and "leak" not in t]
    assert len([t for t in tokens if t in ("sailor", "officer")]) == len(figures)


def test_a_lifeboat_prompt_mail_pictures_the_boat(django_capture_on_commit_callbacks):
    row = a_prompt_with_news(django_capture_on_commit_callbacks, "lifeboat", 4)
    _subject, _text, html = render_in(row, "en")
    view = row.context["view"]
    chips = re.findall(
        r'<span class="chip" style="[^"]*background: ?#[0-9A-Fa-f]{6}[^"]*">(.*?)</span>', html
    )
    assert len(chips) == len(view["boat"])  # each character in the boat, in its hue
    for chip, seat in zip(chips, view["boat"], strict=True):
        player = view["players"][seat]
        assert chip.count("●") == player["wounds"]
        assert chip.count("●") + chip.count("○") == player["size"] + 1
    birds = re.search(r"Birds: ([●○]+)", html)
    assert birds
    assert len(birds.group(1)) == 4
    assert birds.group(1).count("●") == view["birds"]


def test_the_text_part_wraps_at_78_with_links_whole(django_capture_on_commit_callbacks):
    row = a_prompt_with_news(django_capture_on_commit_callbacks, "lifeboat", 4)
    _subject, text, _html, ctx = rendering.render_parts(row)
    urls = [c["url"] for c in ctx["choices"]] + [ctx["unsubscribe_url"]]
    for line in text.splitlines():
        assert len(line) <= 78 or re.search(r"\S{40,}", line), line
    for url in urls:
        assert url in text.split()  # a URL is never broken across lines
    numbered = re.findall(r"^  (\d+)\. ", text, flags=re.M)
    assert numbered
    assert numbered == [str(c["n"]) for c in ctx["choices"]]


def test_wrapping_keeps_a_list_items_text_under_its_text():
    item = "  - " + "word " * 30
    wrapped = rendering.wrap_text(
        item + "\n  12. " + "choice " * 15 + "\n     https://example.org/" + "x" * 90
    )
    lines = wrapped.splitlines()
    assert all(len(line) <= 78 for line in lines if "https://" not in line)
    assert lines[1].startswith("    word")
    choice = next(i for i, line in enumerate(lines) if line.startswith("  12. "))
    assert lines[choice + 1].startswith("      choice")
    assert lines[-1] == "     https://example.org/" + "x" * 90


def test_wrapping_keeps_a_results_lines_text_under_its_text_right_of_the_points():
    line = "     +14  Psychopath: the Size of everyone else who died (the Captain, Lady Lauren, the Kid)"
    first, second = rendering.wrap_text(line).splitlines()
    assert first.startswith("     +14  Psychopath")
    assert second == "          Lauren, the Kid)"


def test_the_html_part_stands_without_its_stylesheet(django_capture_on_commit_callbacks):
    row = a_prompt_with_news(django_capture_on_commit_callbacks, "lifeboat", 4)
    _subject, _text, html = render_in(row, "en")
    assert '<meta name="color-scheme" content="light dark">' in html
    assert "prefers-color-scheme: dark" in html  # kept in a <style> for the clients that read it
    assert re.search(r'<body style="[^"]*font-family', html)  # inlined: clients that drop <style>
    assert re.search(r'<h2 style="[^"]*font-size', html)
    assert not re.search(r"<(img|link)[^>]+(src|href)=[\"']https?:", html)
    assert "<svg" not in html


@pytest.mark.parametrize("language", ["en", "hu", "cs"])
def test_the_end_mail_gives_places_points_and_every_card(django_capture_on_commit_callbacks, language):
    game, _users = start_game(django_capture_on_commit_callbacks, slug="lifeboat", num_players=4, seed=5)
    for _ in range(600):
        if game.status == "finished":
            break
        game = play(django_capture_on_commit_callbacks, game)
    row = Notification.objects.select_related("user__profile").filter(kind=Kind.GAME_END, game=game).first()
    assert row is not None
    state = state_of(game)
    _subject, text, html = render_in(row, language)
    flat = " ".join(text.split())
    with translation.override(language):
        total = translation.gettext("Total")
        names = [card_name(c) for seat in range(4) for c in state.hands[seat] + state.tables[seat]]
    assert total in html
    assert all(name in flat for name in names)
    places = [int(p) for p in re.findall(r"^  (\d+)\. ", text, flags=re.M)]
    assert places == sorted(places)
    assert len(places) == 4


def a_seat_asked_again(capture, slug: str, players: int) -> tuple[Game, int]:
    """A game under way and a seat it waits for now that it also asked before (that turn decided)."""
    game, _users = start_game(capture, slug=slug, num_players=players, seed=11)
    for _ in range(200):
        game = play(capture, game)
        for seat in waiting(game):
            prompts = Prompt.objects.filter(game=game, seat_index=seat)
            if (
                prompts.filter(closed_at__isnull=True).exists()
                and prompts.filter(closed_at__isnull=False).exists()
            ):
                return game, seat
    raise AssertionError("no seat was asked twice")


@pytest.mark.parametrize("language", ["en", "hu", "cs"])
def test_a_digest_has_one_section_per_game_with_the_open_turn_worded_as_its_mail(
    django_capture_on_commit_callbacks, language
):
    game, seat = a_seat_asked_again(django_capture_on_commit_callbacks, "lifeboat", 4)
    user = Seat.objects.get(game=game, index=seat).user
    turns = Notification.objects.filter(user=user, kind=Kind.PROMPT).count()
    [row] = digest_now(user.pk)
    subject, text, html = render_in(row, language)
    state = state_of(game)
    flat = " ".join(text.split())
    with translation.override(language):
        waiting_one = translation.ngettext(
            "Your daily digest: %(counter)s game waiting", "Your daily digest: %(counter)s games waiting", 1
        ) % {"counter": 1}
        decided = translation.ngettext(
            "Before this turn, %(n)s more was decided or played by the deadline.",
            "Before this turn, %(n)s more were decided or played by the deadline.",
            turns - 1,
        ) % {"n": turns - 1}
        headings = [translation.gettext(h) for h in ("Your situation", "The table at a glance")]
        own = [card_name(c) for c in state.hands[seat]]
        character = character_name(state.chars[seat])
    assert waiting_one in subject  # games waiting, not mails: the game asked this seat `turns` times
    assert text.count(f"#{game.pk} ==") == 1
    assert decided in flat
    for heading in headings:
        assert heading in text
        assert heading in html
    assert character in flat
    assert all(name in flat for name in own)
    links = re.findall(r"/mail/act/\S+", text)
    assert links
    assert len(links) == len(set(links))


def test_a_digest_of_turns_all_decided_says_nothing_waits(django_capture_on_commit_callbacks):
    game, seat = a_seat_asked_again(django_capture_on_commit_callbacks, "lifeboats", 3)
    game = play(django_capture_on_commit_callbacks, game, seat)
    user = Seat.objects.get(game=game, index=seat).user
    Prompt.objects.filter(game=game, seat_index=seat).update(closed_at=timezone.now())
    [row] = digest_now(user.pk)
    subject, text, _html = render_in(row, "en")
    assert subject.endswith("Your daily digest")
    assert "Nothing waits for you here now: your" in " ".join(text.split())
    assert "/mail/act/" not in text


def test_a_digest_tells_an_open_turn_as_the_table_is_now(django_capture_on_commit_callbacks):
    """A vote waits for several seats: one answers, the other's decision runs on (its prompt is kept);
    the digest shows that seat the table as it is now, not as it was when it was asked."""
    capture = django_capture_on_commit_callbacks
    game, _users = start_game(capture, slug="lifeboats", num_players=3, seed=11)
    game = until_several_wait(capture, game)
    asked, other = waiting(game)[:2]
    kept = open_prompt(game, asked)
    game = play(capture, game, other)
    assert open_prompt(game, asked) == kept
    user = Seat.objects.get(game=game, index=asked).user
    [row] = digest_now(user.pk)
    [turn] = [item for item in row.context["items"] if item.get("open")]
    now = game.engine.view(state_of(game), asked)
    asked_then = Notification.objects.get(prompt=kept, kind=Kind.PROMPT).context["view"]
    assert asked_then != now
    assert turn["view"] == now

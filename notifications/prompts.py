"""Prompts: the decisions a seat is asked for by mail, and what their mails show.

A `Prompt` row is made by `progress` when a seat becomes waited for; signed links and reply
addresses name it, and `answers` plays its choices. Here: whether a prompt may still be acted on
(`check_prompt`), its reminders' times and keeping them in step when its deadline moves
(`retime_prompt`), and the context of a prompt mail, built only from the seat's own view, the
events visible to it and its legal actions.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.conf import settings

import engine
from games.models import Action
from games.recent import helped_by
from games.selectors import GameRead

from .errors import PromptExpired, PromptInvalid, PromptStale, PromptUsed
from .models import Kind, Notification, Prompt, Status


def check_prompt(
    prompt: Prompt | None, *, user_id: int | None, game_id: int | None, version: int | None, now: dt.datetime
) -> Prompt:
    """Raise the right PromptError unless the prompt may still be acted on."""
    if prompt is None:
        raise PromptInvalid()
    if user_id is not None and (prompt.user_id, prompt.game_id, prompt.version) != (
        user_id,
        game_id,
        version,
    ):
        raise PromptInvalid()
    if prompt.used_at is not None:
        raise PromptUsed()
    if prompt.due_at is not None and now >= prompt.due_at:
        raise PromptExpired()
    if prompt.closed_at is not None:
        raise PromptStale()
    return prompt


def reminder_times(
    issued_at: dt.datetime, due_at: dt.datetime | None, now: dt.datetime
) -> dict[str, dt.datetime]:
    """At 75% of the time elapsed and at one hour left, each only if still ahead and distinct."""
    if due_at is None or due_at <= issued_at:
        return {}
    length = due_at - issued_at
    times = {"75": issued_at + length * 0.75}
    one_hour = due_at - dt.timedelta(hours=1)
    if one_hour > times["75"] + dt.timedelta(minutes=5):
        times["1h"] = one_hour
    return times


def retime_prompt(prompt: Prompt, now: dt.datetime) -> None:
    """The deadline moved: keep the prompt's expiry (which mails show) and its reminders in step."""
    Prompt.objects.filter(pk=prompt.pk).update(due_at=prompt.due_at)
    times = reminder_times(prompt.issued_at, prompt.due_at, now)
    for pk, key in Notification.objects.filter(
        prompt=prompt, kind=Kind.REMINDER, status=Status.PENDING
    ).values_list("pk", "dedupe_key"):
        label = key.split(":")[1]
        if label in times:
            Notification.objects.filter(pk=pk).update(send_after=times[label])
        else:
            Notification.objects.filter(pk=pk).update(status=Status.CANCELLED)


# -- what a game mail shows -------------------------------------------------------------------
def away(seats: list[dict[str, Any]], names: dict[int, str]) -> list[dict[str, Any]]:
    """Players on vacation or marked absent: every player of the table sees this."""
    gone = [seat for seat in seats if seat["vacation_until"] is not None or seat.get("absent")]
    return [
        {
            "seat": seat["index"],
            "name": names.get(seat["user_id"], seat.get("bot", "")),
            "vacation_until": seat["vacation_until"].isoformat() if seat["vacation_until"] else None,
            "absent": bool(seat.get("absent")),
        }
        for seat in gone
    ]


def bot_seats(seats: list[dict[str, Any]]) -> list[int]:
    """The seats a bot holds: a mail stores its players' names as they are and words a bot's as a
    bot's ("Bot Ada (bot)") in its reader's language when it is rendered."""
    return [seat["index"] for seat in seats if seat.get("bot")]


def seat_names(names: dict[int, str]) -> dict[str, str]:
    """Players' names by seat index, as a mail's context stores them (JSON keys are strings)."""
    return {str(index): name for index, name in names.items()}


def news_since_decision(
    rules: engine.Game, index: int, recent: list[dict[str, Any]], over: bool
) -> list[dict[str, Any]]:
    """The actions since the seat last decided (its last action that answered a question, not an
    any-time one, nor one its assistant or an answer given ahead decided), each with only the
    events the seat may see: what its mail tells as news, what its assistant did for it included."""
    helped = (Action.Source.ASSISTANT, Action.Source.AHEAD)
    last = max(
        (
            a["seq"]
            for a in recent
            if a["seat_index"] == index
            and not rules.is_any_time(a.get("payload"))
            and a.get("source") not in helped
        ),
        default=0,
    )
    news = []
    for act in recent:
        if act["seq"] <= last:
            continue
        events = engine.events_for(act["events"], index, game_over=over)
        if events:
            news.append(
                {
                    "seat": act["seat_index"],
                    "events": events,
                    "timed_out": act.get("source") == Action.Source.TIMEOUT,
                    "helped": helped_by(act.get("source", "")),
                }
            )
    return news


def distinct_choices(read: GameRead, seat: int, legal: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The seat's legal actions with those that read the same in every language (two Water cards
    to keep, two equal cards to play) kept once, the first of them: either plays the same, as on
    the table. A prompt numbers these, 1..n, as its mail shows them and as replies name them."""
    seen: set[tuple[str, ...]] = set()
    out = []
    for action, labels in zip(legal, read.labels_by_language(seat, legal), strict=True):
        words = tuple(labels[code] for code in sorted(labels))
        if words not in seen:
            seen.add(words)
            out.append(action)
    return out


def prompt_context(
    *,
    read: GameRead,
    game_ctx: dict[str, Any],
    prompt: Prompt,
    recent: list[dict[str, Any]],
    over: bool,
    away: list[dict[str, Any]],
    players: dict[int, str],
    bots: list[int] | None = None,
) -> dict[str, Any]:
    """What a prompt mail shows, from the prompted seat's own view, visible events and the
    prompt's actions (numbered as mailed); `players` names the seats by their players, as the
    table's log does. The mail is worded when it is rendered, in its recipient's language, by the
    table's presenters (`presenting.present_mail`); the choices' labels are kept per language for
    the digest."""
    index, legal = prompt.seat_index, prompt.actions
    return {
        "game": game_ctx,
        "seat": index,
        "prompt": prompt.pk,
        "view": read.view(index),
        "names": seat_names(players),
        "bots": bots or [],
        "news": news_since_decision(read.rules, index, recent, over),
        "choices": [
            {
                "n": n,
                "label": labels[settings.LANGUAGE_CODE],
                # the mail is rendered in its recipient's language: rendering picks from these
                "labels": labels,
            }
            for n, (action, labels) in enumerate(
                zip(legal, read.labels_by_language(index, legal), strict=True), 1
            )
        ],
        "due_at": prompt.due_at.isoformat() if prompt.due_at else None,
        "away": [a for a in away if a["seat"] != index],
    }

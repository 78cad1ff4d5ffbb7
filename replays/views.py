"""Replay and export pages."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

import engine
from games.board.log import Played
from games.present import board_template, log_sections, present_board, present_results, private_template
from games.presentations import learn_links
from refusals.errors import Invalid
from refusals.http import handles_refusals

from . import selectors, tutorial


def _int_param(request: HttpRequest, name: str) -> int | None:
    raw = request.GET.get(name, "")
    if raw in ("", "spectator"):
        return None
    try:
        return int(raw)
    except ValueError:
        raise Invalid() from None


@require_GET
@handles_refusals
def replay(request: HttpRequest, game_id: int) -> HttpResponse:
    data = selectors.replay(
        game_id=game_id,
        user=request.user,
        step=_int_param(request, "step"),
        seat=_int_param(request, "seat"),
        spectator=request.GET.get("seat") == "spectator",
    )
    names = dict(enumerate(data.players))
    # The board and log as the table draws them, from the chosen seat's view then; "you" is
    # only ever the reader's own seat.
    board = present_board(data.slug, data.view, names, data.reader)
    context = {
        "replay": data,
        "board": board,
        "results": present_results(data.slug, data.view, names, data.reader),
        "board_template": board_template(data.slug),
        "private_template": private_template(data.slug),
        "log": log_sections(data.slug, [Played(seat=None, events=data.log)], data.view, names, data.reader),
        "seat_param": "spectator" if data.seat is None else str(data.seat),
        "seen_by": None if data.seat is None else data.seat + 1,
        "as_reader": data.seat == data.reader,
        "seat_links": [
            {
                "param": "spectator" if s is None else str(s),
                "seat": s,
                "number": None if s is None else s + 1,
                "name": None if s is None else data.players[s],
            }
            for s in data.seat_choices
        ],
    }
    return render(request, "replays/replay.html", context)


@require_GET
@handles_refusals
def export(request: HttpRequest, game_id: int) -> HttpResponse:
    data = selectors.export(game_id=game_id, user=request.user)
    response = JsonResponse(data, json_dumps_params={"indent": 1})
    response["Content-Disposition"] = f'attachment; filename="game-{game_id}.json"'
    return response


@require_GET
def learn(request: HttpRequest, slug: str) -> HttpResponse:
    """How to play a game: its demo, one moment at a time (`?step=` counts from 1)."""
    if slug not in tutorial.DEMOS:
        raise Http404()
    raw = request.GET.get("step", "1")
    try:
        lesson = tutorial.lesson(slug, int(raw) - 1)
    except (ValueError, IndexError):
        raise Http404() from None
    names = dict(enumerate(lesson.demo.names))
    context = {
        "lesson": lesson,
        "name": engine.get_game(slug).name,
        "slug": slug,
        "others": [(s, title) for s, title in learn_links(but=slug) if s in tutorial.DEMOS],
        "players": lesson.demo.names,
        "board": present_board(slug, lesson.view, names, None),
        "results": present_results(slug, lesson.view, names, None),
        "board_template": board_template(slug),
        "private_template": private_template(slug),
        "log": log_sections(slug, [Played(seat=None, events=lesson.log)], lesson.view, names, None),
        "seen_by": tutorial.SEAT + 1,
        "as_reader": False,
    }
    return render(request, "replays/learn.html", context)

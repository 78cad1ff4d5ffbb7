"""A game mail worded from the seat's own view, by the table's presenters (`games.board`), in the
language active when it is rendered (the recipient's).

A mail's context (written with the move, `prompts` and `progress`) holds only what the seat may
know: its `view`, the players' `names` by seat, the `news` since it last decided (actions with
the events it may see) and, for a prompt, its legal actions (the prompt row's). `present_mail`
turns them into what the templates show: the news as the log's sentences, the seat's situation,
the table at a glance with a small picture (the board presenter's seats or boats), the question,
and at the end the table's results with every score explained and every card by name.
"""

from __future__ import annotations

from typing import Any

from games.board.log import Played
from games.present import news, present_results, present_situation
from games.presentations import PRESENTATIONS
from games.seats import bot_name


def _names(ctx: dict[str, Any]) -> dict[int, str]:
    names = {int(seat): name for seat, name in (ctx.get("names") or {}).items()}
    for player in ctx.get("players") or []:  # a start mail written before names were kept
        names.setdefault(int(player["seat"]), player["name"])
    for seat in ctx.get("bots") or []:
        names[int(seat)] = bot_name(names[int(seat)])
    return names


def present_mail(ctx: dict[str, Any], actions: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    """What the templates of a game mail show besides its frame; {} for a mail without a view
    (or of a game the presenters do not know). `actions`: a prompt's numbered choices."""
    game, view = ctx.get("game") or {}, ctx.get("view")
    slug = game.get("slug")
    if not isinstance(view, dict) or slug not in PRESENTATIONS:
        return {}
    names = _names(ctx)
    reader = view.get("seat")
    situation = present_situation(slug, view, names, actions or [])
    out: dict[str, Any] = {
        "situation": situation,
        "final": present_results(slug, view, names, reader),
        "board_picture": f"notifications/email/{slug}/picture.html",
        "results_html": f"notifications/email/{slug}/results.html",
        "results_text": f"notifications/email/{slug}/results.txt",
    }
    if ctx.get("news") is not None:
        played = [
            Played(
                seat=a.get("seat"),
                events=list(a["events"]),
                timed_out=bool(a.get("timed_out")),
                helped=str(a.get("helped", "")),
            )
            for a in ctx["news"]
        ]
        out["events"] = news(slug, played, view, names, reader)
    return out


def present_digest(ctx: dict[str, Any]) -> None:
    """Word each open turn of a digest (`ctx["games"]`) as its prompt mail is worded: its news
    since the seat last decided, its situation, the table at a glance and the question."""
    for section in ctx.get("games", []):
        turn = section["turn"]
        if turn is not None:
            turn.update(present_mail(turn, turn.get("actions")))

"""The mails and pushes a game write causes, built by the steps of `record_progress`: the start
and end mails to every player, the trade offers announced to the seats they are made to, and each
new prompt's mail, reminders and browser push. Rendering data comes only from each seat's `view`,
the events visible to it and its legal actions; never from the raw state."""

from __future__ import annotations

from typing import Any

from games.i18n import log_lines_by_language

from .models import Kind, Notification, Prompt
from .outbox import start_mail_key
from .progress_batch import Effects, ProgressedGame
from .prompts import bot_seats, prompt_context, reminder_times, seat_names


def _player(effects: Effects, seat: dict[str, Any]) -> dict[str, Any]:
    """A seat's player as mails name it: a bot by its name, worded as a bot by the template."""
    if seat["bot"]:
        return {"seat": seat["index"], "name": seat["bot"], "bot": True}
    return {"seat": seat["index"], "name": effects.names[seat["user_id"]]}


def mail_start(effects: Effects, table: ProgressedGame) -> None:
    """Every player gets the start mail: who plays, and their own seat's view (a league table's
    players got the round's mail instead, under the same key: `leagues.services`)."""
    players = [_player(effects, s) for s in table.seats]
    names = seat_names({p["seat"]: p["name"] for p in players})
    for seat in table.seats:
        if seat["user_id"] is None:
            continue  # bots get no mail
        effects.rows.append(
            Notification(
                kind=Kind.GAME_START,
                dedupe_key=start_mail_key(table.game.pk, seat["index"]),
                user_id=seat["user_id"],
                game=table.game,
                seat_index=seat["index"],
                context={
                    "game": table.ctx,
                    "seat": seat["index"],
                    "players": players,
                    "names": names,
                    "bots": bot_seats(table.seats),
                    "view": table.read.view(seat["index"]),
                },
                send_after=effects.now,
            )
        )


def offers_to(view: dict[str, Any], seat: int) -> list[dict[str, Any]]:
    """The open trade offers made to the seat, as its own view shows them (Lifeboat's; none in a
    game without trades)."""
    me = view.get("me") if isinstance(view, dict) else None
    offers = me.get("offers", []) if isinstance(me, dict) else []
    return [o for o in offers if isinstance(o, dict) and o.get("to") == seat]


def announce_trade_offers(effects: Effects, table: ProgressedGame) -> None:
    """Each trade offer still open after the writes is announced once to the seat it is made to
    (a mail or a digest line, per its player's preferences), worded from that seat's own view as
    the table's log words it; an offer already answered or replaced is not announced."""
    if table.over:
        return
    names = {seat["index"]: seat["bot"] or effects.names[seat["user_id"]] for seat in table.seats}
    for index, seat in table.by_index.items():
        if seat["user_id"] is None:
            continue  # bots get no mail
        view = table.read.view(index)
        for offer in offers_to(view, index):
            event = {**offer, "type": "trade_offered", "visible_to": [offer["from"], index]}
            effects.rows.append(
                Notification(
                    kind=Kind.TRADE_OFFER,
                    dedupe_key=f"trade_offer:{table.game.pk}:{offer['id']}",
                    user_id=seat["user_id"],
                    game=table.game,
                    seat_index=index,
                    context={
                        "game": table.ctx,
                        "seat": index,
                        "offer": offer["id"],
                        "from_name": names.get(offer["from"], ""),
                        "lines_by_language": log_lines_by_language(table.game.slug, [event], view, names),
                    },
                    send_after=effects.now,
                )
            )


def mail_end(effects: Effects, table: ProgressedGame) -> None:
    """Every player gets the results: places and scores of every seat, and its own view of the
    end (every card revealed), from which the mail shows the table's results with their points."""
    scores, places = table.read.scores(), table.read.ranking()
    results = sorted(
        ({**_player(effects, s), "score": scores[i], "place": places[i]} for i, s in table.by_index.items()),
        key=lambda r: (r["place"], r["seat"]),
    )
    for seat in table.seats:
        if seat["user_id"] is None:
            continue  # bots get no mail
        effects.rows.append(
            Notification(
                kind=Kind.GAME_END,
                dedupe_key=f"game_end:{table.game.pk}:{seat['index']}",
                user_id=seat["user_id"],
                game=table.game,
                seat_index=seat["index"],
                context={
                    "game": table.ctx,
                    "seat": seat["index"],
                    "results": results,
                    "names": seat_names({r["seat"]: r["name"] for r in results}),
                    "bots": bot_seats(table.seats),
                    "view": table.read.view(seat["index"]),
                },
                send_after=effects.now,
            )
        )


def mail_prompt(effects: Effects, table: ProgressedGame, prompt: Prompt, gone: list[dict[str, Any]]) -> None:
    """The prompt mail (from the seat's own view and visible events) and its reminders."""
    game, index = table.game, prompt.seat_index
    context = prompt_context(
        read=table.read,
        game_ctx=table.ctx,
        prompt=prompt,
        recent=effects.logs.get(game.pk, []),
        over=table.over,
        away=gone,
        players={seat["index"]: seat["bot"] or effects.names[seat["user_id"]] for seat in table.seats},
        bots=bot_seats(table.seats),
    )
    mail = {"user_id": prompt.user_id, "game": game, "seat_index": index, "prompt": prompt}
    effects.rows.append(
        Notification(
            kind=Kind.PROMPT,
            dedupe_key=f"prompt:{prompt.pk}",
            context=context,
            send_after=effects.now,
            **mail,
        )
    )
    for label, when in reminder_times(effects.now, prompt.due_at, effects.now).items():
        effects.rows.append(
            Notification(
                kind=Kind.REMINDER,
                dedupe_key=f"reminder:{label}:{prompt.pk}",
                context={"reminder": label},  # the rest is read from the prompt mail's row
                send_after=when,
                **mail,
            )
        )


def push_prompt(effects: Effects, table: ProgressedGame, prompt: Prompt) -> None:
    """The prompt's browser push (`push`): it names the game and nothing of its state."""
    key = f"push:{prompt.pk}"
    effects.new_keys.add(key)
    effects.rows.append(
        Notification(
            kind=Kind.PUSH,
            dedupe_key=key,
            user_id=prompt.user_id,
            game=table.game,
            seat_index=prompt.seat_index,
            prompt=prompt,
            context={"game": table.ctx},
            send_after=effects.now,
        )
    )

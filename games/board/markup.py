"""The table's fragment built in Python (escape + join), like the board pictures in svg.py.

The template engine costs microseconds per node, and a table has hundreds of them: each partial
of `#table` is one tag (`board_tags`) that calls a function here, which writes the players, the
board and private corner, the prompt, the log and the live updates whole. Every text is escaped
here as the template engine escapes a variable (`html.escape`), but for the words the partials
used to translate themselves (headings, legends, table heads), written as Django writes a
translated literal: as the site's catalogue has them. Colours come from the palette and numbers
from the presenters. What a section shows whoever reads it is put together once per language
(`per_language`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import datetime
from html import escape
from typing import Any
from urllib.parse import quote

from django.utils.formats import date_format
from django.utils.safestring import SafeString, mark_safe
from django.utils.timesince import timeuntil
from django.utils.timezone import template_localtime

from games.i18n import gettext as _
from games.i18n import ngettext, per_language

from .links import GameLinks
from .prompt import Part, Question

#: What an empty list or a missing value shows.
DASH = "\N{EN DASH}"


def _text(value: Any) -> str:
    return escape(str(value))


def _joined(values: Iterable[Any], separator: str = ", ", empty: str = "") -> str:
    """`{{ values|join:separator|default:empty }}`."""
    return _text(separator.join(str(v) for v in values) or empty)


class _Units:
    """One unit of `timeuntil`'s "4 days, 6 hours", counted through the remembered `ngettext`
    (Django's own lazy strings translate again on every use)."""

    def __init__(self, singular: str, plural: str) -> None:
        self.singular, self.plural = singular, plural

    def __mod__(self, values: dict[str, int]) -> str:
        return ngettext(self.singular, self.plural, values["num"]) % values


#: Django's own msgids (its catalogue translates them), in `timesince.TIME_STRINGS`' shape.
TIME_UNITS = {
    "year": _Units("%(num)d year", "%(num)d years"),
    "month": _Units("%(num)d month", "%(num)d months"),
    "week": _Units("%(num)d week", "%(num)d weeks"),
    "day": _Units("%(num)d day", "%(num)d days"),
    "hour": _Units("%(num)d hour", "%(num)d hours"),
    "minute": _Units("%(num)d minute", "%(num)d minutes"),
}


def time_left(due_at: datetime) -> str:
    """The time left until `due_at` ("4 days, 6 hours left"), counted in the current time zone."""
    left = timeuntil(template_localtime(due_at), time_strings=TIME_UNITS)
    return _text(_("%(left)s left")) % {"left": _text(left)}


# -- players, log and live updates (both games) --------------------------------------------------
@per_language
def _players_markup() -> dict[str, str]:
    """The players section's fixed markup and words in the active language."""
    return {
        "top": '<section class="card" aria-labelledby="players"><h2 id="players">'
        + _("Players")
        + "</h2>\n  <table>\n    <thead><tr>"
        + _heads(_("Seat"), _("Player"), _("Status")),
        "result_heads": _heads(_("Score"), _("Place")),
        "over": "<p>" + _("The game is over: every card is revealed below.") + "</p>",
        "you": _text(_("you")),
        "resigned": _text(_("resigned")),
        "to_act": _text(_("to act")),
    }


def players(table: Any) -> SafeString:
    """The players section: each seat's player, whether they resigned or are to act (with the
    time left), and once the game is over the scores and places."""
    words = _players_markup()
    finished = table.game.is_finished
    return mark_safe(  # built escaped (see the docstring)
        words["top"]
        + (words["result_heads"] if finished else "")
        + "</tr></thead>\n    <tbody>\n    "
        + _player_rows(table, words)
        + "\n    </tbody>\n  </table>\n  "
        + (words["over"] if finished else "")
        + "\n</section>"
    )


def _player_rows(table: Any, words: dict[str, str]) -> str:
    finished = table.game.is_finished
    rows = []
    for p in table.players:
        name = _text(p.name)
        if table.seat is not None and p.index == table.seat:
            name += f' <span class="muted">({words["you"]})</span>'
        if p.resigned:
            status = words["resigned"]
        elif p.waiting:
            status = words["to_act"]
            if p.due_at:
                status += f' <span class="muted">({time_left(p.due_at)})</span>'
        else:
            status = ""
        result = f"<td>{_text(p.score)}</td><td>{_text(p.place)}</td>" if finished else ""
        waiting = ' class="waiting"' if p.waiting else ""
        seat = DASH if p.index is None else p.index + 1  # seats count from 1, as in the notices
        rows.append(f"<tr{waiting}><td>{seat}</td><td>{name}</td><td>{status}</td>{result}</tr>")
    return "\n".join(rows)


@per_language
def _log_markup() -> tuple[str, str]:
    """The log section's top and what it says while empty, in the active language."""
    heading, newest_first, nothing_yet = _("Game log"), _("newest first"), _("Nothing yet.")
    top = (
        '<section class="card log" aria-labelledby="log-h" id="game-log">\n'
        f'<h2 id="log-h">{heading} <span class="muted">({newest_first})</span></h2>'
    )
    return top, f'<p class="muted">{nothing_yet}</p>'


def log(sections: Iterable[Any]) -> SafeString:
    """The log section: each section's heading and its sentences as a list, newest first."""
    top, nothing_yet = _log_markup()
    lines = "\n".join(
        f"<h3>{_text(s.heading)}</h3><ol reversed>"
        + "".join(f"<li>{escape(line)}</li>" for line in s.lines)
        + "</ol>"
        for s in sections
    )
    return mark_safe(f"{top}\n{lines or nothing_yet}\n</section>")  # built escaped (see the docstring)


def live_updates(table: Any, links: GameLinks, invite_token: str) -> SafeString:
    """While the game is open or under way: a poll of the game's version every few seconds and,
    when it changed, a fetch of the table (with the reader's invitation, if they came with one).

    Spectators of private or club games reload by hand: the version endpoint answers only
    players and public games.
    """
    game = table.game
    if not (game.is_open or game.is_running) or not (table.is_member or game.visibility == "public"):
        return SafeString()
    invite = f"?invite={_text(quote(invite_token))}" if invite_token else ""
    return mark_safe(  # the addresses and the invitation are escaped
        f'<div hidden hx-get="{_text(links.version)}?v={game.version}" '
        'hx-trigger="every 4s [document.visibilityState === \'visible\']" hx-swap="none"></div>\n'
        f'<div hidden hx-get="{_text(links.table)}{invite}" hx-trigger="game-changed from:body" '
        'hx-target="#table" hx-swap="outerHTML"></div>'
    )


# -- small pieces of both boards --------------------------------------------------------------
def _tag(fill: str, ink: str, letters: str) -> str:
    """A figure's or character's letters on its colour (palette colours: no escaping needed)."""
    return f'<span class="tag" style="background:{fill};color:{ink}">{_text(letters)}</span>'


def _list_items(values: Iterable[Any]) -> str:
    return "".join(f"<li>{_text(v)}</li>" for v in values)


def _table_rows(rows: Iterable[Sequence[Any]]) -> str:
    """Table rows of plain cells (the final scores)."""
    return "".join("<tr>" + "".join(f"<td>{_text(cell)}</td>" for cell in row) + "</tr>" for row in rows)


def _heads(*words: str) -> str:
    """Table heads, one per (translated) word."""
    return "".join(f"<th>{word}</th>" for word in words)


def _picture(svg: str, label: str) -> str:
    """A board picture that scrolls sideways on a small screen (`svg` is built escaped)."""
    return f'<div class="pic" tabindex="0" role="group" aria-label="{label}">{svg}</div>\n'


def board(presented: Any) -> SafeString:
    """The board of a started game and the seat's private corner, each line ended."""
    return mark_safe(BOARDS[presented.slug](presented.board))  # built escaped (see the docstring)


# -- Lifeboat -----------------------------------------------------------------------------------
@per_language
def _lifeboat_markup() -> dict[str, str]:
    """Lifeboat's fixed markup and words in the active language."""
    return {
        "picture": _("The board picture; scroll sideways on a small screen"),
        "seats": (
            '<p class="muted">'
            + _(
                "Bow on the left. Dots: wounds up to Size+1 (filled are taken); ★ navigator; "
                "zz unconscious; ✕ dead; A/D attacker’s or defender’s side; ↑ rowed; ⚔ fought."  # noqa: RUF001
            )
            + '</p>\n<ol class="seats" aria-label="'
            + _("Seats from bow to stern")
            + '">'
        ),
        "gone": _("Gone overboard"),
        "navigation_card": _("Navigation card"),
        "flare_reveal": _("The Flare Gun showed"),
        "row_log": _("Rowing this day"),
        "answered": _("answered"),
        "waiting_for": _("waiting for"),
        "final": "<table><caption>"
        + _("Final scores")
        + "</caption><thead><tr>"
        + _heads(_("Player"), _("Character"), _("Love"), _("Hate"), _("Score"))
        + "</tr></thead><tbody>",
        "private": '<section class="card private" aria-labelledby="private-h">\n<h2 id="private-h">'
        + _("Only you can see this")
        + "</h2>\n<p>"
        + _("Your hand")
        + ": ",
        "love": _("You secretly love"),
        "hate": _("and hate"),
        "draft": _("Offered to you"),
        "rowing": _("You rowed"),
        "row_stack": _("The Row stack you navigate from"),
        "you": _text(_("you")),
        "hand": _text(_("Hand")),
        "face_up": _text(_("Face up")),
    }


def lifeboat_board(b: Any) -> str:
    """Lifeboat's board (the day, the picture, the seats bow to stern, what is under way and, at
    the end, the scores) and the seat's private corner."""
    words = _lifeboat_markup()
    day = _("Day %(turn)s · %(phase)s") % {"turn": b.turn, "phase": _text(b.phase)}
    step = f' <span class="muted">({_text(b.step)})</span>' if b.step else ""
    window = ""
    if b.window:
        w = b.window
        window = (
            f"<p>{_text(w['kind'][:1].upper() + w['kind'][1:])}: {words['answered']} "
            f"{_joined(w['answered'], ', ', DASH)}; {words['waiting_for']} "
            f"{_joined(w['waiting'], ', ', DASH)}.</p>"
        )
    lines = [
        '<section class="card board" aria-labelledby="board-h">',
        f'<h2 id="board-h">{day}{step}</h2>',
        f'<p id="board-status">{_text(b.status)}</p>' if b.status else "",
        _picture(b.svg, words["picture"]) + words["seats"] + _lifeboat_seats(b.seats, words),
        "</ol>",
        f'<p class="muted">{words["gone"]}: {_text(b.gone_names)}</p>' if b.gone else "",
        f"<p>{words['navigation_card']}: {_text(b.navigation_card)}</p>" if b.navigation_card else "",
        f"<p>{words['flare_reveal']}: {_joined(b.flare_reveal, ' | ')}</p>" if b.flare_reveal else "",
        f'<p class="muted">{words["row_log"]}: {_joined(b.row_log, " ")}</p>' if b.row_log else "",
        window,
        words["final"] + _lifeboat_final(b.final) + "</tbody></table>" if b.final else "",
        "</section>",
        _lifeboat_private(b.private, words) if b.private else "",
    ]
    return "\n".join(lines) + "\n"


def _lifeboat_seats(seats: Iterable[Any], words: dict[str, str]) -> str:
    """The seats bow to stern beside the picture: mark, character, player, state, hand and table."""
    you, hand, face_up = words["you"], words["hand"], words["face_up"]
    items = []
    for s in seats:
        me = ' class="me"' if s.is_me else ""
        table = f" · {face_up}: {_joined(s.table)}" if s.table else ""
        items.append(
            f"\n<li{me}>{_tag(s.fill, s.ink, s.mark)} <strong>{_text(s.name)}</strong> · "
            f"{you if s.is_me else _text(s.player)}<br>\n"
            f'<span class="muted">{_text(s.details)}</span><br>\n'
            f"{hand}: {s.hand_size}{table}</li>"
        )
    return "".join(items)


def _lifeboat_final(final: Iterable[dict[str, Any]]) -> str:
    return _table_rows((f["player"], f["character"], f["love"], f["hate"], f["score"]) for f in final)


def _lifeboat_private(m: dict[str, Any], words: dict[str, str]) -> str:
    """The seat's hand, Love and Hate, and what only it knows of the draft, rowing and trades."""
    lines = [
        words["private"] + _joined(m["hand"], ", ", DASH) + "</p>",
        f"<p>{words['love']} <strong>{_text(m['love'])}</strong> {words['hate']} "
        f"<strong>{_text(m['hate'])}</strong>.</p>",
        f"<p>{words['draft']}: {_joined(m['draft'])}</p>" if m["draft"] else "",
        f"<p>{words['rowing']}:</p><ul>{_list_items(m['rowing'])}</ul>" if m["rowing"] else "",
        _rowed(m["rowed"]) if m["rowed"] else "",
        f"<p>{words['row_stack']}:</p><ul>{_list_items(m['row_stack'])}</ul>" if m["row_stack"] else "",
        _offers(m["offers"]) if m["offers"] else "",
        "</section>",
    ]
    return "\n".join(lines)


def _rowed(rows: Iterable[dict[str, list[str]]]) -> str:
    """What this seat put on the Row stack and to the bottom, each time it rowed."""
    stack, bottom = _text(_("You put on the Row stack")), _text(_("To the bottom"))
    return "".join(
        f"<p>{stack}: {_joined(r['stack'], ' | ', DASH)}. {bottom}: {_joined(r['bottom'], ' | ', DASH)}.</p>"
        for r in rows
    )


def _offers(offers: Iterable[dict[str, Any]]) -> str:
    """Open trade offers to and from this seat."""
    incoming, outgoing = _text(_("%(other)s offers you")), _text(_("You offer %(other)s"))
    word = _text(_("for"))
    return "".join(
        f'<p><span class="muted">{_text(o["id"])}</span> '
        + (incoming if o["incoming"] else outgoing) % {"other": _text(o["other"])}
        + f": {_joined(o['give'])} {word} {_joined(o['take'])}</p>"
        for o in offers
    )


# -- Lifeboats ----------------------------------------------------------------------------------
@per_language
def _lifeboats_markup() -> dict[str, str]:
    """Lifeboats' fixed markup and words in the active language."""
    return {
        "picture": _("The board picture; scroll sideways on a small screen"),
        "players": (
            '<p class="muted">'
            + _(
                "Circles are sailors, diamonds officers, each with its colour's letter; "
                "blue squares are leaks, dashed squares empty seats."
            )
            + '</p>\n<table><caption class="sr-only">'
            + _("Players")
            + "</caption><thead><tr>"
            + _heads(_("Colour"), _("Player"), _("Hats"), _("Ashore"), _("Vote"))
            + "</tr></thead><tbody>"
        ),
        "vote": _("Vote"),
        "boat": _("boat"),
        "choices": _("Choices"),
        "cast": _("Cast"),
        "waiting_for": _("waiting for"),
        "last_vote": _("Last vote"),
        "hats_cancelled": _("The hats cancelled out."),
        "result": _("Result"),
        "jump": _("Waiting for a seat"),
        "harbour": _("Harbour"),
        "sunk": _("Sunk"),
        "final": "<table><caption>"
        + _("Final scores")
        + "</caption><thead><tr>"
        + _heads(_("Place"), _("Player"), _("Points"))
        + "</tr></thead><tbody>",
        "private": '<section class="card private" aria-labelledby="private-h">\n<h2 id="private-h">'
        + _("Only you can see this")
        + "</h2>",
        "vote_cards": _("Your vote cards"),
        "start_player": _text(_("start player")),
        "you": _text(_("you")),
        "to_act": _text(_("to act")),
        "voted": _text(_("cast")),
        "not_yet": _text(_("not yet")),
    }


def lifeboats_board(b: Any) -> str:
    """Lifeboats' board (the round, the picture, the players, the vote under way or the last one,
    the boats landed or sunk and, at the end, the scores) and the seat's private corner."""
    words = _lifeboats_markup()
    # Django's {% blocktranslate %} escapes the values it puts in, not the translation.
    heading = _("Round %(round)s · %(phase)s") % {"round": b.round, "phase": _text(b.phase)}
    start = _("Start player: %(who)s.") % {"who": _text(b.start_player)}
    if b.leaks_in_play:
        start += " " + _("Leaks in play: %(n)s.") % {"n": b.leaks_in_play}
    lines = [
        '<section class="card board" aria-labelledby="board-h">',
        f'<h2 id="board-h">{heading}</h2>',
        f"<p>{start}</p>",
        _picture(b.svg, words["picture"]) + words["players"],
        _lifeboats_players(b.players, words),
        "</tbody></table>",
        _vote(b.vote, words) if b.vote else "",
        _last_vote(b.last_reveal, words) if b.last_reveal else "",
        f"<p>{words['jump']}: {_joined(b.jump, '; ')}</p>" if b.jump else "",
        f"<p>{words['harbour']}: {_joined(b.harbour)}</p>" if b.harbour else "",
        f"<p>{words['sunk']}: {_joined(b.sunk)}</p>" if b.sunk else "",
        words["final"] + _lifeboats_final(b.final) + "</tbody></table>" if b.final else "",
        "</section>",
        _lifeboats_private(b.private, words) if b.private else "",
    ]
    return "\n".join(lines) + "\n"


def _lifeboats_players(players: Iterable[Any], words: dict[str, str]) -> str:
    """The players' rows: colour, player (to act), hats, points ashore and whether they voted."""
    start_player, you, to_act = words["start_player"], words["you"], words["to_act"]
    cast = {True: words["voted"], False: words["not_yet"], None: DASH}
    rows = []
    for p in players:
        me = ' class="me"' if p.is_me else ""
        start = f' <span title="{start_player}">&#9873;</span>' if p.start else ""
        waited = f" <strong>({to_act})</strong>" if p.waited else ""
        rows.append(
            f"<tr{me}><td>{_tag(p.fill, p.ink, p.letter)} {_text(p.colour)}{start}</td>"
            f"<td>{you if p.is_me else _text(p.name)}{waited}</td>"
            f"<td>{p.hats}</td><td>{p.points}</td><td>{cast[p.cast]}</td></tr>"
        )
    return "".join(rows)


def _vote(vote: dict[str, Any], words: dict[str, str]) -> str:
    """The vote under way: its question, the choices, who cast and who is still to."""
    boat = f" ({_text(vote['boat'])} {words['boat']})" if vote["boat"] else ""
    return (
        f"<p><strong>{words['vote']}:</strong> {_text(vote['question'])}{boat}. "
        f"{words['choices']}: {_joined(vote['choices'])}. "
        f"{words['cast']}: {_joined(vote['cast'], ', ', DASH)}; "
        f"{words['waiting_for']} {_joined(vote['waiting'], ', ', DASH)}.</p>"
    )


def _last_vote(reveal: dict[str, Any], words: dict[str, str]) -> str:
    """The last vote's ballots, face up, and its result."""
    cancelled = f" {words['hats_cancelled']}" if reveal["hats_cancelled"] else ""
    return (
        f"<p><strong>{words['last_vote']}</strong> ({_text(reveal['question'])}): "
        f"{_joined(reveal['ballots'], '; ')}.{cancelled} {words['result']}: {_text(reveal['outcome'])}.</p>"
    )


def _lifeboats_final(final: Iterable[dict[str, Any]]) -> str:
    return _table_rows((f["place"], f"{f['player']} ({f['colour']})", f["score"]) for f in final)


def _lifeboats_private(m: dict[str, Any], words: dict[str, str]) -> str:
    """The seat's colour, vote cards and hats, and the card it cast."""
    hats = m["hats"]
    colour = _("You play %(colour)s.") % {"colour": _text(m["colour"])}
    hats_held = ngettext("%(hats)s captain's hat", "%(hats)s captain's hats", hats) % {"hats": hats}
    cast = ""
    if m["cast"]:
        cast = "<p>" + _("You cast %(cast)s (face down until all have cast).") % {"cast": _text(m["cast"])}
        cast += "</p>"
    return "\n".join(
        [
            words["private"],
            f"<p>{colour} {words['vote_cards']}: {_joined(m['cards'])}; {hats_held}.</p>",
            cast,
            "</section>",
        ]
    )


BOARDS = {"lifeboat": lifeboat_board, "lifeboats": lifeboats_board}


# -- the prompt ---------------------------------------------------------------------------------
def prompt(p: Any, game: Any, links: GameLinks, csrf_input: str) -> SafeString:
    """A seat's prompt: the questions the game waits for it to answer (or that there are none),
    what it may do any time, the trade form while it may trade, and resigning.

    `p` is the presented table; `csrf_input` the hidden CSRF field as `{% csrf_token %}` renders it.
    """
    form = _Form(links, game.version, csrf_input)
    out = []
    if p.required:
        your_move = _text(_("Your move"))
        due = _due(p.due_at) if p.due_at else ""
        out.append(
            '<section class="card prompt waiting-me" aria-labelledby="prompt-h" id="prompt">\n'
            f'<h2 id="prompt-h">{your_move}</h2>\n{due}{form.questions(p.required)}\n</section>'
        )
    elif game.is_running:
        idle = _text(_("Nothing to answer now: the table will update by itself when it is your turn."))
        out.append(f'<p class="muted" id="prompt">{idle}</p>')
    if p.optional:
        any_time = _text(_("Any time"))
        out.append(
            '<section class="card prompt" aria-labelledby="optional-h">\n'
            f'<h2 id="optional-h">{any_time}</h2>\n{form.questions(p.optional)}\n</section>'
        )
    trade = getattr(p.board, "trade", None)  # Lifeboat's boards only
    if trade:
        out.append(form.trade(trade))
    out.append(form.resign())
    return mark_safe("\n".join(out))  # every text is escaped


def _due(due_at: datetime) -> str:
    """When the answer is due: the date in the reader's time zone and the time left."""
    local = template_localtime(due_at)
    answer_by, shown = _text(_("Answer by")), date_format(local, _("D j M, H:i T"))
    when = f'<time datetime="{_text(local.isoformat())}">{_text(shown)}</time>'
    return f'<p>{answer_by} {when} <span class="muted">({time_left(due_at)})</span>.</p>\n'


class _Form:
    """The prompt's forms, which share the addresses, the version seen and the CSRF field."""

    def __init__(self, links: GameLinks, version: int, csrf_input: str) -> None:
        self.links = links
        self.act, self.compose = _text(links.act), _text(links.compose)
        self.hidden = f'{csrf_input}<input type="hidden" name="expected_version" value="{version}">'
        play = _text(_("Play"))
        self.submit = f'<button type="submit">{play}</button></fieldset></form>'

    def questions(self, questions: Iterable[Question]) -> str:
        """Each question as the forms that answer it: a button per choice when there are a few,
        else radio buttons or a menu in one form, or field by field (rowing, fights) for the
        compose endpoint."""
        return "\n".join(self._question(q) for q in questions)

    def _question(self, q: Question) -> str:
        style, text = q.style, _text(q.text)
        if style == "buttons":
            buttons = self._buttons(q)
            return f'<fieldset><legend>{text}</legend><div class="choices">{buttons}</div></fieldset>'
        if style == "compose":
            parts = "".join(_part(part) for part in q.parts)
            return (
                f'<form method="post" action="{self.compose}" hx-post="{self.compose}">{self.hidden}'
                f'<input type="hidden" name="type" value="{_text(q.key)}"><fieldset><legend>{text}</legend>\n'
                f"{parts}\n{self.submit}"
            )
        if style == "radios":
            fields = "".join(
                f'<label class="radio"><input type="radio" name="action" value="{_text(c.value)}" '
                f"required{'' if i else ' checked'}> {_text(c.label)}</label>"
                for i, c in enumerate(q.choices)
            )
        else:
            key = _text(q.key)
            menu = _options((c.value, c.label) for c in q.choices)
            fields = (
                f'<label for="q-{key}" class="sr-only">{text}</label>'
                f'<select id="q-{key}" name="action">{menu}</select>'
            )
        return (
            f'<form method="post" action="{self.act}" hx-post="{self.act}">{self.hidden}'
            f"<fieldset><legend>{text}</legend>\n{fields}\n{self.submit}"
        )

    def _buttons(self, q: Question) -> str:
        """One form per choice: a click plays it."""
        return "".join(
            f'<form method="post" action="{self.act}" hx-post="{self.act}">{self.hidden}'
            f'<input type="hidden" name="action" value="{_text(c.value)}">'
            f'<button type="submit">{_text(c.label)}</button></form>'
            for c in q.choices
        )

    def trade(self, trade: dict[str, Any]) -> str:
        """Lifeboat's trade offer: to whom, own cards to give, face-up cards or kinds to ask for."""
        heading, to, offer = _text(_("Offer a trade")), _text(_("To")), _text(_("Offer"))
        give, ask, kinds = _text(_("You give")), _text(_("You ask for")), _text(_("Hand cards, by kind"))
        nothing = _text(_("nothing to give"))
        targets = _options(trade["targets"])
        gifts = _checkboxes("give", trade["give"]) or f'<span class="muted">{nothing}</span>'
        face_up, by_kind = _checkboxes("take", trade["take_face_up"]), _kind_checkboxes(trade["kinds"])
        url = _text(self.links.trade)
        return (
            f'<section class="card prompt" aria-labelledby="trade-h"><h2 id="trade-h">{heading}</h2>\n'
            f'<form method="post" action="{url}" hx-post="{url}">{self.hidden}\n'
            f'<label for="trade-to">{to}</label><select id="trade-to" name="to">{targets}</select>\n'
            f"<fieldset><legend>{give}</legend>{gifts}</fieldset>\n"
            f"<fieldset><legend>{ask}</legend>{face_up}\n"
            f"<details><summary>{kinds}</summary>{by_kind}</details></fieldset>\n"
            f'<button type="submit">{offer}</button></form></section>'
        )

    def resign(self) -> str:
        summary, why, resign = (
            _text(_("Resign…")),
            _text(_("Your seat stays in the game and plays the mildest move whenever it is waited for.")),
            _text(_("Resign")),
        )
        url = _text(self.links.resign)
        return (
            f'<details class="card"><summary>{summary}</summary><p class="muted">{why}</p>'
            f'<form method="post" action="{url}">{self.hidden}'
            f'<button type="submit" class="secondary">{resign}</button></form></details>'
        )


def _options(choices: Iterable[tuple[Any, Any]]) -> str:
    """`<option>`s of (value, label) pairs."""
    return "".join(f'<option value="{_text(value)}">{_text(label)}</option>' for value, label in choices)


def _checkboxes(name: str, choices: Iterable[tuple[Any, Any]]) -> str:
    """Labelled checkboxes of (value, label) pairs, all named `name`."""
    return "".join(
        f'<label class="radio"><input type="checkbox" name="{name}" value="{_text(value)}"> '
        f"{_text(label)}</label>"
        for value, label in choices
    )


@per_language
def _kind_checkboxes(kinds: tuple[tuple[str, str], ...]) -> str:
    """The trade form's card kinds to ask for: the same in every form (`lifeboat.provision_kinds`)."""
    return _checkboxes("take", kinds)


def _part(part: Part) -> str:
    """One field of a composed answer: radio buttons (the first chosen) or checkboxes."""
    kind = "checkbox" if part.multiple else "radio"
    choices = "".join(
        f'<label class="radio"><input type="{kind}" name="{_text(part.name)}" value="{_text(o.value)}"'
        f"{' checked' if not part.multiple and i == 0 else ''}> {_text(o.label)}</label>"
        for i, o in enumerate(part.options)
    )
    return f"<fieldset><legend>{_text(part.legend)}</legend>{choices}</fieldset>"

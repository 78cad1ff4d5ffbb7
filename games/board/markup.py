"""The table's repeated markup built in Python (escape + join), like the board pictures in svg.py.

The template engine costs microseconds per node, and rows, list items and one form per choice are
most of a table's nodes: the partials keep the outline and call these through `board_tags`, and
the prompt (forms and little else) is built here whole. Every text is escaped here as the
template engine escapes a variable (`html.escape`); colours come from the palette and numbers
from the presenters.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import datetime
from html import escape
from typing import Any

from django.utils.formats import date_format
from django.utils.safestring import SafeString, mark_safe
from django.utils.timesince import timeuntil
from django.utils.timezone import template_localtime

from games.i18n import gettext as _
from games.i18n import ngettext

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


# -- players and log (both games) ----------------------------------------------------------------
def player_rows(table: Any) -> SafeString:
    """The players table's rows: seat, name, resigned or to act (with the time left), and once the
    game is over the score and place."""
    you = _text(_("you"))
    finished = table.game.is_finished
    rows = []
    for p in table.players:
        name = _text(p.name)
        if table.seat is not None and p.index == table.seat:
            name += f' <span class="muted">({you})</span>'
        if p.resigned:
            status = _text(_("resigned"))
        elif p.waiting:
            status = _text(_("to act"))
            if p.due_at:
                status += f' <span class="muted">({time_left(p.due_at)})</span>'
        else:
            status = ""
        result = f"<td>{_text(p.score)}</td><td>{_text(p.place)}</td>" if finished else ""
        waiting = ' class="waiting"' if p.waiting else ""
        seat = DASH if p.index is None else p.index + 1  # seats count from 1, as in the notices
        rows.append(f"<tr{waiting}><td>{seat}</td><td>{name}</td><td>{status}</td>{result}</tr>")
    return mark_safe("\n".join(rows))  # every text above is escaped


def log_sections(sections: Iterable[Any]) -> SafeString:
    """Each log section's heading and its sentences as a list, newest first."""
    return mark_safe(  # every text is escaped
        "\n".join(
            f"<h3>{_text(s.heading)}</h3><ol reversed>"
            + "".join(f"<li>{_text(line)}</li>" for line in s.lines)
            + "</ol>"
            for s in sections
        )
    )


# -- small pieces of both boards --------------------------------------------------------------
def _tag(fill: str, ink: str, letters: str) -> str:
    """A figure's or character's letters on its colour (palette colours: no escaping needed)."""
    return f'<span class="tag" style="background:{fill};color:{ink}">{_text(letters)}</span>'


def list_items(values: Iterable[Any]) -> SafeString:
    return mark_safe("".join(f"<li>{_text(v)}</li>" for v in values))  # escaped


def _table_rows(rows: Iterable[Sequence[Any]]) -> SafeString:
    """Table rows of plain cells (the final scores)."""
    return mark_safe(  # every cell is escaped
        "".join("<tr>" + "".join(f"<td>{_text(cell)}</td>" for cell in row) + "</tr>" for row in rows)
    )


# -- Lifeboat -----------------------------------------------------------------------------------
def lifeboat_seats(seats: Iterable[Any]) -> SafeString:
    """The seats bow to stern beside the picture: mark, character, player, state, hand and table."""
    you, hand, face_up = _text(_("you")), _text(_("Hand")), _text(_("Face up"))
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
    return mark_safe("".join(items))  # every text above is escaped


def lifeboat_final(final: Iterable[dict[str, Any]]) -> SafeString:
    return _table_rows((f["player"], f["character"], f["love"], f["hate"], f["score"]) for f in final)


def rowed(rows: Iterable[dict[str, list[str]]]) -> SafeString:
    """What this seat put on the Row stack and to the bottom, each time it rowed."""
    stack, bottom = _text(_("You put on the Row stack")), _text(_("To the bottom"))
    return mark_safe(  # every text is escaped
        "".join(
            f"<p>{stack}: {_joined(r['stack'], ' | ', DASH)}. "
            f"{bottom}: {_joined(r['bottom'], ' | ', DASH)}.</p>"
            for r in rows
        )
    )


def offers(offers: Iterable[dict[str, Any]]) -> SafeString:
    """Open trade offers to and from this seat."""
    incoming, outgoing = _text(_("%(other)s offers you")), _text(_("You offer %(other)s"))
    word = _text(_("for"))
    return mark_safe(  # every text is escaped
        "".join(
            f'<p><span class="muted">{_text(o["id"])}</span> '
            + (incoming if o["incoming"] else outgoing) % {"other": _text(o["other"])}
            + f": {_joined(o['give'])} {word} {_joined(o['take'])}</p>"
            for o in offers
        )
    )


# -- Lifeboats ----------------------------------------------------------------------------------
def lifeboats_players(players: Iterable[Any]) -> SafeString:
    """The players' rows: colour, player (to act), hats, points ashore and whether they voted."""
    start_player, you, to_act = _text(_("start player")), _text(_("you")), _text(_("to act"))
    cast = {True: _text(_("cast")), False: _text(_("not yet")), None: DASH}
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
    return mark_safe("".join(rows))  # every text above is escaped


def lifeboats_final(final: Iterable[dict[str, Any]]) -> SafeString:
    return _table_rows((f["place"], f"{f['player']} ({f['colour']})", f["score"]) for f in final)


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
        face_up, by_kind = _checkboxes("take", trade["take_face_up"]), _checkboxes("take", trade["kinds"])
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


def _part(part: Part) -> str:
    """One field of a composed answer: radio buttons (the first chosen) or checkboxes."""
    kind = "checkbox" if part.multiple else "radio"
    choices = "".join(
        f'<label class="radio"><input type="{kind}" name="{_text(part.name)}" value="{_text(o.value)}"'
        f"{' checked' if not part.multiple and i == 0 else ''}> {_text(o.label)}</label>"
        for i, o in enumerate(part.options)
    )
    return f"<fieldset><legend>{_text(part.legend)}</legend>{choices}</fieldset>"

"""Each game's presentation: everything the site shows of a game, drawn or worded from one seat's
engine view, behind one typed interface (`Presentation`) and one registry (`presentation(slug)`).

A game's presentation is a package beside the others, `games/<slug>/` (as its rules are
`engine/<slug>/`), whose `__init__` names what `Presentation` lists; its templates are
`templates/games/<slug>/` (board, private corner, results, rules help) and
`templates/notifications/email/<slug>/` (the mail's picture and results). Nothing outside this
module asks which game a slug is: `games.present` (pages and mails), the sprites, the rules
help, the replays, the labels and the decision kinds all go through `presentation(slug)`.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from typing import Any, Protocol

from django.utils.functional import Promise

from games import lifeboat, lifeboats
from games.board.log.words import Words
from games.board.options import OptionText
from games.board.prompt import Part
from games.pictures.markup import Markup

View = dict[str, Any]
Action = dict[str, Any]
#: Words one legal action: (the seat's view, the action) -> a label.
Label = Callable[[View, Action], str]


class Presentation(Protocol):
    """What a game's package gives the site. Every function reads one seat's `view` (and what a
    page or mail hands it) and nothing else; "you" is the `reader`'s seat, `names` maps seats to
    the players' names."""

    # Constants of the package, read-only (a module's names satisfy a read-only property).
    @property
    def RESULTS_NOTE(self) -> Promise:
        """How the results tell equal scores apart (a line under the results)."""
        ...

    @property
    def LABELS(self) -> Mapping[str, Label]:
        """Action type -> the function that words it (buttons, menus, mails)."""
        ...

    @property
    def LogWords(self) -> type[Words]:
        """The log's sentences, one method per event type (`games.board.log.words.Words`)."""
        ...

    @property
    def DECISION_KINDS(self) -> Mapping[str, Promise]:
        """The kinds of decision the engine asks (`decision_kinds`), in a player's words."""
        ...

    @property
    def LEARN_TITLE(self) -> Promise:
        """The title of the game's worked example ("How to play Lifeboat"), worded per language."""
        ...

    @property
    def OPTIONS(self) -> Mapping[str, OptionText]:
        """The engine's options in words (label and explanation)."""
        ...

    @property
    def OPTION_CHOICES(self) -> Mapping[str, list[Any]]:
        """The options that take one of a few values (the create form offers a menu)."""
        ...

    def board(
        self,
        view: View,
        names: dict[int, str],
        reader: int | None,
        *,
        changed: Collection[str] = ...,
        choosable: Collection[str] = ...,
    ) -> Any:
        """The board with its picture and the seat's private corner, for `<slug>/board.html`;
        `changed`, `choosable`: the picture's part keys to mark."""
        ...

    def seat_rows(self, board: Any) -> Mapping[int, Any]:
        """Seat -> what everyone may know of it on `board` (its row or character), for the player
        strip's `<slug>/facts.html`."""
        ...

    def results(self, view: View, names: dict[int, str], reader: int | None) -> list[Any]:
        """Every seat's result by place, once the game is over (`<slug>/results.html`)."""
        ...

    def question_text(self, view: View, kind: str) -> str | None:
        """The question a prompt asks for an action type (None: the shared wording)."""
        ...

    def compose_parts(self, kind: str, actions: list[Action], view: View) -> list[Part] | None:
        """The fields a composed answer is asked in (None: the choices one by one)."""
        ...

    def situation(self, view: View, names: dict[int, str]) -> list[str]:
        """The seat's own situation, in sentences (a prompt mail's "you")."""
        ...

    def glance(self, view: View, names: dict[int, str]) -> list[str]:
        """The table at a glance, in sentences (a prompt mail)."""
        ...

    def choices(self, view: View, legal: list[Action]) -> dict[str, list[Action]]:
        """Part key -> the legal actions a click on that part of the picture would take."""
        ...

    def changes(self, before: View, after: View) -> set[str]:
        """The part keys of `after`'s picture that differ from `before` (one seat's two views)."""
        ...

    def rules_reference(self) -> dict[str, Any]:
        """The rules help's tables, with numbers from the engine's data (`<slug>/rules.html`)."""
        ...

    def mail_picture(self, view: View) -> Any:
        """The table as chips and dots for an HTML mail (`email/<slug>/picture.html`)."""
        ...

    def sprite_faces(self) -> dict[str, Callable[[], Markup]]:
        """Every card face by sprite symbol id, with the function that draws it."""
        ...

    def sprite_pieces(self) -> list[Markup]:
        """The pieces the board draws many times, as sprite symbols."""
        ...

    def item_name(self, kind: str, item: str) -> str:
        """An item of a decision answered ahead as an order of preference, in words."""
        ...

    def role_name(self, role: str) -> str:
        """The role a seat played, as its result records it (Lifeboat: a character), in words."""
        ...


PRESENTATIONS: dict[str, Presentation] = {"lifeboat": lifeboat, "lifeboats": lifeboats}


def presentation(slug: str) -> Presentation:
    """The presentation of the game `slug` (KeyError for a game the site does not show)."""
    return PRESENTATIONS[slug]


def learn_links(*, but: str | None = None) -> list[tuple[str, str]]:
    """Each game's worked example (but `but`'s): its slug and title in the reader's language."""
    return [(slug, str(game.LEARN_TITLE)) for slug, game in PRESENTATIONS.items() if slug != but]


def label(slug: str, view: View, action: Action) -> str:
    """The label (buttons, menus, mails) of one of a seat's legal actions, in the reader's
    language; `view` is that seat's view. A label reads only the action and that view."""
    word = presentation(slug).LABELS.get(str(action.get("type")))
    if word is None:  # a type no table words (the labels test lists every type both engines offer)
        return str(action.get("type", "")).replace("_", " ").capitalize()
    return word(view, action)


def kind_name(slug: str, kind: str) -> str:
    """A kind of decision of game `slug` (what a player hands their assistant or answers ahead)."""
    return str(presentation(slug).DECISION_KINDS.get(kind, kind.replace("_", " ")))


def item_name(slug: str, kind: str, item: str) -> str:
    """An item of an order of preference, in the reader's language."""
    return presentation(slug).item_name(kind, item)


def role_name(slug: str, role: str) -> str:
    """The role a seat played in a game of `slug` (a Lifeboat character), in the reader's language;
    as recorded for a game the site no longer shows."""
    return presentation(slug).role_name(role) if slug in PRESENTATIONS else role


__all__ = [
    "PRESENTATIONS",
    "Label",
    "Presentation",
    "item_name",
    "kind_name",
    "label",
    "learn_links",
    "presentation",
    "role_name",
]

"""The forms a game's names take, and the seat's names both games share.

Each game names its own pieces in its package (`games.lifeboat.names`, `games.lifeboats.names`), in the
reader's language (Django's own `gettext`).

Lifeboat's characters and cards are nouns that Czech and Hungarian inflect: "Vyložit Vodu", "a
Kapitányt". Each name has its forms by use, told apart by the message context (the English is
the same word): the subject (`SUBJECT`), a direct object (`OBJECT`), a recipient (`TO`: "passes
to X"), a partner (`WITH`: "changes places with X"; Hungarian and Czech write the "with" in the
form: "Sir Stephennel", "se Sirem Stephenem") and a source (`FROM`: "takes a card from X").
A sentence picks the form its grammar needs; translators see the use in the context. The subject
inside a sentence (`IN_SENTENCE`: "overboard the Captain", "the Kid gives Water") is a form of its
own: English and Hungarian write an article there ("the Captain", "a Kapitány") that the subject
as a label ("The Captain", "Kapitány") does not; a sentence that begins with it is upper-cased at
its first letter (`upper_first`).
"""

from __future__ import annotations

from django.utils.translation import gettext as _

from games.pictures.words import upper_first as upper_first  # a sentence's first letter, for the games

SUBJECT, IN_SENTENCE, OBJECT, TO, WITH, FROM = "subject", "in sentence", "object", "to", "with", "from"
#: Where a figure is: "a sailor in the red boat" (Czech "v červeném člunu", not "z červeného").
IN = "in"
#: Out of a boat: Czech puts the preposition in ("z červeného", "ze zeleného", "ze žlutého"),
#: as it changes with the colour's first sounds.
OUT_OF = "out of"
#: A colour named as a colour (a player's, a vote card's), not as a boat's.
AS_COLOUR = "as colour"


# -- both games --------------------------------------------------------------------------------
def seat_number(index: int | None) -> int | None:
    """A seat as players count it: from 1 (the engine counts from 0)."""
    return None if index is None else index + 1


def seat_label(index: int) -> str:
    """A seat without a player's name: "Seat 1" for the engine's seat 0."""
    return _("Seat %(n)s") % {"n": index + 1}

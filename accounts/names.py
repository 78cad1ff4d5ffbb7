"""Display names as people see them: normalised for storing, and a skeleton for comparing.

`normalise` is what is stored: NFKC (fullwidth and styled letters become plain ones), invisible
characters removed (format and control characters such as the zero-width space, Hangul fillers,
the Braille blank) and runs of white space collapsed to one space. `skeleton` is what uniqueness
is checked on: the normalised name with every character replaced by a representative of its
confusables (Unicode's list, from `confusable-homoglyphs`: a Cyrillic and a Latin A share one)
and case folded, so "Ann  Anchor", "\u0410nn Anchor" (a Cyrillic A) and "Ann\u200b Anchor" all
read as "Ann Anchor".
"""

from __future__ import annotations

import functools
import unicodedata

from confusable_homoglyphs import confusables

#: Characters that show as nothing (or as a space) though Unicode calls them letters or symbols.
INVISIBLE = frozenset("\u115f\u1160\u3164\uffa0\u2800\u180e\u034f\u17b4\u17b5")
#: Categories of characters never shown: format (zero-width space, joiners, direction marks),
#: control, private use, surrogates, unassigned, line and paragraph separators.
INVISIBLE_CATEGORIES = frozenset({"Cf", "Cc", "Co", "Cs", "Cn", "Zl", "Zp"})


def normalise(name: str) -> str:
    """The name as stored and shown: NFKC, invisible characters removed, spaces collapsed."""
    text = unicodedata.normalize("NFKC", name)
    visible = "".join(
        " " if char.isspace() else char
        for char in text
        if char not in INVISIBLE
        and (char.isspace() or unicodedata.category(char) not in INVISIBLE_CATEGORIES)
    )
    return " ".join(visible.split())


@functools.lru_cache(maxsize=4096)
def _representative(char: str) -> str:
    """One character for all that look like `char` in either case: a plain lowercase ASCII one
    where there is one."""
    cases = {char, char.casefold(), char.upper()}
    candidates = {c for c in cases if len(c) == 1}
    for case in cases:
        candidates.update(h["c"] for h in confusables.confusables_data.get(case, []) if len(h["c"]) == 1)
    return min(candidates, key=lambda c: (not c.isascii(), not c.islower(), c))


def skeleton(name: str) -> str:
    """What two names that look alike have in common (compare these, never store them for show)."""
    return "".join(_representative(c) for c in normalise(name)).casefold()

"""A seat's *decision*: the question the game puts to it now, and the version at which it began.

The fingerprint of a seat's decision (`fingerprint`) is "" when the game does not wait for the
seat, else a digest of its *required* choices: its legal actions less the any-time ones (a card
played face up, a trade offer or answer, which a seat may take whether or not it is asked). Other
seats' answers in a vote leave a voter's fingerprint as it was; a change of what it may choose
from changes it.

After every write the services keep two fields of each seat (`note`):
- `Seat.decision`: the fingerprint as the write left it;
- `Seat.decision_since`: the game version at which that decision began. A write starts a new
  decision for a seat when its fingerprint changes, or when the seat itself answered in it (so
  a seat asked the same question twice in a row has two decisions); otherwise the decision runs on,
  whatever other seats did (voted, played a card face up, offered a trade).

What it is for:
- Answers (`answer_is_current`, used by `services.action_submit` for the web form, the API and
  mail links): an answer made at version V is taken when V is the game's version, or when the
  seat is waited for and its decision began at or before V (the one it was shown is the one it is
  asked now), even if other seats answered meanwhile. Anything else is stale: 409.
- Mail (for later use by notifications): one prompt mail per decision. A write after which a
  seat's `decision_since` is unchanged asks it nothing new.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

import engine


def fingerprint(rules: engine.Game, state: Any, seat: int, to_act: set[int] | None = None) -> str:
    """ "" when the game does not wait for `seat`; else a digest of its required choices."""
    waited = set(rules.to_act(state)) if to_act is None else to_act
    if rules.is_over(state) or seat not in waited:
        return ""
    required = sorted(
        json.dumps(action, sort_keys=True, separators=(",", ":"))
        for action in rules.legal_actions(state, seat)
        if not rules.is_any_time(action)
    )
    return hashlib.sha256("\n".join(required).encode()).hexdigest()[:32]


def note(seat: Any, fingerprint: str, *, version: int, answered: bool) -> bool:
    """Store a write's outcome on `seat` (a Seat): its new decision's fingerprint and, when a new
    decision begins (the fingerprint changed, or the seat answered in this write), `version` as
    the version it began at. Whether the seat's fields changed."""
    if fingerprint == seat.decision and not (answered and fingerprint):
        return False
    seat.decision = fingerprint
    seat.decision_since = version
    return True


def answer_is_current(rules: engine.Game, seat: Any, action: Any, shown_version: int, version: int) -> bool:
    """Whether an answer the seat made on the page of `shown_version` may be played at `version`:
    it was made on the current version, or it answers (not an any-time action) the decision the
    seat is asked now, which had begun by `shown_version`."""
    if shown_version == version:
        return True
    return (
        bool(seat.decision)
        and seat.decision_since <= shown_version < version
        and not rules.is_any_time(action)
    )

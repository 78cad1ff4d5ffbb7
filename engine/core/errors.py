"""The one error every game raises for a move it refuses."""


class IllegalAction(ValueError):
    """An action the game refuses; the message is written for the player who tried it.

    Raised before any mutation, so the state is exactly as it was.
    """

"""The terminal runner plays a whole game from typed commands."""

import io

import pytest

import engine
from engine.__main__ import run


@pytest.mark.parametrize("slug", sorted(engine.GAMES))
def test_defaults_typed_at_every_prompt_finish_the_game(slug: str) -> None:
    game = engine.get_game(slug)
    out = io.StringIO()
    code = run(slug, game.min_players, 3, io.StringIO("v\nbogus\n" + "d\n" * 5000), out)
    text = out.getvalue()
    assert code == 0
    assert "Type an action's number" in text  # the bogus line was explained, not crashed on
    assert "Game over. Scores: [" in text


def test_quitting_stops_without_finishing() -> None:
    out = io.StringIO()
    assert run("lifeboat", 4, 3, io.StringIO("q\n"), out) == 1
    assert "Game over" not in out.getvalue()

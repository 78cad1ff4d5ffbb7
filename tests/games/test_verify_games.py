import pytest
from django.core.management import CommandError, call_command

from games.models import Action, Game

from .helpers import play_moves, start_game

pytestmark = pytest.mark.django_db


@pytest.fixture
def games():
    first, users = start_game("lifeboat", 4)
    second, others = start_game("lifeboats", 3)
    return play_moves(first, users, 12), play_moves(second, others, 12)


def test_untouched_games_verify(games, capsys):
    call_command("verify_games")
    assert "2 games verified" in capsys.readouterr().out


def test_a_tampered_snapshot_is_reported(games, capsys):
    tampered, _ok = games
    snapshot = dict(tampered.snapshot)
    key = next(k for k, v in snapshot.items() if isinstance(v, int) and not isinstance(v, bool))
    snapshot[key] += 1
    Game.objects.filter(pk=tampered.pk).update(snapshot=snapshot)
    with pytest.raises(CommandError, match="1 of 2 games differ"):
        call_command("verify_games")
    assert f"game {tampered.pk} (lifeboat): stored snapshot differs" in capsys.readouterr().err


def test_a_tampered_action_log_is_reported(games, capsys):
    _ok, tampered = games
    Action.objects.filter(game=tampered, seq=1).update(payload={"type": "no_such_move"})
    with pytest.raises(CommandError, match="1 of 2 games differ"):
        call_command("verify_games")
    assert "replay failed" in capsys.readouterr().err

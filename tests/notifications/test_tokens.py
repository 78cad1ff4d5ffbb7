"""Tokens: genuine ones read back; anything altered or made up reads as nothing."""

from hypothesis import given
from hypothesis import strategies as st

from notifications.tokens import (
    make_act_token,
    make_unsubscribe_token,
    read_act_token,
    read_reply_address,
    read_unsubscribe_token,
    reply_address,
)

ids = st.integers(min_value=1, max_value=10**9)


@given(prompt=ids, user=ids, game=ids, version=ids, choice=st.integers(min_value=1, max_value=50))
def test_act_tokens_round_trip(prompt, user, game, version, choice):
    token = make_act_token(prompt_id=prompt, user_id=user, game_id=game, version=version, choice=choice)
    data = read_act_token(token)
    assert (data.prompt_id, data.user_id, data.game_id, data.version, data.choice) == (
        prompt,
        user,
        game,
        version,
        choice,
    )


@given(prompt=ids, user=ids, position=st.integers(min_value=0, max_value=200), char=st.characters())
def test_an_altered_act_token_reads_as_nothing(prompt, user, position, char):
    token = make_act_token(prompt_id=prompt, user_id=user, game_id=1, version=1, choice=1)
    position %= len(token)
    altered = token[:position] + char + token[position + 1 :]
    if altered != token:
        assert read_act_token(altered) is None


@given(st.text(max_size=300))
def test_made_up_tokens_read_as_nothing(text):
    assert read_act_token(text) is None
    assert read_unsubscribe_token(text) is None


@given(prompt=ids, user=ids, other=ids)
def test_a_reply_address_binds_its_prompt_and_user(prompt, user, other):
    address = reply_address(prompt_id=prompt, user_id=user)
    assert read_reply_address(address, user_id_for=lambda p: user) == prompt
    assert read_reply_address(address.upper(), user_id_for=lambda p: user) == prompt
    if other != user:
        assert read_reply_address(address, user_id_for=lambda p: other) is None
    assert read_reply_address(address, user_id_for=lambda p: None) is None


@given(user=ids, game=st.one_of(st.none(), ids))
def test_unsubscribe_tokens_round_trip(user, game):
    assert read_unsubscribe_token(make_unsubscribe_token(user_id=user, game_id=game)) == (user, game)

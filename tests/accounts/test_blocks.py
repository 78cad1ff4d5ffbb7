"""Managing blocks (issue 18): from a player's page and on the profile page."""

from __future__ import annotations

import pytest
from django.urls import reverse

from accounts.models import Block
from accounts.services import BlockRefused, block_user, unblock_user
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def test_block_a_player_from_their_page_and_unblock_on_the_profile(client):
    me, pest = UserFactory(), UserFactory()
    client.force_login(me)
    player_page = reverse("ratings:player", args=[pest.pk])
    assert reverse("accounts:block", args=[pest.pk]) in client.get(player_page).content.decode()
    response = client.post(reverse("accounts:block", args=[pest.pk]), {"next": player_page})
    assert response.status_code == 302
    assert response["Location"] == player_page
    assert Block.objects.filter(blocker=me, blocked=pest).exists()
    page = client.get(player_page).content.decode()
    assert reverse("accounts:unblock", args=[pest.pk]) in page
    profile = client.get(reverse("accounts:profile")).content.decode()
    assert pest.profile.display_name in profile
    assert reverse("accounts:unblock", args=[pest.pk]) in profile
    response = client.post(reverse("accounts:unblock", args=[pest.pk]), {"next": "https://evil.example/"})
    assert response["Location"] == reverse("accounts:profile")
    assert not Block.objects.exists()


def test_blocking_twice_is_one_block_and_nobody_blocks_themselves():
    me, pest = UserFactory(), UserFactory()
    block_user(user=me, blocked_id=pest.pk)
    block_user(user=me, blocked_id=pest.pk)
    assert Block.objects.count() == 1
    with pytest.raises(BlockRefused):
        block_user(user=me, blocked_id=me.pk)
    with pytest.raises(BlockRefused):
        unblock_user(user=pest, blocked_id=me.pk)  # pest never blocked me
    assert Block.objects.count() == 1


def test_bad_block_requests_are_4xx_and_change_nothing(client):
    me = UserFactory()
    client.force_login(me)
    assert client.post(reverse("accounts:block", args=[me.pk])).status_code == 400
    assert client.post(reverse("accounts:block", args=[10**6])).status_code == 404
    assert client.post(reverse("accounts:unblock", args=[10**6])).status_code == 404
    assert client.get(reverse("accounts:block", args=[me.pk])).status_code == 405
    assert not Block.objects.exists()


def test_blocking_needs_a_signed_in_user(client):
    pest = UserFactory()
    response = client.post(reverse("accounts:block", args=[pest.pk]))
    assert response.status_code == 302
    assert "login" in response["Location"]
    assert not Block.objects.exists()


def test_nobody_sees_whom_a_player_blocked(client):
    me, pest, other = UserFactory(), UserFactory(), UserFactory()
    block_user(user=me, blocked_id=pest.pk)
    client.force_login(other)
    assert "You have blocked" not in client.get(reverse("ratings:player", args=[me.pk])).content.decode()
    client.force_login(pest)
    page = client.get(reverse("ratings:player", args=[me.pk])).content.decode()
    assert "You have blocked" not in page
    assert reverse("accounts:block", args=[me.pk]) in page  # pest sees an ordinary page

"""Every page names the site's icon, and /favicon.ico (asked for by browsers whatever a page
links) leads to it rather than a 404."""

import pytest


@pytest.mark.django_db
def test_favicon_ico_leads_to_the_icon(client):
    response = client.get("/favicon.ico", follow=True)
    assert response.status_code == 200
    assert response.redirect_chain[0][1] == 301
    assert response["Content-Type"].startswith("image/svg+xml")
    assert b"<svg" in b"".join(response.streaming_content)


@pytest.mark.django_db
def test_pages_link_the_icon(client):
    page = client.get("/accounts/login/").content.decode()
    assert 'rel="icon"' in page
    assert "site/favicon.svg" in page

"""/health/ checks the database, the cache and the broker."""

import asyncio
import threading
from unittest import mock

import pytest

pytestmark = pytest.mark.django_db(transaction=True)


def test_health_is_200_when_all_answer(client):
    response = client.get("/health/?format=json")
    assert response.status_code == 200, response.content
    assert set(response.json()) == {"Database(alias='default')", "Cache(alias='default')", "Broker()"}


def test_health_is_503_naming_the_broker_when_it_is_down(client):
    with mock.patch("kombu.Connection.ensure_connection", side_effect=OSError("refused")):
        response = client.get("/health/?format=json")
    assert response.status_code == 503
    assert response.json()["Broker()"] == "Unavailable: The broker does not answer"


def test_health_answers_where_the_calling_thread_holds_an_event_loop(client):
    async def inside_a_loop():
        return client.get("/health/?format=json").status_code

    statuses: list[int] = []
    thread = threading.Thread(target=lambda: statuses.append(asyncio.run(inside_a_loop())))
    thread.start()
    thread.join(timeout=30)
    assert statuses == [200]

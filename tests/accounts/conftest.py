import pytest
from django.core.cache import cache
from django.utils import translation


@pytest.fixture(autouse=True)
def _fresh_rate_limits():
    """allauth keeps its rate-limit counters in the cache; start every test with none."""
    cache.clear()
    yield
    cache.clear()


@pytest.fixture(autouse=True)
def _default_language():
    """A signed-in request activates the user's language on this thread; reset it between tests."""
    yield
    translation.activate("en")

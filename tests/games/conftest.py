import pytest
from django.utils import translation


@pytest.fixture(autouse=True)
def _default_language():
    """A signed-in request activates the user's language on this thread; reset it between tests."""
    yield
    translation.activate("en")

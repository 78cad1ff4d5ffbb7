"""Session set-up shared by every test directory."""

import copy
import fcntl
import os
import tempfile
import threading
import traceback
import warnings
from pathlib import Path

import pytest
from django.core.management import call_command
from django.db.backends.signals import connection_created

from tests.real_services import other_sessions
from tests.strict_templates import MISSING

LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"


def _stale_catalogues() -> list[Path]:
    stale = []
    for po in LOCALE_DIR.glob("*/LC_MESSAGES/*.po"):
        mo = po.with_suffix(".mo")
        if not mo.exists() or mo.stat().st_mtime < po.stat().st_mtime:
            stale.append(po)
    return stale


@pytest.fixture(scope="session", autouse=True)
def compiled_catalogues() -> None:
    """The .mo files are built, not committed (scripts/compilemessages.sh in the set-up); compile here
    too when they are missing or older than their .po, so translated pages render in a fresh checkout.
    A lock keeps two xdist workers from writing the same .mo at once."""
    if not _stale_catalogues():
        return
    with (Path(tempfile.gettempdir()) / "lifeboat-compilemessages.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if _stale_catalogues():
            call_command("compilemessages", locale=["hu", "cs"], verbosity=0)
        from django.utils.translation import trans_real

        trans_real._translations.clear()  # catalogues loaded before the compile are stale
        trans_real._default = None


#: The call stack that opened each PostgreSQL session of this process, by its server pid: what the
#: end-of-run check prints for a session left open.
_OPENED_BY: dict[int, str] = {}


def _name_the_session(sender, connection, **kwargs) -> None:
    """Each PostgreSQL session this test process opens says who opened it (pid, thread, test) as
    its `application_name`, so a session left at the end of the run names its opener, and its
    opening call stack is kept (`_OPENED_BY`). Set on the raw connection: a query through Django's
    cursor would count in the tests' query counts."""
    if connection.vendor != "postgresql":
        return
    test = os.environ.get("PYTEST_CURRENT_TEST", "set-up").split(" ")[0].rsplit("/", 1)[-1]
    label = f"{os.getpid()} {threading.current_thread().name} {test}"[:63]
    connection.connection.execute("SELECT set_config('application_name', %s, false)", [label])
    _OPENED_BY[connection.connection.info.backend_pid] = "".join(traceback.format_stack(limit=25)[:-1])


connection_created.connect(_name_the_session, dispatch_uid="tests-name-the-session")


@pytest.fixture(scope="session", autouse=True)
def _no_session_left_on_the_test_database(request):
    """The test database is dropped at the end of the run, which PostgreSQL refuses while another
    session still uses it (a harness fault, to be fixed where it is opened): named here first.
    Only on PostgreSQL (SQLite has no sessions), where it sets the database up for the run."""
    from django.db import connection

    if connection.vendor != "postgresql":
        yield
        return
    request.getfixturevalue("django_db_setup")
    django_db_blocker = request.getfixturevalue("django_db_blocker")
    yield
    with django_db_blocker.unblock():
        left = other_sessions()
    if left:
        threads = sorted(t.name for t in threading.enumerate() if t is not threading.main_thread())
        opened = "".join(
            f"\nsession {pid} was opened by:\n{_OPENED_BY[pid]}" for pid in left if pid in _OPENED_BY
        )
        warnings.warn(
            f"sessions left on the test database at the end of the run: {left}; this process's other"
            f" threads: {threads}{opened}",
            stacklevel=1,
        )


@pytest.fixture
def strict_templates(settings):
    """Our templates show `strict_templates.MISSING` where they read a variable or field that is
    not there (Django shows nothing: a mail picture that read fields no presenter had went
    unnoticed). Not for every test: third-party templates (the admin's, allauth's) rely on that
    silence."""
    templates = copy.deepcopy(settings.TEMPLATES)
    templates[0]["OPTIONS"]["string_if_invalid"] = MISSING
    settings.TEMPLATES = templates


@pytest.fixture(autouse=True)
def _empty_cache():
    """Table fragments are cached by game id and version, and test databases reuse ids: every
    test starts with an empty cache."""
    from django.core.cache import cache

    cache.clear()
    yield
    cache.clear()


# The URL walk (tests/lifeboat_site/test_url_walk.py) records its request counts; xdist passes them
# to the controller, which loads only this conftest: print them in the summary.
def pytest_terminal_summary(terminalreporter):
    lines = [
        value
        for report in terminalreporter.stats.get("passed", []) + terminalreporter.stats.get("failed", [])
        if report.when == "call"
        for name, value in getattr(report, "user_properties", [])
        if name == "url_walk"
    ]
    if lines:
        terminalreporter.write_sep("-", "URL walk")
        for line in sorted(lines):
            terminalreporter.write_line(line)


@pytest.fixture(autouse=True)
def _one_real_worker_test_at_a_time(request):
    """Tests marked `celery_worker` start a real worker on the one broker CI shares (it takes any
    test database's tasks, and each such test purges the queues): across xdist workers, one at a
    time."""
    if request.node.get_closest_marker("celery_worker") is None:
        yield
        return
    with (Path(tempfile.gettempdir()) / "lifeboat-real-worker.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        yield

"""The start the site benchmarks share: Django on the test settings and a throw-away database.

import throwaway_site

throwaway_site.start()
from games.models import Game  # noqa: E402 (models only after the start)
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def start() -> None:
    """Point Django at the test settings and a new SQLite file under /tmp, and set it up; tasks
    queued on commit go to an in-memory broker, that is nowhere."""
    sys.path.insert(0, str(ROOT))
    database = Path(tempfile.mkdtemp(prefix="lifeboat-bench-")) / "bench.sqlite3"
    os.environ["DJANGO_SETTINGS_MODULE"] = "lifeboat_site.settings.test"
    os.environ["DATABASE_URL"] = f"sqlite:///{database}"
    os.environ["CELERY_BROKER_URL"] = "memory://"

    import django

    django.setup()


def migrate() -> None:
    from django.core.management import call_command

    call_command("migrate", verbosity=0)

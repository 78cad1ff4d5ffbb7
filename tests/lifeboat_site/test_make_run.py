"""`make run` (scripts/run.sh) honours PORT: a newcomer whose port 8000 is taken runs the site on
another, and the links in its mails (SITE_URL, and the Sites domain allauth greets from) follow."""

from __future__ import annotations

import os
import signal
import socket
import sqlite3
import subprocess
import urllib.error
import urllib.request
from pathlib import Path

from tests.real_services import wait_for

ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def answers(url: str) -> bool:
    try:
        with urllib.request.urlopen(url, timeout=2) as response:
            return response.status == 200
    except (urllib.error.URLError, OSError):
        return False


def test_make_run_serves_the_site_on_port_and_links_follow(tmp_path):
    port = free_port()
    db = tmp_path / "db.sqlite3"
    env = {k: v for k, v in os.environ.items() if k not in {"SITE_URL", "DJANGO_SETTINGS_MODULE"}}
    env.update(PORT=str(port), DATABASE_URL=f"sqlite:///{db}", CELERY_BROKER_URL="memory://")
    # the site alone (`honcho start web`): the workers are not what is tested here
    run = subprocess.Popen(
        [str(ROOT / "scripts/run.sh"), "web"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    try:
        wait_for(lambda: answers(f"http://127.0.0.1:{port}/accounts/login/"), f"the site on port {port}", 120)
    finally:
        os.killpg(run.pid, signal.SIGTERM)
        run.wait(timeout=30)
    with sqlite3.connect(db) as conn:
        [(domain,)] = conn.execute("SELECT domain FROM django_site").fetchall()
    assert domain == f"127.0.0.1:{port}"

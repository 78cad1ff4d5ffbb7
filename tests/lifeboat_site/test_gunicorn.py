"""What a real gunicorn with `deploy/gunicorn.conf.py` answers before the site sees a request (a
request line too long, a raw NUL) and the site's own refusal of a NUL: every answer carries a
Content-Security-Policy and the Permissions-Policy. A gunicorn of the tests' settings on a free
port; none of these requests reaches the database."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from tests.real_services import wait_for

ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture(scope="module")
def node(tmp_path_factory):
    port = free_port()
    env = {
        **{k: v for k, v in os.environ.items() if not k.startswith(("DJANGO_", "DATABASE_", "REDIS_"))},
        "DJANGO_SETTINGS_MODULE": "lifeboat_site.settings.test",
        "DATABASE_URL": f"sqlite:///{tmp_path_factory.mktemp('gunicorn') / 'none.sqlite3'}",
        "PORT": str(port),
        "HOST": "127.0.0.1",
        "WEB_CONCURRENCY": "1",
        "WEB_ACCESS_LOG": "",
    }
    gunicorn = Path(sys.executable).parent / "gunicorn"
    process = subprocess.Popen(
        [str(gunicorn), "lifeboat_site.wsgi", "--config", "deploy/gunicorn.conf.py"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        wait_for(lambda: _answers(port), "gunicorn to answer", timeout=60)
        yield port
    finally:
        process.terminate()
        process.wait(timeout=30)


def _answers(port: int) -> bool:
    try:
        return raw(port, b"GET /x%00 HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n") != {}
    except OSError:
        return False


def raw(port: int, request: bytes) -> dict[str, str]:
    """The answer's status line and headers ({"status": "400", name: value, ...}), sent as is."""
    with socket.create_connection(("127.0.0.1", port), timeout=30) as connection:
        connection.sendall(request)
        data = b""
        while b"\r\n\r\n" not in data:
            chunk = connection.recv(65536)
            if not chunk:
                break
            data += chunk
    if not data:
        return {}
    status, *lines = data.split(b"\r\n\r\n")[0].decode("latin1").split("\r\n")
    headers = dict(line.split(": ", 1) for line in lines)
    return {"status": status.split()[1], **{name.lower(): value for name, value in headers.items()}}


@pytest.mark.parametrize(
    ("request_bytes", "status", "by"),
    [
        (b"GET /" + b"a" * 5000 + b" HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", "414", "gunicorn"),
        (b"GET /x\x00y HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", "400", "gunicorn"),
        (b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Note: a\x00b\r\n\r\n", "400", "gunicorn"),
        (b"GET /x%00y HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", "400", "the site"),
    ],
)
def test_every_refusal_carries_the_security_headers(node, request_bytes, status, by):
    answer = raw(node, request_bytes)
    assert answer["status"] == status
    assert "frame-ancestors 'none'" in answer["content-security-policy"]
    assert "camera=()" in answer["permissions-policy"]
    assert answer["x-content-type-options"] == "nosniff"
    if by == "the site":
        assert "script-src 'self'" in answer["content-security-policy"]  # the site's own policy
    else:
        assert answer["content-security-policy"].startswith("default-src 'none'")

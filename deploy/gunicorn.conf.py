"""gunicorn for a web node (Procfile.production's `web`): everything from the environment.

WEB_CONCURRENCY workers (default: 2 per core, plus 1), bound to PORT on all interfaces (behind the
proxy), graceful restarts on HUP (new workers start before the old ones finish their requests) and
on TERM (requests in flight finish within GRACEFUL_TIMEOUT seconds).

gunicorn answers a few requests itself, before the site sees them: a request line longer than
`limit_request_line` (414), a NUL or another byte no request may hold in its line or headers,
malformed headers (400), too many or too long headers (431). Its page for them carries no header
of the site's, and gunicorn has no setting for one; `write_error` below is gunicorn's own
(`gunicorn.util.write_error`, gunicorn pinned in requirements.txt) with the headers every answer
of the site carries: a Content-Security-Policy that allows nothing (the page loads nothing),
the Permissions-Policy, nosniff and no referrer. `tests/lifeboat_site/test_gunicorn.py` checks
them on a real gunicorn.
"""

import html
import multiprocessing
import os
import socket
import textwrap

from gunicorn import util

bind = f"{os.environ.get('HOST', '0.0.0.0')}:{os.environ.get('PORT', '8000')}"
workers = int(os.environ.get("WEB_CONCURRENCY", multiprocessing.cpu_count() * 2 + 1))
threads = int(os.environ.get("WEB_THREADS", "1"))
timeout = int(os.environ.get("WEB_TIMEOUT", "30"))
graceful_timeout = int(os.environ.get("GRACEFUL_TIMEOUT", "30"))
keepalive = 5
# A worker is replaced after this many requests (and a random part more), so none grows forever.
max_requests = int(os.environ.get("WEB_MAX_REQUESTS", "2000"))
max_requests_jitter = max_requests // 10
# The proxy's X-Forwarded-* headers are trusted from these addresses (SECURE_PROXY_SSL_HEADER);
# Django reads the same variable to believe X-Forwarded-For for the client's address only from
# them (accounts.client_ip, with TRUSTED_PROXY_COUNT).
forwarded_allow_ips = os.environ.get("FORWARDED_ALLOW_IPS", "127.0.0.1")
accesslog = os.environ.get("WEB_ACCESS_LOG", "-") or None  # "" for none
# gunicorn's own format, with the X-Forwarded-For the proxy sent after the peer's address (the
# proxy's): the client is its TRUSTED_PROXY_COUNT-th address from the right.
access_log_format = '%(h)s "%({x-forwarded-for}i)s" %(u)s %(t)s "%(r)s" %(s)s %(b)s "%(f)s" "%(a)s"'
errorlog = "-"
# gunicorn's control socket (gunicornc) only where one is named: its default path is per user,
# and two nodes on one machine would share it.
control_socket_disable = not os.environ.get("GUNICORN_CONTROL_SOCKET")
if not control_socket_disable:
    control_socket = os.environ["GUNICORN_CONTROL_SOCKET"]


#: The headers of gunicorn's own error pages (see the module's docstring).
ERROR_HEADERS = (
    (
        "Content-Security-Policy",
        "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    ),
    ("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=()"),
    ("X-Content-Type-Options", "nosniff"),
    ("Referrer-Policy", "no-referrer"),
)


def write_error(sock: socket.socket, status_int: int, reason: str, mesg: str) -> None:
    """gunicorn's error page (`gunicorn.util.write_error`), with ERROR_HEADERS."""
    page = textwrap.dedent(
        """\
        <html>
          <head>
            <title>%(reason)s</title>
          </head>
          <body>
            <h1><p>%(reason)s</p></h1>
            %(mesg)s
          </body>
        </html>
        """
    ) % {"reason": reason, "mesg": html.escape(mesg)}
    headers = "".join(f"{name}: {value}\r\n" for name, value in ERROR_HEADERS)
    head = f"HTTP/1.1 {status_int} {reason}\r\nConnection: close\r\nContent-Type: text/html\r\n"
    answer = f"{head}{headers}Content-Length: {len(page)}\r\n\r\n{page}"
    util.write_nonblock(sock, answer.encode("latin1"))


util.write_error = write_error

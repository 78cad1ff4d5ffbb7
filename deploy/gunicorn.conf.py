"""gunicorn for a web node (Procfile.production's `web`): everything from the environment.

WEB_CONCURRENCY workers (default: 2 per core, plus 1), bound to PORT on all interfaces (behind the
proxy), graceful restarts on HUP (new workers start before the old ones finish their requests) and
on TERM (requests in flight finish within GRACEFUL_TIMEOUT seconds).
"""

import multiprocessing
import os

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

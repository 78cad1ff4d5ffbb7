"""Production settings, loaded as production loads them (a subprocess with its environment)."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.checks import Error
from django.test import override_settings

from accounts.checks import shared_cache_in_production
from lifeboat_site import checks

ROOT = Path(__file__).resolve().parents[2]
ENV = {
    "DJANGO_SETTINGS_MODULE": "lifeboat_site.settings.production",
    "DJANGO_SECRET_KEY": "a-production-like-secret-key-for-the-test-only-0123456789abcdefghij",
    "DJANGO_ALLOWED_HOSTS": "lifeboat.example",
    "REDIS_CACHE_URL": "redis://127.0.0.1:6379/15",
    "DATABASE_URL": "sqlite://:memory:",
    "SITE_URL": "https://lifeboat.example",
    "CELERY_BROKER_URL": "redis://127.0.0.1:6379/15",
    "DJANGO_MEDIA_LOCAL_DISK": "true",
    "TRUSTED_PROXY_COUNT": "1",
}
BOOM = """
import django
django.setup()
from django.test import Client
from django.test.utils import override_settings
# No collectstatic here: the 500 page's static links from the plain storage.
static = {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"}
storages = {"default": {"BACKEND": "django.core.files.storage.InMemoryStorage"}, "staticfiles": static}
with override_settings(ROOT_URLCONF="tests.lifeboat_site.boom_urls", STORAGES=storages):
    response = Client(raise_request_exception=False).get("/boom/", secure=True, HTTP_HOST="lifeboat.example")
print(response.status_code)
"""


#: BOOM with the admins' mail on, against a mail server that is down (a closed port), silent (it
#: accepts connections and never answers) or up; prints the status, whether the page is the site's
#: 500 page, and the reports still waiting.
BOOM_WITH_MAIL_DOWN = """
import os, socket
server = socket.socket()
server.bind(("127.0.0.1", 0))
server.listen(8)  # accepts connections (the kernel does) and never says a word
port = server.getsockname()[1]
if os.environ["MAIL_SERVER"] == "down":
    server.close()  # nothing listens there any more: connection refused
if os.environ["MAIL_SERVER"] == "up":
    from tests.lifeboat_site import smtp_sink
    smtp_sink.serve(server)  # a server that takes every mail
os.environ["EMAIL_PORT"] = str(port)
import django
django.setup()
import logging
from django.test import Client
from django.test.utils import override_settings
static = {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"}
storages = {"default": {"BACKEND": "django.core.files.storage.InMemoryStorage"}, "staticfiles": static}
with override_settings(ROOT_URLCONF="tests.lifeboat_site.boom_urls", STORAGES=storages):
    response = Client(raise_request_exception=False).get("/boom/", secure=True, HTTP_HOST="lifeboat.example")
handler = next(h for h in logging.getLogger("django.request").handlers if h.name == "mail_admins")
print(response.status_code, b"Something went wrong" in response.content, handler.pending(), flush=True)
"""


def run(code: str, **env: str) -> subprocess.CompletedProcess:
    keep = {
        k: v for k, v in os.environ.items() if not k.startswith(("DJANGO_", "DATABASE_", "REDIS_", "CELERY_"))
    }
    return subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        env={**keep, **ENV, **env},
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_a_500_in_production_logs_its_traceback_as_json_on_stderr():
    done = run(BOOM)
    assert done.stdout.strip() == "500", done.stderr
    records = [json.loads(line) for line in done.stderr.splitlines() if line.startswith("{")]
    errors = [r for r in records if r["logger"] == "django.request" and r["level"] == "ERROR"]
    assert errors, done.stderr
    assert errors[0]["path"] == "/boom/"
    assert errors[0]["status"] == 500
    assert "ZeroDivisionError: the boom view fails on purpose" in errors[0]["exc_info"]


@pytest.mark.parametrize("mail_server", ["down", "silent"])
def test_a_500_answers_at_once_and_is_logged_once_whatever_the_mail_server_does(mail_server):
    done = run(
        BOOM_WITH_MAIL_DOWN,
        MAIL_SERVER=mail_server,
        DJANGO_ADMINS="ops@lifeboat.example",
        EMAIL_HOST="127.0.0.1",
        EMAIL_TIMEOUT="2",
    )
    status, page, pending = done.stdout.split()
    assert (status, page) == ("500", "True"), done.stderr
    if mail_server == "silent":
        assert pending == "1"  # answered while the mail still waits for the server
    records = [json.loads(line) for line in done.stderr.splitlines() if line.startswith("{")]
    errors = [r for r in records if r["logger"] == "django.request"]
    assert len(errors) == 1, done.stderr
    assert [r["logger"] for r in records if r["level"] in ("WARNING", "ERROR")] == [
        "django.request",
        "lifeboat_site.admin_mail",  # the mail that could not leave: one line
    ]
    assert "Traceback" not in "".join(line for line in done.stderr.splitlines() if not line.startswith("{"))


def test_the_admins_mail_of_a_500_leaves_when_the_mail_server_answers():
    code = BOOM_WITH_MAIL_DOWN + "handler.close()\nprint(smtp_sink.received)\n"
    done = run(code, MAIL_SERVER="up", DJANGO_ADMINS="ops@lifeboat.example", EMAIL_HOST="127.0.0.1")
    lines = done.stdout.splitlines()
    assert lines[0].split()[:2] == ["500", "True"], done.stderr
    assert "ops@lifeboat.example" in lines[1]
    assert "ZeroDivisionError" in lines[1]


def test_production_refuses_to_start_without_the_shared_cache():
    env_without = {k: v for k, v in ENV.items() if k != "REDIS_CACHE_URL"}
    keep = {k: v for k, v in os.environ.items() if not k.startswith(("DJANGO_", "DATABASE_", "REDIS_"))}
    done = subprocess.run(
        [sys.executable, "-c", "import django; django.setup()"],
        cwd=ROOT,
        env={**keep, **env_without},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode != 0
    assert "REDIS_CACHE_URL" in done.stderr


def test_production_settings_pass_the_deploy_check_and_send_hsts_for_a_year():
    done = run(
        "import django; django.setup(); from django.conf import settings as s; "
        "from django.core.management import call_command; "
        "call_command('check', '--deploy', '--fail-level', 'ERROR'); "
        "print(s.SECURE_HSTS_SECONDS, s.SECURE_HSTS_INCLUDE_SUBDOMAINS, "
        "s.CACHES['default']['BACKEND'], s.ADMINS)",
        DJANGO_ADMINS="ops@lifeboat.example, Night Watch <night@lifeboat.example>",
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.split("\n")[-2] == (
        "31536000 True lifeboat_site.cache.RedisCache "
        "['ops@lifeboat.example', 'Night Watch <night@lifeboat.example>']"
    )


@pytest.mark.parametrize(
    ("backend", "refused"),
    [
        ("django.core.cache.backends.locmem.LocMemCache", True),
        ("django.core.cache.backends.dummy.DummyCache", True),
        ("django.core.cache.backends.redis.RedisCache", False),
    ],
)
def test_the_system_check_refuses_a_per_process_cache_where_a_shared_one_is_required(backend, refused):
    with override_settings(SHARED_CACHE_REQUIRED=True, CACHES={"default": {"BACKEND": backend}}):
        errors = shared_cache_in_production()
    assert [e.id for e in errors if isinstance(e, Error)] == (["accounts.E001"] if refused else [])


SHARED = {"SHARED_STATE_REQUIRED": True}


def error_ids(check, **settings) -> list[str]:
    with override_settings(**SHARED, **settings):
        return [e.id for e in check() if isinstance(e, Error)]


@pytest.mark.parametrize(
    ("engine", "cache", "refused"),
    [
        ("django.contrib.sessions.backends.file", "django.core.cache.backends.redis.RedisCache", True),
        ("django.contrib.sessions.backends.cache", "django.core.cache.backends.locmem.LocMemCache", True),
        ("django.contrib.sessions.backends.cached_db", "django.core.cache.backends.locmem.LocMemCache", True),
        ("django.contrib.sessions.backends.cached_db", "django.core.cache.backends.redis.RedisCache", False),
        ("django.contrib.sessions.backends.db", "django.core.cache.backends.locmem.LocMemCache", False),
    ],
)
def test_sessions_must_be_shared_by_every_machine(engine, cache, refused):
    caches = {"default": {"BACKEND": cache, "LOCATION": "redis://127.0.0.1:6379/15"}}
    ids = error_ids(checks.sessions_shared, SESSION_ENGINE=engine, CACHES=caches)
    assert ids == (["lifeboat_site.E001"] if refused else [])


@pytest.mark.parametrize(
    ("url", "eager", "refused"),
    [
        ("filesystem://", False, True),
        ("memory://", False, True),
        ("redis://127.0.0.1:6379/0", True, True),
        ("redis://127.0.0.1:6379/0", False, False),
    ],
)
def test_the_broker_must_be_shared_by_every_machine(url, eager, refused):
    ids = error_ids(checks.broker_shared, CELERY_BROKER_URL=url, CELERY_TASK_ALWAYS_EAGER=eager)
    assert ids == (["lifeboat_site.E002"] if refused else [])


@pytest.mark.parametrize(
    ("backend", "refused"),
    [
        ("django.core.mail.backends.filebased.EmailBackend", True),
        ("django.core.mail.backends.console.EmailBackend", True),
        ("django.core.mail.backends.smtp.EmailBackend", False),
        ("anymail.backends.postmark.EmailBackend", False),
    ],
)
def test_mail_must_leave_the_machine(backend, refused):
    ids = error_ids(checks.mail_leaves_the_machine, MAILERS={"default": {"BACKEND": backend}})
    assert ids == (["lifeboat_site.E003"] if refused else [])


@pytest.mark.parametrize(
    ("backend", "allowed", "refused"),
    [
        ("django.core.files.storage.FileSystemStorage", False, True),
        ("django.core.files.storage.FileSystemStorage", True, False),
        ("storages.backends.s3.S3Storage", False, False),
    ],
)
def test_uploads_stay_off_local_disk_unless_it_is_declared_shared(backend, allowed, refused):
    storages = {"default": {"BACKEND": backend}, "staticfiles": {"BACKEND": "x"}}
    ids = error_ids(checks.media_not_on_local_disk, STORAGES=storages, MEDIA_LOCAL_DISK_ALLOWED=allowed)
    assert ids == (["lifeboat_site.E004"] if refused else [])


def test_production_refuses_a_broker_on_local_disk():
    done = run(
        "import django; django.setup(); from django.core.management import call_command; "
        "call_command('check', '--fail-level', 'ERROR')",
        CELERY_BROKER_URL="filesystem://",
    )
    assert done.returncode != 0
    assert "lifeboat_site.E002" in done.stderr


def test_outside_production_a_single_machine_may_keep_everything_local():
    with override_settings(SHARED_STATE_REQUIRED=False, CELERY_BROKER_URL="filesystem://"):
        assert checks.broker_shared() == []


@pytest.mark.parametrize(
    ("declared", "count", "header", "forwarded_allow", "refused"),
    [
        (False, 0, None, ["127.0.0.1"], True),  # nothing said: the limits would count the proxy
        (True, 1, None, ["10.0.0.2"], False),
        (True, 0, "X-Real-IP", ["10.0.0.2"], False),
        (True, 0, None, ["127.0.0.1"], False),  # no proxy: clients reach gunicorn directly
        (True, 0, None, ["10.0.0.2"], True),  # gunicorn is told of a proxy, the limits of none
        (True, 0, None, ["*"], True),
    ],
)
def test_production_refuses_limits_that_would_count_the_proxy(
    declared, count, header, forwarded_allow, refused
):
    ids = error_ids(
        checks.proxies_declared,
        TRUSTED_PROXIES_DECLARED=declared,
        ALLAUTH_TRUSTED_PROXY_COUNT=count,
        ALLAUTH_TRUSTED_CLIENT_IP_HEADER=header,
        FORWARDED_ALLOW_IPS=forwarded_allow,
    )
    assert ids == (["lifeboat_site.E005"] if refused else [])


def test_production_takes_the_proxies_from_the_environment_and_refuses_to_start_without_them():
    done = run(
        "import django; django.setup(); from django.conf import settings as s; "
        "print(s.ALLAUTH_TRUSTED_PROXY_COUNT, s.FORWARDED_ALLOW_IPS)",
        TRUSTED_PROXY_COUNT="2",
        FORWARDED_ALLOW_IPS="10.0.0.2, 10.0.1.0/24",
    )
    assert done.stdout.split("\n")[-2] == "2 ['10.0.0.2', '10.0.1.0/24']", done.stderr
    check = "import django; django.setup(); from django.core.management import call_command; "
    check += "call_command('check', '--fail-level', 'ERROR')"
    done = run(check, TRUSTED_PROXY_COUNT="")
    assert done.returncode != 0
    assert "lifeboat_site.E005" in done.stderr


@pytest.mark.parametrize(
    ("env", "header"),
    [
        ({"ANYMAIL_BACKEND": "anymail.backends.brevo.EmailBackend"}, "idempotencyKey"),
        ({"ANYMAIL_BACKEND": "anymail.backends.postmark.EmailBackend"}, "None"),
        ({"EMAIL_HOST": "smtp.resend.com"}, "Resend-Idempotency-Key"),
        ({"EMAIL_HOST": "smtp.example.org"}, "None"),
    ],
)
def test_mail_carries_an_idempotency_key_where_the_provider_takes_one(env, header):
    done = run(
        "import django; django.setup(); from django.conf import settings as s; "
        "print(s.NOTIFICATIONS_IDEMPOTENCY_HEADER)",
        ANYMAIL_WEBHOOK_SECRET="user:secret",
        **env,
    )
    assert done.stdout.split("\n")[-2] == header, done.stderr


def test_the_language_cookie_is_for_https_and_this_site_only():
    done = run(
        "import django; django.setup()\n"
        "from django.test import Client\n"
        "response = Client().post('/i18n/setlang/', {'language': 'hu', 'next': '/'}, secure=True,"
        " HTTP_HOST='lifeboat.example')\n"
        "morsel = response.cookies['django_language']\n"
        "print(response.status_code, morsel.value, bool(morsel['secure']), morsel['samesite'],"
        " bool(morsel['httponly']))\n"
    )
    assert done.stdout.split("\n")[-2] == "302 hu True Lax True", done.stderr

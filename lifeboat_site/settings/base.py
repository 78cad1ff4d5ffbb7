"""Settings shared by every environment; values that differ come from the environment."""

import os
from pathlib import Path

import dj_database_url
from django.utils.csp import CSP
from kombu import Queue

BASE_DIR = Path(__file__).resolve().parent.parent.parent
VAR_DIR = Path(os.environ.get("LIFEBOAT_VAR_DIR", BASE_DIR / "var"))


def env_bool(name: str, default: bool = False) -> bool:
    return os.environ.get(name, str(default)).lower() in {"1", "true", "yes", "on"}


def anymail_provider(backend: str) -> str | None:
    """The provider of a django-anymail email backend ("anymail.backends.postmark.EmailBackend"
    -> "postmark"); None for any other backend (SMTP, files, memory) and anymail's test backend."""
    parts = backend.split(".")
    if len(parts) == 4 and parts[:2] == ["anymail", "backends"] and parts[2] != "test":
        return parts[2]
    return None


SECRET_KEY = os.environ.get("DJANGO_SECRET_KEY", "")
DEBUG = False
ALLOWED_HOSTS = [h for h in os.environ.get("DJANGO_ALLOWED_HOSTS", "").split(",") if h]

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django.contrib.sites",
    "django_htmx",
    "allauth",
    "allauth.account",
    "allauth.mfa",
    "health_check",
    "accounts",
    "games",
    "clubs",
    "leagues",
    "ratings",
    "replays",
    "notifications",
    "chat",
    "bots",
    "lifeboat_site",  # its system checks: lifeboat_site.checks
]

MIDDLEWARE = [
    # First the headers every answer carries, the refusals below included (Permissions-Policy,
    # HSTS, nosniff, the Content-Security-Policy): they read nothing of the request's.
    "lifeboat_site.middleware.PermissionsPolicyMiddleware",
    "django.middleware.security.SecurityMiddleware",
    "django.middleware.csp.ContentSecurityPolicyMiddleware",
    # Then a NUL anywhere in a request is a 400 before any session, user or query is read.
    "lifeboat_site.middleware.RejectNulMiddleware",
    "lifeboat_site.middleware.IdRangeMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "accounts.middleware.UserPreferencesMiddleware",
    "allauth.account.middleware.AccountMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    # An htmx request's 4xx page becomes its message beside the form; a sign-in redirect, the page's.
    "lifeboat_site.middleware.HtmxRefusalMiddleware",
    # A blank 405 (a POST-only address opened as a page) gets the site's page for it.
    "lifeboat_site.middleware.MethodNotAllowedPageMiddleware",
    # The mail provider's webhooks answer only to its secret (401/403): notifications.webhooks.
    "notifications.webhooks.WebhookAuthMiddleware",
]

# A strict Content-Security-Policy in every environment (so the tests and the browser tests see
# it): scripts, styles, images and requests from the site itself only, no inline script or style
# ('unsafe-inline') and no eval. Pages keep their styles in static/site/site.css and their
# behaviour in static/site/site.js; htmx is configured by its meta tag. data: images are the
# authenticator QR code of allauth.mfa.
SECURE_CSP = {
    "default-src": [CSP.SELF],
    "script-src": [CSP.SELF],
    "style-src": [CSP.SELF],
    "img-src": [CSP.SELF, "data:"],
    "font-src": [CSP.SELF],
    "connect-src": [CSP.SELF],
    "object-src": [CSP.NONE],
    "base-uri": [CSP.NONE],
    "form-action": [CSP.SELF],
    "frame-ancestors": [CSP.NONE],
}

# Browser features no page uses, off for the site and anything it could embed (every response:
# lifeboat_site.middleware.PermissionsPolicyMiddleware). Web Push needs none of them.
PERMISSIONS_POLICY: dict[str, list[str]] = {"camera": [], "microphone": [], "geolocation": [], "payment": []}

ROOT_URLCONF = "lifeboat_site.urls"
WSGI_APPLICATION = "lifeboat_site.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "games.context_processors.your_turn",
            ],
        },
    },
]

DATABASES = {
    "default": dj_database_url.config(
        default=f"sqlite:///{VAR_DIR / 'db.sqlite3'}", conn_max_age=60, conn_health_checks=True
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # The site, the worker and beat share one file: in WAL mode readers never wait for a writer,
    # IMMEDIATE transactions take the write lock up front (no deadlock between two readers that
    # both go on to write), and synchronous=NORMAL, safe with WAL, skips the fsync per commit
    # (a power cut may lose the last commits; the database stays consistent).
    DATABASES["default"]["OPTIONS"] = {
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
        "transaction_mode": "IMMEDIATE",
    }
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# Accounts (django-allauth): email is the login; addresses must be verified before first sign-in.
# Django's and allauth's backends, loading the profile with the session's user (one query).
AUTHENTICATION_BACKENDS = [
    "accounts.backends.ModelBackend",
    "accounts.backends.AuthenticationBackend",
]
LOGIN_URL = "account_login"
# The admin's address (DJANGO_ADMIN_PATH moves it); staff sign in through allauth with TOTP there
# (accounts.admin_access).
ADMIN_PATH = os.environ.get("DJANGO_ADMIN_PATH", "admin/").strip("/") + "/"
MFA_SUPPORTED_TYPES = ["totp", "recovery_codes"]
MFA_TOTP_ISSUER = "Lifeboat Club"
LOGIN_REDIRECT_URL = "/"
ACCOUNT_ADAPTER = "accounts.adapter.AccountAdapter"
# allauth's messages and mails ("Successfully signed in as ...") name players as others see them.
ACCOUNT_USER_DISPLAY = "accounts.selectors.display_name"
ACCOUNT_LOGIN_METHODS = {"email"}
ACCOUNT_SIGNUP_FIELDS = ["email*", "password1*", "password2*"]
ACCOUNT_EMAIL_VERIFICATION = "mandatory"
ACCOUNT_UNIQUE_EMAIL = True
ACCOUNT_CHANGE_EMAIL = True
ACCOUNT_EMAIL_NOTIFICATIONS = True
# Sign-in by a code mailed to the address, beside the password.
ACCOUNT_LOGIN_BY_CODE_ENABLED = True
# Counted in the shared cache (Redis in production, where a per-process cache is refused):
# wrong passwords per account, per client address (for addresses with an account only) and per
# owner's browser (accounts.adapter, accounts.devices: a stranger who knows an owner's address
# locks out only browsers that never signed in to it; the owner's usual browser signs in at once);
# sign-ins per client address; codes and password resets per address.
ACCOUNT_RATE_LIMITS = {
    "login_failed": "5/5m/key",
    "login_failed_ip": "10/m/ip",
    "login_failed_device": "5/5m/key",
    "login": "30/m/ip",
    "request_login_code": "20/m/ip,3/m/key",
    "reset_password": "20/m/ip,5/m/key",
}
# The client's address for those limits (accounts.client_ip): behind the deployment's own
# proxies, X-Forwarded-For's address TRUSTED_PROXY_COUNT from the right, or the header a proxy sets
# to it (TRUSTED_CLIENT_IP_HEADER), believed only from the peers gunicorn believes its X-Forwarded-*
# from (FORWARDED_ALLOW_IPS, the same variable as deploy/gunicorn.conf.py's). allauth's settings.
ALLAUTH_TRUSTED_PROXY_COUNT = int(os.environ.get("TRUSTED_PROXY_COUNT") or 0)
ALLAUTH_TRUSTED_CLIENT_IP_HEADER = os.environ.get("TRUSTED_CLIENT_IP_HEADER") or None
FORWARDED_ALLOW_IPS = [
    entry.strip() for entry in os.environ.get("FORWARDED_ALLOW_IPS", "127.0.0.1").split(",") if entry.strip()
]
ACCOUNT_EMAIL_SUBJECT_PREFIX = "[Lifeboat Club] "
# Following the link in the verification mail signs the new player in.
ACCOUNT_LOGIN_ON_EMAIL_CONFIRMATION = True
# The site allauth's mails greet from and link to: its domain and name are set from SITE_URL and
# SITE_NAME after every migrate (accounts.signals), not from the request's host.
SITE_ID = 1
SITE_NAME = "Lifeboat Club"
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": f"django.contrib.auth.password_validation.{name}"}
    for name in [
        "UserAttributeSimilarityValidator",
        "MinimumLengthValidator",
        "CommonPasswordValidator",
        "NumericPasswordValidator",
    ]
]

LANGUAGE_CODE = "en"
LANGUAGES = [("en", "English"), ("hu", "Magyar"), ("cs", "Čeština")]
LOCALE_PATHS = [BASE_DIR / "locale"]
# English dates day first on a 24-hour clock (lifeboat_site/formats/en); hu and cs are Django's own.
FORMAT_MODULE_PATH = ["lifeboat_site.formats"]
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = Path(os.environ.get("DJANGO_STATIC_ROOT", BASE_DIR / "staticfiles"))
STATICFILES_DIRS = [BASE_DIR / "static"] if (BASE_DIR / "static").exists() else []
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"},
}

# One cache for every process: rate limits, sessions, each game's latest row for the poll
# (games.live), rendered tables (games.views), notices the worker clears, the sweeps' locks
# (cache.add). Redis when REDIS_CACHE_URL names one (production requires it); otherwise a table in
# the database, which the site, the workers and beat of `make run` share as they share the
# database (`manage.py createcachetable` makes it: make run does). A cache per process showed a
# move the worker made, or a reply by mail, a minute late. The database's add is atomic (the key
# is the table's primary key), so a sweep's lock holds between processes; entries beyond
# MAX_ENTRIES are culled (a third at a time), which only costs a read from the database.
CACHE_TABLE = "django_cache"
CACHES = {
    "default": (
        {"BACKEND": "lifeboat_site.cache.RedisCache", "LOCATION": os.environ["REDIS_CACHE_URL"]}
        if os.environ.get("REDIS_CACHE_URL")
        else {
            "BACKEND": "django.core.cache.backends.db.DatabaseCache",
            "LOCATION": CACHE_TABLE,
            "OPTIONS": {"MAX_ENTRIES": 20_000},
        }
    )
}

# Sessions are read from the cache and written through to the database: a signed-in request
# reads no session row (the table's poll reads none at all), and a cache cleared signs nobody out.
SESSION_ENGINE = "django.contrib.sessions.backends.cached_db"

# Celery: Redis in production and CI; kombu's filesystem transport on a newcomer's machine.
CELERY_BROKER_URL = os.environ.get("CELERY_BROKER_URL", "filesystem://")
# Where the filesystem transport keeps its messages (ignored by other transports).
CELERY_BROKER_TRANSPORT_OPTIONS = {
    "data_folder_in": str(VAR_DIR / "broker"),
    "data_folder_out": str(VAR_DIR / "broker"),
    "control_folder": str(VAR_DIR / "broker-control"),
    "processed_folder": str(VAR_DIR / "broker-processed"),
    "store_processed": False,
}
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_TASK_IGNORE_RESULT = True
CELERY_TIMEZONE = "UTC"
# Publishing must not hold up a move when the broker is down: fail fast, the outbox sweeper retries.
CELERY_BROKER_CONNECTION_TIMEOUT = 2
CELERY_TASK_PUBLISH_RETRY_POLICY = {
    "max_retries": 2,
    "interval_start": 0,
    "interval_step": 0.2,
    "interval_max": 0.5,
}
# Mails have their own queue, so a burst of deadline plays cannot hold up everyone's turn mail;
# a worker started without -Q consumes every declared queue.
CELERY_TASK_QUEUES = (Queue("celery", routing_key="celery"), Queue("mail", routing_key="mail"))
CELERY_TASK_ROUTES = {"notifications.tasks.send_notification": {"queue": "mail"}}
# The sweeps' period (CELERY_SWEEP_SECONDS: a minute; the multi-machine test makes it seconds).
SWEEP_SECONDS = float(os.environ.get("CELERY_SWEEP_SECONDS", "60"))
# How long a sweep's lock outlives its last renewal (renewed every third of it while the sweep
# works, notifications.tasks): a sweep killed while holding it frees it this soon.
SWEEP_LOCK_SECONDS = 30.0
CELERY_BEAT_SCHEDULE = {
    "games-sweep-deadlines": {
        "task": "games.tasks.sweep_deadlines",
        "schedule": SWEEP_SECONDS,
    },
    "notifications-sweep-writes": {"task": "notifications.tasks.sweep_writes", "schedule": SWEEP_SECONDS},
    "notifications-sweep-outbox": {"task": "notifications.tasks.sweep_outbox", "schedule": SWEEP_SECONDS},
    "notifications-send-digests": {"task": "notifications.tasks.send_digests", "schedule": 3600.0},
    "notifications-vacations": {"task": "notifications.tasks.sweep_vacations", "schedule": 300.0},
    "leagues-advance-seasons": {"task": "leagues.tasks.advance_due_seasons", "schedule": 300.0},
    "bots-sweep": {"task": "bots.tasks.sweep_bots", "schedule": 60.0},
}
# Seconds between a bot's prompt and its move, so people see the game move at a human pace.
BOT_MOVE_DELAY_SECONDS = float(os.environ.get("BOT_MOVE_DELAY_SECONDS", "20"))

# Notifications (play by email): absolute links in mails, the reply address (play+<token>@domain).
SITE_URL = os.environ.get("SITE_URL", "http://127.0.0.1:8000")
NOTIFICATIONS_REPLY_ADDRESS = os.environ.get("NOTIFICATIONS_REPLY_ADDRESS", "play@lifeboat.club")
# Timeouts in a row before a seat is marked absent and played at once (games' idle ladder); the
# older name NOTIFICATIONS_IDLE_TIMEOUTS is still read.
GAMES_IDLE_TIMEOUTS = int(
    os.environ.get("GAMES_IDLE_TIMEOUTS") or os.environ.get("NOTIFICATIONS_IDLE_TIMEOUTS") or "3"
)
NOTIFICATIONS_VACATION_DAYS_PER_YEAR = int(os.environ.get("NOTIFICATIONS_VACATION_DAYS_PER_YEAR", "21"))

# Browser push notifications (Web Push): the VAPID key pair (`vapid --gen`, then `vapid
# --applicationServerKey` for the public key in the browser's URL-safe base64) and the contact the
# push services may write to. Push is off, and never offered, while either key is unset.
VAPID_PUBLIC_KEY = os.environ.get("VAPID_PUBLIC_KEY", "")
VAPID_PRIVATE_KEY = os.environ.get("VAPID_PRIVATE_KEY", "")
VAPID_CLAIMS_EMAIL = os.environ.get("VAPID_CLAIMS_EMAIL", "")

# The mail provider whose django-anymail webhooks (inbound mail, tracking) are mounted under
# /anymail/<provider>/: none by default (SMTP); production names the one of ANYMAIL_BACKEND.
MAIL_WEBHOOK_PROVIDER: str | None = None
# The header by which the mail provider drops a second copy of a mail (the outbox sends at least
# once: notifications.outbox); None where it has none (plain SMTP, most providers).
NOTIFICATIONS_IDEMPOTENCY_HEADER: str | None = None

DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "Lifeboat Club <noreply@lifeboat.club>")

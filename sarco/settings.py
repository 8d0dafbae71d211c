"""Settings, read from the environment.

With nothing set you get the embedded default: SQLite (WAL) beside the code and the
in-memory channel layer, one daphne process. Production sets DATABASE_URL (PostgreSQL),
REDIS_URL (channel layer and cache), SECRET_KEY, ALLOWED_HOSTS and CSRF_TRUSTED_ORIGINS,
so any number of daphne processes can serve one club. See README.md.
"""

import datetime as dt
import os
from pathlib import Path
from urllib.parse import parse_qs, unquote, urlsplit

import dj_database_url
from django.core.exceptions import ImproperlyConfigured

BASE_DIR = Path(__file__).resolve().parent.parent


def env_bool(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    if value is None or value == "":
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def env_list(name: str, default: str = "") -> list[str]:
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


DEBUG = env_bool("DEBUG", False)

SECRET_KEY = os.environ.get("SECRET_KEY", "")
if not SECRET_KEY:
    if not DEBUG:
        raise ImproperlyConfigured(
            "SECRET_KEY is not set. With DEBUG off, set SECRET_KEY in the environment to a long "
            "random string, e.g. the output of: "
            "python -c 'import secrets; print(secrets.token_urlsafe(50))'"
        )
    SECRET_KEY = "django-insecure-local-development-only"
# Old keys still accepted for what they signed (sessions, reset and confirmation links) while
# SECRET_KEY signs everything new: rotate by moving the old key here (README.md says how).
SECRET_KEY_FALLBACKS = env_list("SECRET_KEY_FALLBACKS")

ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", "127.0.0.1,localhost,[::1]")
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS")

INSTALLED_APPS = [
    "daphne",
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django.contrib.humanize",
    "axes",
    "channels",
    "django_htmx",
    "csp",
    "scoring",
    "games",
    "nights",
    "sarco",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "csp.middleware.CSPMiddleware",  # before whitenoise: static files get the header too
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",  # language from cookie, then Accept-Language
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "sarco.sessions.IdleExpiryMiddleware",  # after auth: refreshes logged-in sessions only
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "sarco.offline.vary_on_htmx",
    "axes.middleware.AxesMiddleware",  # last: turns a locked-out login into its page
]

ROOT_URLCONF = "sarco.urls"

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
                "sarco.navigation.navigation",
                "games.your_turn.menu_count",
            ],
        },
    },
    {
        # The live fragments that pay for it (Sarg's shared parts), in <app>/jinja2/; the
        # environment keeps their markup as Django's templates would draw it (games.jinja).
        "BACKEND": "django.template.backends.jinja2.Jinja2",
        "DIRS": [],
        "APP_DIRS": True,
        "OPTIONS": {
            "environment": "games.jinja.environment",
            "autoescape": True,
            "extensions": ["jinja2.ext.i18n"],
            # Every template kept once loaded, in a plain dict: Jinja2's default keeps the
            # last 400 in a locked LRU list that moves each template looked up to its end,
            # about 2% of a Sarg move's drawing. The templates are a fixed, small set.
            "cache_size": -1,
        },
    },
]

ASGI_APPLICATION = "sarco.asgi.application"
WSGI_APPLICATION = None

# --- Database -----------------------------------------------------------------------------
SQLITE_PATH = os.environ.get("SQLITE_PATH", str(BASE_DIR / "db.sqlite3"))
DATABASES = {
    "default": dj_database_url.config(
        default=f"sqlite:///{SQLITE_PATH}",
        conn_max_age=int(os.environ.get("CONN_MAX_AGE", "0")),
        conn_health_checks=True,
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
    # Django's backend, a kept connection checked at most once a second, not per request.
    DATABASES["default"]["ENGINE"] = "sarco.databases.postgresql"
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # WAL lets readers run beside the one writer; IMMEDIATE transactions take the write
    # lock up front, so two moves on one table serialise instead of failing mid-way.
    DATABASES["default"]["OPTIONS"] = {
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
        "transaction_mode": "IMMEDIATE",
        "timeout": 20,
    }
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# --- Channels and cache ----------------------------------------------------------------------
REDIS_URL = os.environ.get("REDIS_URL", "")
# One prefix names one site on a shared Redis: its groups and its cache keys (two sites, or
# two test servers, must not read each other's cached pages or socket counts).
REDIS_PREFIX = os.environ.get("CHANNEL_PREFIX", "sarco")
if REDIS_URL:
    # Pub/sub, not channels-redis's core layer: a group message is one PUBLISH, where the core
    # layer keeps a queue in Redis per socket and polls it, about half the framework's CPU a
    # move on two servers (bench/floor.py, bench/README.md). sarco.pubsub_layer speaks it on
    # two connections a process, a quarter of channels-redis's pub/sub layer's CPU a message.
    # It keeps nothing for a process cut off from Redis, and tells the sockets to catch up
    # when it is back.
    CHANNEL_LAYERS = {
        "default": {
            "BACKEND": "sarco.pubsub_layer.PubSubChannelLayer",
            "CONFIG": {"hosts": [REDIS_URL], "prefix": REDIS_PREFIX},
        }
    }
    CACHES = {
        "default": {
            "BACKEND": "sarco.redis_cache.SharedPoolRedisCache",
            "LOCATION": REDIS_URL,
            "KEY_PREFIX": REDIS_PREFIX,
        }
    }
else:
    CHANNEL_LAYERS = {"default": {"BACKEND": "sarco.channel_layers.SweepingInMemoryChannelLayer"}}
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
    # Without Redis the site is one process (the in-memory channel layer reaches no other), so
    # its memory is the only cache and may hold the sessions: a request reads no session row.
    # With Redis they stay in the database: an outage of Redis must not fail a request.
    SESSION_ENGINE = "django.contrib.sessions.backends.cached_db"

# --- Websocket limits (sarco.socket_limits) -------------------------------------------------
# Frames a socket may send a second (sustained, and at once); larger ones are refused. A
# person makes a couple of moves a second at most; a benchmark's clients are machines.
SARCO_SOCKET_FRAMES_PER_SECOND = float(os.environ.get("SARCO_SOCKET_FRAMES_PER_SECOND", "5"))
SARCO_SOCKET_FRAME_BURST = float(os.environ.get("SARCO_SOCKET_FRAME_BURST", "10"))
SARCO_SOCKET_MAX_FRAME_BYTES = 4096
# Refusals within the window (seconds) that close the socket (code 4008).
SARCO_SOCKET_REFUSALS_BEFORE_CLOSE = 5
SARCO_SOCKET_REFUSAL_WINDOW = 10
# Open sockets per member, and per client address when signed out (a club's wifi shares one
# address), across processes; each socket's lease renews while it is open.
SARCO_SOCKETS_PER_MEMBER = int(os.environ.get("SARCO_SOCKETS_PER_MEMBER", "20"))
SARCO_SOCKETS_PER_ADDRESS = int(os.environ.get("SARCO_SOCKETS_PER_ADDRESS", "100"))
SARCO_SOCKET_LEASE_SECONDS = 60
# On the wire (sarco.wire_limits, served by `python -m sarco.serve`), before the app sees a
# frame: a socket sending frames faster than this is closed at once (above the limits above,
# so a person only meets the consumer's message), and an address opening sockets faster than
# this is answered 429; a socket closed for abuse costs its address the penalty's tokens.
SARCO_SOCKET_WIRE_FRAMES_PER_SECOND = 10
SARCO_SOCKET_WIRE_FRAME_BURST = 30
SARCO_SOCKET_CONNECTS_PER_SECOND = float(os.environ.get("SARCO_SOCKET_CONNECTS_PER_SECOND", "3"))
SARCO_SOCKET_CONNECT_BURST = float(os.environ.get("SARCO_SOCKET_CONNECT_BURST", "30"))
SARCO_SOCKET_ABUSE_PENALTY = 10
# An address owing more tokens than this (abuse, or knocking on after 429s) has its TCP
# connections closed as they are accepted, until it is back within the bound (direct clients).
SARCO_SOCKET_BLOCK_DEBT = 5
# Behind the load balancer every socket comes from its address: count the client's instead.
SARCO_SOCKET_ADDRESS_FROM_FORWARDED = env_bool("BEHIND_TLS_PROXY", False)

# --- Online play: bots (games.botrunner) ---------------------------------------------------
# Seconds a bot waits after the move that gave it the turn, so people can follow.
SARCO_BOT_PAUSE = float(os.environ.get("SARCO_BOT_PAUSE", "0.7"))
# Each server process moves bots (started on its first connection); off in unit tests.
SARCO_BOT_RUNNER = env_bool("SARCO_BOT_RUNNER", True)
# Seconds a seated person's page may be closed before the host is offered to hand the seat
# to a bot ("Ben has been away since 14:05"): a reload or a short network drop is no leaving.
SARCO_AWAY_AFTER = float(os.environ.get("SARCO_AWAY_AFTER", "60"))

# --- Auth -----------------------------------------------------------------------------------
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",  # first: refuses a locked-out login before checking
    "django.contrib.auth.backends.ModelBackend",
]
LOGIN_URL = "login"

# Login throttling (django-axes): after 10 failed logins for one username, or from one
# address, further tries are refused for 15 minutes, the right password too. Attempts are
# counted in the database, so every daphne process sees the same count.
AXES_HANDLER = "axes.handlers.database.AxesDatabaseHandler"
AXES_FAILURE_LIMIT = 10
AXES_COOLOFF_TIME = dt.timedelta(minutes=15)
AXES_LOCKOUT_PARAMETERS = ["username", "ip_address"]  # either one locks
AXES_RESET_ON_SUCCESS = True
AXES_RESET_COOL_OFF_ON_FAILURE_DURING_LOCKOUT = False  # the lock ends 15 minutes after it began
AXES_LOCKOUT_CALLABLE = "scoring.views.accounts.locked_out"
AXES_VERBOSE = False
if env_bool("BEHIND_TLS_PROXY", False):
    # Behind the load balancer every request comes from its address: count the client's.
    AXES_CLIENT_IP_CALLABLE = "sarco.client_ip.client_ip"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"

# Password reset (Django's views and tokens): a link works for a day and once (the token
# covers the password and the last login, both of which the reset changes).
PASSWORD_RESET_TIMEOUT = 24 * 3600
# Reset requests: at most 3 per address and 10 per client address an hour (scoring.throttle).
PASSWORD_RESET_PER_ADDRESS = 3
PASSWORD_RESET_PER_CLIENT = 10
PASSWORD_RESET_THROTTLE_SECONDS = 3600
# A new email address's confirmation link works for this many days (scoring.member_mail).
EMAIL_CONFIRMATION_DAYS = 3
# At most this many confirmation mails per member an hour (scoring.throttle).
EMAIL_CONFIRMATIONS_PER_MEMBER = 5

# Sessions end after SESSION_IDLE_DAYS without a visit. sarco.sessions.IdleExpiryMiddleware
# moves the expiry forward at most once a day per session instead of SESSION_SAVE_EVERY_REQUEST,
# which would write the session on every request.
SESSION_COOKIE_AGE = int(os.environ.get("SESSION_IDLE_DAYS", "14")) * 24 * 3600
SESSION_REFRESH_SECONDS = 24 * 3600


def email_settings_from_url(url: str) -> dict:
    """EMAIL_URL, e.g. smtp+tls://user:password@smtp.example.org:587 (smtp://, smtp+tls:// for
    STARTTLS, smtp+ssl:// for TLS from the start; console:// prints mail to the log)."""
    parts = urlsplit(url)
    if parts.scheme == "console":
        return {"EMAIL_BACKEND": "django.core.mail.backends.console.EmailBackend"}
    if parts.scheme not in {"smtp", "smtp+tls", "smtp+ssl"}:
        raise ImproperlyConfigured(
            f"EMAIL_URL must start with smtp://, smtp+tls://, smtp+ssl:// or console://, "
            f"not {parts.scheme}://"
        )
    query = parse_qs(parts.query)
    return {
        "EMAIL_BACKEND": "django.core.mail.backends.smtp.EmailBackend",
        "EMAIL_HOST": parts.hostname or "localhost",
        "EMAIL_PORT": parts.port or (465 if parts.scheme == "smtp+ssl" else 587),
        "EMAIL_HOST_USER": unquote(parts.username or ""),
        "EMAIL_HOST_PASSWORD": unquote(parts.password or ""),
        "EMAIL_USE_TLS": parts.scheme == "smtp+tls" or "tls" in query,
        "EMAIL_USE_SSL": parts.scheme == "smtp+ssl",
    }


# --- Mail: the console by default; SMTP from EMAIL_URL or EMAIL_HOST and friends -----------
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "sarco <noreply@localhost>")
SERVER_EMAIL = DEFAULT_FROM_EMAIL
EMAIL_TIMEOUT = 10
if os.environ.get("EMAIL_URL"):
    globals().update(email_settings_from_url(os.environ["EMAIL_URL"]))
elif os.environ.get("EMAIL_HOST"):
    EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    EMAIL_HOST = os.environ["EMAIL_HOST"]
    EMAIL_PORT = int(os.environ.get("EMAIL_PORT", "587"))
    EMAIL_HOST_USER = os.environ.get("EMAIL_HOST_USER", "")
    EMAIL_HOST_PASSWORD = os.environ.get("EMAIL_HOST_PASSWORD", "")
    EMAIL_USE_TLS = env_bool("EMAIL_USE_TLS", True)
else:
    EMAIL_BACKEND = "django.core.mail.backends.console.EmailBackend"

# --- I18n -----------------------------------------------------------------------------------
LANGUAGE_CODE = "en"
LANGUAGES = [("en", "English"), ("de", "Deutsch")]
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = os.environ.get("TIME_ZONE", "Europe/Berlin")
USE_I18N = True
FORMAT_MODULE_PATH = ["sarco.formats"]  # our date formats per language (sarco/formats)
USE_TZ = True

# --- Static files (whitenoise) ----------------------------------------------------------------
STATIC_URL = "static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
STATICFILES_DIRS = [BASE_DIR / "static"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": (
            "whitenoise.storage.CompressedManifestStaticFilesStorage"
            if not DEBUG
            else "django.contrib.staticfiles.storage.StaticFilesStorage"
        )
    },
}
WHITENOISE_USE_FINDERS = DEBUG
# The offline worker's version is a hash of the files it keeps; change this to force a new one.
OFFLINE_VERSION = os.environ.get("OFFLINE_VERSION", "")

# --- Security (production defaults; each can be relaxed by the environment) ------------------
SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", not DEBUG)
SESSION_COOKIE_SECURE = env_bool("SESSION_COOKIE_SECURE", not DEBUG)
CSRF_COOKIE_SECURE = env_bool("CSRF_COOKIE_SECURE", not DEBUG)
SECURE_HSTS_SECONDS = int(os.environ.get("SECURE_HSTS_SECONDS", "0" if DEBUG else "31536000"))
SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", not DEBUG)
SECURE_HSTS_PRELOAD = env_bool("SECURE_HSTS_PRELOAD", not DEBUG)
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"
if env_bool("BEHIND_TLS_PROXY", False):
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")


def same_host_websockets(hosts: list[str]) -> list[str]:
    """wss:// (and ws:// with DEBUG) for each named host: 'self' covers same-origin sockets in
    current browsers, older Safari needs them named. Wildcard hosts and IPv6 literals (which a
    CSP source cannot name) are left to 'self'."""
    schemes = ["wss", "ws"] if DEBUG else ["wss"]
    named = [host for host in hosts if host and not host.startswith((".", "[")) and "*" not in host]
    return [f"{scheme}://{host}" for host in named for scheme in schemes]


# Content-Security-Policy (django-csp) on every response: scripts and styles only from the site
# (no inline script or style, no eval: htmx is configured for it in base.html), images from the
# site and data: URLs, sockets to this host, no framing, forms and <base> to the site only.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": ["'self'"],
        "script-src": ["'self'"],
        "style-src": ["'self'"],
        "img-src": ["'self'", "data:"],
        "connect-src": ["'self'", *same_host_websockets(ALLOWED_HOSTS)],
        "object-src": ["'none'"],
        "frame-ancestors": ["'none'"],
        "form-action": ["'self'"],
        "base-uri": ["'self'"],
    }
}

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "INFO")},
    "loggers": {
        "django.db.backends": {"level": "WARNING"},
        "axes": {"level": "WARNING"},  # every login would log; lockouts are warnings
    },
}

MESSAGE_STORAGE = "django.contrib.messages.storage.session.SessionStorage"

# --- Request size ------------------------------------------------------------------------------
# A sheet may be 1 MB (the import page says so when it is larger); a pasted one, form-encoded,
# may take up to three times that. A bigger form body is refused outright (400). Uploads over
# 1 MB go to a temporary file instead of memory; the import page then refuses them unread.
DATA_UPLOAD_MAX_MEMORY_SIZE = 4 * 1024 * 1024
FILE_UPLOAD_MAX_MEMORY_SIZE = 1024 * 1024
DATA_UPLOAD_MAX_NUMBER_FIELDS = 1000

# --- Club nights ------------------------------------------------------------------------------
# Organisers announce nights; with this on, any member may (and change the nights they announced).
NIGHTS_ANYONE_ANNOUNCES = env_bool("NIGHTS_ANYONE_ANNOUNCES", False)
# The site's address as members reach it, for links in mails sent outside a request.
SITE_URL = os.environ.get("SITE_URL", "http://localhost:8000")

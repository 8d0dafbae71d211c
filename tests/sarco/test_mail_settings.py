"""Mail settings come from the environment: the console by default, SMTP from EMAIL_URL or
EMAIL_HOST and its friends; the old keys from SECRET_KEY_FALLBACKS."""

import json

import pytest
from django.core.exceptions import ImproperlyConfigured

from sarco.settings import email_settings_from_url

from .test_settings import run_python

# The settings alone, as test_settings.py's probes read them (no app needs loading).
PROBE = """
import json
from django.conf import settings
names = ["EMAIL_BACKEND", "EMAIL_HOST", "EMAIL_PORT", "EMAIL_HOST_USER", "EMAIL_USE_TLS",
         "DEFAULT_FROM_EMAIL", "SECRET_KEY_FALLBACKS"]
print(json.dumps({name: getattr(settings, name) for name in names}))
"""
DEV = {"DEBUG": "true"}


def probe(**env) -> dict:
    result = run_python({**DEV, **env}, PROBE)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def test_mail_goes_to_the_console_by_default():
    assert probe()["EMAIL_BACKEND"] == "django.core.mail.backends.console.EmailBackend"


def test_email_host_and_friends_choose_smtp():
    found = probe(
        EMAIL_HOST="smtp.example.org",
        EMAIL_PORT="2525",
        EMAIL_HOST_USER="club",
        DEFAULT_FROM_EMAIL="club@example.org",
    )
    assert found["EMAIL_BACKEND"] == "django.core.mail.backends.smtp.EmailBackend"
    assert (found["EMAIL_HOST"], found["EMAIL_PORT"], found["EMAIL_HOST_USER"]) == (
        "smtp.example.org",
        2525,
        "club",
    )
    assert found["EMAIL_USE_TLS"] is True
    assert found["DEFAULT_FROM_EMAIL"] == "club@example.org"


def test_email_url_chooses_smtp_with_starttls():
    found = email_settings_from_url("smtp+tls://club%40example.org:p%2Fw@mail.example.org:587")
    assert found["EMAIL_HOST"] == "mail.example.org"
    assert found["EMAIL_HOST_USER"] == "club@example.org"
    assert found["EMAIL_HOST_PASSWORD"] == "p/w"
    assert found["EMAIL_USE_TLS"] and not found["EMAIL_USE_SSL"]


def test_email_url_with_ssl_defaults_to_its_port():
    found = email_settings_from_url("smtp+ssl://mail.example.org")
    assert found["EMAIL_PORT"] == 465 and found["EMAIL_USE_SSL"]


def test_an_unknown_email_url_scheme_is_refused_by_name():
    with pytest.raises(ImproperlyConfigured, match="EMAIL_URL"):
        email_settings_from_url("http://mail.example.org")


def test_secret_key_fallbacks_are_read_comma_separated():
    found = probe(SECRET_KEY_FALLBACKS="old-key-one, old-key-two")
    assert found["SECRET_KEY_FALLBACKS"] == ["old-key-one", "old-key-two"]

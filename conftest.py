"""Test-wide environment: the settings module must import without a production secret."""

import os

os.environ.setdefault("DEBUG", "true")
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

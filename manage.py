#!/usr/bin/env python
"""Django's command-line utility for sarco."""

import os
import sys


def main() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "sarco.settings")
    from django.conf import settings
    from django.core.exceptions import ImproperlyConfigured
    from django.core.management import execute_from_command_line

    try:
        settings.INSTALLED_APPS  # noqa: B018 - loads the settings now, before any command
    except ImproperlyConfigured as exc:
        # Django would go on without settings and fail later with a long, unrelated
        # traceback (an unknown command); the settings' own message is the whole story.
        sys.exit(f"manage.py: {exc}")
    execute_from_command_line(sys.argv)


if __name__ == "__main__":
    main()

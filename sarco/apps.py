"""The site's own app: wiring that belongs to no domain app."""

from django.apps import AppConfig
from django.contrib.auth.signals import user_logged_in


class SarcoConfig(AppConfig):
    name = "sarco"
    verbose_name = "sarco"

    def ready(self) -> None:
        from . import sessions

        user_logged_in.connect(sessions.mark_refreshed, dispatch_uid="sarco.sessions.refreshed")

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class GamesConfig(AppConfig):
    name = "games"
    verbose_name = _("Online play")

    def ready(self):
        # Scoring sits below online play: it learns of table replays from here.
        from scoring import replays

        from .replays import TABLE_REPLAYS

        replays.register(TABLE_REPLAYS)

from django.apps import AppConfig
from django.db.models.signals import post_migrate
from django.utils.translation import gettext_lazy as _


class ScoringConfig(AppConfig):
    name = "scoring"
    verbose_name = _("Club scoring")

    def ready(self):
        from . import signals  # noqa: F401  (connects the receivers)
        from .organisers import ensure_group_after_migrate

        post_migrate.connect(ensure_group_after_migrate, dispatch_uid="scoring.organisers")

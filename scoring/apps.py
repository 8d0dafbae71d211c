from django.apps import AppConfig


class ScoringConfig(AppConfig):
    name = "scoring"
    verbose_name = "Club scoring"

    def ready(self):
        from . import signals  # noqa: F401  (connects the receivers)

from django.apps import AppConfig


class GamesConfig(AppConfig):
    name = "games"
    verbose_name = "Online play"

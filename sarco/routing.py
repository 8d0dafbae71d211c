"""Websocket URL root; each domain app adds its own consumers here."""

from django.urls import re_path

from games.routing import websocket_urlpatterns as play_websockets
from scoring.routing import websocket_urlpatterns as scoring_websockets

from .consumers import NotFoundConsumer

websocket_urlpatterns = [
    *scoring_websockets,
    *play_websockets,
    re_path(r"", NotFoundConsumer.as_asgi()),  # last: any other path closes cleanly
]

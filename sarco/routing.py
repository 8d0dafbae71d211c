"""Websocket URL root; each domain app adds its own consumers here."""

from django.urls import path

from scoring.routing import websocket_urlpatterns as scoring_websockets

from .consumers import PingConsumer

websocket_urlpatterns = [
    path("ws/ping/", PingConsumer.as_asgi()),
    *scoring_websockets,
]

"""Online play's websockets (see consumers.py); sarco/routing.py includes these."""

from django.urls import path, re_path

from .consumers import ClosingConsumer, LobbyConsumer, TableConsumer

websocket_urlpatterns = [
    path("ws/play/lobby/", LobbyConsumer.as_asgi()),
    path("ws/play/<str:public_id>/", TableConsumer.as_asgi()),
    re_path(r"^ws/play/", ClosingConsumer.as_asgi()),
]

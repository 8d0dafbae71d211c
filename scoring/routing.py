"""The scorekeeper's websockets: one group per sheet (see consumers.py)."""

from django.urls import path

from .consumers import SheetConsumer

websocket_urlpatterns = [
    path("ws/sheets/<uuid:public_id>/", SheetConsumer.as_asgi()),
]

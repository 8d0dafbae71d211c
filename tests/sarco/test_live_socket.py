"""A live socket's messages reach their handlers without a trip to the database thread."""

from __future__ import annotations

import pytest

from sarco.live_socket import LiveSocket, plain_user


class Recording(LiveSocket):
    def __init__(self) -> None:
        super().__init__()
        self.heard: list[dict] = []

    async def table_version(self, event: dict) -> None:
        self.heard.append(event)


@pytest.mark.asyncio
async def test_a_message_reaches_its_handler_without_closing_old_connections(monkeypatch):
    closed: list[bool] = []
    monkeypatch.setattr("channels.db.close_old_connections", lambda: closed.append(True))
    socket = Recording()
    await socket.dispatch({"type": "table.version", "version": 3})
    assert socket.heard == [{"type": "table.version", "version": 3}]
    assert closed == []


@pytest.mark.asyncio
async def test_a_message_without_a_handler_is_an_error():
    with pytest.raises(ValueError, match="No handler"):
        await Recording().dispatch({"type": "no.such.thing"})


def test_the_resolved_user_is_held_as_itself():
    from channels.auth import UserLazyObject
    from django.contrib.auth.models import AnonymousUser

    lazy = UserLazyObject()
    lazy._wrapped = user = AnonymousUser()
    scope = {"user": lazy}
    plain_user(scope)
    assert scope["user"] is user


def test_a_scope_without_a_resolved_user_is_left_as_it_is():
    from channels.auth import UserLazyObject

    lazy = UserLazyObject()
    for scope in ({}, {"user": None}, {"user": lazy}):
        before = scope.get("user")
        plain_user(scope)
        assert scope.get("user") is before

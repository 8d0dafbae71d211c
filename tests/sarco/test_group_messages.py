"""Group messages leave the server's sync code without waiting for the channel layer, and a
command or a test without a running server still delivers them (``sarco.group_messages``)."""

import asyncio

import pytest
from channels.layers import get_channel_layer

from sarco import group_messages


class SlowLayer:
    """A layer whose sends finish only when told to."""

    def __init__(self):
        self.go = asyncio.Event()
        self.sent: list[tuple[str, dict]] = []

    async def group_send(self, group, message):
        await self.go.wait()
        self.sent.append((group, message))

    async def let_go(self) -> None:
        """Let the sends finish, and wait (half a second at most) until one has."""
        self.go.set()
        for _ in range(50):
            await asyncio.sleep(0.01)
            if self.sent:
                return


async def test_a_sync_thread_of_the_server_does_not_wait_for_the_layer(monkeypatch):
    layer = SlowLayer()
    monkeypatch.setattr(group_messages, "get_channel_layer", lambda: layer)
    group_messages.remember_loop()
    await asyncio.wait_for(asyncio.to_thread(group_messages.send, "g", {"type": "x"}), 2)
    assert layer.sent == []
    await layer.let_go()
    assert layer.sent == [("g", {"type": "x"})]


async def test_on_the_servers_loop_itself_send_returns_at_once_and_the_loop_sends(monkeypatch):
    layer = SlowLayer()
    monkeypatch.setattr(group_messages, "get_channel_layer", lambda: layer)
    group_messages.remember_loop()
    woken = []
    loop = asyncio.get_running_loop()
    monkeypatch.setattr(loop, "call_soon_threadsafe", lambda *a, **k: woken.append(a))

    group_messages.send("g", {"type": "x"})  # sync code run on the loop (games.loop_moves)

    assert layer.sent == []
    await layer.let_go()
    assert layer.sent == [("g", {"type": "x"})]
    assert woken == []  # no thread woken: the loop sent it as a task of its own


def test_without_a_running_server_the_message_is_delivered_before_send_returns():
    layer = get_channel_layer()
    channel = asyncio.run(layer.new_channel())
    asyncio.run(layer.group_add("commands", channel))
    group_messages.send("commands", {"type": "hello"})
    assert asyncio.run(layer.receive(channel)) == {"type": "hello"}


@pytest.mark.parametrize(
    "consumer",
    [
        "games.consumers.TableConsumer",
        "games.consumers.LobbyConsumer",
        "scoring.consumers.SheetConsumer",
    ],
)
def test_every_live_socket_shares_one_base(consumer):
    from importlib import import_module

    from sarco.live_socket import LiveSocket
    from sarco.socket_limits import SocketLimits

    module, name = consumer.rsplit(".", 1)
    cls = getattr(import_module(module), name)
    assert issubclass(cls, LiveSocket) and issubclass(cls, SocketLimits)

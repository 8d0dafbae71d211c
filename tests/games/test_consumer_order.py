"""A table's socket never takes its page back in time: the host's presence beat reads and
renders the table alongside the socket's pushes, and a rendering it began before a move (or a
move's own answer finished after a bot's push) must not replace the later page. Sent, it
showed forms of a version the table had left, and the next tap was refused as stale."""

import pytest

from games.consumers import TableConsumer
from games.rendering import FragmentsKey


def key(version: int, away: str = "") -> FragmentsKey:
    return FragmentsKey("t", version, "playing", "", 0, True, True, away, clock="", language="en")


@pytest.fixture
def consumer():
    socket = TableConsumer()
    socket.sent = []

    async def send(text_data=None, bytes_data=None, close=False):
        socket.sent.append(text_data)

    socket.send = send
    socket.sent_version = 7
    socket.last_key = key(7)
    return socket


async def test_a_rendering_older_than_the_page_is_not_sent(consumer):
    await consumer._send_rendered(("page at 6", 6, key(6)))
    assert consumer.sent == []
    assert (consumer.sent_version, consumer.last_key) == (7, key(7))


async def test_the_same_version_again_is_sent_when_it_changed(consumer):
    await consumer._send_rendered(("page at 7, Ben away", 7, key(7, away="1")))
    await consumer._send_rendered(("page at 8", 8, key(8)))
    assert consumer.sent == ["page at 7, Ben away", "page at 8"]
    assert consumer.last_key == key(8)

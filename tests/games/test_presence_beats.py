"""Each table socket beats on a phase of its own: sockets opened together (a crowd back after
a restart) do not all mark their seats seen at the same moment, every period."""

from __future__ import annotations

import asyncio

import pytest

from games import consumers, presence
from games.consumers import TableConsumer


async def waits_of_a_socket(monkeypatch, phase: float, beats: int = 3) -> list[float]:
    """The waits of one socket's presence loop, its first beat's phase drawn as ``phase``."""
    waits: list[float] = []

    async def sleep(seconds: float) -> None:
        waits.append(seconds)
        if len(waits) > beats:
            raise asyncio.CancelledError

    monkeypatch.setattr(consumers.asyncio, "sleep", sleep)
    monkeypatch.setattr(consumers.random, "uniform", lambda low, high: low + phase * (high - low))
    socket = TableConsumer()
    socket.last_key = None  # not seated, not hosting: a beat touches nothing
    with pytest.raises(asyncio.CancelledError):
        await socket._keep_presence()
    return waits


@pytest.mark.asyncio
async def test_the_first_beat_comes_within_the_first_period_at_the_sockets_own_phase(
    monkeypatch,
):
    beat = presence.heartbeat_seconds()
    early, late = (
        await waits_of_a_socket(monkeypatch, 0.1),
        await waits_of_a_socket(monkeypatch, 0.9),
    )
    assert early[0] == pytest.approx(0.1 * beat) and late[0] == pytest.approx(0.9 * beat)


@pytest.mark.asyncio
async def test_after_the_first_beat_a_socket_beats_every_period(monkeypatch):
    beat = presence.heartbeat_seconds()
    assert (await waits_of_a_socket(monkeypatch, 0.5))[1:] == [beat, beat, beat]

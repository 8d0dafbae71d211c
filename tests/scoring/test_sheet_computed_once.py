"""A save computes the sheet once: the form's check, the service, the sheet drawn after it
and every phone watching all read that one result."""

import pytest
from channels.db import database_sync_to_async
from django.core.cache import cache

from sarco.asgi import application
from scoring import sheets
from scoring.calculators import sarkophag
from tests.sockets import WebsocketCommunicator

from .sheet_helpers import entry_url, sarkophag_sheet, user

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.usefixtures("sync_threads_closed"),
]


@pytest.fixture
def calls(monkeypatch):
    """The rounds of every sheet the Sarkophag calculator is asked to compute."""
    seen: list[int] = []
    real = sarkophag.compute

    def counted(sheet, players):
        seen.append(len(sheet["rounds"]))
        return real(sheet, players)

    monkeypatch.setattr(sarkophag, "compute", counted)
    cache.clear()
    return seen


def watch(session):
    return WebsocketCommunicator(
        application, f"/ws/sheets/{session.public_id}/", headers=[(b"origin", b"http://localhost")]
    )


async def test_a_save_computes_the_saved_sheet_once_for_the_keeper_and_two_watchers(client, calls):
    owner = await database_sync_to_async(user)()
    await database_sync_to_async(client.force_login)(owner)
    session = await database_sync_to_async(sarkophag_sheet)(owner, 100)
    await database_sync_to_async(sheets.apply_edit)(
        session.public_id, owner, "add", entry={"heads": {"Anna": 7, "Ben": 0, "Clara": 2}}
    )
    watchers = [watch(session), watch(session)]
    for watcher in watchers:
        assert (await watcher.connect())[0]
    calls.clear()
    data = {"mode": "heads", "heads-0": "20", "heads-1": "31", "heads-2": "25", "action": "save"}
    data |= {"seen": "1", "adding": "2", "round": ""}
    response = await database_sync_to_async(client.post)(
        entry_url(session), data, HTTP_HX_REQUEST="true"
    )
    assert response.status_code == 200 and "Round 2 saved." in response.content.decode()
    for watcher in watchers:
        assert 'data-player="Ben">31<' in await watcher.receive_from(timeout=2)
        await watcher.disconnect()
    assert calls.count(2) == 1  # the saved sheet: once, not once per page that shows it
    assert calls.count(3) <= 1  # the next round's empty form, previewed

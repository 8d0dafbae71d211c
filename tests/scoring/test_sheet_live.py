"""The live update: an edit committed on one phone reaches every phone on the sheet's socket."""

import pytest
from channels.db import database_sync_to_async

from sarco.asgi import application
from scoring import sheets
from tests.sockets import WebsocketCommunicator

from .sheet_helpers import sarkophag_sheet, user

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.usefixtures("sync_threads_closed"),
]


def communicator(session):
    return WebsocketCommunicator(
        application,
        f"/ws/sheets/{session.public_id}/",
        headers=[(b"origin", b"http://localhost")],
    )


async def test_a_watcher_receives_the_new_totals_after_an_edit():
    owner = await database_sync_to_async(user)()
    session = await database_sync_to_async(sarkophag_sheet)(owner, 100)
    watcher = communicator(session)
    connected, _ = await watcher.connect()
    assert connected
    await database_sync_to_async(sheets.apply_edit)(
        session.public_id, owner, "add", entry={"heads": {"Anna": 7, "Ben": 0, "Clara": 2}}
    )
    html = await watcher.receive_from(timeout=2)
    assert 'id="sheet-live"' in html and 'hx-swap-oob="innerHTML"' in html
    assert 'data-player="Anna">7<' in html
    await watcher.disconnect()


async def test_a_refused_edit_sends_nothing():
    owner = await database_sync_to_async(user)()
    session = await database_sync_to_async(sarkophag_sheet)(owner, 100)
    watcher = communicator(session)
    await watcher.connect()
    with pytest.raises(sheets.EditRefused):
        await database_sync_to_async(sheets.apply_edit)(
            session.public_id, owner, "add", entry={"heads": {"Anna": -1, "Ben": 0, "Clara": 0}}
        )
    assert await watcher.receive_nothing(timeout=0.3)
    await watcher.disconnect()


async def test_an_unknown_sheet_is_refused():
    bad = WebsocketCommunicator(
        application,
        "/ws/sheets/00000000-0000-4000-8000-000000000000/",
        headers=[(b"origin", b"http://localhost")],
    )
    connected, _ = await bad.connect()
    assert not connected


def logged_in_communicator(session, login):
    from django.conf import settings
    from django.test import Client

    client = Client()
    client.force_login(login)
    cookie = f"{settings.SESSION_COOKIE_NAME}={client.cookies[settings.SESSION_COOKIE_NAME].value}"
    return WebsocketCommunicator(
        application,
        f"/ws/sheets/{session.public_id}/",
        headers=[(b"origin", b"http://localhost"), (b"cookie", cookie.encode())],
    )


async def test_a_second_keeper_device_gets_the_new_round_count_and_fresh_actions():
    """entry-form.js moves a new-round form on when #sheet-state says that round is saved;
    Undo and Finish come at the new version, so they act on what the page now shows."""
    owner = await database_sync_to_async(user)()
    session = await database_sync_to_async(sarkophag_sheet)(owner, 100)
    device = await database_sync_to_async(logged_in_communicator)(session, owner)
    assert (await device.connect())[0]
    await database_sync_to_async(sheets.apply_edit)(
        session.public_id, owner, "add", entry={"heads": {"Anna": 7, "Ben": 0, "Clara": 12}}
    )
    html = await device.receive_from(timeout=2)
    assert 'id="sheet-state"' in html and 'data-rounds="1"' in html
    assert 'id="sheet-actions" class="sheet-actions"' in html and 'name="seen" value="1"' in html
    await device.disconnect()


async def test_finish_on_one_device_updates_the_badge_and_clears_the_form_on_the_other():
    owner = await database_sync_to_async(user)()
    session = await database_sync_to_async(sarkophag_sheet)(owner)  # one round: then over
    await database_sync_to_async(sheets.apply_edit)(
        session.public_id, owner, "add", entry={"heads": {"Anna": 7, "Ben": 0, "Clara": 12}}
    )
    device = await database_sync_to_async(logged_in_communicator)(session, owner)
    watcher = communicator(session)
    assert (await device.connect())[0] and (await watcher.connect())[0]
    await database_sync_to_async(sheets.apply_edit)(session.public_id, owner, "finish")
    keeper_html = await device.receive_from(timeout=2)
    watcher_html = await watcher.receive_from(timeout=2)
    for html in (keeper_html, watcher_html):
        assert 'id="sheet-head"' in html and "status-finished" in html
    assert 'id="entry" hx-swap-oob="delete"' in keeper_html
    assert "sheet-actions" not in watcher_html
    await device.disconnect()
    await watcher.disconnect()

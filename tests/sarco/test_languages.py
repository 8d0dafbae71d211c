"""Websockets speak the reader's language: the switcher's cookie, then Accept-Language."""

import pytest
from channels.db import database_sync_to_async

from sarco.languages import scope_language
from tests.sockets import WebsocketCommunicator


def scope(cookie: str | None = None, accept: str | None = None) -> dict:
    headers = [(b"accept-language", accept.encode())] if accept else []
    return {"cookies": {"django_language": cookie} if cookie else {}, "headers": headers}


def test_the_switchers_cookie_wins():
    assert scope_language(scope(cookie="de", accept="en")) == "de"


def test_the_browsers_language_otherwise():
    assert scope_language(scope(accept="de-DE,de;q=0.9,en;q=0.8")) == "de"
    assert scope_language(scope(accept="fr, en;q=0.5")) == "en"


def test_unknown_languages_fall_back_to_english():
    assert scope_language(scope(cookie="xx", accept="fr, it")) == "en"
    assert scope_language({}) == "en"


@pytest.mark.django_db(transaction=True)
async def test_a_german_browsers_table_socket_is_german(client, sync_threads_closed):
    from sarco.asgi import application
    from tests.games.helpers import sarg_table

    table = await database_sync_to_async(sarg_table)()
    await database_sync_to_async(client.force_login)(table.host)
    cookie = f"sessionid={client.cookies['sessionid'].value}".encode()
    pages = {}
    for language in ("en", "de"):
        communicator = WebsocketCommunicator(
            application,
            f"/ws/play/{table.public_id}/",
            headers=[
                (b"origin", b"http://localhost"),
                (b"cookie", cookie),
                (b"accept-language", language.encode()),
            ],
        )
        ok, _ = await communicator.connect()
        assert ok
        pages[language] = await communicator.receive_from(timeout=5)
        await communicator.disconnect()
    assert "Dame" in pages["de"] and "Dame" not in pages["en"]
    assert "Queen" in pages["en"]

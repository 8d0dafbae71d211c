"""sarco's ASGI handler for HTTP (``sarco.asgi_handler``): each request's start signal, view,
response and finish signal run in one hop on the process's sync thread; a streamed body is
sent first and closed after."""

import threading

import pytest
from django.core import signals
from django.http import HttpResponse, StreamingHttpResponse
from django.test import override_settings
from django.urls import path

from sarco.asgi_handler import SyncStackASGIHandler

events: list[tuple[str, int]] = []


def plain(request):
    events.append(("view", threading.get_ident()))
    return HttpResponse("plain body")


class Chunks:
    """A streamed body that notes when the handler closes it."""

    def __iter__(self):
        events.append(("streaming", threading.get_ident()))
        yield b"one "
        yield b"two"

    def close(self):
        events.append(("closed", threading.get_ident()))


def streamed(request):
    return StreamingHttpResponse(Chunks())


def refused(request):
    raise ValueError("a bug")


urlpatterns = [path("plain/", plain), path("streamed/", streamed), path("bug/", refused)]


@pytest.fixture(autouse=True)
def signals_noted():
    events.clear()

    def started(**kwargs):
        events.append(("started", threading.get_ident()))

    def finished(**kwargs):
        events.append(("finished", threading.get_ident()))

    signals.request_started.connect(started)
    signals.request_finished.connect(finished)
    yield
    signals.request_started.disconnect(started)
    signals.request_finished.disconnect(finished)


async def get(url: str) -> tuple[int, bytes, list[tuple[str, int]]]:
    """GET through a fresh handler: status, body, and what happened before the answer began."""
    scope = {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": "GET",
        "scheme": "http",
        "path": url,
        "raw_path": url.encode(),
        "query_string": b"",
        "root_path": "",
        "headers": [(b"host", b"testserver")],
        "client": ("127.0.0.1", 1234),
        "server": ("testserver", 80),
    }
    sent: list[dict] = []
    before_answer: list[tuple[str, int]] = []

    async def receive() -> dict:
        return {"type": "http.request", "body": b""}

    async def send(message: dict) -> None:
        if message["type"] == "http.response.start":
            before_answer.extend(events)
        sent.append(message)

    await SyncStackASGIHandler()(scope, receive, send)
    body = b"".join(m.get("body", b"") for m in sent if m["type"] == "http.response.body")
    return sent[0]["status"], body, before_answer


pytestmark = [pytest.mark.django_db, pytest.mark.urls(__name__)]


async def test_a_request_starts_runs_and_finishes_in_one_hop_before_its_answer_goes_out():
    status, body, before_answer = await get("/plain/")
    assert (status, body) == (200, b"plain body")
    assert [name for name, _ in before_answer] == ["started", "view", "finished"]
    assert len({thread for _, thread in before_answer}) == 1
    assert threading.get_ident() not in {thread for _, thread in before_answer}


@pytest.mark.filterwarnings("ignore:StreamingHttpResponse must consume synchronous iterators")
async def test_a_streamed_answer_is_closed_after_its_body_was_sent():
    status, body, before_answer = await get("/streamed/")
    assert (status, body) == (200, b"one two")
    assert "finished" not in [name for name, _ in before_answer]
    assert [name for name, _ in events][-2:] == ["closed", "finished"]


@override_settings(DEBUG=False)
async def test_a_failing_view_is_a_500_and_the_request_still_finishes():
    status, _, _ = await get("/bug/")
    assert status == 500
    assert [name for name, _ in events].count("finished") == 1

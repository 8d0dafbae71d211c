"""The site ``bench/floor.py`` measures: sarco's settings, middleware and ASGI handler with two
views that do nothing, and a bare ASGI app. Only the benchmark serves it."""

from django.http import HttpResponse
from django.urls import path

from sarco.settings import *  # noqa: F403

ROOT_URLCONF = "bench.floor_site"


def nothing(request):
    """The request cycle alone: sarco's middleware and handler, no session read."""
    return HttpResponse("ok")


def who(request):
    """The request cycle with the signed-in user, as every move reads it (session, user)."""
    return HttpResponse("yes" if request.user.is_authenticated else "no")


urlpatterns = [path("nothing/", nothing), path("who/", who)]


async def bare(scope, receive, send):
    """daphne alone: an ASGI app that answers every request with two bytes."""
    if scope["type"] != "http":
        return
    while (await receive()).get("more_body"):
        pass
    await send(
        {"type": "http.response.start", "status": 200, "headers": [(b"content-length", b"2")]}
    )
    await send({"type": "http.response.body", "body": b"ok"})

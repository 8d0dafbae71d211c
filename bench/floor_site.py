"""The site ``bench/floor.py`` measures: sarco's settings, middleware and ASGI handler with
views that do nothing, a move that does nothing, and a bare ASGI app. Only the benchmark
serves it (``bench/floor_asgi.py`` adds the null move's socket)."""

from django.http import HttpResponse, HttpResponseBadRequest, HttpResponseForbidden
from django.urls import path
from django.views.decorators.http import require_POST

from sarco.settings import *  # noqa: F403

ROOT_URLCONF = "bench.floor_site"
NULL_GROUP = "floor-{}"
NULL_FRAGMENT = '<div id="table-status" data-version="{}" hx-swap-oob="true"></div>'


def nothing(request):
    """The request cycle alone: sarco's middleware and handler, no session read."""
    return HttpResponse("ok")


def who(request):
    """The request cycle with the signed-in user, as every move reads it (session, user)."""
    return HttpResponse("yes" if request.user.is_authenticated else "no")


@require_POST
def null_move(request, number: int):
    """A move with everything around it and nothing in it: the posted form (CSRF, the signed-in
    user, the version) and the group message after it, as ``tables.play`` sends it; no table,
    no database write, no rendering. Every socket of the group then sends a tiny fragment."""
    from sarco.group_messages import send  # the hand-over to the event loop a real move makes

    if not request.user.is_authenticated:
        return HttpResponseForbidden()
    version = request.POST.get("version", "")
    if not (version.isascii() and version.isdigit()):
        return HttpResponseBadRequest()
    new = int(version) + 1
    send(NULL_GROUP.format(number), {"type": "table.version", "version": new})
    return HttpResponse(NULL_FRAGMENT.format(new))


urlpatterns = [
    path("nothing/", nothing),
    path("who/", who),
    path("floor/<int:number>/move/", null_move),
]


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

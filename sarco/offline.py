"""The installable, offline-capable site: web app manifest, service worker, offline page.

The worker must be served from the site's root (a worker controls only the path it comes
from, never /static/) and re-checked on every visit (``no-cache``); its version is a hash of
the files it keeps, so a deploy that changes any of them installs a new worker and drops the
old caches. See docs/scorekeeper.md, "Without a network".
"""

from __future__ import annotations

import hashlib
import json
from functools import lru_cache

from django.conf import settings
from django.contrib.staticfiles import finders
from django.http import HttpResponse, JsonResponse
from django.shortcuts import render
from django.templatetags.static import static
from django.urls import reverse
from django.utils.cache import patch_cache_control, patch_vary_headers
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe

from games.engines.registry import slugs

# Static files every scorekeeper page needs; others are kept as they are first loaded.
KEPT_STATIC = (
    "css/sarco.css",
    "css/scorekeeper.css",
    "js/announce.js",
    "js/data-actions.js",
    "js/entry-form.js",
    "js/focus-keeper.js",
    "js/key-shortcuts.js",
    "js/offline-worker.js",
    "js/offline-outbox.js",
    "js/offline-status.js",
    "js/offline-totals.js",
    "js/offline-entry.js",
    "js/offline-sarg.js",
    "js/offline-forms.js",
    "js/offline-started.js",
    "js/offline-boot.js",
    "js/provisional.js",
    "js/sacrifice-pick.js",
    "js/sarg-drag.js",
    "django_htmx/htmx-2.min.js",
    "django_htmx/ext/hx-ws-2.min.js",
    "img/coffin.svg",
    "img/icons/icon-192.png",
    "img/icons/icon-512.png",
)


@lru_cache(maxsize=1)
def kept_static() -> tuple[str, ...]:
    """``KEPT_STATIC`` and each game's provisional rule (``js/provisional-<game>.js``, loaded by
    the game's ``templates/scoring/<game>/_provisional.html``), for the games that have one."""
    rules = (f"js/provisional-{slug}.js" for slug in slugs())
    return KEPT_STATIC + tuple(name for name in rules if finders.find(name))


THEME_LIGHT = "#8a4b1f"  # the accent of static/css/sarco.css, light and dark
THEME_DARK = "#17130f"
BACKGROUND = "#faf7f2"


@lru_cache(maxsize=1)
def worker_version() -> str:
    """A hash of the kept static files and ``OFFLINE_VERSION`` (a setting to force a new
    worker): any change to them makes phones fetch the new files."""
    digest = hashlib.sha256(str(getattr(settings, "OFFLINE_VERSION", "")).encode())
    for name in kept_static():
        digest.update(static(name).encode())
        path = finders.find(name)
        if path:
            with open(path, "rb") as file:
                digest.update(file.read())
    return digest.hexdigest()[:16]


def kept_urls() -> list[str]:
    """What the worker fetches when it installs: static files and the pages that open
    without a sheet (the scorekeeper's start, the offline page, the manifest)."""
    pages = [reverse("scorekeeper"), reverse("offline"), reverse("manifest")]
    return [static(name) for name in kept_static()] + pages


@require_safe
def service_worker(request) -> HttpResponse:
    """static/js/service-worker.js with its version and file list, from the site root."""
    config = {
        "version": worker_version(),
        "kept": kept_urls(),
        "offline": reverse("offline"),
        "scorekeeper": reverse("scorekeeper"),
        "static": settings.STATIC_URL
        if settings.STATIC_URL.startswith("/")
        else f"/{settings.STATIC_URL}",
    }
    with open(finders.find("js/service-worker.js"), encoding="utf-8") as file:
        body = f"const SARCO = {json.dumps(config)};\n{file.read()}"
    response = HttpResponse(body, content_type="text/javascript; charset=utf-8")
    patch_cache_control(response, no_cache=True, max_age=0)
    response["Service-Worker-Allowed"] = "/"
    return response


@require_safe
def manifest(request) -> JsonResponse:
    """The web app manifest: "Add to home screen" opens the scorekeeper, standalone."""
    icons = []
    for size in (192, 512):
        src = static(f"img/icons/icon-{size}.png")
        for purpose in ("any", "maskable"):
            icons.append(
                {"src": src, "sizes": f"{size}x{size}", "type": "image/png", "purpose": purpose}
            )
    data = {
        "id": reverse("scorekeeper"),
        "name": _("sarco scorekeeper"),
        "short_name": "sarco",
        "description": _("Keep score at the table, even without a network."),
        "lang": request.LANGUAGE_CODE,
        "start_url": reverse("scorekeeper"),
        "scope": "/",
        "display": "standalone",
        "orientation": "portrait",
        "theme_color": THEME_LIGHT,
        "background_color": BACKGROUND,
        "icons": icons,
    }
    response = JsonResponse(data, content_type="application/manifest+json")
    patch_cache_control(response, no_cache=True)
    return response


@require_safe
def offline(request) -> HttpResponse:
    """What the worker shows for a page it does not keep while there is no network (online
    play, the admin, the leaderboard): that it needs the network, not a browser error."""
    return render(request, "offline.html")


def vary_on_htmx(get_response):
    """Full pages and htmx fragments share URLs: no cache may hand one out for the other."""

    def middleware(request):
        response = get_response(request)
        patch_vary_headers(response, ["HX-Request"])
        return response

    return middleware

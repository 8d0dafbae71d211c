"""Sessions that end after an idle time, without a session write on every request."""

from __future__ import annotations

import time

from django.conf import settings

REFRESHED_KEY = "_sarco_refreshed"


class IdleExpiryMiddleware:
    """Moves a session's expiry SESSION_COOKIE_AGE ahead when it was last moved more than
    SESSION_REFRESH_SECONDS ago: a session then ends between the idle time less a day and the
    idle time after the last visit. SESSION_SAVE_EVERY_REQUEST would be exact to the second
    but write the session (a database row, or the cache and a row) on every request."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if settings.SESSION_COOKIE_NAME in request.COOKIES:
            self.refresh(request.session)
        return self.get_response(request)

    @staticmethod
    def refresh(session) -> None:
        now = int(time.time())
        last = session.get(REFRESHED_KEY)
        if not isinstance(last, int) or now - last >= settings.SESSION_REFRESH_SECONDS:
            if not session.keys():
                return  # a cookie naming no session (or an expired one): make none
            session[REFRESHED_KEY] = now  # modified: saved with a fresh expiry


def mark_refreshed(sender, request, user, **kwargs) -> None:
    """A login starts a session with a fresh expiry: note it, so the first request after the
    login writes no session again (a posted move would otherwise pay for that write)."""
    if request is not None and hasattr(request, "session"):
        request.session[REFRESHED_KEY] = int(time.time())

"""Websockets in the reader's language.

HTTP requests get their language from ``LocaleMiddleware``; a websocket has no request, so
its fragments would be rendered in ``LANGUAGE_CODE``. ``LanguageMiddleware`` picks the
language the same way (the switcher's cookie, then Accept-Language) from the handshake and
keeps it active for the whole connection, so every push of a German table page is German too.
"""

from __future__ import annotations

from django.conf import settings
from django.utils import translation
from django.utils.translation.trans_real import parse_accept_lang_header


def scope_language(scope) -> str:
    """The language of a websocket's handshake: the cookie's choice, else the browser's."""
    chosen = (scope.get("cookies") or {}).get(settings.LANGUAGE_COOKIE_NAME)
    if chosen in dict(settings.LANGUAGES):
        return chosen
    headers = dict(scope.get("headers") or [])
    accept = headers.get(b"accept-language", b"").decode("latin-1")
    for code, _quality in parse_accept_lang_header(accept):
        if code == "*":
            break
        try:
            return translation.get_supported_language_variant(code)
        except LookupError:
            continue
    return settings.LANGUAGE_CODE


class LanguageMiddleware:
    """ASGI middleware (inside ``AuthMiddlewareStack``, which parses the cookies)."""

    def __init__(self, inner):
        self.inner = inner

    async def __call__(self, scope, receive, send):
        language = scope_language(scope)
        with translation.override(language):
            return await self.inner({**scope, "language": language}, receive, send)

"""Counting requests in the cache: a password-reset request per address and per client.

The count does not depend on whether an address belongs to anyone, so being throttled says
nothing about the address either. With Redis every process shares the count; without it the
site is one process and its memory is the cache.
"""

from __future__ import annotations

import hashlib

from django.conf import settings
from django.core.cache import cache


def client_address(request) -> str:
    if getattr(settings, "AXES_CLIENT_IP_CALLABLE", None):
        from sarco.client_ip import client_ip

        return client_ip(request) or ""
    return request.META.get("REMOTE_ADDR", "")


def _key(kind: str, value: str) -> str:
    digest = hashlib.sha256(value.strip().lower().encode("utf-8", "replace")).hexdigest()
    return f"throttle:{kind}:{digest}"


def over_limit(kind: str, value: str, limit: int, seconds: int) -> bool:
    """Count one more request for ``value``; True once more than ``limit`` came within the
    window (which starts at the first of them)."""
    key = _key(kind, value)
    cache.add(key, 0, timeout=seconds)
    try:
        count = cache.incr(key)
    except ValueError:  # expired between add and incr
        cache.set(key, 1, timeout=seconds)
        count = 1
    return count > limit


def reset_request_refused(request, address: str) -> bool:
    """A password-reset request past its limit, by address or by client address."""
    window = settings.PASSWORD_RESET_THROTTLE_SECONDS
    by_address = over_limit("reset-address", address, settings.PASSWORD_RESET_PER_ADDRESS, window)
    by_client = over_limit(
        "reset-client", client_address(request), settings.PASSWORD_RESET_PER_CLIENT, window
    )
    return by_address or by_client


def confirmation_mail_refused(request) -> bool:
    """A confirmation mail past its limit for this member, or for this client (sign-ups): the
    link goes to any address typed, so without a limit the site could be made to mail a
    stranger again and again."""
    window = settings.PASSWORD_RESET_THROTTLE_SECONDS
    limit = settings.EMAIL_CONFIRMATIONS_PER_MEMBER
    by_member = over_limit("confirm-member", str(request.user.pk), limit, window)
    by_client = over_limit("confirm-client", client_address(request), 2 * limit, window)
    return by_member or by_client

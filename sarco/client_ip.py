"""The client's address behind the load balancer, for login throttling (django-axes)."""

from __future__ import annotations


def client_ip(request) -> str | None:
    """The address the load balancer saw: the last hop it appended to X-Forwarded-For (the
    ones before it are whatever the client claimed)."""
    forwarded = request.META.get("HTTP_X_FORWARDED_FOR", "")
    return forwarded.split(",")[-1].strip() or request.META.get("REMOTE_ADDR")

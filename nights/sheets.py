"""Sheets started from a night's page belong to that night.

The night's page opens the scorekeeper's new-sheet page with ``?origin=night:<id>``; scoring
sends ``sheet_started`` with that origin once the sheet exists, and this receiver links it.
Only a member who comes (or may change the night) links a sheet to it, and never to a
cancelled night: a forged origin links nothing.
"""

from __future__ import annotations

from urllib.parse import urlencode

from django.dispatch import receiver
from django.urls import reverse

from scoring.signals import sheet_started

from .models import Night, NightSession
from .organising import can_change

PREFIX = "night:"


def origin_of(night: Night) -> str:
    return f"{PREFIX}{night.pk}"


def night_of(origin: str) -> Night | None:
    if not origin.startswith(PREFIX) or not origin[len(PREFIX) :].isdecimal():
        return None
    return Night.objects.filter(pk=int(origin[len(PREFIX) :])).first()


def may_link(user, night: Night) -> bool:
    if night.is_cancelled or not user.is_authenticated:
        return False
    return can_change(user, night) or night.attendances.filter(user=user).exists()


def new_sheet_url(night: Night, game_slug: str) -> str:
    """The scorekeeper's new-sheet page with the night's members who come as players."""
    players = [
        a.user.player.pk
        for a in night.attendances.filter(waiting=False).select_related("user__player")
        if hasattr(a.user, "player")
    ]
    query = urlencode(
        {"players": players, "origin": origin_of(night), "location": night.place}, doseq=True
    )
    return f"{reverse('scorekeeper-new', args=[game_slug])}?{query}"


@receiver(sheet_started, dispatch_uid="nights.link_sheet")
def link_sheet(sender, session, user, origin: str, **kwargs) -> None:
    night = night_of(origin)
    if night is not None and may_link(user, night):
        NightSession.objects.get_or_create(session=session, defaults={"night": night})

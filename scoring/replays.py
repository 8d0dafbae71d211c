"""Where a finished session can be looked at again, as the app that played it says.

Scoring sits below online play and imports nothing of it, yet a session played online is best
shown as its table's replay rather than its score sheet. So online play registers a
``ReplaySource`` when it starts (``GamesConfig.ready``) and scoring asks it; with none
registered (scoring on its own) every session links to its score sheet.

A hook rather than a reference stored on the session: the table already names its session,
so nothing is written twice, and the source hands scoring a subquery, so a page still reads
its sessions and their replays in one query.
"""

from __future__ import annotations

from typing import Any, Protocol

from django.db import models
from django.db.models.expressions import Expression
from django.urls import reverse


class ReplaySource(Protocol):
    def reference(self, session: str) -> Expression:
        """A subquery: what names the replay of the session at ``OuterRef(session)``, or
        NULL for a session that has none."""

    def url(self, reference: Any) -> str:
        """The replay page of a reference ``reference()`` gave."""


_sources: list[ReplaySource] = []


def register(source: ReplaySource) -> None:
    """Let scoring link sessions to ``source``'s replays (once per source; ``ready`` may run
    twice in tests)."""
    if source not in _sources:
        _sources.append(source)


def replay_reference(session: str = "session") -> Expression:
    """An annotation: the replay reference of the session at ``OuterRef(session)``, or NULL."""
    if not _sources:
        return models.Value(None, output_field=models.CharField())
    return _sources[0].reference(session)


def session_url(reference: Any, public_id: Any) -> str:
    """A session's page: its replay if ``reference`` names one, else its score sheet."""
    if reference is not None and _sources:
        return _sources[0].url(reference)
    return reverse("sheet", args=[public_id])

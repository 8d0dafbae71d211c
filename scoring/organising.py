"""What organisers do to the club's records, each with its audit entry.

The one write path for corrections, voids, restores, deletes, merges, renames and links to
a login: the admin calls these functions and nothing else. Each runs in one transaction,
writes one ``AuditEntry`` (who, when, before, after, why) and brings the ratings up to date,
so that nothing an organiser does leaves totals, places or ratings wrong. Sessions are
here; players (rename, link a login, merge, undo a merge) are ``scoring.player_organising``.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from django.contrib.contenttypes.models import ContentType
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from . import ratings, sheets, stored_sheets
from .models import (
    AuditEntry,
    PlaySession,
    club_today,
)
from .records import record_session

REASON_LENGTH = 1000
Action = AuditEntry.Action


class OrganisingRefused(ValueError):
    """An organiser's request that would leave the records wrong; ``message`` says why."""

    def __init__(self, message: str, field: str | None = None):
        super().__init__(message)
        self.message = message
        self.field = field


class SessionChanged(OrganisingRefused):
    """Refused because the session changed after the organiser's page was drawn (another
    edit, or the same correction sent twice): the page should show it as it is now."""

    def __init__(self):
        super().__init__(
            _(
                "This session changed after your page was drawn (or the correction was sent "
                "twice). Look at it as it is now and correct it again if needed."
            )
        )


# --- the audit trail ----------------------------------------------------------------------------


def clean_reason(reason: str | None) -> str:
    """The reason, trimmed; refused when missing or longer than the field keeps."""
    reason = (reason or "").strip()
    if not reason:
        raise OrganisingRefused(_("Say why: the reason is kept in the audit trail."), "reason")
    if len(reason) > REASON_LENGTH:
        raise OrganisingRefused(
            _("Keep the reason under %(n)d characters.") % {"n": REASON_LENGTH}, "reason"
        )
    return reason


def record(
    by, action: str, target, *, before: dict, after: dict, reason: str, label: str | None = None
) -> AuditEntry:
    """Write one audit entry about ``target`` (any saved model instance)."""
    return AuditEntry.objects.create(
        actor=by if by is not None and by.is_authenticated else None,
        actor_name=by.get_username() if by is not None else "",
        action=action,
        target_type=ContentType.objects.get_for_model(target, for_concrete_model=False),
        target_id=str(target.pk),
        target_label=(label or str(target))[:200],
        before=before,
        after=after,
        reason=reason,
    )


# --- sessions -----------------------------------------------------------------------------------


def results_of(session: PlaySession) -> dict[str, Any]:
    """Each seat's total and place, by player name (what a correction may change)."""
    seats = stored_sheets.seats_of(session)
    return {
        "totals": {s.player.name: s.score for s in seats},
        "places": {s.player.name: s.place for s in seats},
    }


def _session_state(session: PlaySession) -> dict[str, Any]:
    return {
        "status": session.status,
        "voided_at": session.voided_at.isoformat() if session.voided_at else None,
    }


def correct_round(
    session: PlaySession,
    number: int,
    entry: Any,
    *,
    by,
    reason: str,
    seen_version: int | None = None,
):
    """Replace round ``number``'s entry through the scorekeeper's calculators (same checks
    and messages as the sheet), then recompute totals, places and ratings. ``seen_version``
    is the session's version the organiser's page showed: a session changed since (another
    edit, or this one sent twice) is refused."""
    reason = clean_reason(reason)
    with transaction.atomic():
        session = PlaySession.objects.select_for_update().get(pk=session.pk)
        if seen_version is not None and seen_version != session.version:
            raise SessionChanged
        old = session.rounds.filter(number=number).first()
        before = {
            "round": number,
            "entry": old.named_entry() if old else None,
            **results_of(session),
        }
        outcome = sheets.correct_round(session.pk, number, entry)
        session.refresh_from_db()
        after = {"round": number, "entry": entry, **results_of(session)}
        audit = record(by, Action.CORRECT, session, before=before, after=after, reason=reason)
        ratings.session_changed(session)
    return outcome, audit


def _dates(session: PlaySession) -> dict[str, Any]:
    return {
        "played_on": session.played_on.isoformat() if session.played_on else None,
        "finished_at": session.finished_at.isoformat() if session.finished_at else None,
    }


def redate(session: PlaySession, day, *, by, reason: str) -> AuditEntry:
    """Move a session to the day it was really played: a finished one keeps its time of
    day (in the club's time zone) and its ratings are replayed from the earlier of the two
    days, so it lands in the right season and changes the right ratings."""
    from .played import EARLIEST, moved_to

    reason = clean_reason(reason)
    if day > club_today():
        raise OrganisingRefused(_("A game cannot be played in the future."), "played_on")
    if day < EARLIEST:
        raise OrganisingRefused(_("Pick a date after 1900."), "played_on")
    with transaction.atomic():
        session = PlaySession.objects.select_for_update().get(pk=session.pk)
        if session.played_on == day:
            raise OrganisingRefused(_("The session already has this date."), "played_on")
        before = _dates(session)
        if session.finished_at is not None:
            session.finished_at = moved_to(session.finished_at, day)
        session.played_on = day
        session.save(update_fields=["finished_at", "played_on"])
        after = _dates(session)
        audit = record(by, Action.REDATE, session, before=before, after=after, reason=reason)
        ratings.session_changed(session)
    return audit


def void(session: PlaySession, *, by, reason: str) -> AuditEntry:
    """Keep the session but take it out of standings and ratings."""
    return _one_session(session, by=by, reason=reason, change=_void_one)


def restore(session: PlaySession, *, by, reason: str) -> AuditEntry:
    """Bring a void session back into standings and ratings."""
    return _one_session(session, by=by, reason=reason, change=_restore_one)


def delete_session(session: PlaySession, *, by, reason: str) -> AuditEntry:
    """Delete a session for good (its sheet is kept in the audit entry); ratings replayed."""
    return _one_session(session, by=by, reason=reason, change=_delete_one)


def _one_session(session: PlaySession, *, by, reason: str, change) -> AuditEntry:
    """``change`` (one of the ``_..._one`` below) on one session, its refusal raised."""
    outcome = _each_session([session], by=by, reason=reason, change=change)
    if outcome.refused:
        raise OrganisingRefused(outcome.refused[0][1])
    if not outcome.audits:  # deleted meanwhile, say
        raise PlaySession.DoesNotExist
    return outcome.audits[0]


# --- several sessions at once -------------------------------------------------------------------


@dataclasses.dataclass
class BulkOutcome:
    """What a change to several sessions did: an audit entry per session changed, and the
    sessions it left alone with why (already void, say)."""

    audits: list[AuditEntry] = dataclasses.field(default_factory=list)
    refused: list[tuple[str, str]] = dataclasses.field(default_factory=list)


def _locked(sessions) -> list[PlaySession]:
    """The sessions (any iterable of them or of their ids), locked, in a fixed order."""
    ids = [getattr(s, "pk", s) for s in sessions]
    return list(PlaySession.objects.select_for_update().filter(pk__in=ids).order_by("pk"))


def _rating_key(session: PlaySession):
    return (session.finished_at, session.pk) if ratings.is_rated(session) else None


def _replay_once(starts: dict[str, list]) -> None:
    """One replay per game, from the earliest session changed: the same ratings as a replay
    after each session, for a fraction of the work."""
    for game, keys in starts.items():
        ratings.replay(game, since=min(keys))


def _each_session(sessions, *, by, reason: str, change) -> BulkOutcome:
    """``change(session, reason)`` for each session in one transaction: it returns the audit
    entry, or raises OrganisingRefused to leave that session alone; then the ratings of each
    game are replayed once, from the earliest session whose rating changed."""
    reason = clean_reason(reason)
    outcome = BulkOutcome()
    with transaction.atomic():
        starts: dict[str, list] = {}
        for session in _locked(sessions):
            was = _rating_key(session)
            label = str(session)
            try:
                outcome.audits.append(change(session, by, reason))
            except OrganisingRefused as exc:
                outcome.refused.append((label, exc.message))
                continue
            now = None
            if session.pk is not None:  # not deleted: its records follow its state
                record_session(session)
                now = _rating_key(session)
            for key in {was, now} - {None}:
                starts.setdefault(session.game, []).append(key)
        _replay_once(starts)
    return outcome


def _void_one(session: PlaySession, by, reason: str) -> AuditEntry:
    if session.voided_at is not None:
        raise OrganisingRefused(_("This session is already void."))
    before = _session_state(session)
    session.voided_at = timezone.now()
    session.save(update_fields=["voided_at"])
    return record(
        by, Action.VOID, session, before=before, after=_session_state(session), reason=reason
    )


def _restore_one(session: PlaySession, by, reason: str) -> AuditEntry:
    if session.voided_at is None:
        raise OrganisingRefused(_("This session is not void."))
    before = _session_state(session)
    session.voided_at = None
    session.save(update_fields=["voided_at"])
    return record(
        by, Action.RESTORE, session, before=before, after=_session_state(session), reason=reason
    )


def _delete_one(session: PlaySession, by, reason: str) -> AuditEntry:
    before = {
        "public_id": str(session.public_id),
        "game": session.game,
        "mode": session.mode,
        **_session_state(session),
        "finished_at": session.finished_at.isoformat() if session.finished_at else None,
        "sheet": stored_sheets.sheet_of(session),
        **results_of(session),
    }
    audit = record(by, Action.DELETE, session, before=before, after={}, reason=reason)
    session.delete()
    return audit


def void_sessions(sessions, *, by, reason: str) -> BulkOutcome:
    """Void several sessions: an audit entry each, the ratings replayed once per game."""
    return _each_session(sessions, by=by, reason=reason, change=_void_one)


def restore_sessions(sessions, *, by, reason: str) -> BulkOutcome:
    """Restore several void sessions: an audit entry each, the ratings replayed once."""
    return _each_session(sessions, by=by, reason=reason, change=_restore_one)


def delete_sessions(sessions, *, by, reason: str) -> BulkOutcome:
    """Delete several sessions for good, each sheet kept in its audit entry; the ratings are
    replayed once per game."""
    return _each_session(sessions, by=by, reason=reason, change=_delete_one)

"""When and where a game was played: the played date, the location and the notes of a
session (docs/scorekeeper.md#when-and-where).

One truth for the date: a finished session's ``finished_at`` lies on its played date (in
the club's time zone), so ratings (applied in ``(finished_at, id)`` order), standings,
seasons and the league all read the one field they already use. ``played_on`` is the date
itself: the keeper's choice while a sheet is open, and always the day of ``finished_at``
once it is finished (``PlaySession.save`` keeps it so).
"""

from __future__ import annotations

import datetime as dt
import unicodedata

from django import forms
from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from .models import PlaySession, at_club_midnight, club_date, club_today

LOCATION_LENGTH = 100
NOTES_LENGTH = 2000
EARLIEST = dt.date(1900, 1, 1)
LOCATIONS_OFFERED = 30


def finishing_moment(played_on: dt.date | None, now: dt.datetime | None = None) -> dt.datetime:
    """``finished_at`` of a sheet finished ``now``: now, on its played date; the start of
    its played day when that was earlier (a backdated sheet, as an import's date without a
    time), so it lands in that day's season and takes its place in the rating order."""
    now = now or timezone.now()
    if played_on is None or played_on >= club_date(now):
        return now
    return at_club_midnight(played_on)


def moved_to(finished_at: dt.datetime, day: dt.date) -> dt.datetime:
    """``finished_at`` moved to ``day``, keeping its time of day in the club's time zone."""
    zone = timezone.get_default_timezone()
    local = timezone.localtime(finished_at, zone)
    return dt.datetime.combine(day, local.time().replace(tzinfo=None), tzinfo=zone)


def tidy_line(text: str, length: int) -> str:
    """One line of text: NFKC, controls dropped, spaces folded, cut to ``length``."""
    text = unicodedata.normalize("NFKC", text if isinstance(text, str) else "")
    text = "".join(c for c in text if unicodedata.category(c)[0] != "C" or c == " ")
    return " ".join(text.split())[:length]


def tidy_notes(text: str) -> str:
    """Notes keep their line breaks; other controls go."""
    text = unicodedata.normalize("NFKC", text if isinstance(text, str) else "")
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    text = "".join(c for c in text if unicodedata.category(c)[0] != "C" or c in "\n\t")
    return text.strip()[:NOTES_LENGTH]


DETAIL_KEYS = ("location", "notes")  # about the session, not the sheet: not computed


def sheet_details(data: dict) -> dict[str, str]:
    """A sheet's ``location`` and ``notes`` (import format), tidied; ``ValueError`` naming
    the key when one is not text."""
    details = {}
    for key, tidy in (("location", _tidy_location), ("notes", tidy_notes)):
        value = data.get(key, "")
        if value is None:
            value = ""
        if not isinstance(value, str):
            raise ValueError(key)
        details[key] = tidy(value)
    return details


def _tidy_location(text: str) -> str:
    return tidy_line(text, LOCATION_LENGTH)


def club_locations() -> list[str]:
    """The places the club played at before, most used first (the datalist's options)."""
    return list(PlaySession.objects.locations()[:LOCATIONS_OFFERED])


class DetailsForm(forms.Form):
    """The played date, location and notes of a sheet (new-sheet form and sheet page)."""

    played_on = forms.DateField(
        label=_("Played on"),
        required=False,
        widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"),
        help_text=_("Today, unless you enter a game played earlier."),
    )
    location = forms.CharField(
        label=_("Location"),
        required=False,
        max_length=LOCATION_LENGTH,
        widget=forms.TextInput(attrs={"list": "club-locations", "autocomplete": "off"}),
    )
    notes = forms.CharField(
        label=_("Notes"),
        required=False,
        max_length=NOTES_LENGTH,
        widget=forms.Textarea(attrs={"rows": 2}),
    )

    def __init__(self, *args, date_editable: bool = True, **kwargs):
        super().__init__(*args, **kwargs)
        today = club_today()
        self.fields["played_on"].widget.attrs["max"] = today.isoformat()
        self.fields["played_on"].initial = today
        if not date_editable:
            del self.fields["played_on"]

    def clean_played_on(self) -> dt.date:
        day = self.cleaned_data.get("played_on") or club_today()
        if day > club_today():
            raise forms.ValidationError(_("A game cannot be played in the future."))
        if day < EARLIEST:
            raise forms.ValidationError(_("Pick a date after 1900."))
        return day

    def clean_location(self) -> str:
        return tidy_line(self.cleaned_data.get("location", ""), LOCATION_LENGTH)

    def clean_notes(self) -> str:
        return tidy_notes(self.cleaned_data.get("notes", ""))


def details_form_for(session: PlaySession, data=None) -> DetailsForm:
    """The form as the sheet page shows it: the date only while the sheet is open."""
    initial = {"played_on": session.played_on, "location": session.location}
    initial["notes"] = session.notes
    return DetailsForm(data, initial=initial, date_editable=not session.is_finished)


def update_details(public_id, user, *, location: str, notes: str, played_on=None):
    """The keeper's change of a sheet's location, notes and (while it is open) played date.
    A finished sheet's date is the organisers' to change, in the admin, with a reason. The
    sheet's version stays: the entries are untouched, so no phone's next round is stale."""
    with transaction.atomic():
        session = PlaySession.objects.select_for_update().get(public_id=public_id)
        if not session.can_edit(user):
            raise PermissionDenied
        fields = ["location", "notes"]
        session.location, session.notes = location, notes
        if played_on is not None and not session.is_finished:
            session.played_on = played_on
            fields.append("played_on")
        session.save(update_fields=fields)
    return session

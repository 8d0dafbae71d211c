"""The form that announces or changes a night."""

from __future__ import annotations

import datetime as dt

from django import forms
from django.utils.translation import gettext_lazy as _

from scoring.models import club_today
from scoring.played import tidy_line, tidy_notes

from .models import NOTE_LENGTH, PLACE_LENGTH, Night

MAX_CAPACITY = 500
MAX_WEEKS = 12
FURTHEST = dt.timedelta(days=2 * 366)  # no night further ahead than this


class NightForm(forms.Form):
    day = forms.DateField(
        label=_("Date"), widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d")
    )
    time = forms.TimeField(
        label=_("Starts at"),
        widget=forms.TimeInput(attrs={"type": "time"}, format="%H:%M"),
        help_text=_("In the club's time zone."),
    )
    place = forms.CharField(
        label=_("Location"),
        required=False,
        max_length=PLACE_LENGTH,
        widget=forms.TextInput(attrs={"list": "club-places", "autocomplete": "off"}),
    )
    note = forms.CharField(
        label=_("Note"),
        required=False,
        max_length=NOTE_LENGTH,
        widget=forms.Textarea(attrs={"rows": 3}),
    )
    capacity = forms.IntegerField(
        label=_("Capacity"),
        required=False,
        min_value=1,
        max_value=MAX_CAPACITY,
        help_text=_("Empty: no limit. Past it, members join a waiting list."),
    )

    def clean_day(self) -> dt.date:
        day = self.cleaned_data["day"]
        today = club_today()
        if day > today + FURTHEST:
            raise forms.ValidationError(_("That is too far ahead."))
        return day

    def clean_place(self) -> str:
        return tidy_line(self.cleaned_data["place"], PLACE_LENGTH)

    def clean_note(self) -> str:
        return tidy_notes(self.cleaned_data["note"])[:NOTE_LENGTH]

    def values(self) -> dict:
        data = self.cleaned_data
        return {k: data[k] for k in ("day", "time", "place", "note", "capacity")}

    @classmethod
    def for_night(cls, night: Night, data=None) -> NightForm:
        local = night.local_start
        initial = {
            "day": local.date(),
            "time": local.time().replace(second=0, microsecond=0),
            "place": night.place,
            "note": night.note,
            "capacity": night.capacity,
        }
        return cls(data, initial=initial)


class NewNightForm(NightForm):
    weeks = forms.IntegerField(
        label=_("Weeks"),
        min_value=1,
        max_value=MAX_WEEKS,
        initial=1,
        help_text=_("1 for this night only; more repeats it weekly, on the same weekday."),
    )

    def clean_day(self) -> dt.date:
        day = super().clean_day()
        if day < club_today():
            raise forms.ValidationError(_("That day is past."))
        return day

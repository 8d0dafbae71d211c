"""The forms of the organisers' admin pages: every change asks why (kept in the audit trail).

Correcting a round asks why with ``ReasonForm``; the round itself is edited in the game's own
entry form (``scoring.entry``), the scorekeeper's, drawn on the same page."""

from __future__ import annotations

from django import forms
from django.contrib.auth import get_user_model
from django.utils.translation import gettext_lazy as _

from .models import Player, Season
from .organising import REASON_LENGTH


class ReasonForm(forms.Form):
    reason = forms.CharField(
        label=_("Why"),
        max_length=REASON_LENGTH,
        widget=forms.Textarea(attrs={"rows": 3}),
        help_text=_("Kept in the audit trail with your name and the time."),
    )

    def clean_reason(self) -> str:
        reason = self.cleaned_data["reason"].strip()
        if not reason:
            raise forms.ValidationError(_("Say why."))
        return reason


class RedateForm(ReasonForm):
    played_on = forms.DateField(
        label=_("Played on"),
        widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"),
        help_text=_(
            "The day the game was played, in the club's time zone. Ratings, standings, "
            "seasons and the league follow it."
        ),
    )
    field_order = ["played_on", "reason"]


class RenameForm(ReasonForm):
    name = forms.CharField(label=_("New name"), max_length=200)
    field_order = ["name", "reason"]


class LinkLoginForm(ReasonForm):
    username = forms.CharField(
        label=_("Login (user name)"),
        max_length=150,
        required=False,
        help_text=_("Leave empty to unlink the player from their login."),
    )
    field_order = ["username", "reason"]

    def clean_username(self):
        username = self.cleaned_data["username"].strip()
        if not username:
            return None
        user = get_user_model().objects.filter(username=username).first()
        if user is None:
            raise forms.ValidationError(_("There is no login with this user name."))
        return user


class MergeForm(ReasonForm):
    into = forms.ModelChoiceField(
        label=_("Merge into"),
        queryset=Player.objects.none(),
        help_text=_("The player who stays; the others' seats and ratings move to them."),
    )
    field_order = ["into", "reason"]

    def __init__(self, *args, exclude=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["into"].queryset = Player.objects.pickable().exclude(pk__in=list(exclude))


class SeasonForm(forms.ModelForm):
    """A season; its league rules fall back to the defaults when left out (a form of an
    older page, a script), so a season is never refused for what it did not say."""

    class Meta:
        model = Season
        fields = ["name", "start", "end", "scheme", "fixed_points", "min_games"]

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        for name in ("scheme", "min_games"):
            self.fields[name].required = False

    def clean_scheme(self) -> str:
        return self.cleaned_data.get("scheme") or Season.Scheme.SHARED

    def clean_min_games(self) -> int:
        value = self.cleaned_data.get("min_games")
        return Season._meta.get_field("min_games").default if value is None else value

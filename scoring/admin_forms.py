"""The forms of the organisers' admin pages: every change asks why (kept in the audit trail)."""

from __future__ import annotations

import json
from typing import Any

from django import forms
from django.contrib.auth import get_user_model
from django.utils.translation import gettext_lazy as _

from .models import Player, PlaySession
from .organising import REASON_LENGTH

ENTRY_LENGTH = 20_000  # far more than any round's entry; a longer post is refused


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


class CorrectRoundForm(ReasonForm):
    """Which round, its new entry (sheet JSON, docs/scorekeeper.md) and why."""

    # Which round is chosen by the page's links (?round=N), never by a control beside a
    # textarea that still holds another round's entry.
    number = forms.TypedChoiceField(label=_("Round"), coerce=int, widget=forms.HiddenInput)
    entry = forms.CharField(
        label=_("Entry"),
        max_length=ENTRY_LENGTH,
        widget=forms.Textarea(
            attrs={"rows": 10, "spellcheck": "false", "class": "vLargeTextField"}
        ),
        help_text=_(
            'The round as in the score sheet\'s JSON, e.g. {"heads": {"Anna": 12, "Ben": 0}} '
            'or {"grid": [["QH", "7S", "2C"], ...]}.'
        ),
    )

    version = forms.IntegerField(widget=forms.HiddenInput, min_value=0, max_value=2**31)
    field_order = ["number", "entry", "reason"]

    def __init__(self, *args, session: PlaySession, **kwargs):
        super().__init__(*args, **kwargs)
        numbers = session.rounds.order_by("number").values_list("number", flat=True)
        one_entry = session.game in ("sarcophagus", "sacrifice")
        self.fields["number"].choices = [
            (n, _("End of game") if one_entry else _("Round %(n)d") % {"n": n}) for n in numbers
        ]

    def clean_entry(self) -> dict[str, Any]:
        try:
            entry = json.loads(self.cleaned_data["entry"])
        except (ValueError, RecursionError):
            raise forms.ValidationError(_("This is not valid JSON.")) from None
        if not isinstance(entry, dict):
            raise forms.ValidationError(_("An entry is a JSON object: {...}."))
        return entry


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
        self.fields["into"].queryset = Player.objects.people().exclude(pk__in=list(exclude))

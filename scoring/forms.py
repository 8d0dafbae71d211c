from django import forms
from django.contrib.auth.forms import UserCreationForm
from django.utils.translation import gettext_lazy as _

from .models import Player
from .players import tidy_name

NAME_TAKEN = _(
    "That name is taken: a club player already has this name. Pick another, or ask an "
    "organiser to link your login to that player."
)


class SignUpForm(UserCreationForm):
    """A login plus the name the club will see on score sheets and leaderboards."""

    display_name = forms.CharField(
        label=_("Display name"),
        max_length=40,
        help_text=_("Shown on score sheets and the leaderboard. Unique in the club."),
    )

    class Meta(UserCreationForm.Meta):
        fields = ["username", "display_name"]

    def clean_display_name(self):
        name = tidy_name(self.cleaned_data["display_name"])
        if not name:
            raise forms.ValidationError(_("A name needs at least one visible letter."))
        if Player.objects.named(name).exists():
            raise forms.ValidationError(NAME_TAKEN)
        return name

from django import forms
from django.contrib.auth.base_user import BaseUserManager
from django.contrib.auth.forms import UserCreationForm
from django.utils.translation import gettext_lazy as _

from .models import MemberProfile, Player
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

    email = forms.EmailField(
        label=_("Email address (optional)"),
        required=False,
        max_length=254,
        help_text=_(
            "For a forgotten password and the mail you choose. We send a link to confirm it."
        ),
    )

    class Meta(UserCreationForm.Meta):
        fields = ["username", "display_name"]

    def clean_email(self) -> str:
        return BaseUserManager.normalize_email(self.cleaned_data.get("email") or "")

    def clean_display_name(self):
        name = tidy_name(self.cleaned_data["display_name"])
        if not name:
            raise forms.ValidationError(_("A name needs at least one visible letter."))
        if Player.objects.named(name).exists():
            raise forms.ValidationError(NAME_TAKEN)
        return name


class EmailAddressForm(forms.Form):
    """A new address for the account; it counts once its owner follows the mailed link."""

    email = forms.EmailField(label=_("New address"), max_length=254)

    def clean_email(self) -> str:
        return BaseUserManager.normalize_email(self.cleaned_data["email"])


class MailPreferencesForm(forms.ModelForm):
    """Which mail a member gets; none ticked means none is sent."""

    class Meta:
        model = MemberProfile
        fields = ["mail_club_nights", "mail_your_turn"]
        labels = {
            "mail_club_nights": _("Club nights: when and where the next one is"),
            "mail_your_turn": _("Your turn: a game is waiting for your move"),
        }


class ConfirmPasswordForm(forms.Form):
    """Asks for the current password before a change that affects every session."""

    password = forms.CharField(
        label=_("Your password"),
        strip=False,
        widget=forms.PasswordInput(attrs={"autocomplete": "current-password"}),
    )

    def __init__(self, user, *args, **kwargs):
        self.user = user
        super().__init__(*args, **kwargs)

    def clean_password(self) -> str:
        password = self.cleaned_data["password"]
        if not self.user.check_password(password):
            raise forms.ValidationError(_("That is not your password."))
        return password

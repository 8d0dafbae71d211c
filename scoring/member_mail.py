"""A member's email address: asked for, confirmed by a signed link, then kept on the user.

The link carries the user and the address, signed with the site's key and a timestamp: it
works for EMAIL_CONFIRMATION_DAYS days and only once, because confirming clears the waiting
address it names. Until then the address is used for nothing (no reset mail reaches it).
"""

from dataclasses import dataclass

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core import signing
from django.core.mail import send_mail
from django.db import transaction
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.translation import gettext as _

from .models import MemberProfile

SALT = "scoring.member_mail.confirm"


def profile_of(user) -> MemberProfile:
    """The member's profile, made with the defaults on first use."""
    profile, _created = MemberProfile.objects.get_or_create(user=user)
    return profile


def confirmation_token(user, address: str) -> str:
    return signing.dumps({"u": user.pk, "e": address}, salt=SALT, compress=True)


def ask_to_confirm(request, user, address: str) -> None:
    """Keep ``address`` as waiting and mail its link to it (not to the old address)."""
    profile = profile_of(user)
    profile.pending_email = address
    profile.save(update_fields=["pending_email"])
    link = request.build_absolute_uri(
        reverse("confirm_email", args=[confirmation_token(user, address)])
    )
    context = {"user": user, "link": link, "days": settings.EMAIL_CONFIRMATION_DAYS}
    send_mail(
        _("Confirm your email address for sarco"),
        render_to_string("registration/confirm_email_mail.txt", context, request=request),
        None,  # DEFAULT_FROM_EMAIL
        [address],
    )


@dataclass(frozen=True)
class Confirmation:
    ok: bool
    reason: str = ""  # "expired", "invalid", "used" or "taken" when not ok


def confirm(token: str) -> Confirmation:
    """Follow a link: the waiting address becomes the member's address, once."""
    max_age = settings.EMAIL_CONFIRMATION_DAYS * 24 * 3600
    try:
        data = signing.loads(token, salt=SALT, max_age=max_age)
    except signing.SignatureExpired:
        return Confirmation(False, "expired")
    except signing.BadSignature:
        return Confirmation(False, "invalid")
    if not isinstance(data, dict) or not isinstance(data.get("e"), str):
        return Confirmation(False, "invalid")
    with transaction.atomic():
        profile = (
            MemberProfile.objects.select_for_update()
            .select_related("user")
            .filter(user_id=data.get("u"))
            .first()
        )
        if profile is None or not profile.pending_email:
            return Confirmation(False, "used")
        if profile.pending_email != data["e"]:
            return Confirmation(False, "used")  # a newer address replaced this one
        address = profile.pending_email
        users = get_user_model().objects
        if users.filter(email__iexact=address).exclude(pk=profile.user_id).exists():
            return Confirmation(False, "taken")
        profile.user.email = address
        profile.user.save(update_fields=["email"])
        profile.pending_email = ""
        profile.save(update_fields=["pending_email"])
    return Confirmation(True)

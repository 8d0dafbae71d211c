"""Sign-up and the account page; log-in, log-out and the password views are Django's own
(see sarco/urls.py), log-in throttled by django-axes and reset requests by scoring.throttle.
docs/accounts.md says what each does."""

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import login, update_session_auth_hash
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.db import IntegrityError, transaction
from django.shortcuts import redirect, render
from django.urls import reverse_lazy
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST

from .. import member_mail
from ..forms import (
    NAME_TAKEN,
    ConfirmPasswordForm,
    EmailAddressForm,
    MailPreferencesForm,
    SignUpForm,
)
from ..throttle import confirmation_mail_refused, reset_request_refused

TOO_MANY_LINKS = gettext_lazy("Too many links were asked for. Try again in an hour.")


def _next(request) -> str:
    """Where to go after signing up (an invite link's table, say): a local URL, or ""."""
    url = request.POST.get("next") or request.GET.get("next") or ""
    safe = url_has_allowed_host_and_scheme(
        url, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    )
    return url if safe and url.startswith("/") else ""  # else redirect() reads a view name


def signup(request):
    next_url = _next(request)
    if request.user.is_authenticated:
        return redirect(next_url or "home")
    form = SignUpForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = form.save(commit=False)  # hashes the password outside the transaction
        try:
            with transaction.atomic():
                user.save()
                player = user.player  # made by the post_save signal
                player.name = form.cleaned_data["display_name"]
                player.save(update_fields=["name"])
        except IntegrityError:
            # Someone took the username or the name between the form's check and our save.
            form = _form_again(request)
        else:
            login(request, user, backend="django.contrib.auth.backends.ModelBackend")
            messages.success(request, _("Welcome to the club, %(name)s!") % {"name": player.name})
            if form.cleaned_data.get("email"):
                _confirm_sign_up_address(request, user, form.cleaned_data["email"])
            return redirect(next_url or "home")
    return render(request, "registration/signup.html", {"form": form, "next": next_url})


def _confirm_sign_up_address(request, user, address: str) -> None:
    if confirmation_mail_refused(request):
        messages.warning(request, TOO_MANY_LINKS)
        return
    member_mail.ask_to_confirm(request, user, address)
    messages.info(
        request, _("We sent a link to your email address: follow it to confirm the address.")
    )


@login_required
def account(request, status: int = 200, **forms):
    """Who you are here, your address and mail, your sessions, and the site's language."""
    user = request.user
    profile = member_mail.profile_of(user)
    context = {
        "player": getattr(user, "player", None),
        "profile": profile,
        "email_form": forms.get("email_form") or EmailAddressForm(),
        "mail_form": forms.get("mail_form") or MailPreferencesForm(instance=profile),
        "sessions_form": forms.get("sessions_form") or ConfirmPasswordForm(user),
    }
    if forms and status == 200:
        status = 400  # a form sent back with its errors
    return render(request, "registration/account.html", context, status=status)


@require_POST
@login_required
def change_email(request):
    """A new address waits for its link; the confirmed one stays until then."""
    form = EmailAddressForm(request.POST)
    if not form.is_valid():
        return account(request, email_form=form)
    address = form.cleaned_data["email"]
    if address == request.user.email:
        messages.info(request, _("That is already your confirmed address."))
        return redirect("account")
    if confirmation_mail_refused(request):
        form.add_error("email", TOO_MANY_LINKS)
        return account(request, email_form=form, status=429)
    member_mail.ask_to_confirm(request, request.user, address)
    messages.success(
        request,
        _("We sent a link to %(address)s: follow it within %(days)s days to confirm the address.")
        % {"address": address, "days": settings.EMAIL_CONFIRMATION_DAYS},
    )
    return redirect("account")


@require_POST
@login_required
def mail_preferences(request):
    form = MailPreferencesForm(request.POST, instance=member_mail.profile_of(request.user))
    if not form.is_valid():
        return account(request, mail_form=form)
    form.save()
    messages.success(request, _("Your mail choices are saved."))
    return redirect("account")


@require_POST
@login_required
def log_out_other_sessions(request):
    """Ends every other session, this one kept: the password is stored again with a fresh salt,
    which changes the hash every session is checked against; this session takes the new one."""
    form = ConfirmPasswordForm(request.user, request.POST)
    if not form.is_valid():
        return account(request, sessions_form=form)
    request.user.set_password(form.cleaned_data["password"])
    request.user.save(update_fields=["password"])
    update_session_auth_hash(request, request.user)
    messages.success(request, _("You are logged out everywhere else."))
    return redirect("account")


CONFIRMATION_PROBLEMS = {
    "expired": gettext_lazy("This link has expired. Ask for a new one on your account page."),
    "invalid": gettext_lazy("This link is not valid. Check that it was copied whole."),
    "used": gettext_lazy("This link was already used, or a newer address replaced it."),
    "taken": gettext_lazy("Another account already uses this address."),
}


def confirm_email(request, token: str):
    """The link from the mail: a page with a button, so a mail scanner that follows links
    confirms nothing; the button confirms."""
    if request.method != "POST":
        return render(request, "registration/confirm_email.html", {"token": token})
    result = member_mail.confirm(token)
    if result.ok:
        messages.success(request, _("Your email address is confirmed."))
        return redirect("account" if request.user.is_authenticated else "home")
    problem = CONFIRMATION_PROBLEMS[result.reason]
    return render(
        request, "registration/confirm_email.html", {"token": token, "problem": problem}, status=400
    )


class PasswordChangeView(auth_views.PasswordChangeView):
    """Django's view (old password required; this session stays logged in)."""

    success_url = reverse_lazy("account")

    def form_valid(self, form):
        response = super().form_valid(form)
        messages.success(self.request, _("Your password is changed."))
        return response


class PasswordResetView(auth_views.PasswordResetView):
    """Django's view and tokens; mail goes only to a confirmed address, and the answer is the
    same whether an address is known or not. Requests past the limit (per address and per
    client) send nothing and say so, whoever the address belongs to."""

    email_template_name = "registration/password_reset_mail.txt"
    subject_template_name = "registration/password_reset_subject.txt"

    def form_valid(self, form):
        if reset_request_refused(self.request, form.cleaned_data["email"]):
            minutes = max(1, settings.PASSWORD_RESET_THROTTLE_SECONDS // 60)
            return render(
                self.request,
                "registration/password_reset_throttled.html",
                {"minutes": minutes},
                status=429,
            )
        return super().form_valid(form)


def _form_again(request) -> SignUpForm:
    """The form checked again after a lost race: it now names what was taken."""
    form = SignUpForm(request.POST)
    if form.is_valid():  # the clash is gone again; say so rather than guess
        form.add_error("display_name", NAME_TAKEN)
    return form


def locked_out(request, original_response=None, credentials=None):
    """django-axes' answer to a login while locked out (AXES_LOCKOUT_CALLABLE): why, and for
    how long, with 429 Too Many Requests."""
    minutes = max(1, int(settings.AXES_COOLOFF_TIME.total_seconds() // 60))
    return render(request, "registration/locked_out.html", {"minutes": minutes}, status=429)

"""Sign-up; log-in and log-out are Django's own views (see sarco/urls.py), throttled by
django-axes (see settings)."""

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth.decorators import login_required
from django.db import IntegrityError, transaction
from django.shortcuts import redirect, render
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _

from ..forms import NAME_TAKEN, SignUpForm


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
            return redirect(next_url or "home")
    return render(request, "registration/signup.html", {"form": form, "next": next_url})


@login_required
def account(request):
    """Who you are here, your player page, and the language the site speaks to you."""
    player = getattr(request.user, "player", None)
    return render(request, "registration/account.html", {"player": player})


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

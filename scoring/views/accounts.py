"""Sign-up; log-in and log-out are Django's own views (see sarco/urls.py)."""

from django.contrib import messages
from django.contrib.auth import login
from django.db import transaction
from django.shortcuts import redirect, render

from ..forms import SignUpForm


def signup(request):
    if request.user.is_authenticated:
        return redirect("home")
    form = SignUpForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        with transaction.atomic():
            user = form.save()
            player = user.player  # made by the post_save signal
            player.name = form.cleaned_data["display_name"]
            player.save(update_fields=["name"])
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        messages.success(request, f"Welcome to the club, {player.name}!")
        return redirect("home")
    return render(request, "registration/signup.html", {"form": form})

"""Site-wide pages that belong to no single domain: the home page."""

from django.shortcuts import render
from django.views.decorators.http import require_safe

from games.catalog import GAMES


@require_safe
def home(request):
    return render(request, "home.html", {"games": GAMES})

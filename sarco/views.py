"""Site-wide pages that belong to no single domain: the home page."""

from django.shortcuts import render
from django.views.decorators.http import require_safe

from games.your_turn import turns_for
from sarco.catalog import GAMES
from scoring.leaderboard.standings import top


@require_safe
def home(request):
    podiums = [(game, top(game.slug, 3)) for game in GAMES]
    turns = turns_for(request.user) if request.user.is_authenticated else []
    return render(request, "home.html", {"games": GAMES, "podiums": podiums, "turns": turns})

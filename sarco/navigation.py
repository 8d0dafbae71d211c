"""The three ways into the site, shown in the menu and on the home page.

A way in counts as ready once its URL exists; until then pages mark it "coming soon"
instead of linking to nothing.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.urls import NoReverseMatch, reverse
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _


@dataclass(frozen=True)
class WayIn:
    title: str | Promise
    url_name: str
    text: str | Promise

    @property
    def url(self) -> str | None:
        try:
            return reverse(self.url_name)
        except NoReverseMatch:
            return None

    @property
    def ready(self) -> bool:
        return self.url is not None


WAYS_IN = (
    WayIn(_("Play online"), "play:lobby", _("Sit down at a table here, with club mates or bots.")),
    WayIn(
        _("Scorekeeper"), "scorekeeper", _("One phone keeps the score of a game played with cards.")
    ),
    WayIn(
        _("Leaderboard"), "leaderboard:index", _("Standings, ratings and every player's record.")
    ),
)


def navigation(request):
    """Context processor: menu links for the ways in that exist, current page marked."""
    path = request.path
    links = [
        {"label": way.title, "url": way.url, "current": path.startswith(way.url)}
        for way in WAYS_IN
        if way.ready
    ]
    nights = WayIn(_("Club nights"), "nights:list", "")
    if nights.ready:  # a link in the menu, not a way in on the home page
        links.append(
            {"label": nights.title, "url": nights.url, "current": path.startswith(nights.url)}
        )
    return {"nav_links": links, "ways_in": WAYS_IN}

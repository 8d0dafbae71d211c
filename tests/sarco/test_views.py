"""The home page, the house style and the error pages."""

import re
from pathlib import Path

import pytest
from django.test import Client, override_settings
from django.urls import path

from games.engines import GAME_NAMES
from sarco.catalog import GAMES

pytestmark = pytest.mark.django_db


def test_home_presents_the_four_games_with_seats_and_pitch(client):
    html = client.get("/").content.decode()
    for game in GAMES:
        assert str(game.title) in html
        assert str(game.players) in html
        assert str(game.pitch) in html


def test_catalog_covers_exactly_the_engines():
    assert sorted(game.slug for game in GAMES) == sorted(GAME_NAMES)


def test_home_offers_the_three_ways_in(client):
    html = client.get("/").content.decode()
    for way in ("Play online", "Scorekeeper", "Leaderboard"):
        assert way in html


def test_ways_in_without_a_page_are_marked_coming(client, monkeypatch):
    from sarco import navigation

    unbuilt = navigation.WayIn("Leaderboard", "no-such-page", "Not built yet.")
    monkeypatch.setattr(navigation, "WAYS_IN", (*navigation.WAYS_IN[:2], unbuilt))
    html = client.get("/").content.decode()
    assert "Coming soon" in html


def test_ways_in_with_a_page_link_to_it(client):
    html = client.get("/").content.decode()
    assert 'href="/leaderboard/"' in html


def test_base_template_serves_htmx_and_its_ws_extension_locally(client):
    html = client.get("/").content.decode()
    assert "/static/django_htmx/htmx-2.min.js" in html
    assert "/static/django_htmx/ext/hx-ws-2.min.js" in html
    assert '"defaultSettleDelay":0' in html  # templates/_htmx_config.html
    addresses = _fetched_addresses(html)
    assert addresses, "the page fetches no script or style"
    # A path on this site: "//host/..." (protocol-relative) is another site.
    assert all(a.startswith("/") and not a.startswith("//") for a in addresses), addresses


def _fetched_addresses(html: str) -> list[str]:
    """Where the page's scripts and stylesheets come from.

    Only these are checked: a word search of the whole page once failed on a
    random CSRF token that happened to spell "cdn".
    """
    scripts = re.findall(r"<script\b[^>]*\bsrc=\"([^\"]+)\"", html)
    styles = re.findall(r"<link\b[^>]*\bhref=\"([^\"]+)\"", html)
    return scripts + styles


def test_base_template_is_mobile_first_and_follows_the_system_colour_scheme(client):
    html = client.get("/").content.decode()
    assert 'name="viewport" content="width=device-width, initial-scale=1"' in html
    assert 'name="color-scheme" content="light dark"' in html
    assert 'id="messages"' in html and 'aria-live="polite"' in html


def test_stylesheet_has_dark_mode_and_44px_tap_targets(client):
    from django.contrib.staticfiles import finders

    css = Path(finders.find("css/sarco.css")).read_text()
    assert "prefers-color-scheme: dark" in css
    assert "--tap: 44px" in css


def test_unknown_page_gets_the_house_404(client):
    response = client.get("/no-such-page/")
    assert response.status_code == 404
    assert "Nothing in this coffin" in response.content.decode()


def broken_view(request):
    raise RuntimeError("a bug")


urlpatterns = [path("broken/", broken_view)]


@override_settings(ROOT_URLCONF=__name__)
def test_server_error_gets_the_house_500():
    response = Client(raise_request_exception=False).get("/broken/")
    assert response.status_code == 500
    assert "Something went wrong on our side" in response.content.decode()


def test_home_refuses_post(client):
    assert client.post("/").status_code == 405

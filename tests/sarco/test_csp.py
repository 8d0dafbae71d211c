"""The Content-Security-Policy header is on every kind of response: pages, htmx fragments,
errors, admin pages, exports and static files; and it allows no inline script or eval."""

import pytest
from django.test import Client
from django.urls import path

from sarco import urls as site_urls
from tests.scoring.organiser_helpers import finished_sarg, hours_ago
from tests.scoring.sheet_helpers import players, sarkophag_sheet, user

pytestmark = pytest.mark.django_db
HEADER = "Content-Security-Policy"


def broken_view(request):
    raise RuntimeError("a bug")


urlpatterns = [path("broken/", broken_view), *site_urls.urlpatterns]


def directives(response) -> dict[str, list[str]]:
    header = response[HEADER]
    return {
        name: values
        for name, *values in (part.split() for part in header.split(";") if part.strip())
    }


@pytest.fixture
def keeper(client):
    person = user(staff=True)
    client.force_login(person)
    return person


def test_the_policy_says_what_the_site_allows(client):
    policy = directives(client.get("/"))
    assert policy["default-src"] == ["'self'"]
    assert policy["script-src"] == ["'self'"]
    assert policy["style-src"] == ["'self'"]
    assert policy["img-src"] == ["'self'", "data:"]
    assert policy["connect-src"][0] == "'self'"
    assert policy["frame-ancestors"] == ["'none'"]
    assert policy["form-action"] == ["'self'"]
    assert policy["base-uri"] == ["'self'"]


def test_no_directive_allows_inline_code_or_eval(client):
    header = client.get("/")[HEADER]
    assert "unsafe-inline" not in header
    assert "unsafe-eval" not in header


def test_sockets_to_the_site_s_own_hosts_are_allowed(client, settings):
    policy = directives(client.get("/"))
    assert "wss://localhost" in policy["connect-src"]
    assert all(
        source == "'self'" or source.split("://")[1] in settings.ALLOWED_HOSTS
        for source in policy["connect-src"]
    )


@pytest.mark.parametrize(
    "url", ["/", "/accounts/login/", "/accounts/password/reset/", "/play/", "/scorekeeper/"]
)
def test_pages_have_the_header(client, keeper, url):
    response = client.get(url)
    assert response.status_code == 200
    assert HEADER in response


def test_htmx_fragments_have_the_header(client, keeper):
    response = client.get("/scorekeeper/new/sarg/players/", HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    assert "<html" not in response.content.decode()
    assert HEADER in response


def test_a_404_has_the_header(client):
    response = client.get("/no-such-page/")
    assert response.status_code == 404
    assert HEADER in response


def test_a_500_has_the_header_and_no_inline_style(settings):
    settings.ROOT_URLCONF = __name__
    response = Client(raise_request_exception=False).get("/broken/")
    assert response.status_code == 500
    assert HEADER in response
    assert "<style" not in response.content.decode()


def test_admin_pages_have_the_header(client, keeper):
    keeper.is_superuser = True
    keeper.save()
    for url in (
        "/admin/",
        "/admin/scoring/playsession/",
        "/admin/scoring/player/",
        "/admin/auth/user/",
    ):
        response = client.get(url)
        assert response.status_code == 200, url
        assert HEADER in response, url


def test_the_admin_login_page_has_the_header():
    response = Client().get("/admin/login/")
    assert HEADER in response


def test_csv_and_json_exports_have_the_header(client, keeper):
    keeper.is_superuser = True
    keeper.save()
    finished_sarg(names=("Anna", "Ben"), at=hours_ago(1))
    for kind in ("sessions", "seats", "json"):
        response = client.get(f"/admin/scoring/playsession/export/{kind}/")
        assert response.status_code == 200, kind
        assert HEADER in response, kind


def test_a_sheet_s_json_export_has_the_header(client, keeper):
    players("Anna", "Ben", "Clara")
    sheet = sarkophag_sheet(keeper)
    response = client.get(f"/scorekeeper/{sheet.public_id}/export.json")
    assert response.status_code == 200
    assert HEADER in response


def test_static_files_served_by_whitenoise_have_the_header(client):
    response = client.get("/static/css/sarco.css")
    assert response.status_code == 200
    assert HEADER in response

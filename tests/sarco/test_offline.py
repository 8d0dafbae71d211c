"""The installable site: its manifest, its service worker's headers, the offline page."""

import re
from pathlib import Path

import pytest
from django.conf import settings
from django.contrib.auth.models import User
from django.test import override_settings

from sarco import offline

pytestmark = pytest.mark.django_db

STATIC = Path(settings.BASE_DIR) / "static"


def test_the_worker_is_served_from_the_root_and_checked_on_every_visit(client):
    response = client.get("/sw.js")

    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/javascript")
    assert "no-cache" in response["Cache-Control"]
    assert response["Service-Worker-Allowed"] == "/"


def test_the_worker_knows_its_version_and_the_files_it_keeps(client):
    body = client.get("/sw.js").content.decode()

    assert f'"version": "{offline.worker_version()}"' in body
    for url in ("/static/django_htmx/htmx-2.min.js", "/static/js/offline-outbox.js", "/offline/"):
        assert f'"{url}"' in body


def test_a_new_deploy_gives_the_worker_a_new_version():
    before = offline.worker_version()
    offline.worker_version.cache_clear()
    with override_settings(OFFLINE_VERSION="next deploy"):
        after = offline.worker_version()
    offline.worker_version.cache_clear()

    assert before != after


def test_the_manifest_opens_the_scorekeeper_standalone(client):
    response = client.get("/manifest.webmanifest")
    data = response.json()

    assert response["Content-Type"] == "application/manifest+json"
    assert data["start_url"] == "/scorekeeper/"
    assert data["display"] == "standalone"
    assert data["name"] and data["short_name"] == "sarco"
    assert data["theme_color"] and data["background_color"]


def test_the_manifest_has_icons_of_192_and_512_pixels_also_maskable(client):
    icons = client.get("/manifest.webmanifest").json()["icons"]

    sizes = {(icon["sizes"], icon["purpose"]) for icon in icons}
    assert sizes == {(f"{s}x{s}", p) for s in (192, 512) for p in ("any", "maskable")}
    for icon in icons:
        png = (STATIC / icon["src"].removeprefix("/static/")).read_bytes()
        size = int(icon["sizes"].split("x")[0])
        assert png[:8] == b"\x89PNG\r\n\x1a\n"
        assert int.from_bytes(png[16:20], "big") == int.from_bytes(png[20:24], "big") == size


def test_the_manifest_is_in_the_reader_s_language(client):
    data = client.get("/manifest.webmanifest", HTTP_ACCEPT_LANGUAGE="de").json()

    assert data["lang"] == "de"
    assert data["name"] == "sarco-Spielstand"


@pytest.mark.parametrize("url", ["/", "/scorekeeper/", "/offline/"])
def test_every_page_links_the_manifest_and_the_worker(client, url):
    html = client.get(url).content.decode()

    assert '<link rel="manifest" href="/manifest.webmanifest">' in html
    assert '<meta name="sarco-worker" content="/sw.js">' in html
    assert 'name="theme-color"' in html and "prefers-color-scheme: dark" in html


def test_the_offline_page_says_the_page_needs_the_network(client):
    html = client.get("/offline/", HTTP_ACCEPT_LANGUAGE="de").content.decode()

    assert "Diese Seite braucht das Netz" in html


def test_pages_and_fragments_are_told_apart_by_caches(client):
    response = client.get("/scorekeeper/")

    assert "HX-Request" in response["Vary"]


def scripts_of(html: str) -> list[str]:
    return re.findall(r'<script src="([^"]+)"', html)


@pytest.mark.parametrize("url", ["/scorekeeper/", "/scorekeeper/new/sarkophag/"])
def test_every_script_of_the_scorekeeper_is_kept_by_the_worker(client, url):
    client.force_login(User.objects.create_user("keeper", "keeper@example.org", "a-long-pw-1"))
    kept = offline.kept_urls()

    scripts = scripts_of(client.get(url).content.decode())

    assert "/static/js/offline-boot.js" in scripts
    assert [script for script in scripts if script not in kept] == []


def test_the_scorekeeper_starts_its_offline_work_after_its_other_offline_files(client):
    scripts = scripts_of(client.get("/scorekeeper/").content.decode())
    offline_files = [script for script in scripts if "/js/offline-" in script]

    assert offline_files[0] == "/static/js/offline-worker.js"
    assert offline_files[1] == "/static/js/offline-outbox.js"
    assert offline_files[-1] == "/static/js/offline-boot.js"


def test_pages_outside_the_scorekeeper_only_register_the_worker(client):
    scripts = scripts_of(client.get("/").content.decode())

    assert [script for script in scripts if "/js/offline" in script] == [
        "/static/js/offline-worker.js"
    ]


@pytest.mark.django_db
def test_a_copy_kept_for_offline_leaves_the_messages_for_the_next_page(client):
    """The worker and the offline forms fetch pages to keep (X-Sarco-Keep): no visit, so the
    message a post left ("The sheet was deleted.") still shows on the page seen next."""
    from tests.scoring.sheet_helpers import sarg_sheet, user

    keeper = user()
    client.force_login(keeper)
    sheet = sarg_sheet(keeper)
    client.post(f"/scorekeeper/{sheet.public_id}/delete/")
    kept = client.get("/scorekeeper/", headers={"X-Sarco-Keep": "1"}).content.decode()
    assert "The sheet was deleted." not in kept
    seen = client.get("/scorekeeper/").content.decode()
    assert "The sheet was deleted." in seen

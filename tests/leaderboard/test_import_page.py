"""The organisers' bulk import page: the command's rules, through the browser."""

import json

import pytest
from django.contrib.auth.models import User
from django.core.files.uploadedfile import SimpleUploadedFile
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring.models import PlaySession
from tests.scoring.sheet_helpers import user
from tests.scoring.test_import_sheets import SARG

pytestmark = pytest.mark.django_db
URL = "/leaderboard/import/"


def upload(client, content: bytes):
    return client.post(URL, {"file": SimpleUploadedFile("sheets.json", content)}, follow=True)


@pytest.fixture
def organiser(client):
    client.force_login(user("org", staff=True))
    return client


def test_members_and_visitors_cannot_import(client):
    assert client.get(URL).status_code == 302
    client.force_login(user("member"))
    response = client.post(URL, {"file": SimpleUploadedFile("a.json", b"[]")})
    assert response.status_code == 302
    assert not PlaySession.objects.exists()


def test_an_organiser_imports_and_sees_the_counts(organiser):
    data = json.dumps([{**SARG, "date": "2024-05-17", "id": "a"}]).encode()
    html = upload(organiser, data).content.decode()
    assert "1 session imported, 0 skipped" in html
    html = upload(organiser, data).content.decode()
    assert "0 sessions imported, 1 skipped" in html
    assert PlaySession.objects.count() == 1


def test_a_bad_sheet_is_named_and_nothing_is_written(organiser):
    data = json.dumps([{**SARG, "date": "2024-05-17"}, {**SARG, "date": "soon"}]).encode()
    html = upload(organiser, data).content.decode()
    assert "sheet 1, field date" in html and "Nothing was imported" in html
    assert not PlaySession.objects.exists()


def test_the_scorekeeper_import_page_links_here_for_organisers(organiser):
    assert URL in organiser.get("/scorekeeper/import/").content.decode()


@settings(max_examples=40, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    content=st.one_of(
        st.binary(max_size=300),
        st.recursive(
            st.none() | st.integers() | st.text(max_size=20),
            lambda kids: (
                st.lists(kids, max_size=4) | st.dictionaries(st.text(max_size=8), kids, max_size=4)
            ),
            max_leaves=20,
        ).map(lambda v: json.dumps(v).encode()),
        st.just(b"[" * 100000),
        st.just(("[" + ",".join(['{"game":"sarg"}'] * 3) + "]").encode()),
    )
)
def test_hostile_files_get_a_message_never_a_500(client, content):
    client.force_login(User.objects.filter(username="org").first() or user("org", staff=True))
    response = upload(client, content)
    assert response.status_code == 200
    assert not PlaySession.objects.exists()

"""Hostile input to the organisers' forms and exports: a clear refusal, never a 5xx."""

import json

import pytest
from django.test import Client
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring.models import AuditEntry, Player, PlaySession
from tests.scoring.organiser_helpers import finished_sarg, organiser, player

pytestmark = pytest.mark.django_db

SLOW = settings(max_examples=40, suppress_health_check=[HealthCheck.function_scoped_fixture])
NASTY = st.one_of(
    st.text(max_size=60),
    st.sampled_from(["²", "١", "-1", "0", "7", "1e9", "9" * 5000, "", " ", "\x00", "null"]),
)
JSONISH = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(), st.text(max_size=8)),
    lambda inner: st.one_of(
        st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=6), inner, max_size=4)
    ),
    max_leaves=12,
)
SARG_KEYS = st.sampled_from(["queen", "king", "grid", "Anna", "heads"])
ENTRIES = st.one_of(
    NASTY,
    JSONISH.map(json.dumps),
    st.dictionaries(SARG_KEYS, JSONISH, max_size=3).map(json.dumps),
    st.just('{"grid": ' + "[" * 5000 + "]" * 5000 + "}"),
    st.just('{"queen": ' + "9" * 5000 + ', "king": 1}'),
)


@pytest.fixture
def olga_client():
    client = Client()
    client.force_login(organiser())
    return client


@SLOW
@given(number=NASTY, entry=ENTRIES, reason=NASTY)
def test_correct_never_fails_with_a_server_error(olga_client, number, entry, reason):
    session = finished_sarg() if not hasattr(olga_client, "session_") else olga_client.session_
    olga_client.session_ = session
    before = AuditEntry.objects.count()
    response = olga_client.post(
        f"/admin/scoring/playsession/{session.pk}/correct/",
        {"number": number, "entry": entry, "reason": reason},
    )
    assert response.status_code in (200, 302)
    if response.status_code == 200:
        assert AuditEntry.objects.count() == before  # refused: nothing written


@SLOW
@given(round_=NASTY)
def test_the_round_chosen_in_the_address_is_harmless(olga_client, round_):
    session = finished_sarg() if not hasattr(olga_client, "session_") else olga_client.session_
    olga_client.session_ = session
    url = f"/admin/scoring/playsession/{session.pk}/correct/"
    assert olga_client.get(url, {"round": round_}).status_code == 200


@SLOW
@given(view=st.sampled_from(["void", "restore", "remove", "correct"]), object_id=NASTY)
def test_odd_object_ids_are_refused_plainly(olga_client, view, object_id):
    from urllib.parse import quote

    url = f"/admin/scoring/playsession/{quote(object_id, safe='')}/{view}/"
    # an unknown id: the admin's "doesn't exist" message; an address no route takes: 404
    assert olga_client.post(url, {"reason": "x"}).status_code in (302, 404)


@SLOW
@given(view=st.sampled_from(["void", "restore"]), reason=NASTY)
def test_reasons_of_any_kind(olga_client, view, reason):
    session = finished_sarg() if not hasattr(olga_client, "session_") else olga_client.session_
    olga_client.session_ = session
    url = f"/admin/scoring/playsession/{session.pk}/{view}/"
    assert olga_client.post(url, {"reason": reason}).status_code in (200, 302)


@SLOW
@given(name=NASTY, username=NASTY, into=NASTY, reason=NASTY)
def test_player_forms(olga_client, name, username, into, reason):
    player("Anna")
    for view, data in (
        ("rename", {"name": name}),
        ("link", {"username": username}),
        ("merge", {"into": into}),
    ):
        henrik = Player.objects.exclude(name="Anna").first() or player("Henrik", is_guest=True)
        url = f"/admin/scoring/player/{henrik.pk}/{view}/"
        assert olga_client.post(url, {**data, "reason": reason}).status_code in (200, 302)


@SLOW
@given(
    kind=st.sampled_from(["sessions", "seats", "json"]),
    params=st.dictionaries(
        st.sampled_from(["game", "mode", "voided", "q", "o", "p", "finished_at__gte", "x__y"]),
        NASTY,
        max_size=3,
    ),
)
def test_exports_with_any_filters(olga_client, kind, params):
    response = olga_client.get(f"/admin/scoring/playsession/export/{kind}/", params)
    assert response.status_code in (200, 302)
    if response.status_code == 200:
        b"".join(response.streaming_content)


@SLOW
@given(action=NASTY, selected=st.lists(NASTY, max_size=3), reason=NASTY)
def test_list_actions_with_odd_posts(olga_client, action, selected, reason):
    if not PlaySession.objects.exists():
        finished_sarg()
    for url in ("/admin/scoring/playsession/", "/admin/scoring/player/"):
        body = {"action": action, "_selected_action": selected, "apply": "1", "reason": reason}
        assert olga_client.post(url, body).status_code in (200, 302)


@pytest.mark.parametrize(
    "url",
    [
        "/admin/scoring/playsession/",
        "/admin/scoring/playsession/export/sessions/",
        "/admin/scoring/player/",
        "/admin/scoring/season/",
        "/admin/scoring/auditentry/",
    ],
)
def test_a_nul_byte_in_a_filter_is_an_invalid_filter_not_a_server_error(olga_client, url):
    assert olga_client.get(url, {"game": "\x00", "q": "\x00"}).status_code == 302

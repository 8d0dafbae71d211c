"""Hostile input to the organisers' forms and exports: a clear refusal, never a 5xx."""

import pytest
from django.test import Client
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring import player_organising, stored_sheets
from scoring.calculators import compute
from scoring.models import AuditEntry, Player, PlaySession
from tests.scoring.organiser_helpers import (
    CORRECTIONS,
    finished_sarg,
    finished_session,
    organiser,
    player,
)

pytestmark = pytest.mark.django_db

SLOW = settings(max_examples=40, suppress_health_check=[HealthCheck.function_scoped_fixture])
NASTY = st.one_of(
    st.text(max_size=60),
    st.sampled_from(["²", "١", "-1", "0", "7", "1e9", "9" * 5000, "", " ", "\x00", "null"]),
)
GAMES = ("sarkophag", "sarg", "sarcophagus", "sacrifice")
# The fields of the four games' entry forms (scoring/entry), posted to the round correction.
ENTRY_FIELDS = [
    "mode", "pick", "cursor", "rank", "queen", "king", "lost_by_cards",
    *(f"{kind}-{n}" for kind in ("heads", "cards", "cell", "held", "sarc", "discard",
                                  "trophies", "sacrificed") for n in (0, 1, 2, 8)),
]  # fmt: skip
ENTRY_VALUE = st.one_of(
    NASTY,
    st.sampled_from(
        ["12", "QH", "JK", "JK#2", "JK#9", "5-sun", "null-moon", "typed", "cards", "mode:grid",
         "mode:cards", "step:0:1", "step:9:-999", "cell:4", "cell:99", "rank:Q", "suit:H",
         "joker", "clear"]
    ),
)  # fmt: skip
ENTRY_POST = st.dictionaries(
    st.sampled_from(ENTRY_FIELDS),
    st.one_of(ENTRY_VALUE, st.lists(ENTRY_VALUE, max_size=3)),
    max_size=6,
)


@pytest.fixture
def olga_client():
    client = Client()
    client.force_login(organiser())
    return client


def session_of(client, game: str) -> PlaySession:
    """One finished session of ``game`` for all of a property test's examples."""
    made = client.__dict__.setdefault("sessions_", {})
    if game not in made:
        made[game] = finished_session(game)
    return made[game]


def rounds_now(session) -> list:
    return list(session.rounds.order_by("number").values_list("entry", flat=True))


@SLOW
@given(
    game=st.sampled_from(GAMES),
    fields=ENTRY_POST,
    number=st.one_of(NASTY, st.just("1")),
    version=st.one_of(NASTY, st.just("current")),
    action=st.sampled_from(["save", "save", "show", "", "delete"]),
    reason=st.one_of(NASTY, st.just("Scores swapped.")),
)
def test_correct_never_fails_with_a_server_error(
    olga_client, game, fields, number, version, action, reason
):
    session = session_of(olga_client, game)
    if version == "current":
        version = str(PlaySession.objects.get(pk=session.pk).version)
    before, audits = rounds_now(session), AuditEntry.objects.count()
    body = {**fields, "number": number, "version": version, "action": action, "reason": reason}
    response = olga_client.post(f"/admin/scoring/playsession/{session.pk}/correct/", body)
    assert response.status_code in (200, 302)
    if response.status_code == 200:  # drawn again or refused: nothing written
        assert AuditEntry.objects.count() == audits
        assert rounds_now(session) == before
    else:  # a correction the rules take: that round, audited
        assert AuditEntry.objects.count() == audits + 1
        assert len(rounds_now(session)) == len(before)


@SLOW
@given(game=st.sampled_from(GAMES), odd=ENTRY_POST)
def test_a_correction_with_odd_values_mixed_in_saves_only_what_the_rules_take(
    olga_client, game, odd
):
    """A correction that would be saved, with some of its fields replaced by odd values:
    refused (nothing written), or saved as an entry the calculators take."""
    session = session_of(olga_client, game)
    number, fields, _entry = CORRECTIONS[game]
    before, audits = rounds_now(session), AuditEntry.objects.count()
    version = PlaySession.objects.get(pk=session.pk).version
    body = {**fields, **odd, "number": number, "version": version, "action": "save"}
    response = olga_client.post(
        f"/admin/scoring/playsession/{session.pk}/correct/", {**body, "reason": "Odd."}
    )
    assert response.status_code in (200, 302)
    if response.status_code == 200:
        assert (AuditEntry.objects.count(), rounds_now(session)) == (audits, before)
    else:
        assert AuditEntry.objects.count() == audits + 1
        compute(stored_sheets.sheet_of(session))  # what was saved is a sheet the rules take


@SLOW
@given(game=st.sampled_from(GAMES), round_=NASTY)
def test_the_round_chosen_in_the_address_is_harmless(olga_client, game, round_):
    session = session_of(olga_client, game)
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


@SLOW
@given(
    action=st.sampled_from(["delete_selected", "void_selected", "restore_selected"]),
    selected=st.lists(st.one_of(NASTY, st.just("real")), max_size=4),
    reason=NASTY,
    apply=st.sampled_from(["1", "", "\x00"]),
)
def test_bulk_void_and_delete_with_odd_posts(olga_client, action, selected, reason, apply):
    """Odd ids and reasons: the page again or the list, never a 5xx; without a reason the
    sessions stay as they were and nothing is audited."""
    session = PlaySession.objects.first() or finished_sarg()
    ids = [str(session.pk) if value == "real" else value for value in selected]
    before = (PlaySession.objects.count(), AuditEntry.objects.count())
    body = {"action": action, "_selected_action": ids, "apply": apply, "reason": reason}
    response = olga_client.post("/admin/scoring/playsession/", body)
    assert response.status_code in (200, 302)
    if not reason.strip():
        assert (PlaySession.objects.count(), AuditEntry.objects.count()) == before


@SLOW
@given(object_id=st.one_of(NASTY, st.just("merge")), reason=NASTY)
def test_undo_merge_with_odd_ids_and_reasons(olga_client, object_id, reason):
    """Never a 5xx; a blank reason undoes nothing."""
    from urllib.parse import quote

    if not AuditEntry.objects.filter(action="merge").exists():
        player_organising.merge(
            player("henni", is_guest=True), player("Henrik"), by=None, reason="x"
        )
    if object_id == "merge":
        object_id = str(AuditEntry.objects.filter(action="merge").first().pk)
    undone = AuditEntry.objects.filter(action="undo_merge").count()
    url = f"/admin/scoring/auditentry/{quote(object_id, safe='')}/undo-merge/"
    assert olga_client.post(url, {"reason": reason}).status_code in (200, 302, 404)
    if not reason.strip():
        assert AuditEntry.objects.filter(action="undo_merge").count() == undone


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

"""Exports of the filtered sessions list: CSV of sessions, CSV of seats, JSON to import."""

import csv
import datetime as dt
import io
import json

import pytest
from django.db import connection
from django.http import StreamingHttpResponse
from django.test.utils import CaptureQueriesContext

from scoring import exports
from scoring.calculators import compute
from scoring.models import PlaySession
from tests.scoring.organiser_helpers import finished_sarg, hours_ago, player

pytestmark = pytest.mark.django_db

EXPORT = "/admin/scoring/playsession/export"


def body(response) -> str:
    assert isinstance(response, StreamingHttpResponse)
    return b"".join(response.streaming_content).decode()


def rows(response) -> list[dict]:
    return list(csv.DictReader(io.StringIO(body(response))))


def test_seat_results_one_row_per_seat_of_the_filtered_sessions(client, olga):
    finished_sarg(names=("Anna", "Ben"), at=hours_ago(2))
    finished_sarg(names=("Clara", "Dora"), rounds=[(0, 40)] * 6, at=hours_ago(1))
    response = client.get(f"{EXPORT}/seats/", {"q": "clara"})
    assert response["Content-Type"].startswith("text/csv")
    assert "attachment" in response["Content-Disposition"]
    got = rows(response)
    assert [(r["player"], r["place"], r["game"], r["mode"]) for r in got] == [
        ("Clara", "2", "sarg", "tabletop"),
        ("Dora", "1", "sarg", "tabletop"),
    ]
    assert all(r["date"] and r["score"].lstrip("-").isdigit() for r in got)


def test_sessions_csv_follows_the_lists_filters(client, olga):
    counted = finished_sarg(names=("Anna", "Ben"))
    void = finished_sarg(names=("Clara", "Dora"))
    PlaySession.objects.filter(pk=void.pk).update(voided_at=void.finished_at)
    got = rows(client.get(f"{EXPORT}/sessions/", {"voided": "no"}))
    assert [r["session"] for r in got] == [str(counted.public_id)]
    assert got[0]["players"] == "Anna; Ben" and got[0]["winners"] == "Anna"
    assert got[0]["voided"] == "no"


def test_the_changelist_links_its_filters_to_the_exports(client, olga):
    html = client.get("/admin/scoring/playsession/", {"game": "sarg"}).content.decode()
    assert f"{EXPORT}/seats/?game=sarg" in html


def test_invalid_filters_send_the_organiser_back_with_a_message(client, olga):
    response = client.get(f"{EXPORT}/seats/", {"nonsense__field": "1"})
    assert response.status_code == 302


def test_json_export_is_in_the_import_format(client, olga):
    session = finished_sarg()
    sheets = json.loads(body(client.get(f"{EXPORT}/json/")))
    (sheet,) = sheets
    assert sheet["id"] == str(session.public_id) and sheet["mode"] == "tabletop"
    assert dt.datetime.fromisoformat(sheet["date"]) == session.finished_at
    result = compute({k: v for k, v in sheet.items() if k not in ("id", "date", "mode")})
    assert result["places"] == {"Anna": 1, "Ben": 2}


def test_exports_of_the_selected_sessions_as_actions(client, olga):
    session = finished_sarg()
    finished_sarg(names=("Clara", "Dora"))
    response = client.post(
        "/admin/scoring/playsession/",
        {"action": "export_seats", "_selected_action": [session.pk]},
    )
    assert {r["player"] for r in rows(response)} == {"Anna", "Ben"}


def test_a_name_a_spreadsheet_would_run_is_defused():
    player("=HYPERLINK(1)")
    finished_sarg(names=("=HYPERLINK(1)", "Ben"))
    got = rows(exports.seats_csv(PlaySession.objects.all()))
    assert got[0]["player"] == "'=HYPERLINK(1)"


def test_the_json_export_reads_sessions_chunk_by_chunk(monkeypatch):
    """Streaming: the first sheets go out after one chunk's queries, not the whole table's."""
    monkeypatch.setattr(exports, "SHEET_CHUNK_SIZE", 2)
    for i in range(6):
        finished_sarg(names=(f"A{i}", f"B{i}"))
    lines = exports.sheets_json(PlaySession.objects.all()).streaming_content
    with CaptureQueriesContext(connection) as first:
        next(lines), next(lines)  # "[" and the first sheet
    with CaptureQueriesContext(connection) as rest:
        remaining = list(lines)
    assert len(remaining) == 6  # five sheets and the closing bracket
    assert len(first) == 3  # the sessions, and the first chunk's seats and rounds
    assert len(rest) == 4  # the seats and rounds of the second and third chunks, when reached


def test_the_csv_exports_are_one_query_each():
    for i in range(3):
        finished_sarg(names=(f"A{i}", f"B{i}"))
    for make in (exports.sessions_csv, exports.seats_csv):
        with CaptureQueriesContext(connection) as queries:
            got = list(make(PlaySession.objects.all()).streaming_content)
        assert len(queries) == 1 and len(got) > 3


def test_the_json_export_imports_back_as_the_same_sessions(tmp_path):
    from django.core.management import call_command

    finished_sarg(at=hours_ago(3))
    finished_sarg(names=("Clara", "Dora"), rounds=[(0, 40)] * 6, at=hours_ago(1))
    exported = json.loads(body(exports.sheets_json(PlaySession.objects.all())))
    PlaySession.objects.all().delete()
    path = tmp_path / "club.json"
    path.write_text(json.dumps(exported), encoding="utf-8")
    call_command("import_sheets", str(path), stdout=io.StringIO(), stderr=io.StringIO())
    again = json.loads(body(exports.sheets_json(PlaySession.objects.all())))
    strip = [{k: v for k, v in s.items() if k != "id"} for s in exported]
    assert [{k: v for k, v in s.items() if k != "id"} for s in again] == strip


def test_the_json_export_leaves_sheets_in_progress_out():
    from scoring import sheets as scoresheets

    finished = finished_sarg()
    scoresheets.create_session(
        "sarg", None, [player("Clara"), player("Dora")], roles={"queen": "Clara", "king": "Dora"}
    )
    exported = json.loads(body(exports.sheets_json(PlaySession.objects.all())))
    assert [sheet["id"] for sheet in exported] == [str(finished.public_id)]


def test_a_date_imported_without_a_time_is_that_day_in_the_csv_exports():
    from scoring.bulk_import import import_sheets

    sheet = {
        "game": "sarg",
        "players": ["Anna", "Ben"],
        "roles": {"queen": "Anna", "king": "Ben"},
        "rounds": [{"queen": 38, "king": 30}] * 6,
    }
    import_sheets([{**sheet, "date": "2025-03-01"}, {**sheet, "date": "2025-03-02T20:30"}])
    sessions = PlaySession.objects.all()
    assert [r["date"] for r in rows(exports.sessions_csv(sessions))] == [
        "2025-03-01",
        "2025-03-02T20:30:00+01:00",
    ]
    assert {r["date"] for r in rows(exports.seats_csv(sessions))} == {
        "2025-03-01",
        "2025-03-02T20:30:00+01:00",
    }

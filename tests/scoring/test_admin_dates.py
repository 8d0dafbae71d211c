"""Sessions in the admin are named and sorted by when they were played, in the club's time
zone and the reader's date format (day before month in English, whatever the variant)."""

import re

import pytest
from django.utils import formats, timezone, translation

from scoring.bulk_import import import_sheets
from scoring.models import PlaySession
from tests.scoring.organiser_helpers import FINISHED_SHEETS, finished_sarg

pytestmark = pytest.mark.django_db

LIST = "/admin/scoring/playsession/"
SARG = FINISHED_SHEETS["sarg"]


def imported(date: str) -> PlaySession:
    import_sheets([{**SARG, "date": date}])
    return PlaySession.objects.latest("id")


def labels(client, **headers) -> list[str]:
    html = client.get(LIST, **headers).content.decode()
    return re.findall(r'class="field-label"><a [^>]*>([^<]+)</a>', html)


def test_a_session_is_named_by_the_day_it_was_played_not_imported():
    session = imported("2025-03-01")
    assert str(session) == "Sarg, 1 Mar 2025"


def test_the_name_gives_the_time_played_in_the_clubs_time_zone():
    session = imported("2025-03-01T22:30:00+00:00")  # 23:30 in Berlin
    assert str(session) == "Sarg, 1 Mar 2025, 23:30"
    with translation.override("de"):
        assert str(session) == "Sarg, 01.03.2025 23:30"


def test_the_list_labels_and_sorts_sessions_by_when_they_were_played(client, olga):
    finished_sarg(names=("Clara", "Dora"))  # played now, entered on a phone
    imported("2025-03-01T23:30:00+00:00")  # the 2nd in Berlin, imported after it
    imported("2024-12-24")
    today = formats.date_format(timezone.localdate(), "j M Y")
    assert labels(client) == [
        f"Sarg, {today}",
        "Sarg, 2 Mar 2025",
        "Sarg, 24 Dec 2024",
    ]


def test_a_british_reader_sees_the_day_before_the_month(client, olga):
    session = imported("2025-03-01T20:30")
    found = labels(client, HTTP_ACCEPT_LANGUAGE="en-GB,en;q=0.8")
    assert found == ["Sarg, 1 Mar 2025"]
    change = client.get(f"{LIST}{session.pk}/change/", HTTP_ACCEPT_LANGUAGE="en-GB")
    html = change.content.decode()
    assert "1 Mar 2025, 20:30" in html and "03/01/2025" not in html


def test_a_german_reader_sees_german_dates(client, olga):
    imported("2025-03-01")
    assert labels(client, HTTP_ACCEPT_LANGUAGE="de") == ["Sarg, 01.03.2025"]


def test_a_sheet_in_progress_sorts_by_the_day_it_is_played(client, olga):
    """A sheet started today for last week's game sits among last week's, not today's."""
    import datetime as dt

    from scoring import sheets
    from scoring.models import Player

    imported("2025-03-01T23:30:00+00:00")  # the 2nd in Berlin
    imported("2024-12-24")
    finished_sarg(names=("Clara", "Dora"))  # played now
    players = [Player.objects.create(name="Eva"), Player.objects.create(name="Finn")]
    roles = {"queen": "Eva", "king": "Finn"}
    sheets.create_session(
        "sarg", None, players, roles=roles, details={"played_on": dt.date(2025, 3, 5)}
    )
    today = formats.date_format(timezone.localdate(), "j M Y")
    assert labels(client) == [
        f"Sarg, {today}",
        "Sarg, 5 Mar 2025",
        "Sarg, 2 Mar 2025",
        "Sarg, 24 Dec 2024",
    ]

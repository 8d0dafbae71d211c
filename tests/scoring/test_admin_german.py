"""The organisers' admin in German: Sarg's roles in words, seat and place told apart."""

import re

import pytest

from tests.scoring.organiser_helpers import finished_sarg, organiser

pytestmark = pytest.mark.django_db


def seat_cells(client, session) -> list[str]:
    url = f"/admin/scoring/playsession/{session.pk}/change/"
    page = client.get(url, HTTP_ACCEPT_LANGUAGE="de").content.decode()
    return re.findall(r'<td class="field-role_name">\s*<p>([^<]*)</p>', page)


def test_a_sarg_session_s_seats_show_the_roles_in_german(client):
    client.force_login(organiser())
    assert seat_cells(client, finished_sarg()) == ["Dame · Reihen", "König · Spalten"]


def test_the_correction_page_tells_seat_from_place(client):
    session = finished_sarg()
    client.force_login(organiser())
    url = f"/admin/scoring/playsession/{session.pk}/correct/?round=1"
    page = client.get(url, HTTP_ACCEPT_LANGUAGE="de").content.decode()
    headers = re.findall(r'<th scope="col">([^<]*)</th>', page)
    assert ["Sitz", "Spieler", "Summe", "Platz"] in [
        headers[i : i + 4] for i in range(len(headers))
    ]

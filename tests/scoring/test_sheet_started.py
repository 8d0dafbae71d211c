"""The new-sheet page keeps ``?origin=`` through its form and sends ``sheet_started`` with
it, so apps above scoring (club nights) claim the sheets started from their pages."""

import pytest

from scoring.models import PlaySession
from scoring.signals import sheet_started

from .sheet_helpers import players

pytestmark = pytest.mark.django_db


@pytest.fixture
def heard():
    calls = []

    def listen(sender, session, user, origin, **kwargs):
        calls.append((session, user, origin))

    sheet_started.connect(listen, dispatch_uid="test-sheet-started")
    yield calls
    sheet_started.disconnect(dispatch_uid="test-sheet-started")


def test_the_form_keeps_the_origin(client, owner):
    body = client.get("/scorekeeper/new/sacrifice/", {"origin": "night:7"}).content.decode()
    assert '<input type="hidden" name="origin" value="night:7">' in body


def test_a_started_sheet_is_announced_with_its_origin(client, owner, heard):
    anna, ben = players("Anna", "Ben")
    data = {"players": [anna.pk, ben.pk], "action": "start", "origin": "night:7"}
    client.post("/scorekeeper/new/sacrifice/", data)
    assert heard == [(PlaySession.objects.get(), owner, "night:7")]


@pytest.mark.parametrize("origin", ["x" * 5000, "night:\x00", "nächte", '"><script>'])
def test_a_hostile_origin_is_dropped_or_cut(client, owner, heard, origin):
    anna, ben = players("Anna", "Ben")
    data = {"players": [anna.pk, ben.pk], "action": "start", "origin": origin}
    client.post("/scorekeeper/new/sacrifice/", data)
    (_session, _user, kept) = heard[0]
    assert len(kept) <= 40 and kept.isprintable() and kept.isascii()


def test_the_new_sheet_page_offers_a_location_from_the_link(client, owner):
    body = client.get("/scorekeeper/new/sacrifice/", {"location": "Hinterzimmer"}).content
    assert 'value="Hinterzimmer"' in body.decode()

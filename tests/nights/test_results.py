"""A night's results: games played, winners, the biggest scores, who gained most rating."""

import pytest

from nights.models import NightSession
from nights.results import results_of
from scoring.bulk_import import import_sheets
from scoring.models import PlaySession, RatingEvent
from tests.scoring.organiser_helpers import FINISHED_SHEETS, finished_sarg, hours_ago

from .helpers import a_night

pytestmark = pytest.mark.django_db


def night_with(*sessions):
    night = a_night(days_ahead=0)
    for session in sessions:
        NightSession.objects.create(night=night, session=session)
    return night


def test_the_games_played_are_counted_per_game():
    night = night_with(finished_sarg(), finished_sarg())
    assert results_of(night).games == [("Sarg", 2)]


def test_the_winner_of_each_game_is_named():
    session = finished_sarg(rounds=((38, 30),) * 6, names=("Anna", "Ben"))
    winners = results_of(night_with(session)).winners
    queen = next(s for s in session.seats.all() if s.place == 1).player.name
    assert winners == [(session, [queen])]


def test_the_biggest_scores_come_first():
    night = night_with(finished_sarg())
    scores = [seat.score for seat in results_of(night).top_scores]
    assert scores == sorted(scores, reverse=True) and scores


def test_the_gain_counts_from_before_the_night():
    earlier = finished_sarg(at=hours_ago(48))
    tonight = finished_sarg()
    gains = results_of(night_with(tonight)).gains
    for gain in gains:
        before = RatingEvent.objects.get(session=earlier, player_id=gain.player_id).ordinal
        after = RatingEvent.objects.get(session=tonight, player_id=gain.player_id).ordinal
        assert gain.gain == pytest.approx(after - before)
    assert gains and all(g.gain > 0 for g in gains)


def test_a_voided_game_is_left_out():
    session = finished_sarg()
    PlaySession.objects.filter(pk=session.pk).update(voided_at=session.finished_at)
    assert results_of(night_with(session)).finished == []


def test_the_night_page_shows_the_results(client):
    night = night_with(finished_sarg())
    body = client.get(f"/nights/{night.pk}/").content.decode()
    assert "Results" in body and "Who gained most rating" in body


def test_sarkophag_heads_are_no_big_score():
    night = a_night(days_ahead=0)
    import_sheets([{**FINISHED_SHEETS["sarkophag"], "limit": 15, "date": "2026-01-05"}])
    session = PlaySession.objects.get(game="sarkophag")
    NightSession.objects.create(night=night, session=session)
    assert results_of(night).top_scores == []


def test_the_printable_results_give_each_game_a_page(client):
    night = a_night(days_ahead=0)
    import_sheets([{**FINISHED_SHEETS["sarkophag"], "limit": 15, "date": "2026-01-05"}])
    for session in [finished_sarg(), finished_sarg(), PlaySession.objects.get(game="sarkophag")]:
        NightSession.objects.create(night=night, session=session)
    body = client.get(f"/nights/{night.pk}/?view=print", HTTP_ACCEPT_LANGUAGE="en")
    html = body.content.decode()
    pages = html.split('<section class="print-page night-game"')[1:]
    assert [page.split("<h2", 1)[1].split(">", 1)[1].split("<")[0] for page in pages] == [
        "Sarg",
        "Sarkophag",
    ]
    assert pages[0].count("<table>") == 2 and pages[1].count("<table>") == 1
    assert "3 games played" in html and 'class="badge">winner<' in html


def test_the_printable_results_leave_voided_games_out_and_say_so_in_german(client):
    session = finished_sarg()
    PlaySession.objects.filter(pk=session.pk).update(voided_at=session.finished_at)
    night = night_with(session)
    html = client.get(f"/nights/{night.pk}/?view=print", HTTP_ACCEPT_LANGUAGE="de")
    assert "Noch keine Partie dieses Abends ist beendet." in html.content.decode()


def test_the_night_page_links_its_printable_results(client):
    night = night_with(finished_sarg())
    body = client.get(f"/nights/{night.pk}/").content.decode()
    assert 'href="?view=print" id="print-results"' in body

import re

import pytest

from scoring import sheet_import, sheets, stored_sheets
from scoring.models import PlaySession

from .sheet_helpers import SQUARE, entry_url, players, sarg_sheet, sarkophag_sheet, user

pytestmark = pytest.mark.django_db


def alerts(response) -> list[str]:
    return re.findall(r'role="alert"[^>]*>([^<]+)', response.content.decode())


def grid_post(square, **extra):
    data = {"mode": "grid", "round": "", "action": "save", **extra}
    for i, card in enumerate(c for row in square for c in row):
        data[f"cell-{i}"] = card
    return data


def test_scorekeeper_landing_lists_the_four_games(client):
    response = client.get("/scorekeeper/")
    assert response.status_code == 200
    for game in ("sarkophag", "sarg", "sarcophagus", "sacrifice"):
        assert f"/scorekeeper/new/{game}/" in response.content.decode()


def test_home_page_links_keep_score_per_game(client):
    assert "/scorekeeper/new/sarg/" in client.get("/").content.decode()


def test_start_a_sarg_sheet_in_one_post(client, owner):
    anna, ben = players("Anna", "Ben")
    response = client.post(
        "/scorekeeper/new/sarg/", {"players": [ben.pk, anna.pk], "action": "start", "swap": "on"}
    )
    session = PlaySession.objects.get()
    assert response.url == f"/scorekeeper/{session.public_id}/"
    assert {s.role: s.player.name for s in session.seats.all()} == {"queen": "Anna", "king": "Ben"}


def test_start_with_a_guest_added_on_the_spot(client, owner):
    (anna,) = players("Anna")
    client.post(
        "/scorekeeper/new/sacrifice/", {"players": [anna.pk], "guests": ["Zoe"], "action": "start"}
    )
    seats = PlaySession.objects.get().seats.all()
    assert [(s.player.name, s.player.is_guest) for s in seats] == [("Anna", False), ("Zoe", True)]


def test_too_few_players_is_refused_on_the_form(client, owner):
    (anna,) = players("Anna")
    response = client.post("/scorekeeper/new/sarkophag/", {"players": [anna.pk], "action": "start"})
    assert "3 to 6 players" in " ".join(alerts(response))
    assert not PlaySession.objects.exists()


def test_player_search_finds_club_players(client, owner):
    players("Clara", "Ben")
    response = client.get("/scorekeeper/new/sarg/players/", {"q": "cla"})
    assert "Clara" in response.content.decode() and "Ben" not in response.content.decode()


def test_saving_a_sarg_square_shows_the_confirmation(client, owner):
    session = sarg_sheet(owner)
    response = client.post(entry_url(session), grid_post(SQUARE, seen=0), HTTP_HX_REQUEST="true")
    assert "Round 1 saved." in response.content.decode()
    assert session.rounds.count() == 1


def test_a_card_used_twice_in_a_sarg_game_is_refused(client, owner):
    session = sarg_sheet(owner)
    client.post(entry_url(session), grid_post(SQUARE, seen=0))
    response = client.post(entry_url(session), grid_post(SQUARE, seen=1), HTTP_HX_REQUEST="true")
    assert any("already played" in a and "Nothing was saved" in a for a in alerts(response))
    assert session.rounds.count() == 1


def test_a_seventh_sarg_round_is_refused(client, owner):
    session = sarg_sheet(owner)
    for _ in range(6):
        sheets.apply_edit(session.public_id, owner, "add", entry={"queen": 10, "king": 5})
    data = {"mode": "typed", "queen": "1", "king": "2", "action": "save", "seen": 6}
    response = client.post(entry_url(session), data, HTTP_HX_REQUEST="true")
    assert any("six rounds" in a for a in alerts(response))
    assert session.rounds.count() == 6


def test_negative_heads_are_refused_next_to_the_player(client, owner):
    session = sarkophag_sheet(owner)
    data = {"mode": "heads", "heads-0": "1", "heads-1": "-2", "heads-2": "0", "action": "save"}
    response = client.post(entry_url(session), data, HTTP_HX_REQUEST="true")
    assert 'id="err-1"' in response.content.decode()
    assert any("negative" in a for a in alerts(response))
    assert not session.rounds.exists()


def test_the_same_tile_held_by_two_players_is_refused(client, owner):
    session = sheets.create_session("sarcophagus", owner, players("Ron", "Amy"))
    data = {"held-0": ["5-sun"], "held-1": ["5-sun"], "action": "save", "seen": 0}
    response = client.post(entry_url(session), data, HTTP_HX_REQUEST="true")
    assert any("5-sun" in a for a in alerts(response))
    assert not session.rounds.exists()


def test_a_trophy_given_twice_is_refused(client, owner):
    session = sheets.create_session("sacrifice", owner, players("Anna", "Ben"))
    data = {"trophies-0": ["KH"], "trophies-1": ["KH"], "action": "save", "seen": 0}
    response = client.post(entry_url(session), data, HTTP_HX_REQUEST="true")
    assert any("KH" in a for a in alerts(response))
    assert not session.rounds.exists()


def test_a_tap_computes_without_saving(client, owner):
    session = sarkophag_sheet(owner)
    data = {"mode": "heads", "heads-0": "1", "heads-1": "2", "heads-2": "0", "pick": "step:0:1"}
    response = client.post(entry_url(session), data, HTTP_HX_REQUEST="true")
    assert 'value="2"' in response.content.decode()
    assert not session.rounds.exists()


def test_anyone_with_the_link_may_watch(client):
    session = sarg_sheet(user())
    response = client.get(f"/scorekeeper/{session.public_id}/")
    assert response.status_code == 200
    body = response.content.decode()
    assert "You are watching" in body and 'id="entry"' not in body
    assert f'ws-connect="/ws/sheets/{session.public_id}/"' in body


def test_a_watcher_cannot_edit(client):
    session = sarg_sheet(user("owner"))
    client.force_login(user("watcher"))
    response = client.post(entry_url(session), grid_post(SQUARE))
    assert response.status_code == 403
    assert "Only the player who started this sheet" in response.content.decode()
    assert not session.rounds.exists()


def test_a_watcher_cannot_undo_or_finish(client):
    owner = user("owner")
    session = sarkophag_sheet(owner)
    sheets.apply_edit(
        session.public_id, owner, "add", entry={"heads": {"Anna": 1, "Ben": 0, "Clara": 0}}
    )
    client.force_login(user("watcher"))
    assert client.post(f"/scorekeeper/{session.public_id}/undo/").status_code == 403
    assert client.post(f"/scorekeeper/{session.public_id}/finish/").status_code == 403
    assert session.rounds.count() == 1


def test_an_organiser_can_edit(client):
    session = sarg_sheet(user("owner"))
    client.force_login(user("org", staff=True))
    client.post(entry_url(session), grid_post(SQUARE, seen=0))
    assert session.rounds.count() == 1


def test_undo_through_the_page(client, owner):
    session = sarkophag_sheet(owner, limit=50)
    sheets.apply_edit(
        session.public_id, owner, "add", entry={"heads": {"Anna": 1, "Ben": 0, "Clara": 0}}
    )
    response = client.post(
        f"/scorekeeper/{session.public_id}/undo/", {"seen": 1}, HTTP_HX_REQUEST="true"
    )
    assert "Round 1 was removed." in response.content.decode()
    assert not session.rounds.exists()


def test_finish_then_the_results_list_shows_it(client, owner):
    session = sarkophag_sheet(owner)
    sheets.apply_edit(
        session.public_id, owner, "add", entry={"heads": {"Anna": 1, "Ben": 0, "Clara": 0}}
    )
    client.post(f"/scorekeeper/{session.public_id}/finish/", {"seen": 1})
    body = client.get("/scorekeeper/results/?game=sarkophag").content.decode()
    assert str(session.public_id) in body
    assert (
        str(session.public_id) not in client.get("/scorekeeper/results/?game=sarg").content.decode()
    )


def test_edit_form_for_an_earlier_round(client, owner):
    session = sarkophag_sheet(owner, limit=50)
    sheets.apply_edit(
        session.public_id, owner, "add", entry={"heads": {"Anna": 4, "Ben": 0, "Clara": 0}}
    )
    response = client.get(entry_url(session), {"round": 1}, HTTP_HX_REQUEST="true")
    body = response.content.decode()
    assert "Change round 1" in body and 'value="4"' in body


def test_saving_an_untouched_sarkophag_form_is_refused_with_why(client, owner):
    session = sarkophag_sheet(owner)
    data = {"mode": "heads", "heads-0": "0", "heads-1": "0", "heads-2": "0", "seen": "0"}
    response = client.post(
        entry_url(session), {**data, "adding": "1", "action": "save"}, HTTP_HX_REQUEST="true"
    )
    assert any("at least 18 heads" in a and "Nothing was saved" in a for a in alerts(response))
    assert not session.rounds.exists()


def test_a_sacrifice_end_without_trophies_is_refused_with_why(client, owner):
    session = sheets.create_session("sacrifice", owner, players("Anna", "Ben"))
    data = {"sacrificed-0": ["2S"], "action": "save", "seen": 0}
    response = client.post(entry_url(session), data, HTTP_HX_REQUEST="true")
    assert any("at least one" in a for a in alerts(response))
    assert not session.rounds.exists()


def test_the_save_button_is_disabled_while_its_request_is_under_way(client, owner):
    body = client.get(f"/scorekeeper/{sarkophag_sheet(owner).public_id}/").content.decode()
    assert 'hx-disabled-elt="find #save-entry"' in body


UNREADABLE_SEEN = [{}, {"seen": ""}, {"seen": "²"}, {"seen": "9" * 5000}, {"seen": "-1"}]
NO_VERSION = "Your page did not say which state of the sheet it showed"


def one_round_sheet(owner):
    session = sarkophag_sheet(owner, limit=50)
    sheets.apply_edit(
        session.public_id, owner, "add", entry={"heads": {"Anna": 1, "Ben": 0, "Clara": 0}}
    )
    return PlaySession.objects.get(pk=session.pk)


@pytest.mark.parametrize("seen", UNREADABLE_SEEN)
@pytest.mark.parametrize("action", ["undo", "finish"])
def test_undo_or_finish_without_a_readable_seen_changes_nothing(client, owner, action, seen):
    session = one_round_sheet(owner)
    url = f"/scorekeeper/{session.public_id}/{action}/"
    response = client.post(url, seen, HTTP_HX_REQUEST="true")
    assert NO_VERSION in response.content.decode()
    after = PlaySession.objects.get(pk=session.pk)
    assert (after.version, after.status, after.rounds.count()) == (1, "in_progress", 1)


@pytest.mark.parametrize("seen", UNREADABLE_SEEN)
def test_a_round_saved_without_a_readable_seen_changes_nothing(client, owner, seen):
    session = one_round_sheet(owner)
    data = {"mode": "heads", "heads-0": "10", "heads-1": "5", "heads-2": "3", "round": "1"}
    response = client.post(entry_url(session), {**data, "action": "save", **seen})
    assert NO_VERSION in response.content.decode()
    assert session.rounds.get().named_entry() == {"heads": {"Anna": 1, "Ben": 0, "Clara": 0}}
    assert PlaySession.objects.get(pk=session.pk).version == 1


@pytest.mark.parametrize("seen", UNREADABLE_SEEN)
def test_seats_swapped_without_a_readable_seen_stay(client, owner, seen):
    session = sarg_sheet(owner)
    response = client.post(f"/scorekeeper/{session.public_id}/swap/", seen, follow=True)
    assert NO_VERSION in response.content.decode()
    assert [s.player.name for s in stored_sheets.seats_of(session)] == ["Anna", "Ben"]


def voided_sarg(reason="Played with a short deck."):
    from scoring import organising
    from tests.scoring.organiser_helpers import finished_sarg, organiser

    session = finished_sarg()
    organising.void(session, by=organiser(), reason=reason)
    return session


def test_a_voided_sheet_says_so_with_when_and_why(client):
    session = voided_sarg()
    response = client.get(f"/scorekeeper/{session.public_id}/", HTTP_ACCEPT_LANGUAGE="en")
    head = response.content.decode().split('id="sheet-head"')[1].split("</header>")[0]
    assert 'class="badge status-void">void<' in head and "status-finished" not in head
    assert "Voided by an organiser on" in head and "Played with a short deck." in head


def test_the_results_list_leaves_voided_sessions_out(client):
    session = voided_sarg()
    body = client.get("/scorekeeper/results/?game=sarg").content.decode()
    assert str(session.public_id) not in body


def test_a_german_sarcophagus_sheet_names_the_set_s_suit(client):
    session = sheet_import.import_sheet(
        {
            "game": "sarcophagus",
            "players": ["Ron", "Amy"],
            "tiles": {"Ron": ["5-sun", "4-sun", "3-sun"], "Amy": ["2-moon"]},
        },
        None,
        finish=True,
    )
    page = client.get(f"/scorekeeper/{session.public_id}/", HTTP_ACCEPT_LANGUAGE="de")
    assert "2 für den Sonnen-Satz" in page.content.decode()


RANK_BUTTON = re.compile(r'value="rank:(\w+)"[^>]*aria-keyshortcuts="([^"]*)"[^>]*>(\w+)</button>')


def rank_buttons(client, session, data=None) -> dict[str, tuple[str, str]]:
    """Each rank button of the Sarg square in German: the keys that press it, its letter."""
    response = client.post(entry_url(session), data or {}, HTTP_ACCEPT_LANGUAGE="de")
    return {
        rank: (keys, text) for rank, keys, text in RANK_BUTTON.findall(response.content.decode())
    }


def test_a_german_sarg_square_shows_and_takes_the_german_rank_letters(client, owner):
    session = sarg_sheet(owner)
    buttons = rank_buttons(client, session)
    assert buttons["J"] == ("B J", "B") and buttons["Q"] == ("D Q", "D")
    assert buttons["K"] == ("K", "K") and buttons["10"] == ("0 T", "10")


def test_a_german_d_after_a_rank_is_the_suit_diamonds(client, owner):
    """With a rank picked, D is diamonds (the suit's key), not Dame again."""
    session = sarg_sheet(owner)
    assert rank_buttons(client, session, {"pick": "rank:7"})["Q"] == ("Q", "D")


def test_a_german_sarg_square_labels_its_cards_with_german_letters(client, owner):
    session = sarg_sheet(owner)
    data = {"cursor": 0, "rank": "Q", "pick": "suit:H"}
    page = client.post(entry_url(session), data, HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "D♥" in page and "Q♥" not in page

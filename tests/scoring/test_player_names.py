"""Player names: tidied and compared in one place (NFKC plus casefold), the same on SQLite and
PostgreSQL, for sign-up, guests, imports and the database constraint alike."""

import pytest
from django.db import IntegrityError, transaction

from scoring import sheet_import
from scoring.models import Player
from scoring.players import name_key, tidy_name

from .sheet_helpers import user

LOOK_ALIKES = [
    ("Anna", "ＡＮＮＡ"),  # full-width letters
    ("Straße", "STRASSE"),  # casefold, not lower()
    ("Émile", "E\u0301mile"),  # composed and decomposed accent
    ("Änne", "äNNE"),  # non-ASCII case: SQLite's lower() misses it
    ("Zoë", "Zo\u200bë"),  # an invisible zero-width space
]


@pytest.mark.parametrize(("first", "second"), LOOK_ALIKES)
def test_look_alike_names_share_one_key(first, second):
    assert name_key(first) == name_key(second)


def test_tidy_name_drops_what_cannot_be_seen_or_stored():
    assert tidy_name("  Ann\x00a \t Lee\u202e ") == "Anna Lee"
    assert tidy_name("\ud800Bo") == "Bo"  # a lone surrogate (from JSON) cannot be stored
    assert tidy_name("ＡＮＮＡ") == "ANNA"
    assert len(tidy_name("x" * 500)) == 40
    assert tidy_name(42) == ""


@pytest.mark.django_db
@pytest.mark.parametrize(("first", "second"), LOOK_ALIKES)
def test_the_database_refuses_a_look_alike_name(first, second):
    Player.objects.create(name=first)
    with pytest.raises(IntegrityError), transaction.atomic():
        Player.objects.create(name=second)


@pytest.mark.django_db
def test_renaming_keeps_the_key_in_step():
    player = Player.objects.create(name="Anna")
    player.name = "Änne"
    player.save(update_fields=["name"])
    assert Player.objects.named("ÄNNE").get() == player
    assert not Player.objects.named("anna").exists()


@pytest.mark.django_db
def test_bulk_created_players_get_their_keys():
    Player.objects.bulk_create([Player(name="Ron"), Player(name="Amy")])
    assert Player.objects.named("RON").exists() and Player.objects.named("amy").exists()


@pytest.mark.django_db
@pytest.mark.parametrize(("first", "second"), LOOK_ALIKES)
def test_sign_up_refuses_a_look_alike_of_a_club_name(client, first, second):
    Player.objects.create(name=first)
    response = client.post(
        "/accounts/signup/",
        {
            "username": "newbie",
            "display_name": second,
            "password1": "a-Long-and-unusual-pw-42",
            "password2": "a-Long-and-unusual-pw-42",
        },
    )
    assert response.status_code == 200
    assert "That name is taken" in response.content.decode()
    assert Player.objects.count() == 1


@pytest.mark.django_db
@pytest.mark.parametrize(("first", "second"), LOOK_ALIKES)
def test_an_import_seats_the_club_player_of_a_look_alike_name(first, second):
    known = Player.objects.create(name=first)
    sheet = {"game": "sacrifice", "players": [second, "Ben"]}
    session = sheet_import.import_sheet(sheet, user())
    assert session.seats.get(position=0).player == known


@pytest.mark.django_db
@pytest.mark.parametrize("name", ["cards", "heads", "king", "queen", "rounds", "players"])
def test_players_named_like_sheet_fields_are_scored(name):
    sarg = {
        "game": "sarg",
        "players": [name, "Ben"],
        "roles": {"queen": "Ben", "king": name},
        "rounds": [{"queen": 5, "king": 7}],
    }
    session = sheet_import.import_sheet(sarg, user())
    assert session.seats.get(player__name=name).score == 7
    heads = {
        "game": "sarkophag",
        "players": [name, "Ben", "Clara"],
        "rounds": [{"heads": {name: 2, "Ben": 0, "Clara": 1}}],
    }
    session = sheet_import.import_sheet(heads, user("other"))
    assert session.seats.get(player__name=name).score == 2

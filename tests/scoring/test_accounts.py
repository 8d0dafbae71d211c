"""Sign-up, log-in, log-out, and every user having their player."""

import pytest
from django.contrib.auth import get_user_model

from scoring.models import Player

pytestmark = pytest.mark.django_db
PASSWORD = "a-Long-and-unusual-pw-42"


def sign_up(client, username="anna", display_name="Anna", password=PASSWORD):
    return client.post(
        "/accounts/signup/",
        {
            "username": username,
            "display_name": display_name,
            "password1": password,
            "password2": password,
        },
    )


def test_sign_up_creates_a_user_with_their_player_and_logs_in(client):
    response = sign_up(client)
    assert response.status_code == 302
    user = get_user_model().objects.get(username="anna")
    assert user.player.name == "Anna"
    assert not user.player.is_guest
    page = client.get("/").content.decode()
    assert "Welcome to the club, Anna!" in page
    assert "Log out" in page


def test_sign_up_refuses_a_display_name_the_club_already_has(client):
    Player.objects.create(name="Anna")
    response = sign_up(client, display_name="anna")
    assert response.status_code == 200
    assert "already has this name" in response.content.decode()
    assert not get_user_model().objects.filter(username="anna").exists()


def test_sign_up_refuses_mismatched_passwords_and_keeps_nothing(client):
    response = client.post(
        "/accounts/signup/",
        {"username": "ben", "display_name": "Ben", "password1": PASSWORD, "password2": "other"},
    )
    assert response.status_code == 200
    assert "didn’t match" in response.content.decode()
    assert not Player.objects.filter(name="Ben").exists()


def test_log_in_and_log_out(client):
    get_user_model().objects.create_user("clara", password=PASSWORD)
    response = client.post("/accounts/login/", {"username": "clara", "password": PASSWORD})
    assert response.status_code == 302
    assert "Log out" in client.get("/").content.decode()
    client.post("/accounts/logout/")
    assert "Log in" in client.get("/").content.decode()


def test_wrong_password_gets_a_clear_message(client):
    get_user_model().objects.create_user("clara", password=PASSWORD)
    response = client.post("/accounts/login/", {"username": "clara", "password": "nope"})
    assert response.status_code == 200
    assert "Please enter a correct username and password" in response.content.decode()


def test_a_user_made_anywhere_gets_a_player_with_a_free_name():
    Player.objects.create(name="dora", is_guest=True)
    user = get_user_model().objects.create_user("Dora", password=PASSWORD)
    assert user.player.name == "Dora 2"


def test_player_names_are_unique_regardless_of_case():
    from django.db import IntegrityError, transaction

    Player.objects.create(name="Ben")
    with pytest.raises(IntegrityError), transaction.atomic():
        Player.objects.create(name="BEN")


@pytest.mark.parametrize(
    "next_url", ["²", "home", "scorekeeper", "javascript:alert(1)", "//evil.example/"]
)
def test_sign_up_ignores_a_next_that_is_not_a_local_path(client, next_url):
    response = client.get("/accounts/signup/", {"next": next_url})
    assert response.status_code == 200
    assert f'name="next" value="{next_url}"' not in response.content.decode()

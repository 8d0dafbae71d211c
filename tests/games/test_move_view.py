"""play:move: a move posted over HTTP; every refusal is a 4xx with words and changes nothing."""

import json

import pytest
from django.urls import reverse
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra.django import TestCase as HypothesisTestCase

from games import rendering, tables

from .helpers import acting_user, first_legal, sarg_table, user, user_at
from .test_tables import snapshot

pytestmark = pytest.mark.django_db


def post(client, table, move, version):
    data = {"version": str(version), "move": move if isinstance(move, str) else json.dumps(move)}
    return client.post(reverse("play:move", args=[table.public_id]), data)


@pytest.fixture
def stub_rendering(monkeypatch):
    """The fragments as a marker of whose view they are, independent of the templates."""

    def fragments(table, seat, *, user=None):
        return f"fragments for seat {seat} at version {table.version}"

    monkeypatch.setattr(rendering, "table_fragments", fragments)


def test_a_move_answers_the_posters_fragments(client, stub_rendering):
    table = sarg_table()
    player, position = acting_user(table)
    client.force_login(player)
    response = post(client, table, first_legal(table, position), 0)
    assert response.status_code == 200
    assert response.content.decode() == f"fragments for seat {position} at version 1"


def test_the_real_fragments_come_back(client):
    table = sarg_table()
    player, position = acting_user(table)
    client.force_login(player)
    response = post(client, table, first_legal(table, position), 0)
    assert response.status_code == 200 and response.content


def test_a_double_click_applies_once(client, stub_rendering):
    table = sarg_table()
    player, position = acting_user(table)
    client.force_login(player)
    move = first_legal(table, position)
    assert post(client, table, move, 0).status_code == 200
    before = snapshot(table)
    second = post(client, table, move, 0)
    assert second.status_code == 409
    assert "moved on" in second.content.decode()
    assert snapshot(table) == before


def test_logged_out_is_403_not_a_redirect(client):
    table = sarg_table()
    _, position = acting_user(table)
    response = post(client, table, first_legal(table, position), 0)
    assert response.status_code == 403
    assert "Log in" in response.content.decode()


def test_a_spectator_and_the_player_waiting_get_403(client):
    table = sarg_table()
    _, position = acting_user(table)
    for person in (user(), user_at(table, 1 - position)):
        client.force_login(person)
        before = snapshot(table)
        assert post(client, table, first_legal(table, position), 0).status_code == 403
        assert snapshot(table) == before


def test_an_illegal_move_is_422_with_the_engines_words(client):
    table = sarg_table()
    player, position = acting_user(table)
    client.force_login(player)
    card = table.state().hands[position][0]
    response = post(client, table, {"card": card, "cell": [0, 0]}, 0)
    assert response.status_code == 422
    assert "touch a card" in response.content.decode()


@pytest.mark.parametrize(
    ("version", "move"),
    [
        ("", {"card": "QH", "cell": [0, 1]}),
        ("²", {"card": "QH", "cell": [0, 1]}),
        ("٣", {"card": "QH", "cell": [0, 1]}),
        ("1" * 5000, {"card": "QH", "cell": [0, 1]}),
        ("-1", {"card": "QH", "cell": [0, 1]}),
        ("0", "not json"),
        ("0", "[1, 2]"),
        ("0", "1" * 5000),
        ("0", "[" * 1000 + "]" * 1000),
        ("0", '{"card": ' + "9" * 5000 + "}"),
    ],
)
def test_malformed_posts_are_400(client, version, move):
    table = sarg_table()
    player, _ = acting_user(table)
    client.force_login(player)
    before = snapshot(table)
    response = post(client, table, move, version)
    assert response.status_code == 400
    assert response.content
    assert snapshot(table) == before


def test_a_huge_body_is_400(client):
    table = sarg_table()
    player, _ = acting_user(table)
    client.force_login(player)
    response = client.post(
        reverse("play:move", args=[table.public_id]), {"version": "0", "move": "x" * 100_000}
    )
    assert response.status_code == 400


def test_get_is_not_allowed(client):
    table = sarg_table()
    client.force_login(table.host)
    assert client.get(reverse("play:move", args=[table.public_id])).status_code == 405


def test_an_unknown_table_is_404(client):
    client.force_login(user())
    url = reverse("play:move", args=["00000000-0000-0000-0000-000000000000"])
    assert client.post(url, {"version": "0", "move": "{}"}).status_code == 404


def test_csrf_is_required(stub_rendering):
    from django.test import Client

    table = sarg_table()
    player, position = acting_user(table)
    client = Client(enforce_csrf_checks=True)
    client.force_login(player)
    assert post(client, table, first_legal(table, position), 0).status_code == 403
    assert snapshot(table)[0] == 0


def test_a_finished_game_refuses_moves(client):
    table = sarg_table()
    host = table.host
    tables.abandon(table, user(is_staff=True))
    client.force_login(host)
    response = post(client, table, {"card": "QH", "cell": [0, 1]}, 0)
    assert response.status_code == 422
    assert "abandoned" in response.content.decode()


class TestHostilePosts(HypothesisTestCase):
    """Whatever is posted, the answer is never a 5xx, and a refusal changes nothing."""

    @classmethod
    def setUpTestData(cls):
        cls.table = sarg_table()
        cls.player, _ = acting_user(cls.table)

    @settings(max_examples=60)
    @given(
        version=st.one_of(st.text(max_size=12), st.integers().map(str)),
        move=st.one_of(
            st.text(max_size=60),
            st.recursive(
                st.none() | st.booleans() | st.integers() | st.text(max_size=6),
                lambda inner: (
                    st.lists(inner, max_size=3)
                    | st.dictionaries(st.sampled_from(["card", "cell", "x"]), inner, max_size=3)
                ),
                max_leaves=8,
            ).map(json.dumps),
        ),
    )
    def test_hostile_values(self, version, move):
        self.client.force_login(self.player)
        before = snapshot(self.table)
        response = self.client.post(
            reverse("play:move", args=[self.table.public_id]), {"version": version, "move": move}
        )
        assert response.status_code < 500
        if response.status_code != 200:
            assert snapshot(self.table) == before


@pytest.mark.parametrize("reason", ["stale", "forbidden", "illegal"])
def test_a_refusal_brings_its_reason_and_the_table_as_it_stands(client, stub_rendering, reason):
    table = sarg_table()
    player, position = acting_user(table)
    move, version, person = first_legal(table, position), 0, player
    if reason == "stale":
        version = 3
    elif reason == "forbidden":
        person = user_at(table, 1 - position)
    else:
        move = {"card": "nonsense"}
    client.force_login(person)
    before = snapshot(table)
    response = post(client, table, move, version)
    body = response.content.decode()
    assert response.status_code == {"stale": 409, "forbidden": 403, "illegal": 422}[reason]
    assert f'data-refusal="{reason}"' in body and 'id="move-error"' in body
    assert body.endswith("at version 0")
    assert snapshot(table) == before


def test_a_malformed_post_is_refused_as_illegal_with_the_table(client, stub_rendering):
    table = sarg_table()
    player, _ = acting_user(table)
    client.force_login(player)
    response = post(client, table, "[1, 2]", 0)
    assert response.status_code == 400
    assert 'data-refusal="illegal"' in response.content.decode()


def test_a_plain_form_post_goes_back_to_the_table(client):
    table = sarg_table()
    player, position = acting_user(table)
    client.force_login(player)
    data = {"version": "0", "move": json.dumps(first_legal(table, position))}
    url = reverse("play:move", args=[table.public_id])
    response = client.post(url, data, headers={"Accept": "text/html"})
    assert response.status_code == 303
    assert response["Location"] == reverse("play:table", args=[table.public_id])
    table.refresh_from_db()
    assert table.version == 1


def test_a_plain_form_post_refused_shows_the_words_on_the_table_page(client):
    table = sarg_table()
    player, position = acting_user(table)
    client.force_login(player)
    data = {"version": "7", "move": json.dumps(first_legal(table, position))}
    url = reverse("play:move", args=[table.public_id])
    response = client.post(url, data, headers={"Accept": "text/html"}, follow=True)
    assert response.redirect_chain[-1][1] == 303
    assert "moved on" in response.content.decode()

import pytest

from scoring.models import Player
from tests.rows import rows

pytestmark = pytest.mark.django_db


def test_rows_follow_every_change_of_the_named_fields():
    anna = Player.objects.create(name="Anna")
    before = rows(Player, "pk", "name")
    assert before == [(anna.pk, "Anna")]
    Player.objects.filter(pk=anna.pk).update(name="Anne")
    assert rows(Player, "pk", "name") == [(anna.pk, "Anne")]
    Player.objects.create(name="Ben")
    assert len(rows(Player, "pk", "name")) == 2


def test_rows_without_fields_read_every_column():
    Player.objects.create(name="Anna")
    (row,) = rows(Player)
    assert len(row) == len(Player._meta.concrete_fields)

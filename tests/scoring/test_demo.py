import pytest
from django.core.management import call_command

from scoring.demo import DEMO_PLAYERS
from scoring.models import Player

pytestmark = pytest.mark.django_db


def test_load_demo_is_idempotent(capsys):
    call_command("load_demo")
    call_command("load_demo")
    assert Player.objects.count() == len(DEMO_PLAYERS)
    assert "Demo club ready (0 new players" in capsys.readouterr().out

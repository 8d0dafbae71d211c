"""The organisers' action forms: what they offer to choose from."""

import pytest

from scoring.admin_forms import MergeForm
from scoring.models import Player
from tests.scoring.organiser_helpers import organiser, player

pytestmark = pytest.mark.django_db


def test_merge_offers_no_organiser_who_never_played():
    olga = organiser().player
    guest, anna = player("Zoe", is_guest=True), player("Anna")
    offered = set(MergeForm(exclude=[guest.pk]).fields["into"].queryset)
    assert anna in offered and olga not in offered
    assert Player.objects.filter(pk=olga.pk).exists()  # every login still has its player

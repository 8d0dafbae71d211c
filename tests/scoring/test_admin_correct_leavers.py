"""An organiser's correction of an online session keeps those who left last in its places,
as the ratings rank them (several leavers tie last)."""

import pytest

from scoring import organising
from scoring.models import AuditEntry
from scoring.recording import record_online_session
from tests.scoring.organiser_helpers import organiser, player, ratings_are_a_full_replay

pytestmark = pytest.mark.django_db

WHY = "The keeper swapped two numbers."
NAMES = ("Anna", "Ben", "Clara", "Dora")


def online_sarkophag(left: tuple[int, ...]):
    """A finished online Sarkophag (fewest heads wins: Anna, Ben, Clara, Dora) whose
    ``left`` positions left it."""
    players = [player(name) for name in NAMES]
    entries = [
        {"heads": {"Anna": 1, "Ben": 5, "Clara": 9, "Dora": 14}},
        {"heads": {"Anna": 2, "Ben": 6, "Clara": 10, "Dora": 12}},
    ]
    session, _ = record_online_session(
        "sarkophag", players, roles={}, options={"limit": 20}, entries=entries, left=left
    )
    return session


def places_of(session) -> dict[str, int]:
    return {s.player.name: s.place for s in session.seats.select_related("player")}


def correct_second_round(session, heads: dict[str, int]) -> None:
    organising.correct_round(session, 2, {"heads": heads}, by=organiser(), reason=WHY)


def test_a_corrected_session_keeps_its_leaver_last():
    session = online_sarkophag(left=(0,))
    assert places_of(session) == {"Anna": 4, "Ben": 1, "Clara": 2, "Dora": 3}
    correct_second_round(session, {"Anna": 2, "Ben": 6, "Clara": 0, "Dora": 12})
    assert places_of(session) == {"Anna": 4, "Ben": 2, "Clara": 1, "Dora": 3}
    assert ratings_are_a_full_replay("sarkophag")


def test_several_leavers_still_tie_last_after_a_correction():
    session = online_sarkophag(left=(0, 2))
    correct_second_round(session, {"Anna": 2, "Ben": 16, "Clara": 10, "Dora": 2})
    assert places_of(session) == {"Anna": 3, "Ben": 2, "Clara": 3, "Dora": 1}


def test_the_audit_records_the_places_with_the_leaver_last():
    session = online_sarkophag(left=(0,))
    correct_second_round(session, {"Anna": 2, "Ben": 6, "Clara": 0, "Dora": 12})
    audit = AuditEntry.objects.about(session).get()
    assert audit.after["places"] == {"Anna": 4, "Ben": 2, "Clara": 1, "Dora": 3}

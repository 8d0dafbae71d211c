"""`manage.py rerate`: a full replay with a progress bar that says when nothing changed."""

import io

import pytest
from django.core.management import call_command

from scoring import ratings
from scoring.models import Rating
from tests.scoring.test_ratings import finished

pytestmark = pytest.mark.django_db


def run(*args):
    out, err = io.StringIO(), io.StringIO()
    call_command("rerate", *args, stdout=out, stderr=err)
    return out.getvalue(), err.getvalue()


def test_rerate_on_right_ratings_changes_nothing_and_says_so():
    ratings.session_changed(finished("sarg", {"Anna": 1, "Ben": 2}))
    out, _ = run("--game", "sarg")
    assert "sarg: 1 sessions replayed, ratings were already right." in out
    assert "sarkophag" not in out


def test_rerate_repairs_wrong_ratings_with_a_progress_bar():
    ratings.session_changed(finished("sarg", {"Anna": 1, "Ben": 2}))
    Rating.objects.update(mu=3.0)
    out, err = run()
    assert "rows changed" in out
    assert "sarg" in err  # tqdm's bar on stderr
    assert Rating.objects.get(player__name="Anna").mu > 25
    assert "already right" in run("--game", "sarg")[0]

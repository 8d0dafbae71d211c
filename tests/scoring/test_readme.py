"""The README promises only what the site has, and links only inside the repository."""

import re
from pathlib import Path

from django.urls import reverse

README = (Path(__file__).resolve().parents[2] / "README.md").read_text()
ROOT = Path(__file__).resolve().parents[2]


def test_every_path_the_readme_points_to_is_in_the_repository():
    links = re.findall(r"\]\(([^)#]+)\)", README) + re.findall(r"see ([\w./-]+\.md)", README)
    for link in links:
        assert not link.startswith(("..", "/")), link
        if "://" not in link:
            assert (ROOT / link).exists(), link


def test_what_the_readme_calls_the_site_s_faces_is_linked():
    """Online play and the leaderboard are named in the present tense only once linked."""
    if "online play in the browser" in README:
        assert reverse("play:lobby")
    if "a club **leaderboard**" in README:
        assert reverse("leaderboard:index")

"""`manage.py rerate [--game GAME]`: replay every rating event from the start.

The same replay that ``session_changed`` runs from a changed session on; it writes only the
rows whose values differ, so on ratings that are already right it changes nothing and says so.
"""

from __future__ import annotations

from django.core.management.base import BaseCommand
from tqdm import tqdm

from scoring import ratings
from scoring.models import PlaySession


class Command(BaseCommand):
    help = "Replay every rating event in order; write only changes (docs/contracts/ratings-api.md)."

    def add_arguments(self, parser):
        parser.add_argument("--game", choices=ratings.GAMES, help="only this game")

    def handle(self, *args, **options):
        games = [options["game"]] if options["game"] else list(ratings.GAMES)
        for game in games:
            total = PlaySession.objects.rated().filter(game=game).count()
            with tqdm(
                total=total, desc=game, unit=" sessions", file=self.stderr._out, leave=False
            ) as bar:
                report = ratings.replay(game, progress=bar.update)
            done = f"{game}: {report.events} sessions replayed, "
            if report.changed:
                self.stdout.write(done + f"{report.rows_written} rows changed.")
            else:
                self.stdout.write(done + "ratings were already right.")

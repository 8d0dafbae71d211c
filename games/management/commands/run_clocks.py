"""`manage.py run_clocks`: run the clocks once, for ops and cron.

Every server's bot runner already runs them each second (games.botrunner); this is for a
deployment with no web process up, or to see what is due. It may run beside the servers:
each timeout's move is made once (docs/clocks.md).
"""

from __future__ import annotations

from django.core.management.base import BaseCommand

from games.tables import run_clocks


class Command(BaseCommand):
    help = "Make the bots' moves for seats out of time at clocked tables, once."

    def handle(self, *args, **opts):
        made = run_clocks()
        self.stdout.write(f"{made} move(s) made for seats out of time.")

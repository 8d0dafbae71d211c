"""`manage.py run_bots`: a bot runner in the foreground, for ops.

Every daphne process already runs one (games.botrunner); this one is for a deployment that
wants bots moving with no web process up, or a dedicated worker. Several runners may run at
once: the tables service lets exactly one move per turn through.
"""

from __future__ import annotations

import asyncio

from django.core.management.base import BaseCommand

from games.botrunner import BotRunner, pause


class Command(BaseCommand):
    help = "Move bots at online tables whenever one is to act (runs until stopped)."

    def add_arguments(self, parser):
        parser.add_argument(
            "--once", action="store_true", help="move every bot that is due now, then stop"
        )

    def handle(self, *args, **opts):
        runner = BotRunner()
        if opts["once"]:
            asyncio.run(self._once(runner))
            return
        self.stdout.write(f"Moving bots {pause():.2f} s after each move; Ctrl-C stops.")
        try:
            asyncio.run(runner.run_forever())
        except KeyboardInterrupt:
            self.stdout.write("Stopped.")

    async def _once(self, runner: BotRunner) -> None:
        await runner.run_once()
        while runner.busy:
            await asyncio.sleep(0.05)

from django.core.management.base import BaseCommand

from scoring.demo import load_demo_club


class Command(BaseCommand):
    help = "Load the small demo club (players and some logged sessions). Safe to run again."

    def handle(self, *args, **options):
        counts = load_demo_club()
        added = ", ".join(f"{n} new {what}" for what, n in counts.items())
        self.stdout.write(self.style.SUCCESS(f"Demo club ready ({added})."))

"""Mail the reminders due: run it daily (cron, a systemd timer); twice sends nothing twice."""

from django.core.management.base import BaseCommand

from nights.reminders import send_reminders


class Command(BaseCommand):
    help = "Mail members who come to a night within two days a reminder, once per night."

    def handle(self, *args, **options):
        sent = send_reminders()
        self.stdout.write(f"{sent} reminder(s) sent.")

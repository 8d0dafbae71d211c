"""``manage.py send_turn_reminders``: mail the reminders due at turn-based tables, once."""

from django.core.management.base import BaseCommand

from games.turn_mail import send_reminders


class Command(BaseCommand):
    help = "Remind members whose turn-based move has used 80% of its time (one mail a turn)."

    def handle(self, *args, **options):
        sent = send_reminders()
        self.stdout.write(f"{sent} reminder(s) sent")

"""Every new user gets their player, however the user was made (sign-up, admin, shell)."""

from django.conf import settings
from django.db.models.signals import post_save
from django.dispatch import Signal, receiver

from .new_players import ensure_player_for

# Sent by the new-sheet page once a sheet is started, with ``session``, ``user`` and
# ``origin`` (the opaque text the page was opened with, ``?origin=``): apps above scoring
# (club nights) claim the sheets started from their pages without scoring knowing them.
sheet_started = Signal()


@receiver(post_save, sender=settings.AUTH_USER_MODEL)
def give_new_user_a_player(sender, instance, created, raw=False, **kwargs):
    if created and not raw:
        ensure_player_for(instance)

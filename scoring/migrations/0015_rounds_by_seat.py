"""Stored round entries name seats, not players: ``{"heads": {"Anna": 3}}`` becomes
``{"heads": {"0": 3}}`` and ``{"lost_by_cards": "Ben"}`` becomes ``{"lost_by_cards": 1}``,
so renaming or merging a player no longer rewrites rounds. Reversible: going back names
the seats with the players' names at that moment.

The rules are copied here (not imported from ``scoring.seat_keys``), so this migration
keeps doing what it did whatever that module becomes.
"""

from django.db import migrations, models

NAME_VALUES = ("lost_by_cards",)


def _keyed(key, value, mapping, as_key):
    if key in NAME_VALUES:
        ok = isinstance(value, str | int) and not isinstance(value, bool)
        return mapping.get(value, value) if ok else value
    if isinstance(value, dict):
        return {as_key(mapping[k]) if k in mapping else k: v for k, v in value.items()}
    return value


def by_seat(entry, names):
    seat = {name: i for i, name in enumerate(names)}
    return {key: _keyed(key, value, seat, str) for key, value in entry.items()}


def by_name(entry, names):
    name = {str(i): n for i, n in enumerate(names)} | dict(enumerate(names))
    return {key: _keyed(key, value, name, lambda n: n) for key, value in entry.items()}


def _convert(apps, convert):
    Round = apps.get_model("scoring", "Round")
    Seat = apps.get_model("scoring", "Seat")
    rounds = Round.objects.exclude(session__game="sarg").order_by("session_id", "number")
    names, current = [], None
    for round_ in rounds.iterator(chunk_size=2000):
        if round_.session_id != current:
            current = round_.session_id
            seats = Seat.objects.filter(session_id=current).order_by("position")
            names = list(seats.values_list("player__name", flat=True))
        if not isinstance(round_.entry, dict):
            continue
        entry = convert(round_.entry, names)
        if entry != round_.entry:
            round_.entry = entry
            round_.save(update_fields=["entry"])


def forwards(apps, schema_editor):
    _convert(apps, by_seat)


def backwards(apps, schema_editor):
    _convert(apps, by_name)


class Migration(migrations.Migration):
    dependencies = [("scoring", "0014_offline_applied_edits")]

    operations = [
        migrations.AlterField(
            model_name="round",
            name="entry",
            field=models.JSONField(
                help_text=(
                    "The raw entry, as in the score-sheet JSON, its players named by seat (0 "
                    "is the first)."
                ),
                verbose_name="entry",
            ),
        ),
        migrations.RunPython(forwards, backwards),
    ]

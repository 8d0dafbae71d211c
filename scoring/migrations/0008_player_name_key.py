"""Players' names compared by one key (NFKC plus casefold), unique in the database.

The key replaces the unique index on lower(name), which SQLite and PostgreSQL disagreed on.
Existing names are tidied the same way; a name that now clashes with an older one gets a
number (``Anna 2``), as a new name would.
"""

from django.db import migrations, models


def fill_name_keys(apps, schema_editor):
    from scoring.players import NAME_LENGTH, name_key, tidy_name

    Player = apps.get_model("scoring", "Player")
    taken: set[str] = set()
    for player in Player.objects.order_by("pk"):
        wanted = tidy_name(player.name) or "Player"
        name, n = wanted, 1
        while name_key(name) in taken:
            n += 1
            name = f"{wanted[: NAME_LENGTH - 4]} {n}"
        taken.add(name_key(name))
        player.name, player.name_key = name, name_key(name)
        player.save(update_fields=["name", "name_key"])


class Migration(migrations.Migration):
    dependencies = [
        ("scoring", "0007_sheet_imports"),
    ]

    operations = [
        migrations.RemoveConstraint(model_name="player", name="player_name_unique_ci"),
        migrations.AddField(
            model_name="player",
            name="name_key",
            field=models.CharField(
                default="",
                editable=False,
                help_text="The name as compared (scoring.players.name_key); unique in the club.",
                max_length=200,
            ),
            preserve_default=False,
        ),
        migrations.RunPython(fill_name_keys, migrations.RunPython.noop, elidable=True),
        migrations.AddConstraint(
            model_name="player",
            constraint=models.UniqueConstraint(
                fields=("name_key",),
                name="player_name_key_unique",
                violation_error_message="A club player already has this name.",
            ),
        ),
    ]

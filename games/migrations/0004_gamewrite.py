"""GameWrite moves here from notifications: the table renamed there (notifications.0004) is this
model's, with its rows; only the migration state changes here."""

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0003_seat_time_bank"),
        ("notifications", "0004_move_gamewrite_to_games"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            database_operations=[],
            state_operations=[
                migrations.CreateModel(
                    name="GameWrite",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(
                                auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                            ),
                        ),
                        ("version", models.PositiveIntegerField()),
                        ("kind", models.CharField(max_length=16)),
                        ("acted_seat", models.PositiveSmallIntegerField(blank=True, null=True)),
                        ("actions", models.JSONField(default=list)),
                        ("created_at", models.DateTimeField(db_index=True)),
                        (
                            "game",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.CASCADE, related_name="+", to="games.game"
                            ),
                        ),
                    ],
                ),
            ],
        ),
    ]

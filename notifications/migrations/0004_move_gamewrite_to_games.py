"""GameWrite becomes games' own model (games.0004_gamewrite): its table is renamed, rows kept."""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [
        ("notifications", "0003_gamewrite"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            # The table (and its pending rows) becomes games_gamewrite; games.0004 takes the model.
            database_operations=[migrations.AlterModelTable(name="gamewrite", table="games_gamewrite")],
            state_operations=[migrations.DeleteModel(name="GameWrite")],
        ),
    ]

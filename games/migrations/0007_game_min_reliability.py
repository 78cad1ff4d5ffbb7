import django.core.validators
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('games', '0006_seat_decision'),
    ]

    operations = [
        migrations.AddField(
            model_name='game',
            name='min_reliability',
            field=models.PositiveSmallIntegerField(blank=True, null=True, validators=[django.core.validators.MaxValueValidator(100)], verbose_name='minimum reliability (%)'),
        ),
    ]

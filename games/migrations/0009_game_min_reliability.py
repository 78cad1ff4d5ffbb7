import django.core.validators
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('games', '0008_bots_and_substitutes'),
    ]

    operations = [
        migrations.AddField(
            model_name='game',
            name='min_reliability',
            field=models.PositiveSmallIntegerField(blank=True, null=True, validators=[django.core.validators.MaxValueValidator(100)], verbose_name='minimum reliability (%)'),
        ),
    ]

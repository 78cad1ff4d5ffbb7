"""Dates in the reader's own formats: English day first on a 24-hour clock (not the American
'12/04/2026 11:49 p.m.'), Hungarian and Czech their own."""

import datetime as dt

import pytest
from django.template import Context, Template
from django.utils import translation

WHEN = dt.datetime(2026, 12, 4, 23, 49, tzinfo=dt.UTC)


@pytest.mark.parametrize(
    ("language", "short_datetime", "short_date"),
    [
        ("en", "04/12/2026 23:49", "04/12/2026"),
        ("hu", "2026.12.04. 23:49", "2026.12.04."),
        ("cs", "04.12.2026 23:49", "04.12.2026"),
    ],
)
def test_dates_read_as_the_readers_language_writes_them(language, short_datetime, short_date):
    template = Template('{{ when|date:"SHORT_DATETIME_FORMAT" }}|{{ when|date:"SHORT_DATE_FORMAT" }}')
    with translation.override(language):
        assert template.render(Context({"when": WHEN})) == f"{short_datetime}|{short_date}"

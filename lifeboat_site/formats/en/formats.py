"""English as read in Britain and the rest of Europe: '25/10/2006 14:30', not '10/25/2006 2:30 p.m.'."""

from django.conf.locale.en_GB.formats import *  # noqa: F403

TIME_FORMAT = "H:i"  # '14:30'
DATETIME_FORMAT = "j M Y, H:i"  # '25 Oct 2006, 14:30'
SHORT_DATETIME_FORMAT = "d/m/Y H:i"  # '25/10/2006 14:30'

"""Date and number formats where Django's own for a language do not fit the site's readers
(FORMAT_MODULE_PATH): English is read as in Britain and Europe, day first and on a 24-hour clock,
as the Hungarian and Czech pages are."""

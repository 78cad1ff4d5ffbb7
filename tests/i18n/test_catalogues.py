"""Every string meant for users is marked for translation and has a Hungarian and a Czech entry."""

import pytest

from .catalogue import LANGUAGES, LOCALE_DIR, extracted_entries, read_po
from .pyscan import ROOT, app_modules, untranslated_literals
from .scanner import TEMPLATES_DIR, template_paths, untranslated_text


@pytest.fixture(scope="module")
def extracted():
    return extracted_entries()


def test_the_extraction_finds_the_marked_strings(extracted):
    msgids = {e.msgid for e in extracted}
    assert "Your settings are saved." in msgids  # Python
    assert "What happened since you last decided" in msgids  # a mail template
    assert len(msgids) > 500


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_marked_string_has_a_translation(extracted, language):
    catalogue = {e.key: e for e in read_po(LOCALE_DIR / language / "LC_MESSAGES" / "django.po")}
    missing = [e.msgid for e in extracted if e.key not in catalogue]
    assert not missing, f"not in locale/{language}: run makemessages and translate: {missing[:20]}"
    fuzzy = [e.msgid for e in extracted if catalogue[e.key].fuzzy]
    assert not fuzzy, f"fuzzy in locale/{language}: {fuzzy[:20]}"
    empty = [e.msgid for e in extracted if not all(catalogue[e.key].strings)]
    assert not empty, f"untranslated in locale/{language}: {empty[:20]}"


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_translation_keeps_the_placeholders(language):
    import re

    placeholder = re.compile(r"%\([a-z_]+\)[sd]|%[sd]")
    wrong = []
    for e in read_po(LOCALE_DIR / language / "LC_MESSAGES" / "django.po"):
        wanted = sorted(set(placeholder.findall(e.msgid)) | set(placeholder.findall(e.plural or "")))
        if e.context == "log: the reader":
            wanted = sorted({*wanted, "%(name)s"})  # the reader may be named where "you" needs its own verb
            strings = [s if "%(name)s" in s else s + "%(name)s" for s in e.strings]
        else:
            strings = e.strings
        for s in strings:
            # a singular form may drop the count (Hungarian "1 pont" keeps it; some forms do not need it)
            if sorted(set(placeholder.findall(s))) != wanted:
                wrong.append((e.msgid, s))
    assert not wrong, wrong[:10]


def test_templates_have_no_unmarked_text():
    found = {}
    for path in template_paths():
        text = untranslated_text(path.read_text(encoding="utf-8"))
        if text:
            found[str(path.relative_to(TEMPLATES_DIR))] = text
    assert not found, f"wrap these in {{% translate %}} / {{% blocktranslate %}}: {found}"


def test_the_scanner_flags_unmarked_text_and_accepts_marked_text():
    assert untranslated_text("<p>Hello there</p>") == ["Hello there"]
    assert untranslated_text('<a title="Open it" href="/">x</a>') != []
    assert untranslated_text("{% load i18n %}<p>{% translate 'Hello' %}</p>") == []
    assert untranslated_text("<p>{% blocktranslate %}Hi {{ name }}{% endblocktranslate %}</p>") == []
    assert untranslated_text("<td>{{ n }}.</td><td>#{{ id }} · \u2013</td>") == []
    assert untranslated_text("<style>a{color:red}</style>{% comment %}Notes{% endcomment %}") == []


#: Modules still to be marked; the test fails once one of them is clean, so the list only shrinks.
NOT_YET_MARKED: set[str] = set()


def test_python_modules_have_no_unmarked_sentences():
    found = {}
    for path in app_modules():
        literals = untranslated_literals(path)
        if literals:
            found[str(path.relative_to(ROOT))] = literals
    unexpected = {name: literals for name, literals in found.items() if name not in NOT_YET_MARKED}
    assert not unexpected, f"pass these to gettext (or to a quiet call if not for users): {unexpected}"
    assert not NOT_YET_MARKED - set(found), "marked now: take them off NOT_YET_MARKED"


def test_the_python_scanner_flags_unmarked_sentences():
    import ast

    source = ast.parse(
        'def f(x):\n    """Doc string here."""\n'
        '    a = _("Marked sentence.")\n'
        '    logger.info("Logged for developers.")\n'
        '    b = "Unmarked sentence."\n'
        '    c = f"{x} rowed the boat."\n'
        '    d = "css-class other-class"\n'
        "    e = f\"<title>{_('Hidden from xgettext')}</title>\"\n"
    )
    from .pyscan import _Visitor

    visitor = _Visitor()
    visitor.visit(source)
    assert [text for _line, text in visitor.found] == [
        "Unmarked sentence.",
        " {}  rowed the boat.",
        "gettext inside an f-string: _('Hidden from xgettext')",
    ]

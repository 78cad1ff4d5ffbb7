"""What a template shows, under the `strict_templates` fixture, where it reads a variable its
context lacks, and the check that a page or mail shows it nowhere."""

MISSING = "[missing: %s]"


def assert_nothing_missing(text: str, where: str) -> None:
    at = text.find("[missing: ")
    assert at < 0, f"{where} reads a variable that is not there: {text[at : at + 80]}"

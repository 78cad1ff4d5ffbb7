"""Find string literals in Python modules that read like text for users but are not passed to
gettext. A heuristic: a literal with two or more words that starts with a capital letter or ends
like a sentence, outside docstrings, gettext calls, logging and exceptions meant for developers."""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
GETTEXT = {
    "_",
    "gettext",
    "gettext_lazy",
    "ngettext",
    "ngettext_lazy",
    "pgettext",
    "pgettext_lazy",
    "npgettext",
    "npgettext_lazy",
}
#: Calls whose string arguments are for developers, logs, HTML/SVG attributes or URLs.
QUIET_CALLS = {
    "debug",
    "info",
    "warning",
    "error",
    "exception",
    "critical",
    "getLogger",
    "ValueError",
    "TypeError",
    "KeyError",
    "RuntimeError",
    "AssertionError",
    "NotImplementedError",
    "ImproperlyConfigured",
    "Error",  # django.core.checks: for whoever deploys
    "ImportMismatch",
    "IllegalAction",
    "CommandError",
    "add_argument",
    "startswith",
    "endswith",
    "replace",
    "split",
    "strip",
    "format_html",
    "mark_safe",
    "escape",
    "reverse",
    "redirect",
    "render",
    "path",
    "write",
    "get",
    "filter",
}
_WORDS = re.compile(r"[A-Za-z][a-z]+(?:'[a-z]+)?")
_CODE = re.compile(r"^[\w.:/#%{}<>=\"' -]*[_/<>={}#][\w.:/#%{}<>=\"' -]*$")


def looks_like_text(value: str) -> bool:
    value = value.strip()
    if not value or _CODE.match(value):
        return False
    words = _WORDS.findall(value)
    if len(words) < 2 or " " not in value:  # one word or one token (a header, a class name)
        return False
    if value.startswith(("<", "{", "%", "/", "http", "#")):
        return False
    return value[:1].isupper() or value.endswith((".", ":", "?", "!"))


class _Visitor(ast.NodeVisitor):
    def __init__(self) -> None:
        self.found: list[tuple[int, str]] = []
        self._quiet = 0

    def visit_Call(self, node: ast.Call) -> None:
        func = node.func
        name = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""
        quiet = name in GETTEXT or name in QUIET_CALLS
        self._quiet += quiet
        self.generic_visit(node)
        self._quiet -= quiet

    def _docstring(self, node: ast.AST) -> None:
        body = getattr(node, "body", [])
        if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
            body[0].value._docstring = True  # type: ignore[attr-defined]

    def visit_Module(self, node: ast.Module) -> None:
        self._docstring(node)
        self.generic_visit(node)

    def visit_FunctionDef(self, node: ast.FunctionDef) -> None:
        self._docstring(node)
        self.generic_visit(node)

    def visit_ClassDef(self, node: ast.ClassDef) -> None:
        self._docstring(node)
        self.generic_visit(node)

    def visit_Subscript(self, node: ast.Subscript) -> None:
        self.visit(node.value)  # a dict key or index is not text

    def visit_Compare(self, node: ast.Compare) -> None:
        return  # comparisons against literals are code

    def visit_Constant(self, node: ast.Constant) -> None:
        if self._quiet or getattr(node, "_docstring", False) or not isinstance(node.value, str):
            return
        if looks_like_text(node.value):
            self.found.append((node.lineno, node.value))

    def visit_JoinedStr(self, node: ast.JoinedStr) -> None:
        for call in ast.walk(node):  # xgettext does not extract a gettext call inside an f-string
            if isinstance(call, ast.Call) and isinstance(call.func, ast.Name) and call.func.id in GETTEXT:
                self.found.append((call.lineno, "gettext inside an f-string: " + ast.unparse(call)))
        if self._quiet:
            return
        text = "".join(v.value if isinstance(v, ast.Constant) else " {} " for v in node.values)
        if looks_like_text(text.replace("{}", "")):
            self.found.append((node.lineno, text))


def untranslated_literals(path: Path) -> list[tuple[int, str]]:
    visitor = _Visitor()
    visitor.visit(ast.parse(path.read_text(encoding="utf-8")))
    return visitor.found


#: The Django apps whose modules may speak to users (the engine stays English by design).
APPS = ("accounts", "chat", "clubs", "games", "leagues", "notifications", "ratings", "replays")


def app_modules() -> list[Path]:
    return sorted(
        p
        for app in APPS
        for p in (ROOT / app).rglob("*.py")
        if "migrations" not in p.parts and "management" not in p.parts
    )

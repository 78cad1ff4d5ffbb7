"""The layers hold without hiding: no app of ours imports another inside a function.

A function-level import between our apps is how a cycle gets dodged; import-linter (run by the
test command, contracts in pyproject.toml) sees such imports too, so the layers stay checked, but a
cycle dodged in a function is a design bug to fix. An app may import its own modules late (its
`AppConfig.ready` connecting its receivers, before which its models are not loaded).
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OURS = {
    "accounts",
    "bots",
    "chat",
    "clubs",
    "engine",
    "games",
    "leagues",
    "lifeboat_site",
    "notifications",
    "ratings",
    "refusals",
    "replays",
}


def _modules() -> list[Path]:
    return sorted(
        path for app in OURS for path in (ROOT / app).rglob("*.py") if "migrations" not in path.parts
    )


def _imported(node: ast.Import | ast.ImportFrom) -> list[str]:
    if isinstance(node, ast.ImportFrom):
        return [node.module] if node.level == 0 and node.module else []
    return [alias.name for alias in node.names]


def late_imports_of_other_apps(path: Path, root: Path = ROOT) -> list[str]:
    """`<file>:<line> <module>` for each import of another app of ours inside a function."""
    app = path.relative_to(root).parts[0]
    found = []
    for func in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not isinstance(func, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
            continue
        for node in ast.walk(func):
            if not isinstance(node, ast.Import | ast.ImportFrom):
                continue
            for module in _imported(node):
                top = module.split(".")[0]
                if top in OURS and top != app:
                    found.append(f"{path.relative_to(root)}:{node.lineno} {module}")
    return found


def test_every_app_is_scanned():
    scanned = {path.relative_to(ROOT).parts[0] for path in _modules()}
    assert scanned == OURS


def test_no_app_imports_another_inside_a_function():
    late = sorted({hit for path in _modules() for hit in late_imports_of_other_apps(path)})
    assert late == [], "imports between our apps belong at the top of the module:\n" + "\n".join(late)


def test_the_check_sees_a_late_import(tmp_path):
    app = tmp_path / "games"
    app.mkdir()
    module = app / "services.py"
    module.write_text(
        "import engine\n\n\ndef f():\n    from notifications import outbox\n    from . import models\n"
    )
    assert late_imports_of_other_apps(module, root=tmp_path) == ["games/services.py:5 notifications"]


def test_notifications_reads_no_engine_state():
    """Notifications turns writes into mails from what games' `GameRead` gives it, seat by seat:
    none of its modules loads an engine state (`from_json`) or asks one directly."""
    asks = {"from_json", "to_act", "legal_actions", "default_action"}
    found = []
    for path in sorted((ROOT / "notifications").rglob("*.py")):
        if "migrations" in path.parts:
            continue
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in asks:
                found.append(f"{path.relative_to(ROOT)}:{node.lineno} {node.func.attr}")
    assert found == []

#!/usr/bin/env bash
# The whole test command: set-up, lint, the layers (import-linter), type check, then every test.
# Locally: SQLite and an in-process broker. With CI=true (see .ci/run): PostgreSQL and Redis.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/bootstrap.sh

.venv/bin/ruff check .
.venv/bin/ruff format --check .
.venv/bin/lint-imports --no-logo
.venv/bin/mypy

.venv/bin/python -m pytest -n 2 "$@"

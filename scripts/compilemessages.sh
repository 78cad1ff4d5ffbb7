#!/usr/bin/env bash
# Compile locale/<lang>/LC_MESSAGES/django.po into .mo (git-ignored; needs gettext's msgfmt).
set -euo pipefail
cd "$(dirname "$0")/.."
.venv/bin/python manage.py compilemessages --ignore=.venv

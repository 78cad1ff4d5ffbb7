#!/usr/bin/env bash
# Create .venv with Python >= 3.12 and install requirements.txt when it changed.
# Used by `make run` and `make test`; safe to run again (a no-op when up to date).
set -euo pipefail
cd "$(dirname "$0")/.."

find_python() {
    local want candidate
    want=$(cat .python-version 2>/dev/null || echo 3.12)
    if command -v pyenv >/dev/null 2>&1; then
        for candidate in "$(pyenv prefix "$want" 2>/dev/null)/bin/python" \
                         "$(pyenv prefix 3.13.0 2>/dev/null)/bin/python"; do
            [ -x "$candidate" ] && { echo "$candidate"; return; }
        done
    fi
    for candidate in python3.12 python3.13 python3.14 python3; do
        if command -v "$candidate" >/dev/null 2>&1 &&
           "$candidate" -c 'import sys; sys.exit(sys.version_info < (3, 12))'; then
            command -v "$candidate"; return
        fi
    done
    echo "Python 3.12 or newer is needed (pyenv install 3.12.1, or your system's python3.12)." >&2
    exit 1
}

if [ ! -x .venv/bin/python ] || ! .venv/bin/python -c 'import sys; sys.exit(sys.version_info < (3, 12))'; then
    rm -rf .venv
    "$(find_python)" -m venv .venv
    .venv/bin/python -m pip install --quiet --upgrade pip
fi

stamp=.venv/.requirements.sha256
want=$(sha256sum requirements.txt | cut -d' ' -f1)
if [ "$(cat "$stamp" 2>/dev/null)" != "$want" ]; then
    .venv/bin/python -m pip install --quiet -r requirements.txt
    echo "$want" > "$stamp"
fi

# Translations: .mo files are built here, never committed (needs gettext's msgfmt).
if command -v msgfmt >/dev/null 2>&1; then
    scripts/compilemessages.sh >/dev/null
else
    echo "gettext's msgfmt is missing: pages stay in English (apt-get install gettext)." >&2
fi

#!/usr/bin/env bash
# `make run`: set up, then start the site, a worker, a mail worker and beat (the Procfile) on one
# machine. The site listens on $PORT (default 8000); links in mails follow it unless SITE_URL is set.
# Extra arguments go to `honcho start` (e.g. `scripts/run.sh web` starts the site alone).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/bootstrap.sh

export PORT=${PORT:-8000}
export SITE_URL=${SITE_URL:-http://127.0.0.1:$PORT}
mkdir -p var/mail var/broker var/broker-control var/broker-processed
.venv/bin/python manage.py migrate --no-input
.venv/bin/python manage.py createcachetable  # the cache the processes share (no server)
# honcho hands each process type its own PORT counting up from --port; the site is the first.
exec .venv/bin/honcho start --port "$PORT" "$@"

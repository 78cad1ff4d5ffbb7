# The two commands a newcomer needs: `make run` and `make test`.
.PHONY: run test check lint bench

run:
	scripts/bootstrap.sh
	mkdir -p var/mail var/broker var/broker-control var/broker-processed
	.venv/bin/python manage.py migrate --no-input
	.venv/bin/python manage.py createcachetable
	.venv/bin/honcho start

test:
	scripts/test.sh

lint:
	scripts/bootstrap.sh
	.venv/bin/ruff check .
	.venv/bin/ruff format --check .
	.venv/bin/lint-imports --no-logo
	.venv/bin/mypy

bench:
	scripts/bootstrap.sh
	.venv/bin/python bench/engine.py

# The two commands a newcomer needs: `make run` and `make test`.
.PHONY: run test check lint bench

run:
	scripts/run.sh

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

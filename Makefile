# Tessera: `make run` serves every demo brand on http://localhost:6543; `make test` runs every test.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
PORT ?= 6543

.PHONY: run test test-python bench setup install clean

$(STAMP): setup.py requirements.txt
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet -r requirements.txt
	$(BIN)/pip install --quiet --no-deps -e .
	touch $(STAMP)

install: $(STAMP)

# Migrate the embedded database and load tenants/ (both idempotent).
setup: install
	mkdir -p var
	$(BIN)/tessera db upgrade
	$(BIN)/tessera tenants sync

run: setup
	$(BIN)/tessera serve --port $(PORT)

test-python: setup
	$(BIN)/pytest

test: test-python

# The bench uses a temporary SQLite database of its own (var/ is left alone); BENCH_ARGS e.g. --duration 5.
bench: install
	command -v wrk >/dev/null || (apt-get update && apt-get install -y wrk)
	$(BIN)/python -m tests.bench $(BENCH_ARGS)

clean:
	rm -rf $(VENV) var build

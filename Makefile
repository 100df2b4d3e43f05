# Tessera: `make run` serves every demo brand on http://localhost:6543; `make test` runs every test.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
PORT ?= 6543
E2E_PORT ?= 6561
FRONTEND_SOURCES := $(shell find shell microfrontends -type f -not -path '*/node_modules/*' 2>/dev/null)

.PHONY: run test test-python test-browser bench setup install frontend chromium clean

$(STAMP): setup.py requirements.txt
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet -r requirements.txt
	$(BIN)/pip install --quiet --no-deps -e .
	touch $(STAMP)

install: $(STAMP) frontend

# The front end: npm packages from the lock file, then the webpack build into build/.
ifneq ($(wildcard package.json),)
node_modules/.installed: package.json package-lock.json
	npm ci --no-audit --no-fund
	touch $@

build/.built: node_modules/.installed webpack.config.js $(FRONTEND_SOURCES)
	npm run build
	touch $@

frontend: build/.built
else
frontend:
endif

# Migrate the embedded database and load tenants/ (both idempotent).
setup: install
	mkdir -p var
	$(BIN)/tessera db upgrade
	$(BIN)/tessera tenants sync

run: setup
	$(BIN)/tessera serve --port $(PORT)

test-python: setup
	$(BIN)/pytest

# Debian's Chromium: a test tool's own browser download cannot work here.
chromium:
	command -v chromium >/dev/null || (apt-get update && apt-get install -y chromium)

# Browser tests against a server started for them (stopped by its PID whatever happens).
test-browser: setup chromium
ifneq ($(wildcard tests/e2e),)
	TESSERA_LOG_LEVEL=WARNING $(BIN)/tessera serve --host 127.0.0.1 --port $(E2E_PORT) & server=$$!; \
	for i in $$(seq 60); do curl -sf http://127.0.0.1:$(E2E_PORT)/healthz >/dev/null && break; sleep 0.5; done; \
	TESSERA_E2E_URL=http://127.0.0.1:$(E2E_PORT) npm run test:e2e; status=$$?; \
	kill $$server; wait $$server 2>/dev/null; exit $$status
endif

test: test-python test-browser

bench: install
	command -v wrk >/dev/null || (apt-get update && apt-get install -y wrk)
	$(BIN)/python -m tests.bench $(BENCH_ARGS)

clean:
	rm -rf $(VENV) var build node_modules

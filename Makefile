# Tessera: `make run` serves every demo brand on http://localhost:6543; `make test` runs every test.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
PORT ?= 6543
E2E_PORT ?= 6561
SANDBOX_PORT ?= 6550
PULL_SECONDS ?= 30
DEV_ENV := var/development.env
FRONTEND_SOURCES := $(shell find shell microfrontends -type f -not -path '*/node_modules/*' 2>/dev/null)

.PHONY: run test lint lint-python lint-frontend test-python test-frontend test-browser fuzz bench soak setup install frontend chromium clean

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

# Migrate the embedded database and load tenants/ (both idempotent); write the checkout's development
# settings, which the tessera command and the sandboxes read under the environment's.
setup: install $(DEV_ENV)
	mkdir -p var
	$(BIN)/tessera db upgrade
	$(BIN)/tessera tenants sync

# Development secrets shared by the demo brands and the sandboxes of their payment gateway and
# transfer-wallet vendor (tenant.toml names them as env:...); production sets its own.
DEV_SECRETS := DEMO_BD_GATEWAY_SECRET=dev-gateway-demo-bd DEMO_PH_GATEWAY_SECRET=dev-gateway-demo-ph DEMO_VN_GATEWAY_SECRET=dev-gateway-demo-vn DEMO_VENDOR_SECRET=dev-vendor DEMO_GAMES_SECRET=dev-games
# They and development mode, for the commands a developer types (var/development.env: never on a production host).
$(DEV_ENV): Makefile
	mkdir -p var && printf '%s\n' TESSERA_ENV=development $(DEV_SECRETS) > $@
# The development sandboxes (dev/tessera_sandboxes, never installed) serve on $(SANDBOX_PORT) while $(1) runs, stopped by their PID;
# once they answer, the brands' game catalogs are synced from the vendors (idempotent), and a jobs worker and beat
# run the scheduled jobs (deposits and transfers reconciled, rounds pulled every $(PULL_SECONDS) s, expiries...)
# through the embedded broker (var/broker.sqlite), all stopped by their PIDs too.
SANDBOXES := PYTHONPATH=dev $(BIN)/python -m tessera_sandboxes
define sync_games
	for i in $$(seq 60); do curl -sf http://127.0.0.1:$(SANDBOX_PORT)/demo-vendor/ >/dev/null && break; sleep 0.5; done; \
	$(BIN)/tessera games sync
endef
define with_sandboxes
	export $(DEV_SECRETS); mkdir -p var/sandbox; \
	$(SANDBOXES) --port $(SANDBOX_PORT) --state-dir var/sandbox & sandbox=$$!; \
	trap 'kill $$sandbox $$worker $$beat 2>/dev/null; wait $$sandbox $$worker $$beat 2>/dev/null' EXIT; $(sync_games); \
	export TESSERA_JOB_INTERVALS=games.pull-bets=$(PULL_SECONDS); \
	$(BIN)/tessera jobs worker --concurrency 2 & worker=$$!; \
	$(BIN)/tessera jobs beat --schedule var/beat-schedule & beat=$$!; $(1)
endef

# Development mode: the built-in secret key is accepted (a production server refuses it), and the demo
# brands' public addresses (tenant.toml public_url) take the port served on (TESSERA_PUBLIC_PORT).
run: setup
	$(call with_sandboxes,TESSERA_ENV=development TESSERA_PUBLIC_PORT=$(PORT) $(BIN)/tessera serve --port $(PORT))

test-python: setup
	$(BIN)/pytest -n auto

# Debian's Chromium: a test tool's own browser download cannot work here.
# Noto fonts: Bengali and the other scripts of the ~40 languages render as text, not boxes.
chromium:
	command -v chromium >/dev/null && fc-list | grep -q NotoSansBengali || \
	  (apt-get update && apt-get install -y chromium fonts-noto-core)

# Run $(1) with TESSERA_E2E_URL pointing at a server started for it, and the sandboxes (keeping
# nothing: every run's members are new), all stopped by their PIDs whatever happens.
# The demo brands' captcha secrets let the browser tests work out a captcha's text (tests/e2e/read_captcha.py).
E2E_SECRETS := DEMO_BD_CAPTCHA_SECRET=e2e-demo-bd DEMO_PH_CAPTCHA_SECRET=e2e-demo-ph DEMO_VN_CAPTCHA_SECRET=e2e-demo-vn
define with_server
	export $(E2E_SECRETS) $(DEV_SECRETS); \
	$(SANDBOXES) --port $(SANDBOX_PORT) & sandbox=$$!; \
	$(sync_games) || { kill $$sandbox; exit 1; }; \
	TESSERA_ENV=development TESSERA_PUBLIC_PORT=$(E2E_PORT) TESSERA_LOG_LEVEL=WARNING $(BIN)/tessera serve --host 127.0.0.1 --port $(E2E_PORT) & server=$$!; \
	for i in $$(seq 60); do curl -sf http://127.0.0.1:$(E2E_PORT)/healthz >/dev/null && break; sleep 0.5; done; \
	TESSERA_E2E_URL=http://127.0.0.1:$(E2E_PORT) $(1); status=$$?; \
	kill $$server $$sandbox; wait $$server $$sandbox 2>/dev/null; exit $$status
endef

# The Python checks: ruff's lint and format, mypy on platform/ and plugins/, the import layers
# (pyproject.toml holds their settings), and every offered language's catalogue (each missing key listed).
lint-python: $(STAMP)
	$(BIN)/ruff check
	$(BIN)/ruff format --check
	$(BIN)/mypy
	$(BIN)/lint-imports
	$(BIN)/tessera languages check

# The front end's type check, then its lint (any error or warning fails).
lint-frontend: node_modules/.installed
	npm run typecheck
	npm run lint

lint: lint-python lint-frontend

# Component and hook tests (vitest, jsdom), after the front end's checks.
test-frontend: install lint-frontend
	npm run test:unit

# Browser tests in Debian's Chromium against the real server.
test-browser: setup chromium
	$(call with_server,npm run test:e2e)

# Every check first: a lint or type error fails the run before any test.
test: lint test-python test-frontend test-browser

# schemathesis over the whole API (tests/fuzz) against a server started for it on a database of
# its own, made afresh each run; any 5xx fails. Options: make fuzz FUZZ_ARGS="--max-examples 50".
FUZZ_DB := $(CURDIR)/var/fuzz
fuzz: $(STAMP)
	rm -rf $(FUZZ_DB) && mkdir -p $(FUZZ_DB); \
	export TESSERA_ENV=development TESSERA_DATABASE_URL=sqlite:///$(FUZZ_DB)/tessera.sqlite TESSERA_UPLOAD_DIR=$(FUZZ_DB)/uploads; \
	$(BIN)/tessera db upgrade && $(BIN)/tessera tenants sync || exit 1; \
	$(call with_server,$(BIN)/python -m tests.fuzz $(FUZZ_ARGS))

# The API under wrk, logins at a fixed rate, the wallet on PostgreSQL, game lists and seamless rounds, money calls
# spread over members and on one hot wallet against raw psycopg with their CPU a call (tests/bench/money.py), then the home page in Chromium (each prints ratios against a baseline of the same run),
# then Lighthouse on three pages of each demo brand (figures against their targets, as a new user on a phone measures them).
bench: setup chromium
	command -v wrk >/dev/null || (apt-get update && apt-get install -y wrk)
	$(BIN)/python -m tests.bench $(BENCH_ARGS)
	$(BIN)/python -m tests.bench.login
	$(BIN)/python -m tests.bench.wallet
	$(BIN)/python -m tests.bench.games
	$(BIN)/python -m tests.bench.seamless
	$(BIN)/python -m tests.bench.money
	$(call with_server,node tests/bench/frontend.mjs)
	$(call with_server,node tests/bench/lighthouse.mjs)

# The ledger's fault-injection proof on PostgreSQL (TESSERA_BENCH_POSTGRES_URL, by default the local server):
# SOAK_OPERATIONS money operations from a fixed seed (seamless rounds, bonuses, gateway and bank deposits,
# withdrawals, transfers with the transfer-wallet vendor) through two app nodes, one backend in 50 requests
# terminated, one node killed once and started again; the sandboxes on SOAK_PORT, the nodes on the next two ports;
# then the audit, each call posted once, every balance and vendor-wallet mirror (tests/soak/).
SOAK_OPERATIONS ?= 100000
SOAK_PORT ?= 6570
soak: setup
	$(BIN)/python -m tests.soak --operations $(SOAK_OPERATIONS) --port $(SOAK_PORT)

clean:
	rm -rf $(VENV) var build node_modules

# sarco: `make run` serves the app, `make test` runs the whole suite, `make check` the quick
# part of it. All set up .venv first.

PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV := .venv
BIN := $(VENV)/bin
PORT ?= 8000
STAMP := $(VENV)/.installed
PG_TEST_URL ?= postgres://postgres@127.0.0.1:5432/sarco
# The test passes run in parallel (pytest-xdist), a worker per core; WORKERS=1 runs them in one
# process. Each worker has its own test database (pytest-django suffixes _gw0, _gw1, ...), its
# own live servers (on ports the system hands out) and its own Redis prefixes. worksteal: a
# worker that runs out takes tests from the other's queue, so no long module ends alone.
WORKERS ?= auto
PARALLEL := -n $(WORKERS) --dist worksteal
# The SQLite pass's own count: more workers than cores pays only where its tests wait (a turn
# polled, a server starting); SQLITE_WORKERS=4 tries it (docs/testing.md, "Where the time goes").
SQLITE_WORKERS ?= $(WORKERS)
# Python keeps compiled modules in __pycache__, and pytest its rewritten tests and plugins
# there too. An environment that turns that off (PYTHONDONTWRITEBYTECODE=1, as this project's
# machines do) has every worker, and every server or command a test starts, compile the whole
# project again: 21 s of CPU to collect the suite against 9 s with the cache. Keep it.
unexport PYTHONDONTWRITEBYTECODE

# The slowest tests, printed at the end of each pass.
DURATIONS ?= 30
# The PostgreSQL pass's examples per property test: the examples explore what the views do
# with an input, which the SQLite pass explores in full; what PostgreSQL could answer
# differently is in the worst-value tests, which both passes run whole (docs/testing.md).
PG_EXAMPLES ?= 20
# The PostgreSQL pass's priority (nice): it fills the cores the longer SQLite pass leaves idle
# while its browser tests wait, instead of sharing them evenly (docs/testing.md).
PG_NICE ?= 10

.PHONY: audit check hypothesis-tables run screenshots test lint test-sqlite test-postgres format bench bench-leaderboard bench-online bench-soak bench-floor clean compilemessages messages

$(STAMP): pyproject.toml
	@$(PYTHON) -c 'import sys; assert sys.version_info[:2] == (3, 11), "sarco needs Python 3.11, found " + sys.version.split()[0]'
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e ".[dev]"
	touch $(STAMP)

# The embedded default: SQLite (WAL), in-memory channel layer, one daphne process.
# DEBUG defaults to on here; `make run DEBUG=false SECRET_KEY=...` runs it like production.
run: export DEBUG ?= true
run: export SECURE_SSL_REDIRECT ?= false
run: export SESSION_COOKIE_SECURE ?= false
run: export CSRF_COOKIE_SECURE ?= false
run: $(STAMP) compilemessages
	$(BIN)/python manage.py migrate --noinput
	$(BIN)/python manage.py load_demo
	$(BIN)/python manage.py collectstatic --noinput --verbosity 0
	@echo "sarco is served on http://127.0.0.1:$(PORT)/  (Ctrl-C stops it)"
	$(BIN)/python -m sarco.serve -b 127.0.0.1 -p $(PORT) sarco.asgi:application

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

format: $(STAMP)
	$(BIN)/ruff check --fix .
	$(BIN)/ruff format .

# Everything, on SQLite; service tests (PostgreSQL, Redis, browser) run when the services
# are there, skip with their reason otherwise, and fail under CI=true when one is missing.
test-sqlite: $(STAMP) compilemessages
	$(BIN)/pytest -n $(SQLITE_WORKERS) --dist worksteal --durations=$(DURATIONS)

# The tests that use the database again, on the real PostgreSQL server: of the browser tests
# only those marked `postgres_browser` (whole games through the socket, whose moves are
# written there on psycopg's asynchronous connection); not the volume runs marked `once`,
# whose smaller runs it repeats, nor those marked `any_database`, whose answer the database
# cannot change; each property test at PG_EXAMPLES examples at most (docs/testing.md).
test-postgres: $(STAMP) compilemessages
	@if $(BIN)/python -m tests.services postgres; then \
		DATABASE_URL=$(PG_TEST_URL) nice -n $(PG_NICE) $(BIN)/pytest -m "(not browser or postgres_browser) and not once and not any_database" --database-tests-only \
			tests --ignore=tests/engines --ignore=tests/bots -p no:cacheprovider \
			--examples-cap $(PG_EXAMPLES) $(PARALLEL) --durations=$(DURATIONS); \
	elif [ -n "$$CI" ]; then \
		echo "FAILED: PostgreSQL is not reachable at $(PG_TEST_URL) and CI requires it."; exit 1; \
	else \
		echo "SKIPPED: the PostgreSQL pass (no server at $(PG_TEST_URL)); CI runs it."; \
	fi

# The two passes run side by side, each with its workers: the PostgreSQL pass's tests fill the
# SQLite pass's waits (a browser test polling for its turn, a live server starting). Each
# pass's output is held back and printed whole when it ends (--output-sync), its slowest tests
# last; the longer SQLite pass ends the run.
test: lint hypothesis-tables
	@$(MAKE) --no-print-directory -j2 --output-sync=target test-sqlite test-postgres

# Hypothesis works out once which characters its text strategies may draw and keeps the
# tables under .hypothesis/; without them every worker of a fresh clone would work them out
# at once (8 s of CPU each on two cores).
hypothesis-tables: $(STAMP)
	@$(BIN)/python -c "from hypothesis.internal import charmap; charmap.charmap(); charmap.intervals_from_codec('utf-8')"

# The screenshots under screenshots/ (phone 390x844 and desktop 1280x800, light and dark), for
# people to look at: the browser tests with SARCO_SCREENSHOTS=1. `make test` runs the same
# tests and checks without taking them (no test reads them; docs/testing.md).
screenshots: $(STAMP) compilemessages
	SARCO_SCREENSHOTS=1 $(BIN)/pytest tests/browser $(PARALLEL) -q -p no:cacheprovider

# The inner loop: lint, then the tests that need no browser and are not
# marked slow, in parallel, each property test at 10 examples at most, stopping at the first
# failure (--dist load hands out a quarter of the tests up front and the rest as the workers
# ask, so a failure stops the run sooner than under worksteal, which hands out everything at
# once; what a worker was handed it still runs). `make test` runs everything.
check: lint hypothesis-tables
	$(BIN)/pytest -n $(WORKERS) --dist load -m "not browser and not slow" --examples-cap 10 -x -q \
		-p no:cacheprovider --durations=10

# The installed pins checked for known vulnerabilities (pip-audit, .ci/audit.py). Without a
# reachable vulnerability database it says SKIPPED and passes (AUDIT_REQUIRED=true fails it);
# AUDIT_SERVICE=osv asks OSV instead of PyPI.
audit: $(STAMP)
	$(BIN)/python .ci/audit.py

# German: the compiled catalogue (locale/de/LC_MESSAGES/django.mo) is committed, so a fresh
# clone serves German without GNU gettext; with msgfmt present it is rebuilt from the .po.
compilemessages: $(STAMP)
	@if command -v msgfmt >/dev/null; then \
		DEBUG=true $(BIN)/python manage.py compilemessages --ignore=$(VENV) --verbosity 0; \
	else \
		echo "msgfmt (GNU gettext) not found: using the committed locale/*/django.mo"; \
	fi

# Re-extract the strings to translate into locale/de/LC_MESSAGES/django.po (needs gettext).
messages: $(STAMP)
	DEBUG=true $(BIN)/python manage.py makemessages -l de --no-location \
		--ignore=$(VENV) --ignore=staticfiles --ignore=tests --ignore=bench

bench: $(STAMP)
	$(BIN)/python bench/engines.py

bench-leaderboard: $(STAMP)
	$(BIN)/python bench/leaderboard.py $(if $(SESSIONS),--sessions $(SESSIONS))

# Online play under load (bench/online.py): TABLES=1,50,200 SECONDS=20 MODES=paced,flat
# SETUPS=sqlite,pg1,pg2 PEER=1 (boardgame.io peer and ratios); PostgreSQL setups need Redis too.
bench-online: TABLES ?= 1,50,200
bench-online: SECONDS ?= 20
bench-online: $(STAMP)
	$(BIN)/python bench/online.py --tables $(TABLES) --seconds $(SECONDS) \
		$(if $(MODES),--modes $(MODES)) $(if $(SETUPS),--setups $(SETUPS)) $(if $(PEER),--peer) \
		$(if $(GAME),--game $(GAME))

# Soak (bench/soak.py): SOCKETS=500 held for SOAK_SECONDS=60 with moves flowing, SETUP=sqlite|pg1|pg2;
# fails on any error or on memory growing after the warm-up.
bench-soak: SOCKETS ?= 500
bench-soak: SOAK_SECONDS ?= 60
bench-soak: SETUP ?= sqlite
bench-soak: $(STAMP)
	$(BIN)/python bench/soak.py --sockets $(SOCKETS) --seconds $(SOAK_SECONDS) --setup $(SETUP)

clean:
	rm -rf $(VENV) staticfiles .pytest_cache .ruff_cache

# The framework's floor (bench/floor.py): daphne alone, Django's request cycle, with the
# signed-in user, and a null move (one daphne, and two over Redis): server CPU per request and
# per move before any of sarco's work. Needs Redis for the last line.
bench-floor: $(STAMP)
	$(BIN)/python bench/floor.py --redis

# Croupier — the two commands of the quick start are `make run` and `make test`.
PYTHON ?= python3.11
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test lint typecheck unit bench docs clean browser screenshots

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

# `make run` opens a shared table of every family that plays at one (roulette and baccarat are
# built in); set any of these variables (or the CROUPIER_*_TABLES they feed) to change the list.
RUN_CRASH_TABLES ?= crash-eur:crash:standard:EUR,rocketon-eur:rocketon:standard:EUR
RUN_DICE_TABLES ?= sicbo-eur:sicbo:classic:EUR,lightning-dice-eur:lightning_dice:lightning_dice:EUR
RUN_EXTRA_TABLES ?= craps-eur:craps:standard:EUR,dream-catcher-eur:dream_catcher:standard:EUR,crazy-time-eur:crazy_time:standard:EUR
RUN_DRAW_TABLES ?= keno-eur:keno:keno10:EUR,lucky5-eur:lucky5:lucky5_000:EUR,megaball-eur:megaball:megaball_000:EUR,horse-racing-eur:horse_racing:eight:EUR,football-eur:football:standard:EUR
RUN_CARDROOM_TABLES ?= holdem-nl-eur:holdem:no_limit:EUR:20

run: $(STAMP)
	CROUPIER_CRASH_TABLES="$${CROUPIER_CRASH_TABLES-$(RUN_CRASH_TABLES)}" \
	CROUPIER_DICE_TABLES="$${CROUPIER_DICE_TABLES-$(RUN_DICE_TABLES)}" \
	CROUPIER_EXTRA_TABLES="$${CROUPIER_EXTRA_TABLES-$(RUN_EXTRA_TABLES)}" \
	CROUPIER_DRAW_TABLES="$${CROUPIER_DRAW_TABLES-$(RUN_DRAW_TABLES)}" \
	CROUPIER_CARDROOM_TABLES="$${CROUPIER_CARDROOM_TABLES-$(RUN_CARDROOM_TABLES)}" \
	$(BIN)/croupier serve --host 127.0.0.1 --port 8000

lint: $(STAMP)
	$(BIN)/ruff check src tests benchmarks

typecheck: $(STAMP)
	$(BIN)/mypy

# The browser end-to-end test drives Debian's chromium (Playwright never downloads a browser here).
browser:
	command -v chromium >/dev/null || (apt-get update && apt-get install -y chromium)

# The suite is two pytest runs at once, so no core idles while a test waits:
# - the browser tests (tests/e2e) mostly wait (on the server, on chromium, on table timers: about a
#   fifth of a core each), so they run on E2E_WORKERS workers, then the API fuzz (marked ``fuzz``) in
#   one process (Schemathesis gives each of its generated cases the same test id, so a worker would
#   fuzz one operation only); their output is kept and printed after the other run's;
# - everything else runs beside them on PYTEST_WORKERS workers (pytest-xdist; default: one per
#   core plus one, as many tests wait on PostgreSQL, sockets or timers).
# The 30 slowest tests of each run are listed, so the CI log shows where the time goes.
# First the compiled kernels that play reaches are compiled once into numba's disk cache
# (platform/warm.py): both runs' main processes, their workers and the servers they start then
# load them instead of compiling them side by side (the poker core and backgammon: ~40 s).
PYTEST_WORKERS ?= $(shell echo $$(( $$(nproc) + 1 )))
E2E_WORKERS ?= 3
unit: $(STAMP) browser
	$(BIN)/python -c "from croupier.platform.warm import warm_compiled; warm_compiled()"
	@logs=$$(mktemp -d); \
	( $(BIN)/python -m pytest -n $(E2E_WORKERS) --durations=30 tests/e2e > $$logs/e2e.log 2>&1; \
	  echo $$? > $$logs/e2e.rc; \
	  $(BIN)/python -m pytest -p no:xdist --durations=5 -m fuzz > $$logs/fuzz.log 2>&1; \
	  echo $$? > $$logs/fuzz.rc ) & \
	$(BIN)/python -m pytest -n $(PYTEST_WORKERS) --dist loadgroup --durations=30 -m "not fuzz" \
	  --ignore=tests/e2e; \
	rc=$$?; wait; \
	echo "==== the browser tests (tests/e2e, $(E2E_WORKERS) workers, run beside the rest)"; \
	cat $$logs/e2e.log; \
	echo "==== the API fuzz (run after the browser tests, beside the rest)"; \
	cat $$logs/fuzz.log; \
	e2e=$$(cat $$logs/e2e.rc); fuzz=$$(cat $$logs/fuzz.rc); rm -rf $$logs; \
	echo "==== exit codes: rest $$rc, browser $$e2e, fuzz $$fuzz"; \
	test $$rc -eq 0 && test $$e2e -eq 0 && test $$fuzz -eq 0

test: lint typecheck unit

bench: $(STAMP)
	$(BIN)/python -m benchmarks

# Screenshots of each outcome renderer at 1366x900 and 390x844 for review (git-ignored folder).
screenshots: $(STAMP) browser
	$(BIN)/python -m benchmarks.screenshots --out screenshots

docs: $(STAMP)
	$(BIN)/croupier readme --write README.md

clean:
	rm -rf $(VENV) .mypy_cache .pytest_cache .ruff_cache

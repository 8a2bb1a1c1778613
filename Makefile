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

# The suite runs on every core (pytest-xdist), except the API fuzz (marked ``fuzz``): Schemathesis
# gives each of its generated cases the same test id, so a worker would fuzz one operation only;
# it runs after, in one process. PYTEST_WORKERS=0 runs the rest in one process too.
# The 30 slowest tests are listed at the end, so the CI log shows where the time goes.
PYTEST_WORKERS ?= auto
unit: $(STAMP) browser
	$(BIN)/python -m pytest -n $(PYTEST_WORKERS) --dist loadgroup --durations=30 -m "not fuzz"
	$(BIN)/python -m pytest -p no:xdist --durations=5 -m fuzz

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

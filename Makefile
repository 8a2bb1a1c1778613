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

run: $(STAMP)
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

# Two commands for a newcomer: `make demo` and `make test`. Both create .venv from the
# project's own files (pyproject.toml) when it is missing or older than pyproject.toml.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: demo test lint format browser clean

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

# The static check on seed 000's webhook as written, then the doctor on the lab's broken webhook.
demo: $(STAMP)
	$(BIN)/unjam check examples/webhook; test $$? -le 1
	$(BIN)/python -m unjam.doctor.demo

# Headless Chromium for the report test (Debian package; root on the project's machines).
browser:
	@command -v chromium >/dev/null 2>&1 || { \
	  (apt-get update -qq && apt-get install -y -qq chromium >/dev/null) \
	  || echo "warning: could not install chromium; the HTML report test will fail"; }

lint: $(STAMP)
	$(BIN)/ruff format --check unjam tests benchmarks
	$(BIN)/ruff check unjam tests benchmarks

format: $(STAMP)
	$(BIN)/ruff format unjam tests benchmarks
	$(BIN)/ruff check --fix unjam tests benchmarks

test: $(STAMP) browser lint
	$(BIN)/python -m pytest

clean:
	rm -rf $(VENV) .pytest_cache build *.egg-info

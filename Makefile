# Two commands for a newcomer: `make demo` and `make test`. Both create .venv from the
# project's own files (pyproject.toml) when it is missing or older than pyproject.toml.
# The developer loop is `make check`: lint and the tests not marked slow, on the Python
# sources of the mypyc-compiled modules (no rebuild after an edit); `make test` rebuilds what
# changed and runs everything, the compiled parity included.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
PYSTAMP := $(VENV)/.installed-python
COMPILEDSTAMP := $(VENV)/.installed-compiled
NATIVESTAMP := $(VENV)/.installed-native
STAMP  := $(VENV)/.installed
NATIVE_SRC := native/Cargo.toml native/Cargo.lock native/pyproject.toml $(shell find native/src -name '*.rs' 2>/dev/null)

.PHONY: demo test check lint format browser clean

# (setup.py compiles the analysis modules listed in unjam/analysis/compiled.py's COMPILED_MODULES
# with mypyc: rebuilt by `make test` when they change; until then unjam runs their sources)
COMPILED_SRC := setup.py unjam/analysis/compiled.py $(shell sed -n 's/^    "\(unjam\.analysis\.[a-z_.]*\)",$$/\1/p' unjam/analysis/compiled.py | tr . / | sed 's/$$/.py/')

# The dependencies (UNJAM_COMPILE=0: no mypyc here, so that `make check` never waits for it),
# then the compiled modules on their own, again after any edit of their sources.
$(PYSTAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	UNJAM_COMPILE=0 $(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(PYSTAMP)

$(COMPILEDSTAMP): $(PYSTAMP) $(COMPILED_SRC)
	$(BIN)/python -m pip install --quiet --no-deps -e .
	touch $(COMPILEDSTAMP)

# The optional native parser (native/, Rust + PyO3, built by maturin from PyPI): rebuilt when
# its sources change. Without cargo, unjam runs its pure-Python parser (slower cold checks).
# (No stamp without cargo: the note is repeated, and a later `make` with cargo builds it.)
$(NATIVESTAMP): $(PYSTAMP) $(NATIVE_SRC)
	@if command -v cargo >/dev/null 2>&1; then \
	  $(BIN)/python -m pip install --quiet ./native && touch $(NATIVESTAMP); \
	else \
	  echo "note: no cargo (Rust): unjam check uses its pure-Python parser (test with UNJAM_NATIVE=0)"; \
	fi

$(STAMP): $(NATIVESTAMP) $(COMPILEDSTAMP)
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

lint: $(PYSTAMP)
	$(BIN)/ruff format --check unjam tests benchmarks setup.py
	$(BIN)/ruff check unjam tests benchmarks setup.py

format: $(PYSTAMP)
	$(BIN)/ruff format unjam tests benchmarks setup.py
	$(BIN)/ruff check --fix unjam tests benchmarks setup.py

test: $(STAMP) browser lint
	$(BIN)/python -m pytest

# The fast loop: no mypyc rebuild (UNJAM_COMPILED=0 runs the sources you edit), no browser,
# no test marked slow (servers under load, the doctor, the lab, Chromium, compiled parity).
check: lint $(NATIVESTAMP)
	UNJAM_COMPILED=0 $(BIN)/python -m pytest -q -m "not slow"

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache build *.egg-info native/target *.so unjam/analysis/*.so \
	  unjam/analysis/compiled_sources.json

# `make` sets up .venv and builds every kit into output/; `make test` runs the suite.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
PNP    := $(BIN)/pnp

.PHONY: all kits test test-fast fuzz lint bench clean browser

all: kits

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(VENV)/.installed: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e .
	touch $@

$(VENV)/.installed-test: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $@ $(VENV)/.installed

kits: $(VENV)/.installed
	$(PNP) validate
	$(PNP) build --out output

# Both test targets spread the test files over every core (pytest-xdist; a file's tests stay
# in one worker, so its module fixtures are made once).
XDIST := -n auto --dist loadfile

test: $(VENV)/.installed-test browser
	$(BIN)/ruff check .
	$(BIN)/python -m pytest $(XDIST)

# The quick local loop: everything but the tests marked slow (CI runs them all).
test-fast: $(VENV)/.installed-test
	$(BIN)/ruff check .
	$(BIN)/python -m pytest $(XDIST) -m "not slow"

# Exploring for new failures (CI does not run it): fresh random inputs from a printed seed,
# many more examples than `make test`'s fixed ones. A failure prints a reproducible example;
# make it a fixed regression test. Again with the same inputs: make fuzz FUZZ_SEED=N.
ifndef FUZZ_SEED
FUZZ_SEED := $(shell $(PYTHON) -c 'import random; print(random.randrange(2**32))')
endif
FUZZ_EXAMPLES ?= 1500,1200,1000
fuzz: $(VENV)/.installed-test
	@echo "make fuzz: hypothesis seed $(FUZZ_SEED) (to repeat: make fuzz FUZZ_SEED=$(FUZZ_SEED))"
	PNP_HYPOTHESIS=fuzz PNP_FUZZ=$(FUZZ_EXAMPLES) $(BIN)/python -m pytest -p no:cacheprovider \
	  --hypothesis-seed=$(FUZZ_SEED) tests/test_fuzz.py tests/test_check_properties.py

# The gallery test drives a real headless Chromium (Debian's package; playwright only
# talks to it). Install it when missing; where that is impossible the test says so and skips.
browser:
	@command -v chromium >/dev/null 2>&1 || command -v chromium-browser >/dev/null 2>&1 || \
	  ( { apt-get install -y -qq chromium || { apt-get update -qq && \
	      apt-get install -y -qq chromium; }; } >/dev/null 2>&1 || \
	    { sudo -n apt-get update -qq && sudo -n apt-get install -y -qq chromium; } \
	      >/dev/null 2>&1 || \
	    echo "note: could not install chromium; the gallery browser test will be skipped" )

bench: $(VENV)/.installed
	$(BIN)/python bench/run.py

lint: $(VENV)/.installed-test
	$(BIN)/ruff check .

clean:
	rm -rf $(VENV) output/*/ build dist

# `make` sets up .venv and builds every kit into output/; `make test` runs the suite.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
PNP    := $(BIN)/pnp

.PHONY: all kits test lint bench clean

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

test: $(VENV)/.installed-test
	$(BIN)/ruff check .
	$(BIN)/python -m pytest

bench: $(VENV)/.installed
	$(BIN)/python bench/run.py

lint: $(VENV)/.installed-test
	$(BIN)/ruff check .

clean:
	rm -rf $(VENV) output/*/ build dist

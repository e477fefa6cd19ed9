# `make` sets up .venv and builds every kit into output/; `make test` runs the suite.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
PNP    := $(BIN)/pnp

.PHONY: all everything kits engine jpeg-check test test-setup test-fast fuzz lint bench clean browser docs web-runtime

# Two jobs at a time, as `make test`'s set-up: the engine compiles while pip installs the
# package and the kits are drawn.
all:
	@$(MAKE) --no-print-directory -j2 everything

everything: kits engine jpeg-check web-runtime

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

# The package and its extras in one pip install (each install builds the editable package
# again and resolves everything anew: three of them took ~45 s of a fresh clone's set-up,
# one takes ~30 s). EXTRAS: `compiled` (Cython, for the engine) always; `test` too when
# .installed is made for .installed-test (a target-specific value, which its prerequisites
# inherit). Where the compiled extra cannot be installed, the package is installed without
# it (the engine then says so and Python runs). The stamp holds the extras installed.
EXTRAS := compiled
comma  := ,
space  := $(subst ,, )
package = .$(if $(strip $(1)),[$(subst $(space),$(comma),$(strip $(1)))])
# For the tests, pip writes no bytecode: it compiled every module of every package (46 s of
# CPU against 24 s without), where the suite imports a part of them and writes theirs as it
# goes (it runs with PYTHONDONTWRITEBYTECODE unset, see PYTEST).
NO_PYC  = $(if $(filter test,$(EXTRAS)),--no-compile)
$(VENV)/.installed: pyproject.toml | $(BIN)/python $(VENV)/.cython
	$(BIN)/python -m pip install --quiet $(NO_PYC) -e '$(call package,$(EXTRAS))' || \
	  $(BIN)/python -m pip install --quiet $(NO_PYC) \
	    -e '$(call package,$(filter-out compiled,$(EXTRAS)))'
	echo '$(EXTRAS)' > $@

# The test extras, installed with the package when .installed is made for this stamp, or on
# top of an install made without them (the kits' `make`), which they leave alone: touching
# .installed here made the kits look out of date, so `make` right after `make test`
# rebuilt every kit.
$(VENV)/.installed-test: EXTRAS := compiled test
$(VENV)/.installed-test: $(VENV)/.installed pyproject.toml | $(BIN)/python
	grep -qw test $(VENV)/.installed || \
	  $(BIN)/python -m pip install --quiet --no-compile -e '.[test]'
	touch $@

# Real dependencies, so `make` with nothing changed does nothing: each game's kit has a
# stamp (output/<game>/.built) newer than its data, the shared templates (layouts,
# diagrams), its own rule texts and score pads, and the package; touching one game's data
# rebuilds only that game. The stamps chain (order only) so two builds never write the
# gallery at once, even under `make -j`. `pnp validate` has a stamp of its own.
GAMES    := majority majority2 majority-rules d20-stacks
PACKAGE  := $(shell find pnp -type f -not -path '*/__pycache__/*' -not -name '*.pyc' \
              -not -path '*/_compiled/*') \
            pyproject.toml
SHARED   := $(wildcard templates/layouts/* templates/diagrams/*)
game_inputs = $(wildcard data/$(1)/* templates/rules/$(1).* templates/score-pads/$(1).*)

# The kits are built in English, as `pnp build` builds them; `make KIT_LANG=all` builds
# every language each game has (KIT_LANG=it: Italian). Each language has its own stamps.
KIT_LANG ?=
built    = output/$(1)/.built$(if $(KIT_LANG),-$(KIT_LANG))
STAMPS   := $(foreach g,$(GAMES),$(call built,$(g)))

kits: output/.validated $(STAMPS)

output/.validated: $(VENV)/.compiled $(SHARED) $(foreach g,$(GAMES),$(call game_inputs,$(g)))
	$(PNP) validate
	touch $@

define game_rule
$(call built,$(1)): $(VENV)/.compiled $(SHARED) $(call game_inputs,$(1)) | $(2)
	$$(PNP) build $(1) --out output$(if $(KIT_LANG), --lang $(KIT_LANG))
	touch $$@
endef
$(eval $(call game_rule,majority,output/.validated))
$(eval $(call game_rule,majority2,$(call built,majority)))
$(eval $(call game_rule,majority-rules,$(call built,majority2)))
$(eval $(call game_rule,d20-stacks,$(call built,majority-rules)))

# Bytecode for the package, written even where PYTHONDONTWRITEBYTECODE is set (an
# editable install has none otherwise, and every command would compile its modules again).
$(VENV)/.compiled: $(VENV)/.installed $(PACKAGE)
	$(BIN)/python -m compileall -q pnp
	touch $@

# The Majority 2 engine's hot modules compiled by Cython from the same source files
# (about twice the random games per second; the games are identical). Optional: where
# Cython or a C compiler is missing, a note says so and the .py modules run. Rebuilt only
# when a source changes; an out-of-date build is never used (pnp/games/majority2/compiled.py).
ENGINE_SOURCES := $(foreach m,state phases effects engine,$(addprefix pnp/games/majority2/$(m),.py .pxd))
ENGINE_STAMP   := pnp/games/majority2/_compiled/.stamp

engine: $(ENGINE_STAMP)

$(ENGINE_STAMP): $(ENGINE_SOURCES) tools/build_engine.py tools/compiling.py | $(VENV)/.cython
	@$(BIN)/python tools/build_engine.py || true
	@mkdir -p $(@D) && touch $@

# The JPEG data check compiled against the system's libjpeg (pnp/render/jpegdata.py): the
# same verdicts as through simplejpeg, without the numpy import that was a third of a first
# build of new art's check. Optional as the engine is: libjpeg's headers are installed when
# the compiler cannot find them (Debian's libjpeg-dev); where the build fails, a note says
# so and simplejpeg checks. Rebuilt only when its source changes.
JPEG_STAMP := pnp/render/_compiled/.stamp

jpeg-check: $(JPEG_STAMP)

$(JPEG_STAMP): pnp/render/jpeg_data.c pnp/content/compiled.py tools/build_jpeg_check.py \
              tools/compiling.py | $(VENV)/.cython
	@printf '#include <stdio.h>\n#include <jpeglib.h>\n' | $${CC:-cc} -E -x c - \
	  >/dev/null 2>&1 || $(call apt_install,libjpeg-dev) || true
	@$(BIN)/python tools/build_jpeg_check.py || true
	@mkdir -p $(@D) && touch $@

# The compiler alone (the `compiled` extra's requirements, read from pyproject.toml), so the
# engine can be built while pip installs everything else: `make test`'s set-up runs the two
# side by side (tools/build_engine.py needs nothing of the package's dependencies). It comes
# before the package's own install: two pips must never write the same venv at once.
$(VENV)/.cython: pyproject.toml | $(BIN)/python
	@$(BIN)/python -m pip install --quiet $$($(BIN)/python -c 'import tomllib; \
	  print(" ".join(tomllib.load(open("pyproject.toml", "rb"))["project"] \
	  ["optional-dependencies"]["compiled"]))') >/dev/null 2>&1 || true
	@touch $@

# Both test targets spread the test files over every core (pytest-xdist; a file's tests stay
# in one worker, so its module fixtures are made once), the longest files first
# (tests/conftest.py: LONGEST_FIRST; xdist's own order would put them last).
XDIST := -n auto --dist loadfile --no-loadscope-reorder
# The many subprocesses the tests start (the CLI, servers, workers) each compile the
# package's modules again where PYTHONDONTWRITEBYTECODE is set (it is on some CI images):
# the tests let Python keep its bytecode in the checkout's ignored __pycache__ folders.
PYTEST := PYTHONDONTWRITEBYTECODE= $(BIN)/python -m pytest

# The set-up, two jobs at a time: the engine compiles while pip installs (on a fresh clone
# about 30 s instead of 55 s).
test-setup: $(VENV)/.installed-test browser engine jpeg-check web-runtime

test:
	@$(MAKE) --no-print-directory -j2 test-setup
	$(BIN)/ruff check .
	$(PYTEST) $(XDIST)

# The quick local loop: everything but the tests marked slow (CI runs them all).
test-fast: $(VENV)/.installed-test engine jpeg-check
	$(BIN)/ruff check .
	$(PYTEST) $(XDIST) -m "not slow"

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

# The browser tests drive a real headless Chromium (Debian's packages; playwright only talks
# to it): the headless shell, Chromium's own build for programs (a fifth less CPU across the
# browser tests than the full browser run headless), else the full browser. Installed when
# missing; where neither can be, the browser tests say so and skip.
apt_install = { apt-get install -y -qq $(1) || { apt-get update -qq && \
                  apt-get install -y -qq $(1); } || \
                { sudo -n apt-get update -qq && sudo -n apt-get install -y -qq $(1); }; \
              } >/dev/null 2>&1
browser:
	@command -v chromium-headless-shell >/dev/null 2>&1 || \
	  $(call apt_install,chromium-headless-shell) || \
	  command -v chromium >/dev/null 2>&1 || command -v chromium-browser >/dev/null 2>&1 || \
	  $(call apt_install,chromium) || \
	  echo "note: could not install chromium; the browser tests will be skipped"

# The documentation site (docs/, mkdocs.yml) into site/. --strict: a broken link, a page
# missing from the nav or a bad anchor fails. The docs extra holds mkdocs-material; nothing
# is fetched from the network. The package is installed with it, but .installed is left
# alone so the kits are not rebuilt for it.
$(VENV)/.installed-docs: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[docs]'
	touch $@

# The pictures are rendered from real output first (tools/docs_pictures.py: a printed
# sheet, the phone checker, a balance chart); without Chromium the browser ones are kept.
docs: $(VENV)/.installed-docs browser
	$(BIN)/python tools/docs_pictures.py
	NO_MKDOCS_2_WARNING=1 $(BIN)/mkdocs build --strict --quiet


# The phone app's runtime from the npm registry, at the versions package-lock.json pins:
# Pyodide (WebAssembly CPython, ~13 MB, what `pnp export web` and `pnp serve` hand to
# phones so the checker runs in the browser) and axe-core (the accessibility tests).
# Into node_modules/ (git-ignored); nothing is built. Where npm is missing, a note says so:
# `pnp export web` then says how to get the files, and the browser tests that need them skip.
web-runtime: node_modules/.installed

node_modules/.installed: package.json package-lock.json
	@if command -v npm >/dev/null 2>&1; then \
	  npm ci --no-audit --no-fund --ignore-scripts --loglevel=error && touch $@; \
	else echo "note: npm is missing: the phone app's runtime (Pyodide) is not installed"; fi

# The bench's browser figures (the studio's keystroke to preview, the phone app) drive
# Chromium through Playwright and the tests' browser helpers: the test tools come too.
bench: $(VENV)/.installed-test browser engine jpeg-check web-runtime
	$(BIN)/python bench/run.py

lint: $(VENV)/.installed-test
	$(BIN)/ruff check .

clean:
	rm -rf $(VENV) output/*/ output/.validated build dist site node_modules

# Two commands on a fresh machine (see README):
#   make run    the main job: a balance sweep of every faction pair on both arenas and its HTML report
#   make test   the test suite
# Both create .venv and install hoplostat into it on first use.

PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

# The main job: games per matchup (faction pair x seat order x arena) and workers.
GAMES  ?= 150
JOBS   ?= 2
SEED   ?= 1
SWEEP  ?= reports/sweep
# ... and the same matchups by a stronger player, for the report's "Do these verdicts hold for stronger players?"
# (the strongest rung that fits in a few minutes on two cores; it needs the native core, else it is skipped).
STRONG ?= search:64
STRONG_GAMES ?= 10
STRONG_SWEEP ?= reports/sweep-strong

# Reference documentation (pdoc) of the public API and the library modules analysts use; warnings are errors.
DOCS_MODULES := hoplostat hoplostat.events hoplostat.odds hoplostat.dice hoplostat.combat hoplostat.stats hoplostat.report hoplostat.sweep hoplostat.engine
DOCS_OUT ?= build/docs

.PHONY: run lint test bench docs mutate clean

# A first run says what it is doing: a line per step, and pip's own lines (what it collects, downloads, builds).
$(STAMP): pyproject.toml
	@echo "set-up 1/3: creating the virtual environment $(VENV)"
	$(PYTHON) -m venv $(VENV)
	@echo "set-up 2/3: upgrading pip"
	$(BIN)/python -m pip install --upgrade pip
	@echo "set-up 3/3: installing hoplostat and its dependencies into $(VENV) (a few minutes the first time)"
	$(BIN)/python -m pip install -e '.[dev,distributed]'
	touch $(STAMP)
	@echo "set-up done"

# The optional native core (native/, docs/native.md): built with the machine's Rust toolchain when there is one,
# and rebuilt when its sources change. Without cargo, or if the build fails, hoplostat plays every game with its
# Python engine (the same games, slower) and says so; a core left from older sources is removed, never used.
NATIVE_SRC := native/Cargo.toml native/Cargo.lock native/pyproject.toml native/core/Cargo.toml native/py/Cargo.toml \
	$(wildcard native/core/src/*.rs native/core/src/*/*.rs native/py/src/*.rs)
NATIVE := $(VENV)/.native
$(NATIVE): $(STAMP) $(NATIVE_SRC)
	@if command -v cargo >/dev/null 2>&1; then \
		echo "building the native core (Rust, about two minutes the first time; cargo's lines follow)"; \
		$(BIN)/python -m pip install -v ./native || { $(BIN)/python -m pip uninstall -qq -y hoplostat-native; \
		echo "warning: building the native core failed; hoplostat will use its Python engine (the same games, slower)" >&2; }; \
	else \
		$(BIN)/python -m pip uninstall -qq -y hoplostat-native 2>/dev/null; \
		echo "warning: no Rust toolchain (cargo): hoplostat will use its Python engine (the same games, slower; docs/native.md)" >&2; \
	fi
	touch $(NATIVE)

# Resumable: rerunning continues an interrupted sweep (or finds it complete) and rewrites the report.
run: $(STAMP) $(NATIVE)
	@echo "run 1/3: the greedy sweep, every faction pair in both seat orders on both arenas ($(GAMES) games each) into $(SWEEP)"
	$(BIN)/hoplostat sweep skirmish --games $(GAMES) --jobs $(JOBS) --seed $(SEED) --out $(SWEEP) \
		$(if $(wildcard $(SWEEP)/manifest.json),--resume,)
	@if $(BIN)/python -c "import sys, hoplostat.engine.native as n; sys.exit(not n.available())"; then \
		echo "run 2/3: the same matchups by the stronger player $(STRONG) ($(STRONG_GAMES) games each) into $(STRONG_SWEEP)"; \
		$(BIN)/hoplostat sweep skirmish --games $(STRONG_GAMES) --jobs $(JOBS) --seed $(SEED) --policies $(STRONG) \
			--out $(STRONG_SWEEP) $(if $(wildcard $(STRONG_SWEEP)/manifest.json),--resume,) && \
		echo "run 3/3: the report" && \
		$(BIN)/hoplostat report $(SWEEP) --out reports --stronger $(STRONG_SWEEP); \
	else \
		echo "run 2/3: skipped (no native core: the report leaves out the stronger player's verdicts)"; \
		echo "run 3/3: the report"; \
		$(BIN)/hoplostat report $(SWEEP) --out reports; \
	fi
	@echo "open reports/index.html"

# Lint and type checks of the package (configured in pyproject.toml: [tool.ruff], [tool.mypy]); both must be clean.
lint: $(STAMP)
	$(BIN)/ruff check hoplostat
	$(BIN)/mypy hoplostat

test: lint $(NATIVE)
	$(BIN)/python -m pytest -q -n 2

docs: $(STAMP)
	$(BIN)/python -W error -m pdoc -o $(DOCS_OUT) $(DOCS_MODULES)
	@echo "open $(DOCS_OUT)/index.html"

bench: $(STAMP) $(NATIVE)
	$(BIN)/python -m bench

# Mutation testing (docs/testing.md). Without MODULES: mutmut on the repository's pyproject.toml [tool.mutmut]
# (only_mutate: hoplostat/combat.py, with the tests named there), results in mutants/. With MODULES (names of
# hoplostat/*.py, e.g. MODULES='dice odds stats' or MODULES=sweep): tools/mutate.py mutates those modules
# against the test files that pin them (its TESTS table), in build/mutate/<set>/ with its own mutants/, so
# sets keep their results apart; MUTATE_FRESH=1 forgets a set's earlier verdicts (mutmut keeps them even when
# the tests changed: do it before quoting a kill rate). MUTANTS limits the run to mutant names or globs (e.g.
# MUTANTS='hoplostat.combat.x_exact_duel*'); MUTATE_TIME stops it after that many seconds (what was checked
# is kept, rerunning resumes); JOBS workers (use JOBS=1 on the shared 2-core machine). Timings measured on
# this machine with JOBS=1: MODULES='dice odds stats' 7 minutes (MUTATE_TIME=900 covers it); MODULES=sweep over an
# hour (docs/testing-history.md); all of combat.py with JOBS=2 about 8.
# `make mutate` ends with the survivors' list.
MUTATE_TIME  ?= 300
MUTANTS      ?=
MODULES      ?=
MUTATE_FRESH ?=
mutate: $(STAMP)
ifeq ($(strip $(MODULES)),)
	-timeout $(MUTATE_TIME) $(BIN)/mutmut run --max-children $(JOBS) $(MUTANTS)
	$(BIN)/mutmut results
else
	$(BIN)/python tools/mutate.py $(MODULES) --time $(MUTATE_TIME) --jobs $(JOBS) \
		$(if $(MUTATE_FRESH),--fresh,) $(if $(strip $(MUTANTS)),--mutants $(MUTANTS),)
endif

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis build dist mutants

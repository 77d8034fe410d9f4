# Two commands on a fresh machine (see README):
#   make run    the main job (for now: attack odds on a worked example)
#   make test   the test suite
# Both create .venv and install hoplostat into it on first use.

PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: run test bench lint clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -qq --upgrade pip
	$(BIN)/python -m pip install -qq -e '.[dev,distributed]'
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/hoplostat odds black+blue+yellow --hp 5 --reduce 1
	$(BIN)/hoplostat odds black+blue+yellow black+yellow --hp 5 --reduce 1 --plot reports/odds-example.png

test: $(STAMP)
	$(BIN)/python -m pytest -q -n 2

bench: $(STAMP)
	$(BIN)/python -m bench

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis build dist

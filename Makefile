# Two commands matter: `make lab` (the course) and `make test` (everything).
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
# Jupyter refuses to run as root unless told (course-room containers often are root).
LAB_FLAGS := $(if $(filter 0,$(shell id -u)),--allow-root,)

# The arbiter's desk (`make desk`): Voilà serves desk/bureau.ipynb on this port,
# one kernel per page, at most DESK_MAX at once (about 115 MiB each, measured), a page's
# kernel freed when it is closed or DESK_IDLE seconds without activity,
# DESK_POOL kernels started in advance (README, "The arbiter's desk").
DESK_PORT ?= 8866
DESK_HOST ?= 127.0.0.1
DESK_MAX  ?= 10
DESK_IDLE ?= 100
DESK_POOL ?= 2
# For a hall (docs/desk-hall.md): at most DESK_PER_BROWSER pages per browser and
# DESK_PER_ADDRESS per address, DESK_LIMIT seconds for a round, the names the
# hall types besides the address (DESK_NAMES, space-separated), DESK_ARGS more
# options (--behind-proxy behind a reverse proxy).
DESK_PER_BROWSER ?= 2
DESK_PER_ADDRESS ?= 3
DESK_LIMIT ?= 60
DESK_NAMES ?=
DESK_ARGS ?=

.PHONY: lab desk test typecheck unit stress clean

# (Re)install when the build changes (the compiled matching included); the
# stamp remembers the last install.
$(STAMP): pyproject.toml setup.py swisslearn/matching/_blossom.pyx
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[notebooks,test]'
	@touch $(STAMP)

# The notebook `make lab` opens (the README's Quick start says so); LAB_ARGS
# passes more options (e.g. LAB_ARGS=--no-browser on a remote machine).
LAB_NOTEBOOK ?= 00-bienvenue.ipynb
LAB_ARGS ?=
lab: $(STAMP)
	$(BIN)/jupyter lab --notebook-dir=notebooks --LabApp.default_url=/lab/tree/$(LAB_NOTEBOOK) \
		$(LAB_FLAGS) $(LAB_ARGS)

# The desk as a web page (no code shown, no JupyterLab needed): open the URL it prints.
# Voilà, configured for a hall (swisslearn/deskserver.py); it does not refuse
# root, so it needs no flag like LAB_FLAGS.
desk: $(STAMP)
	@echo "Bureau de l'arbitre : http://$(DESK_HOST):$(DESK_PORT)/  (Ctrl+C pour arrêter)"
	$(BIN)/python -m swisslearn.deskserver --port=$(DESK_PORT) --ip=$(DESK_HOST) \
		--max-kernels=$(DESK_MAX) --idle=$(DESK_IDLE) --pool=$(DESK_POOL) \
		--max-per-browser=$(DESK_PER_BROWSER) --max-per-address=$(DESK_PER_ADDRESS) \
		--pairing-limit=$(DESK_LIMIT) $(foreach name,$(DESK_NAMES),--allow-host=$(name)) \
		$(DESK_ARGS)

# The browser tests (tests/test_desk_browser.py, headless Chromium) run here too.
# Two workers (pytest-xdist), each test file and notebook whole on one of them
# (--dist loadfile: a notebook's cells share one kernel, in order).
test: $(STAMP) typecheck
	$(BIN)/python -m pytest -n 2 --dist loadfile --nbval \
		--nbval-sanitize-with tests/nbval_sanitize.cfg -p no:cacheprovider tests notebooks

# The linter (ruff: unused imports, undefined names...) then mypy --strict over
# the package and the tests (pyproject.toml says what each checks).
typecheck: $(STAMP)
	$(BIN)/python -m ruff check
	$(BIN)/python -m mypy

unit: $(STAMP)
	$(BIN)/python -m pytest -p no:cacheprovider tests

# Stress runs (10,000 random tournaments per system on both cores, and the
# fuzzers for 2 minutes; README, "Reliability"); `make test` runs a sample.
# STRESS=N for a quicker (or longer) run.
STRESS ?= 10000
stress: $(STAMP)
	SWISSLEARN_STRESS=$(STRESS) SWISSLEARN_FUZZ_SECONDS=120 \
		$(BIN)/python -m pytest -n 2 -v -rP -p no:cacheprovider tests/stress

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache .mypy_cache

# Two commands matter: `make lab` (the course) and `make test` (everything).
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
# The arbiter's desk (`make desk`): Voilà serves desk/bureau.ipynb on this port,
# one kernel per page, at most DESK_MAX at once (about 115 MiB each, measured), a page's
# kernel freed when it is closed or DESK_IDLE seconds without activity,
# DESK_POOL kernels started in advance (docs/arbiter-desk.md).
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

.PHONY: lab desk test typecheck docs unit stress clean

# (Re)install when the build changes (the compiled matching included); the
# stamp remembers the last install.
# rfc3987-syntax (and lark, which only it uses) come with jupyter-events'
# jsonschema[format-nongpl]; jsonschema imports it whenever it is imported and
# builds its IRI grammar then: 0.9 s of CPU in each pytest process, Jupyter
# server and notebook runner `make test` starts. Only JSON Schema's "iri"
# formats use it, which nothing here checks; `pip check` stays clean without
# it (docs/tests.md).
$(STAMP): pyproject.toml setup.py swisslearn/matching/_blossom.pyx
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[notebooks,test,docs]'
	$(BIN)/python -m pip uninstall --quiet --yes rfc3987-syntax lark
	@touch $(STAMP) $(COURSE_STAMP)

# The course alone (`make lab`): the `notebooks` extra only, pip's progress
# shown (the first install takes a few minutes). A full install (above) has it.
COURSE_STAMP := $(VENV)/.installed-course
$(COURSE_STAMP): pyproject.toml setup.py swisslearn/matching/_blossom.pyx
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --upgrade pip
	$(BIN)/python -m pip install -e '.[notebooks]'
	@touch $(COURSE_STAMP)

# `make lab` is `swisslearn cours` (swisslearn/course.py: the same on every
# system, no make needed) on the repository itself: the notebooks opened are
# the ones git tracks. LAB_DIR=folder for a trainee's copy instead; LAB_ARGS
# passes more options (e.g. LAB_ARGS=--no-browser on a remote machine).
LAB_DIR ?= .
LAB_ARGS ?=
lab: $(COURSE_STAMP)
	$(BIN)/swisslearn cours $(LAB_DIR) $(LAB_ARGS)

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
# The package's bytecode is written first (compileall writes it even where
# PYTHONDONTWRITEBYTECODE is set, as on the project's CI machine): the
# hundreds of interpreters the tests start (the command line, the notebooks'
# and the desk's kernels) then read it instead of each compiling the package
# again (about 0.1 s of CPU each; docs/tests.md).
test: $(STAMP) typecheck docs
	$(BIN)/python -m compileall -q swisslearn
	$(BIN)/python -m pytest -n 2 --dist loadfile --nbval \
		--nbval-sanitize-with tests/nbval_sanitize.cfg -p no:cacheprovider tests notebooks

# The linter (ruff: unused imports, undefined names...) then mypy --strict over
# the package and the tests (pyproject.toml says what each checks).
typecheck: $(STAMP)
	$(BIN)/python -m ruff check
	$(BIN)/python -m mypy

# The documentation site (docs/, Sphinx): every docs/*.md page, and the API
# from the docstrings; -E reads every page again, -W makes a warning fail it.
docs: $(STAMP)
	$(BIN)/python -m sphinx -E -W --keep-going -q -b html docs build/docs
	@echo "Documentation : build/docs/index.html"

unit: $(STAMP)
	$(BIN)/python -m pytest -p no:cacheprovider tests

# Stress runs (10,000 random tournaments per system on both cores, and the
# fuzzers for 2 minutes; docs/reliability.md), a fresh install of the course,
# and all 13 notebooks opened in Chromium; `make test` runs a sample of each.
# STRESS_FILES: the test files whose sweeps `make test` samples (conftest.STRESS,
# conftest.sample; docs/tests.md lists them), run whole here.
# STRESS=N for a quicker (or longer) run.
STRESS ?= 10000
STRESS_FILES := tests/stress tests/test_course_browser.py tests/test_dutch1998_engine.py \
	tests/test_viz.py tests/test_simple.py tests/test_publish.py tests/test_dutch1998_literal.py \
	tests/test_generate.py tests/test_compare.py tests/test_protections_properties.py tests/test_blossom.py \
	tests/test_reliability_corpus.py \
	tests/test_protections_dutch1998.py tests/test_dutch2026_window.py tests/test_dutch2026_verdicts.py
stress: $(STAMP)
	SWISSLEARN_STRESS=$(STRESS) SWISSLEARN_FUZZ_SECONDS=120 \
		$(BIN)/python -m pytest -n 2 -v -rP -p no:cacheprovider $(STRESS_FILES)

clean:
	rm -rf $(VENV) build docs/api *.egg-info .pytest_cache .mypy_cache

# Two commands matter: `make lab` (the course) and `make test` (everything).
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
# Jupyter refuses to run as root unless told (course-room containers often are root).
LAB_FLAGS := $(if $(filter 0,$(shell id -u)),--allow-root,)

.PHONY: lab test typecheck unit stress clean

# (Re)install when pyproject.toml changes; the stamp remembers the last install.
$(STAMP): pyproject.toml
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[notebooks,test]'
	@touch $(STAMP)

lab: $(STAMP)
	$(BIN)/jupyter lab --notebook-dir=notebooks $(LAB_FLAGS)

test: $(STAMP) typecheck
	$(BIN)/python -m pytest --nbval --nbval-sanitize-with tests/nbval_sanitize.cfg \
		-p no:cacheprovider tests notebooks

typecheck: $(STAMP)
	$(BIN)/python -m mypy

unit: $(STAMP)
	$(BIN)/python -m pytest -p no:cacheprovider tests

# Full-size stress runs (2,000 random tournaments); `make test` runs a sample.
stress: $(STAMP)
	SWISSLEARN_STRESS=2000 $(BIN)/python -m pytest -p no:cacheprovider tests/stress

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache .mypy_cache

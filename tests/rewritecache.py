"""Pytest's rewritten test modules, written once before the workers start.

pytest rewrites the asserts of every test module it imports (their messages
show the values compared) and keeps the result in ``__pycache__`` (a
``…-pytest-X.pyc`` beside the module's own bytecode), unless
``PYTHONDONTWRITEBYTECODE`` is set, as this project's CI machine sets it.
With `make test`'s two workers, each collecting every test module, both
rewrote all of them: about 4.7 s of CPU each (collection 9.2 s, 4.5 s with
``--assert=plain``).  The xdist controller now writes them once, before it
starts the workers (:func:`write_once`, called by ``tests/conftest.py``), and
the workers read them (pytest reads a cached rewritten module whatever
``PYTHONDONTWRITEBYTECODE`` says, and checks it against the source's hash).

pytest's rewriting functions are not a public API: if they change, nothing
is written and each worker rewrites the modules itself, as before.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

TESTS = Path(__file__).resolve().parent


def _modules() -> list[Path]:
    """The modules pytest rewrites here: the test files and the conftest files."""
    return sorted({*TESTS.rglob("test_*.py"), *TESTS.rglob("conftest.py")})


def write_once(config: pytest.Config) -> int:
    """In the xdist controller of a run with workers: write the rewritten
    test modules pytest has not cached yet.  How many were written."""
    if hasattr(config, "workerinput") or not getattr(config.option, "numprocesses", None):
        return 0
    if getattr(config.option, "assertmode", "rewrite") != "rewrite":
        return 0
    try:
        from _pytest.assertion.rewrite import (PYC_TAIL, _read_pyc, _rewrite_test, _write_pyc,
                                               assertstate_key, get_cache_dir)
        state = config.stash[assertstate_key]
        written = 0
        for module in _modules():
            cache = get_cache_dir(module)
            pyc = cache / (module.name[:-3] + PYC_TAIL)
            if _read_pyc(module, pyc) is not None:
                continue
            cache.mkdir(parents=True, exist_ok=True)
            source_hash, code = _rewrite_test(module, config)
            if _write_pyc(state, code, source_hash, pyc):
                written += 1
        return written
    except Exception as error:  # another pytest: the workers rewrite them, as before
        print(f"tests/rewritecache.py: nothing written ({type(error).__name__}: {error})",
              file=sys.stderr)
        return 0

"""``python -m swisslearn`` is the ``swisslearn`` command."""

from __future__ import annotations

from swisslearn.cli import entry

entry()

"""Imported first by :mod:`swisslearn.viz`: its extra is installed, or the
error says which to install (:func:`swisslearn.extras.require`)."""

from __future__ import annotations

from swisslearn.extras import require

require("notebooks", "swisslearn.viz", "matplotlib", "pandas")

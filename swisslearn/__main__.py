"""``python -m swisslearn`` is the ``swisslearn`` command."""

from __future__ import annotations

import sys

from swisslearn.cli import main

sys.exit(main())

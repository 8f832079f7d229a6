"""What an optional part of the package needs, said before it is missed.

The pairing path needs only the package's dependencies; the course's
pictures, widgets and desk need the ``notebooks`` extra.  Importing one of
those parts without its extra would end in Python's bare
``ModuleNotFoundError: No module named 'matplotlib'``; :func:`require`
raises the same exception (so ``except ImportError`` still catches it) with
a sentence naming the extra to install.
"""

from __future__ import annotations

import os
from importlib.util import find_spec

from swisslearn.words import catalogue

__all__ = ["MissingExtra", "require"]


class MissingExtra(ModuleNotFoundError):
    """A module of an extra is not installed; the message says which extra."""


def _language() -> str:
    # The command line's variable (swisslearn.cli.default_language), read here
    # without importing the command line.
    wanted = os.environ.get("SWISSLEARN_LANG", "").strip().lower()[:2]
    return wanted if wanted in ("fr", "en") else "fr"


def require(extra: str, part: str, *modules: str) -> None:
    """Raise :class:`MissingExtra` if one of ``modules`` (top-level names)
    cannot be imported: ``part`` of swisslearn needs the extra ``extra``."""
    missing = [module for module in modules if find_spec(module) is None]
    if missing:
        message = catalogue(_language()).text("extras.missing", part=part, extra=extra,
                                              modules=", ".join(missing))
        raise MissingExtra(message, name=missing[0])

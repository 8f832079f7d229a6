"""swisslearn: teach and explain Swiss-system chess pairings, rule by rule."""

from __future__ import annotations

from typing import TYPE_CHECKING

from swisslearn.errors import InputError, PairingError, PlainListError, SwisslearnError, TRFError

if TYPE_CHECKING:
    from swisslearn.formats.trf import TrfDocument, load_trf, parse_trf, read_trf
    from swisslearn.model import (Colour, ColourPreference, Float, Player, PlayerState,
                                  PreferenceStrength, Result, RoundEntry, Tournament)
    from swisslearn.points import PointSystem

# The model and the TRF reader, imported on first use (PEP 562): every
# module of the package imports this one first, and the command line's
# `--help` needs neither (tests/test_cli_imports.py).
_LAZY = {"TrfDocument": "swisslearn.formats.trf", "load_trf": "swisslearn.formats.trf",
         "parse_trf": "swisslearn.formats.trf", "read_trf": "swisslearn.formats.trf",
         "PointSystem": "swisslearn.points",
         **{name: "swisslearn.model" for name in (
             "Colour", "ColourPreference", "Float", "Player", "PlayerState",
             "PreferenceStrength", "Result", "RoundEntry", "Tournament")}}


def __getattr__(name: str) -> object:
    if name in _LAZY:
        import importlib
        value = getattr(importlib.import_module(_LAZY[name]), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

__version__ = "0.1.0"

__all__ = [
    "Colour", "ColourPreference", "Float", "InputError", "PairingError", "PlainListError",
    "Player", "PlayerState", "PointSystem", "PreferenceStrength", "Result", "RoundEntry",
    "SwisslearnError", "TRFError", "Tournament", "TrfDocument", "load_trf", "parse_trf",
    "read_trf", "__version__",
]

"""swisslearn: teach and explain Swiss-system chess pairings, rule by rule."""

from __future__ import annotations

from swisslearn.errors import InputError, PairingError, PlainListError, SwisslearnError, TRFError
from swisslearn.formats.trf import TrfDocument, load_trf, parse_trf, read_trf
from swisslearn.model import (Colour, ColourPreference, Float, Player, PlayerState,
                              PreferenceStrength, Result, RoundEntry, Tournament)
from swisslearn.points import PointSystem

__version__ = "0.1.0"

__all__ = [
    "Colour", "ColourPreference", "Float", "InputError", "PairingError", "PlainListError",
    "Player", "PlayerState", "PointSystem", "PreferenceStrength", "Result", "RoundEntry",
    "SwisslearnError", "TRFError", "Tournament", "TrfDocument", "load_trf", "parse_trf",
    "read_trf", "__version__",
]

"""File formats: FIDE TRF (16 and 2026) and seed 003's plain list."""

from __future__ import annotations

from pathlib import Path

from swisslearn.formats.trf import TrfDocument, load_trf, looks_like_trf, parse_trf, read_trf

__all__ = ["TrfDocument", "load_trf", "looks_like_trf", "parse_trf", "read_trf", "load"]


def load(path: str | Path) -> TrfDocument:
    """Read a tournament file, whatever its format (TRF for now)."""
    return read_trf(path)

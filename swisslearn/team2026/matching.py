"""The exact maximum-weight matching the team engines use, imported from one place.

Both readings of C.04.6 fold their criteria into big integer edge weights
(one bit field per criterion), so they need a matching that is exact on
integers of any size: the project's own, :mod:`swisslearn.dutch2026.matching`
(its docstring says why no library fits).  Every team module imports it from
here, so the planned move of that code to a shared ``swisslearn.matching``
changes this file only.  It is imported when first used: that module loads
networkx, which the command line must not pay for when it pairs no team
round (``tests/test_startup.py``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Iterable

if TYPE_CHECKING:
    from swisslearn.dutch2026.matching import Weights

__all__ = ["max_weight_matching"]


def max_weight_matching(vertices: Iterable[int], weights: Weights) -> dict[int, int]:
    """:func:`swisslearn.dutch2026.matching.max_weight_matching`: a matching of
    maximum total weight (each matched vertex's mate, both directions)."""
    from swisslearn.dutch2026.matching import max_weight_matching as matching
    return matching(vertices, weights)

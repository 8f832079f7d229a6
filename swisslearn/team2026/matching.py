"""The exact maximum-weight matching the team engines use, imported from one place.

Both readings of C.04.6 fold their criteria into big integer edge weights
(one bit field per criterion), so they need a matching that is exact on
integers of any size: the project's own, :mod:`swisslearn.dutch2026.matching`
(its docstring says why no library fits).  Every team module imports it from
here, so the planned move of that code to a shared ``swisslearn.matching``
changes this file only.
"""

from __future__ import annotations

from swisslearn.dutch2026.matching import IMPLEMENTATION, Weights, max_weight_matching

__all__ = ["IMPLEMENTATION", "Weights", "max_weight_matching"]

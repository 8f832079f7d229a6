"""Matchings, shared by every engine: who can be paired with whom.

Three parts, each with its own module:

* :mod:`.weighted`: a maximum-weight matching on exact integer weights of
  any size (:func:`max_weight_matching`, :func:`max_weight_mates`).  The
  Dutch and team engines fold their criteria into one edge weight of up to
  a few thousand bits; no library matches general graphs exactly on such
  weights at that speed, so the blossom algorithm is our own, compiled
  (:mod:`._blossom`, Cython), with networkx as the pure-Python fallback and
  reference (the module docstring says why each library falls short).
* :mod:`.cardinality`: how many pairs a set of players can make given who
  may meet whom (:func:`max_pairs`, :func:`maximum_matching`,
  :func:`all_paired`): the one "can they all be paired?" of the package.
* :mod:`.completion`: the same question kept answered while a round is
  paired bracket by bracket (:class:`Completion`, dutch-2026 and 2017's [C4]),
  a matching repaired by augmenting paths instead of solved again.
"""

from __future__ import annotations

from swisslearn.matching.cardinality import all_paired, max_pairs, maximum_matching
from swisslearn.matching.completion import Completion, OnDemand
from swisslearn.matching.weighted import (IMPLEMENTATION, Weights, matching_of_sorted,
                                          max_weight_matching, max_weight_mates)

__all__ = ["IMPLEMENTATION", "Completion", "OnDemand", "Weights", "all_paired",
           "matching_of_sorted", "max_pairs", "max_weight_matching", "max_weight_mates",
           "maximum_matching"]

"""C.04.3 as in force 2017 - January 2026 (``dutch-2017``): its events and
``why()`` in the vocabulary of that text.

The explainer is 2026's (:class:`swisslearn.explain.dutch2026.Explainer`);
what differs is in :data:`WORDS`: the catalogue keys (``c2017.*``, in
``fr.dutch2017.json`` / ``en.dutch2017.json``), the criteria table
(:data:`swisslearn.dutch2017.criteria.CRITERIA`: a rejected candidate
cites C.5-C.19 and their words) and the article each sentence cites: A.2
(order), A.4 (floats), A.5 (the bye), A.9 (the round-pairing outlook: the
PPB, the CLB), B.1-B.8 (a bracket), C.1-C.19, D.1-D.3, E.1-E.5.  The words
are those of the 2017 text: PSD, PPB (avant-dernier groupe d'appariement),
CLB (dernier groupe effondré), MDP, Limbo, MaxPairs, M0, M1.
"""

from __future__ import annotations

from swisslearn.dutch2017.criteria import CRITERIA
from swisslearn.explain.dutch2026 import Explainer, Words

__all__ = ["WHY", "WORDS", "describe", "describe_rejection"]

WORDS = Words(prefix="c2017.", criteria=CRITERIA, first="B.4", best="B.8", paired="B.4",
              mdp_pairing="B.3", pairing="B.3", remainder="B.3", exchange="D.2",
              transposition="D.1", floats="A.4.b", downfloater="A.4.a", pab="A.5",
              limbo="B.2", brackets="A.9", bye_reason="A.5", stronger="E.2", collapse="A.9")
"""The 2017 edition's."""

EXPLAINER = Explainer(WORDS)
describe = EXPLAINER.describe
describe_rejection = EXPLAINER.describe_rejection
WHY = EXPLAINER.why
"""The reasons of ``why()`` under C.04.3 (2017)."""

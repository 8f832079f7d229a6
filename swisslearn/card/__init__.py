"""The pairing card (fiche d'appariement): the round as an arbiter keeps it,
and the trainee pairing it step by step, each step checked against the
engine's trace the moment it is written.

* :mod:`.sheet`: the card itself (pairing numbers, scores, opponents,
  colours, results, floats, colour preferences), :func:`card_sheet`;
* :mod:`.steps`: the steps of a round read from the trace (the only module
  of the card that reads events), :func:`read_trace`, :func:`level_of`;
* :mod:`.session`: checking the trainee's answers, :class:`CardSession`;
* :mod:`.answers`: reading what the trainee typed;
* :mod:`.rounds`: rounds generated fresh from a seed at three levels, the
  whole-round answer (White first) and the mock exam (« examen blanc »);
* :mod:`.widget`: the ipywidgets faces (the only module that imports them).

Its words are in the catalogue (``explain/fr.card.json``, ``en.card.json``).
"""

from swisslearn.card.session import CardSession, Feedback
from swisslearn.card.steps import Reading, Step, level_of, read_trace

__all__ = ["CardSession", "Feedback", "Reading", "Step", "level_of", "read_trace"]

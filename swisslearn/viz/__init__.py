"""Pictures of a pairing trace (the next commit splits this package by family)."""

from swisslearn.viz.score_groups import *  # noqa: F403
from swisslearn.viz.score_groups import __all__  # noqa: F401

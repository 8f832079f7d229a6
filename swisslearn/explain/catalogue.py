"""The message catalogue, re-exported from :mod:`swisslearn.words`.

The loader lives on the ground floor (:mod:`swisslearn.words`, below the
errors and the model) so that nothing under the engines or the readers
imports :mod:`swisslearn.explain`; this name stays for the code and the
notebooks that import it from here.
"""

from __future__ import annotations

from swisslearn.words import Catalogue, available_languages, catalogue, placeholders

__all__ = ["Catalogue", "available_languages", "catalogue", "placeholders"]

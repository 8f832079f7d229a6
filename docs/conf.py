"""The documentation site (Sphinx, pages in Markdown through MyST).

``make docs`` builds it into ``build/docs`` with warnings as errors;
``make test`` does so first.  Every ``docs/*.md`` page is in the site
without being listed anywhere (the index's toctree is a glob), and the API
pages are generated from the package's docstrings (autosummary).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

project = "swisslearn"
author = "swisslearn developers"
language = "en"

extensions = [
    "myst_parser",            # the pages are Markdown
    "sphinx.ext.autodoc",     # the API from the docstrings
    "sphinx.ext.autosummary",  # one page per module, generated
    "sphinx.ext.napoleon",    # "Args:"-style sections where a docstring has them
]

# SWISSLEARN_DOCS_API=0 leaves the API out (tests/test_docs.py builds the
# pages alone, to check that a new page needs nothing but its file).
API = os.environ.get("SWISSLEARN_DOCS_API", "1") != "0"
exclude_patterns = ["_build", "build"] + ([] if API else ["api.md", "api/**"])
autosummary_generate = API
autosummary_imported_members = False
autodoc_default_options = {"members": True, "undoc-members": False, "show-inheritance": True}
autodoc_typehints = "description"
autodoc_member_order = "bysource"
# The docstrings cross-reference with Sphinx's roles (:func:, :mod:, :data:);
# a name they mention that is not documented (private, or another library's)
# stays plain text instead of failing the build.
nitpicky = False

myst_enable_extensions = ["colon_fence", "deflist"]
myst_heading_anchors = 3

# Warnings are errors (-W), but for two kinds every page may have by design:
# links to the repository's own files (`../swisslearn/cli.py`, `../data/`),
# which are not pages of the site, and a page's headings starting below its
# title level (pages moved from the README, pages others add).
# And the docstrings name a class by its short name (`Tournament`), which
# the package also re-exports: Sphinx finds two targets and links neither.
suppress_warnings = ["myst.xref_missing", "myst.header", "misc.highlighting_failure",
                     "ref.python"]

html_theme = "furo"
html_title = "swisslearn"

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
from typing import Any

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


# -- the navigation, computed on the titles only ---------------------------------------
# Furo's sidebar, on every page, is the site's whole toctree with the
# documents' titles only (``toctree(titles_only=True, maxdepth=-1, ...)``).
# Sphinx copies each document's full table of contents for it (every section
# and every object of the API pages: 230,000 nodes for 58 pages, about 3 s of
# the build's 14 s of CPU), then keeps the titles and the sub-toctrees.
# For that call, each table is pruned so once, before the copies: the pages
# are the same bytes (compared file by file, issue 31).  A table with an
# ``only`` directive in it is left whole (Sphinx decides those while it copies).


def _titles_only(toc: Any) -> Any:
    """``toc`` as Sphinx's ``titles_only`` leaves it: each top-level entry's
    title, and of what is below it the sub-toctrees alone."""
    from docutils import nodes
    from sphinx import addnodes

    if any(True for _ in toc.findall(addnodes.only)):
        return toc
    pruned = toc.deepcopy()
    for top_level in pruned.children:
        if isinstance(top_level, nodes.list_item) and len(top_level) > 1:
            if subtrees := list(top_level.findall(addnodes.toctree)):
                top_level[1][:] = subtrees
            else:
                top_level.pop(1)
    return pruned


_PRUNED: dict[str, Any] = {}


def _navigation_on_titles(app: Any, pagename: str, templatename: str,
                          context: dict[str, Any], doctree: Any) -> None:
    toctree = context.get("toctree")
    if toctree is None:
        return

    def navigation(**options: Any) -> Any:
        if not options.get("titles_only"):
            return toctree(**options)
        env = app.env
        if _PRUNED.get("of") is not env.tocs:  # once a build, the pages read
            _PRUNED.update(of=env.tocs, tocs={name: _titles_only(toc)
                                              for name, toc in env.tocs.items()})
        full, env.tocs = env.tocs, _PRUNED["tocs"]
        try:
            return toctree(**options)
        finally:
            env.tocs = full

    context["toctree"] = navigation


def _forget_pruned(app: Any, env: Any) -> None:
    _PRUNED.clear()  # the pages were read again: their tables may have changed


def setup(app: Any) -> dict[str, Any]:
    # Before furo's own handler (priority 500), which calls the toctree.
    app.connect("html-page-context", _navigation_on_titles, priority=400)
    app.connect("env-updated", _forget_pruned)
    return {"parallel_read_safe": True, "parallel_write_safe": True}

"""The documentation site (docs/, Sphinx): a page added to docs/ is in the
site with no other change, and a page written as the README's sections were
(headings starting at ##, links to the repository's files) does not fail
the build.  (``make docs``, run by ``make test``, builds the whole site with
the API pages, warnings as errors.)  Both tests build the site's
configuration and first pages (``conf.py``, ``index.md``, ``install.md``)
with their page: what is tested is how one page joins the site (the index's
glob, the warnings), and ``make docs`` builds every page."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

from conftest import ROOT

NEW_PAGE = """## Une page ajoutée

Rien d'autre à changer : voir [la ligne de commande](../swisslearn/cli.py) et
[les données](../data/README.md).

```trf
012 Mon tournoi
```
"""


def _build(source: Path, out: Path) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, SWISSLEARN_DOCS_API="0")  # the pages alone: seconds, not a minute
    return subprocess.run([sys.executable, "-m", "sphinx", "-E", "-W", "--keep-going", "-q",
                           "-b", "html", str(source), str(out)],
                          capture_output=True, text=True, env=env)


def _first_pages(docs: Path) -> None:
    """The site's configuration and first pages, copied into ``docs``."""
    docs.mkdir()
    for name in ("conf.py", "index.md", "install.md"):
        shutil.copyfile(ROOT / "docs" / name, docs / name)


def test_a_new_page_is_in_the_site_with_no_other_change(tmp_path: Path) -> None:
    # The index as it is, its configuration and the page it lists first, not
    # every page (1.9 s of CPU to 0.7 s; make docs builds them all; issue 31).
    docs = tmp_path / "docs"
    _first_pages(docs)
    (docs / "une-page-ajoutee.md").write_text(NEW_PAGE, encoding="utf-8")
    built = _build(docs, tmp_path / "html")
    assert built.returncode == 0, built.stdout + built.stderr
    assert (tmp_path / "html" / "une-page-ajoutee.html").is_file()
    index = (tmp_path / "html" / "index.html").read_text("utf-8")
    assert 'href="une-page-ajoutee.html"' in index and 'href="install.html"' in index


def test_a_broken_page_fails_the_build(tmp_path: Path) -> None:
    # The site's configuration and first pages only: the warning is what is
    # tested, not the other pages (2.4 s to 0.7 s of CPU; issue 31).
    docs = tmp_path / "docs"
    _first_pages(docs)
    (docs / "cassee.md").write_text("# Cassée\n\n```{toctree}\nnulle-part\n```\n", "utf-8")
    built = _build(docs, tmp_path / "html")
    assert built.returncode != 0 and "nulle-part" in built.stdout + built.stderr
    # That page's warning is what failed it, nothing else of the copy.
    warnings = [line for line in (built.stdout + built.stderr).splitlines() if "WARNING" in line]
    assert warnings and all("nulle-part" in line for line in warnings), warnings

"""One headless Chromium per pytest process for every browser test.

Debian's Chromium (``/usr/bin/chromium``, installed by ``.ci/run``; no
browser is ever downloaded) driven by Playwright, with no background
connections.  Launching it and Playwright's driver cost about 0.9 s of CPU;
the five browser test files launched one each (issue 31).  This module is
a plugin (``conftest.py`` registers it): the fixture :func:`browser` lends
the process's Chromium (:data:`SESSION`, launched at the first test that
asks for it, closed when the session ends) to one test at a time.  A test
opens its own context (or page: a context of its own), and whatever it
leaves open is closed after it: no cookie, page or download passes from a
test to the next.

Playwright's sync API marks its event loop as the thread's running loop
between its calls, and ``asyncio.run`` (the desk's server tests, nbval's
kernels) refuses to start under a running loop: the mark is set only while a
test holds the browser, and cleared after it.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = Path("/usr/bin/chromium")
# No network here beyond the package registries: Chromium's own background
# connections would only be refused.
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                 "--no-first-run", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync"]


class ChromiumSession:
    """The process's Chromium, launched when first asked for."""

    def __init__(self) -> None:
        self._playwright: Any = None
        self._browser: Any = None
        self._loop: asyncio.AbstractEventLoop | None = None

    @contextlib.contextmanager
    def lent(self) -> Iterator[Any]:
        """The browser, for one test; what the test left open is closed after it."""
        if self._browser is None:
            self._launch()
        else:
            asyncio._set_running_loop(self._loop)  # Playwright's, as between its calls
        try:
            yield self._browser
        finally:
            try:
                for context in self._browser.contexts:
                    with contextlib.suppress(Exception):   # already closed, or gone
                        context.close()
            finally:
                asyncio._set_running_loop(None)

    def _launch(self) -> None:
        if not CHROMIUM.is_file():
            pytest.fail(f"{CHROMIUM} is missing: the browser tests need Debian's Chromium "
                        "(`apt-get install chromium`; .ci/run installs it)")
        from playwright.sync_api import sync_playwright
        playwright = sync_playwright().start()
        self._loop = asyncio.get_running_loop()
        try:
            self._browser = playwright.chromium.launch(executable_path=str(CHROMIUM),
                                                       args=CHROMIUM_ARGS)
        except BaseException:
            playwright.stop()
            asyncio._set_running_loop(None)
            raise
        self._playwright = playwright

    def close(self) -> None:
        if self._playwright is None:
            return
        asyncio._set_running_loop(self._loop)
        try:
            self._browser.close()
        finally:
            self._playwright.stop()
            asyncio._set_running_loop(None)
            self._playwright = self._browser = None


#: The process's Chromium (one per xdist worker).
SESSION = ChromiumSession()


@pytest.fixture
def browser() -> Iterator[Any]:
    """The process's Chromium, for this test (see the module's docstring)."""
    with SESSION.lent() as chromium:
        yield chromium


@pytest.hookimpl(tryfirst=True)
def pytest_sessionfinish() -> None:
    """Chromium closed once every test has run, not in the last test's
    teardown (a session fixture's): what the browser took over the whole
    session is nobody's test's, and would count in the CPU budget of a
    notebook that happened to run last (tests/cpuclock.py); tryfirst, so
    that cpuclock's session line still counts it."""
    SESSION.close()

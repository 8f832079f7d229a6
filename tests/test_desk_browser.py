"""The arbiter's desk in a real browser: Voilà serves ``desk/bureau.ipynb``
(as ``make desk`` does) and Playwright drives Debian's headless Chromium
(``/usr/bin/chromium``, installed by ``.ci/run``; no browser is ever
downloaded).  Screenshots go to ``tests/artifacts/desk/`` (git-ignored).

What a person would do: open the page, upload a TRF, step through the round,
ask why two players meet, download the paired round; upload a bad file and
read which line is wrong.
"""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from conftest import DATA, ROOT, TEST_DATA
from swisslearn import desk
from swisslearn.explain import why

pytestmark = pytest.mark.browser

CHROMIUM = Path("/usr/bin/chromium")
# No network here beyond the package registries: Chromium's own background
# connections would only be refused.
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                 "--no-first-run", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync"]
ARTIFACTS = ROOT / "tests" / "artifacts" / "desk"
START_TIMEOUT = 60.0     # seconds for Voilà to answer
PAGE_TIMEOUT = 60_000    # ms for a page to run its notebook and show the stepper
STEP_TIMEOUT = 30_000    # ms for one action to show its effect


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    """Voilà on a free port, as ``make desk`` starts it; stopped at the end."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    port = _free_port()
    url = f"http://127.0.0.1:{port}/"
    log = (ARTIFACTS / "voila.log").open("wb")
    process = subprocess.Popen(
        [sys.executable, "-m", "voila", "desk/bureau.ipynb", f"--port={port}",
         "--Voila.ip=127.0.0.1", "--no-browser"],
        cwd=ROOT, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    try:
        deadline = time.monotonic() + START_TIMEOUT
        while True:
            if process.poll() is not None:
                pytest.fail(f"voila exited with {process.returncode}: see {log.name}")
            try:
                # Any answer will do (not "/": that would start a kernel).
                with urllib.request.urlopen(url + "voila/static/nothing", timeout=2):
                    break
            except urllib.error.HTTPError:
                break
            except (urllib.error.URLError, OSError):
                if time.monotonic() > deadline:
                    pytest.fail(f"voila did not answer on {url} within {START_TIMEOUT:.0f} s: "
                                f"see {log.name}")
                time.sleep(0.3)
        yield url
    finally:
        # Voilà and the kernels it started share the session made above.
        try:
            os.killpg(process.pid, signal.SIGTERM)
            process.wait(timeout=10)
        except ProcessLookupError:
            pass
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait(timeout=10)
        log.close()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    if not CHROMIUM.is_file():
        pytest.fail(f"{CHROMIUM} is missing: the desk's browser tests need Debian's Chromium "
                    "(`apt-get install chromium`; .ci/run installs it)")
    from playwright.sync_api import sync_playwright
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        try:
            yield chromium
        finally:
            chromium.close()


@pytest.fixture
def page(server: str, browser: Any) -> Iterator[Any]:
    """A fresh page (and so a fresh kernel), once the desk shows its stepper."""
    context = browser.new_context(accept_downloads=True, viewport={"width": 1280, "height": 900})
    context.set_default_timeout(STEP_TIMEOUT)
    tab = context.new_page()
    tab.goto(server, timeout=PAGE_TIMEOUT)
    tab.wait_for_selector(".desk-step-label", timeout=PAGE_TIMEOUT)
    try:
        yield tab
    finally:
        context.close()


def _shot(page: Any, name: str) -> None:
    page.screenshot(path=str(ARTIFACTS / name))


def _upload(page: Any, path: Path) -> None:
    """Click the upload button and give the file chooser ``path``."""
    with page.expect_file_chooser() as chooser:
        page.click(".desk-upload")
    chooser.value.set_files(str(path))


def _no_traceback(page: Any) -> None:
    content = page.content()
    assert "Traceback" not in content and "Error</span>" not in content


def test_the_page_loads_and_answers_why(page: Any) -> None:
    from playwright.sync_api import expect
    expect(page.locator(".desk-title")).to_contain_text("Bureau de l'arbitre")
    expect(page.locator(".desk-info")).to_contain_text("club-12-joueurs.trf")
    expect(page.locator(".desk-step-label")).to_contain_text("étape 1/")
    _shot(page, "01-page.png")

    # Round 4 of the club tournament, players 1 and 3: the library's sentence.
    club = desk.read_example(DATA / "club-12-joueurs.trf")
    assert isinstance(club, desk.Loaded)
    events = desk.pair_round(club, 4).events
    page.select_option(".desk-round select", label="4")
    expect(page.locator(".desk-info")).to_contain_text("ronde 4 appariée par dutch-1998")
    page.select_option(".desk-a select", index=0)    # player 1
    page.select_option(".desk-b select", index=2)    # player 3
    expect(page.locator(".desk-why")).to_contain_text(
        "Dans le fichier, ronde 4 : 3–1 (blancs d'abord).")
    expect(page.locator(".desk-why")).to_contain_text(
        f"Le moteur (dutch-1998) : {why(events, 1, 3)}")

    # In English, the same answer from the English catalogue.
    page.click(".desk-lang button:has-text('English')")
    expect(page.locator(".desk-title")).to_contain_text("The arbiter's desk")
    expect(page.locator(".desk-why")).to_contain_text(
        f"The engine (dutch-1998): {why(events, 1, 3, 'en')}")
    expect(page.locator(".desk-step-label")).to_contain_text("step 1/")
    _no_traceback(page)


def test_upload_step_why_and_download(page: Any, tmp_path: Path) -> None:
    from playwright.sync_api import expect
    mine = tmp_path / "mon-tournoi.trf"
    shutil.copyfile(DATA / "chysteme-36-joueurs.trf", mine)
    _upload(page, mine)
    expect(page.locator(".desk-info")).to_contain_text("mon-tournoi.trf")
    expect(page.locator(".desk-info")).to_contain_text("ronde 1 appariée par dutch-1998")

    loaded = desk.read_upload(mine.name, mine.read_bytes())
    assert isinstance(loaded, desk.Loaded)
    paired = desk.pair_round(loaded, 1)
    total = len(paired.events)
    label = page.locator(".desk-step-label")
    expect(label).to_contain_text(f"étape 1/{total} — ")
    page.click(".desk-next")
    expect(label).to_contain_text(f"étape 2/{total} — {paired.events[1].rule}")
    page.click(".desk-next")
    expect(label).to_contain_text(f"étape 3/{total} — {paired.events[2].rule}")
    expect(page.locator(".desk-step-text")).to_contain_text(paired.events[2].rule)

    # Why 4 and 5 do not meet, why 1 and 19 do: the library's sentences.
    page.select_option(".desk-a select", index=3)    # player 4
    page.select_option(".desk-b select", index=4)    # player 5
    expect(page.locator(".desk-why")).to_contain_text(why(paired.events, 4, 5))
    page.select_option(".desk-a select", index=0)    # player 1
    page.select_option(".desk-b select", index=18)   # player 19
    sentence = why(paired.events, 1, 19)
    assert sentence.startswith("1 et 19 sont appariés à la ronde 1 (échiquier 1).")
    expect(page.locator(".desk-why")).to_contain_text(f"Le moteur (dutch-1998) : {sentence}")
    _shot(page, "02-televerse.png")
    # The whole page at once (Voilà scrolls inside the page: a tall window
    # instead of full_page); docs/img/desk.png in the README is a copy.
    page.set_viewport_size({"width": 1280, "height": 1800})
    expect(page.locator(".desk-stepper img")).to_be_visible()
    _shot(page, "03-bureau.png")

    # The download is the file with round 1 written in, as paired above.
    with page.expect_download() as download:
        page.click(".desk-download-link")
    got = Path(download.value.path()).read_bytes()
    assert download.value.suggested_filename == "mon-tournoi-ronde-1.trf"
    assert got == desk.paired_trf(loaded, paired)
    from swisslearn.cli import pair_json, recorded_round
    from swisslearn.formats.trf import parse_trf
    pairs, byes = recorded_round(parse_trf(got).tournament, 1)
    assert pairs == frozenset((b["white"], b["black"])  # type: ignore[index]
                              for b in pair_json(paired.result)["boards"])  # type: ignore[attr-defined]
    assert byes == frozenset()
    _no_traceback(page)


def test_a_bad_upload_names_its_line(page: Any, tmp_path: Path) -> None:
    from playwright.sync_api import expect
    bad = tmp_path / "mon-fichier.trf"
    shutil.copyfile(TEST_DATA / "bad" / "bad-152.trf", bad)
    _upload(page, bad)
    error = page.locator(".desk-error")
    expect(error).to_contain_text("Fichier refusé (ligne 12, colonne 5)")
    expect(error).to_contain_text("mon-fichier.trf:12:5: initial colour 'G'")
    expect(page.locator(".desk-step-label")).to_have_count(0)
    _shot(page, "04-fichier-refuse.png")
    _no_traceback(page)

"""The pairing card in a real page: Voilà serves a one-cell notebook that
shows the card of a round (``tests/data/card/fiche.ipynb``), and Playwright
drives Debian's headless Chromium (the same browser and options as the
desk's tests, :mod:`test_desk_browser`).  Screenshots go to
``tests/artifacts/card/`` (git-ignored).

What a trainee does: read the card, answer a step wrongly and read the
feedback (the step, the rule, a hint), answer it rightly, ask for a hint,
then for the answer.
"""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from typing import Any

import pytest

from conftest import DATA, ROOT, TEST_DATA
from swisslearn.card.session import CardSession
from swisslearn.formats.trf import read_trf
from deskload import free_port as _free_port

pytestmark = pytest.mark.browser

PAGE = TEST_DATA / "card" / "fiche.ipynb"
ARTIFACTS = ROOT / "tests" / "artifacts" / "card"
TIMEOUT = 60.0


def _listening(port: int) -> bool:
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=1):
            return True
    except OSError:
        return False


@pytest.fixture(scope="module")
def card_page_url() -> Iterator[str]:
    """Voilà serving the card's page on a free port; stopped at the end."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    port = _free_port()
    log = (ARTIFACTS / "voila.log").open("wb")
    process = subprocess.Popen(
        [sys.executable, "-m", "voila", str(PAGE.relative_to(ROOT)), f"--port={port}",
         "--Voila.ip=127.0.0.1", "--no-browser"],
        cwd=ROOT, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    deadline = time.monotonic() + TIMEOUT
    try:
        while not _listening(port):
            assert process.poll() is None, f"voila exited with {process.returncode}: {log.name}"
            assert time.monotonic() < deadline, f"voila did not listen on {port}: {log.name}"
            time.sleep(0.3)
        yield f"http://127.0.0.1:{port}/"
    finally:
        _stop(process)
        log.close()


def _stop(process: subprocess.Popen[bytes]) -> None:
    """SIGTERM to Voilà's session (its kernels with it), SIGKILL if it lingers."""
    for sent in (signal.SIGTERM, signal.SIGKILL):
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, sent)
        with contextlib.suppress(subprocess.TimeoutExpired):
            process.wait(timeout=10)
            return


def _answer(page: Any, text: str) -> None:
    field = page.locator(".card-answer input")
    field.fill(text)
    page.click("button.card-check")


def test_a_trainee_pairs_on_the_card(card_page_url: str, browser: Any) -> None:
    from playwright.sync_api import expect
    context = browser.new_context(viewport={"width": 1280, "height": 1400})
    context.set_default_timeout(30_000)
    page = context.new_page()
    try:
        page.goto(card_page_url, timeout=int(TIMEOUT * 1000))
        page.wait_for_selector(".card-prompt", timeout=int(TIMEOUT * 1000))
        session = CardSession.for_round(read_trf(DATA / "club-12-joueurs.trf").tournament, 2)
        total = len(session.steps)

        # The card itself: every player, in A2 order, with the rounds played.
        rows = page.locator(".swisslearn-card tbody tr")
        expect(rows).to_have_count(12)
        expect(page.locator(".swisslearn-card")).to_contain_text("fiche d'appariement avant la ronde 2")
        expect(page.locator(".card-prompt")).to_contain_text("Ouvrez le niveau 1")
        expect(page.locator(".card-progress")).to_contain_text(f"étape 0 sur {total}")
        page.screenshot(path=str(ARTIFACTS / "01-fiche.png"))

        # A wrong answer: the step, the rule, what is wrong, and a hint.
        _answer(page, "1 2 3")
        feedback = page.locator(".card-feedback")
        expect(feedback).to_contain_text("Pas encore : étape 1, les joueurs du niveau 1 (A3)")
        expect(feedback).to_contain_text("3 manquants")
        expect(feedback).to_contain_text("Indice : A3")
        page.screenshot(path=str(ARTIFACTS / "02-erreur.png"))

        # The right answer: the engine's sentence, and the next step.
        _answer(page, "1 2 3 5 6 10")
        expect(feedback).to_contain_text("Juste.")
        expect(page.locator(".card-prompt")).to_contain_text("C2 : combien vaut x")
        expect(page.locator(".card-progress")).to_contain_text(f"étape 1 sur {total}")

        # A hint, then the answer on request (x, C2, before p and S1/S2).
        page.click("button.card-hint")
        expect(feedback).to_contain_text("A8 : b = joueurs du niveau qui préfèrent les blancs")
        page.click("button.card-reveal")
        expect(feedback).to_contain_text("Réponse : x = 0 (b = 2, n = 3, q = 3)")
        expect(page.locator(".card-prompt")).to_contain_text("C3 : combien vaut p")
        expect(page.locator(".card-written")).to_contain_text("A3 : niveau de points 1")
        page.screenshot(path=str(ARTIFACTS / "03-reponse.png"))
        content = page.content()
        assert "Traceback" not in content and "Error</span>" not in content
    finally:
        context.close()

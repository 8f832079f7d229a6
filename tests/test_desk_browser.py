"""The arbiter's desk in a real browser: ``python -m swisslearn.deskserver``
serves ``desk/bureau.ipynb`` (as ``make desk`` does) and Playwright drives
Debian's headless Chromium (``/usr/bin/chromium``, installed by ``.ci/run``;
no browser is ever downloaded; one per pytest process, :mod:`browsers`).
Screenshots go to ``tests/artifacts/desk/`` (git-ignored).

What a person would do: open the page, upload a TRF, step through the round,
ask why two players meet, download the paired round; upload a bad file and
read which line is wrong; upload a file too big; play the stepper; read it
all in English; close the page (its kernel is freed), or leave it until the
desk frees it.
"""

from __future__ import annotations

import contextlib
import hashlib
import shutil
import time
import zipfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from conftest import DATA, ROOT, TEST_DATA
from deskload import Server, desk_server
from deskload import free_port as _free_port  # noqa: F401  (test_card_browser.py uses it)
from swisslearn import desk
from swisslearn.explain import why

pytestmark = pytest.mark.browser

ARTIFACTS = ROOT / "tests" / "artifacts" / "desk"
START_TIMEOUT = 60.0     # seconds for Voilà to answer
PAGE_TIMEOUT = 60_000    # ms for a page to run its notebook and show the stepper
STEP_TIMEOUT = 30_000    # ms for one action to show its effect


@pytest.fixture(scope="module")
def desk_hall() -> Iterator[Server]:
    """The desk as ``make desk`` serves it, without its pool: each page starts
    its kernel as a page beyond the pool does (``test_desk_guard.py``'s
    page in Chromium is a pool's, ``test_desk_hall.py`` tests the pool);
    stopped at the end."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    # One Chromium on the loopback opens every page: the limit of pages per
    # address (tests/test_desk_guard.py) must not refuse a page whose
    # predecessor's kernel is still shutting down.
    # No pool (make desk: 2): the pool's kernels were one notebook run each
    # more than the pages, the last ones killed unused at the end (issue 31).
    with desk_server(ARTIFACTS / "voila.log", "--max-per-address=100", "--pool=0",
                     start_timeout=START_TIMEOUT) as running:
        yield running


@pytest.fixture(scope="module")
def server(desk_hall: Server) -> str:
    return desk_hall.url


@pytest.fixture
def page(server: str, browser: Any) -> Iterator[Any]:
    """A fresh page (and so a fresh kernel), once the desk shows its stepper."""
    context = browser.new_context(accept_downloads=True, viewport={"width": 1280, "height": 900})
    context.set_default_timeout(STEP_TIMEOUT)
    tab = context.new_page()
    # Every request the page makes, to check that none leaves the machine.
    tab.requested = []
    tab.on("request", lambda request: tab.requested.append(request.url))
    tab.goto(server, timeout=PAGE_TIMEOUT)
    tab.wait_for_selector(".desk-step-label", timeout=PAGE_TIMEOUT)
    try:
        yield tab
    finally:
        with contextlib.suppress(Exception):   # already closed by the test
            tab.close(run_before_unload=True)   # as a person closes a tab
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


def test_the_page_loads_answers_why_reads_refuses_and_warns(page: Any, server: str,
                                                          tmp_path: Path) -> None:
    """One page for what a person does with files (issue 31: four pages
    before): the page as it opens (:func:`_the_page_loads_and_answers_why`),
    then, back in French, a person's file read, stepped through, asked why,
    downloaded (:func:`_upload_step_why_and_download`), then refused files
    and one read with a warning, and the page closed
    (:func:`_refused_files_then_warnings`)."""
    from playwright.sync_api import expect
    _the_page_loads_and_answers_why(page, server)
    page.click(".desk-lang button:has-text('Français')")
    expect(page.locator(".desk-title")).to_contain_text("Bureau de l'arbitre")
    _upload_step_why_and_download(page, tmp_path)
    _refused_files_then_warnings(page, server, tmp_path)


def _the_page_loads_and_answers_why(page: Any, server: str) -> None:
    """Also (one page for three checks of its first minute, issue 31): the
    page says it is pairing (no busy sign before), and nothing it loads
    comes from elsewhere (Voilà's template linked Font Awesome from a CDN: a
    hall without Internet waited on it)."""
    from playwright.sync_api import expect
    expect(page.locator(".desk-title")).to_contain_text("Bureau de l'arbitre")
    expect(page.locator(".desk-info")).to_contain_text("club-12-joueurs.trf")
    expect(page.locator(".desk-step-label")).to_contain_text("étape 1/")
    _shot(page, "01-page.png")

    # Round 4 of the club tournament, players 1 and 3: the library's sentence.
    club = desk.read_example(DATA / "club-12-joueurs.trf")
    assert isinstance(club, desk.Loaded)
    events = desk.pair_round(club, 4).events
    seen = _busy_texts(page)
    page.select_option(".desk-round select", label="4")
    expect(page.locator(".desk-info")).to_contain_text("ronde 4 appariée par dutch-1998")
    # The page said it was pairing, and says nothing once the stepper is drawn.
    expect(page.locator(".desk-busy")).to_have_text("")
    texts = seen.json_value()
    assert "Appariement de la ronde 4…" in texts, texts
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
    _nothing_from_elsewhere(page, server)


def _busy_texts(page: Any) -> Any:
    """A handle on the texts the page's busy sign shows from now on."""
    return page.evaluate_handle("""() => {
        const seen = [];
        const busy = document.querySelector('.desk-busy');
        new MutationObserver(() => seen.push(busy.textContent)).observe(
            busy, {subtree: true, childList: true, characterData: true});
        return seen;
    }""")


def _nothing_from_elsewhere(page: Any, server: str) -> None:
    assert page.requested
    outside = [u for u in page.requested
               if not u.startswith((server, "data:", "blob:"))]
    assert not outside, outside


def _upload_step_why_and_download(page: Any, tmp_path: Path) -> None:
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
    from swisslearn.cli import pair_json
    from swisslearn.model import recorded_round
    from swisslearn.formats.trf import parse_trf
    pairs, byes = recorded_round(parse_trf(got).tournament, 1)
    assert pairs == frozenset((b["white"], b["black"])
                              for b in pair_json(paired.result)["boards"])  # type: ignore[attr-defined]
    assert byes == frozenset()

    # The hall's pages of the same round, as a .zip beside the button (issue 35).
    page.click(".desk-publish")
    with page.expect_download() as download:
        page.click(".desk-published .desk-download-link")
    assert download.value.suggested_filename == "mon-tournoi-ronde-1-pages.zip"
    with zipfile.ZipFile(download.value.path()) as archive:
        names = set(archive.namelist())
    assert "index.html" in names and {f"joueurs/{n:02d}.html" for n in range(1, 37)} <= names
    _no_traceback(page)


def _a_files_warnings_are_shown_once_it_is_read(page: Any, server: str,
                                               tmp_path: Path) -> None:
    """A file read with a points column the results contradict: the page
    paired it and said nothing of what the reader had resolved.  Then the
    page is closed: its kernel is freed (the page's shutdown request on close
    was refused, 403, no _xsrf cookie, and the kernel stayed until the server
    stopped)."""
    from playwright.sync_api import expect
    error = page.locator(".desk-error")
    lines = (DATA / "club-12-joueurs.trf").read_text("utf-8").splitlines()
    first = next(i for i, line in enumerate(lines) if line.startswith("001"))
    lines[first] = lines[first][:80] + " 9.5" + lines[first][84:]
    path = tmp_path / "club-points.trf"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    _upload(page, path)
    expect(page.locator(".desk-info")).to_contain_text("club-points.trf")
    expect(error).to_have_text("")
    warnings = page.locator(".desk-warnings")
    expect(warnings).to_contain_text("Fichier lu, avec 1 avertissement")
    expect(warnings).to_contain_text(f"club-points.trf:{first + 1}:81: avertissement : joueur 1 "
                                     ": 9,5 points")
    expect(page.locator(".desk-step-label")).to_contain_text("étape 1/")
    expect(page.locator(".desk-busy p")).to_have_count(0)
    _shot(page, "04c-avertissements.png")
    _no_traceback(page)
    _closing_frees_the_kernel(page, server)


# -- the desk in a hall (issue 22) ------------------------------------------------


def _kernel_id(page: Any) -> str:
    kernel: str = page.evaluate(
        "JSON.parse(document.getElementById('jupyter-config-data').textContent).kernelId")
    return kernel


def _kernel_exists(server: str, kernel_id: str) -> bool:
    import urllib.error
    import urllib.request
    try:
        with urllib.request.urlopen(f"{server}api/kernels/{kernel_id}", timeout=10):
            return True
    except urllib.error.HTTPError as error:
        assert error.code == 404, error.code
        return False


def _picture_hash(page: Any) -> str:
    """SHA-256 of the stepper's picture as the page holds it."""
    digest: str = page.evaluate("""async () => {
        const img = document.querySelector('.desk-stepper img');
        const bytes = await (await fetch(img.src)).arrayBuffer();
        const hash = await crypto.subtle.digest('SHA-256', bytes);
        return Array.from(new Uint8Array(hash)).map(b => b.toString(16).padStart(2, '0')).join('');
    }""")
    return digest


def _step_hashes(events: Any, lang: str, steps: range) -> dict[str, int]:
    from swisslearn.viz import figure_png, render
    return {hashlib.sha256(figure_png(render(events[i - 1], lang))).hexdigest(): i
            for i in steps}


def _club_events(round: int) -> Any:
    club = desk.read_example(DATA / "club-12-joueurs.trf")
    assert isinstance(club, desk.Loaded)
    return desk.pair_round(club, round).events


def _closing_frees_the_kernel(page: Any, server: str) -> None:
    """Close ``page`` as a person closes a tab: its kernel is gone within 10 s."""
    kernel = _kernel_id(page)
    assert _kernel_exists(server, kernel)
    page.close(run_before_unload=True)
    deadline = time.monotonic() + 10
    while _kernel_exists(server, kernel):
        assert time.monotonic() < deadline, "the closed page's kernel is still running"
        time.sleep(0.3)


def _refused_files_then_warnings(page: Any, server: str, tmp_path: Path) -> None:
    """The files a person uploads one after the other: a bad file names its
    line; a file with several problems lists them all (the page showed the
    first one only, in English); a file over ≈ 10 MB is refused before it
    is sent (it was silently lost, the kernel connection's message limit,
    and the previous file's error stayed on screen); the page then reads
    the next file, and the next one, read with a warning, shows it
    (:func:`_a_files_warnings_are_shown_once_it_is_read`: then the page is
    closed and its kernel freed)."""
    from playwright.sync_api import expect
    bad = tmp_path / "mon-fichier.trf"
    shutil.copyfile(TEST_DATA / "bad" / "bad-152.trf", bad)
    _upload(page, bad)
    error = page.locator(".desk-error")
    expect(error).to_contain_text("Fichier refusé (ligne 12, colonne 5)")
    expect(error).to_contain_text("mon-fichier.trf:12:5: couleur initiale 'G' : W ou B est attendu")
    expect(page.locator(".desk-step-label")).to_have_count(0)
    _shot(page, "04-fichier-refuse.png")
    _no_traceback(page)

    several = tmp_path / "plusieurs.trf"
    shutil.copyfile(TEST_DATA / "bad" / "142-fewer-than-played.trf", several)
    _upload(page, several)
    expect(error).to_contain_text("Fichier refusé (ligne 17, colonne 102) — 6 erreurs et 2 "
                                  "avertissements dans ce fichier")
    expect(error.locator("li")).to_have_count(8)
    expect(error.locator("li").nth(5)).to_contain_text("plusieurs.trf:22:102: joueur 6")
    expect(error.locator("li").nth(7)).to_contain_text("plusieurs.trf:24:5: avertissement")
    _shot(page, "04b-problemes.png")
    page.click(".desk-lang button:has-text('English')")
    expect(error).to_contain_text("6 errors and 2 warnings in this file")
    _no_traceback(page)
    page.click(".desk-lang button:has-text('Français')")
    expect(error).to_contain_text("6 erreurs et 2 avertissements dans ce fichier")

    big = tmp_path / "gros.trf"
    big.write_bytes((DATA / "club-12-joueurs.trf").read_bytes() + b" " * (12 * 1024 * 1024))
    _upload(page, big)
    size = f"{big.stat().st_size:,}".replace(",", "\u202f")
    expect(error).to_contain_text(f"Fichier refusé — gros.trf : {size} octets, au-delà de la "
                                  "limite de 8\u202f388\u202f608 octets")
    expect(error).not_to_contain_text("plusieurs.trf")
    _shot(page, "05-fichier-trop-gros.png")
    # The page still works: the next file is read.
    _upload(page, DATA / "chysteme-36-joueurs.trf")
    expect(page.locator(".desk-info")).to_contain_text("chysteme-36-joueurs.trf")
    expect(error).to_have_text("")
    _no_traceback(page)
    _a_files_warnings_are_shown_once_it_is_read(page, server, tmp_path)


def _the_picture_and_the_label_show_the_same_step_during_play(page: Any) -> None:
    """During Play the picture lagged the label by a step.  Stopped, the
    stepper is back at step 1."""
    from playwright.sync_api import expect
    events = _club_events(5)
    steps = range(1, min(len(events), 14) + 1)
    pictures = _step_hashes(events, "fr", steps)
    page.click(".desk-stepper .widget-play button:first-child")    # Play
    samples: list[tuple[int, int | None]] = []
    deadline = time.monotonic() + 12
    while time.monotonic() < deadline:
        label = page.locator(".desk-step-label").inner_text()
        picture = pictures.get(_picture_hash(page))
        label_step = int(label.split()[1].split("/")[0])
        if label_step > steps[-1]:
            break
        samples.append((label_step, picture))
        time.sleep(0.1)
    page.click(".desk-stepper .widget-play button:nth-child(2)")   # Pause
    assert len({label for label, _ in samples}) >= 4, samples   # it played
    apart = [i for i, (label, picture) in enumerate(samples) if picture != label]
    # Picture and label change a few milliseconds apart at most: never two
    # samples (0.1 s) in a row that disagree, and hardly any at all.
    assert not any(b == a + 1 for a, b in zip(apart, apart[1:])), samples
    assert len(apart) <= max(1, len(samples) // 20), samples
    expect(page.locator(".desk-step-label")).to_be_visible()
    page.click(".desk-stepper .widget-play button:nth-child(3)")   # Stop
    expect(page.locator(".desk-step-label")).to_contain_text(f"étape 1/{len(events)} — ")


def test_play_then_english_everywhere_pictures_included_then_the_kernel_freed(
        page: Any) -> None:
    """One page for three (issue 31): the stepper played
    (:func:`_the_picture_and_the_label_show_the_same_step_during_play`),
    then stopped at step 1, the page in English
    (:func:`_english_everywhere_pictures_included_then_the_kernel_freed`)."""
    _the_picture_and_the_label_show_the_same_step_during_play(page)
    _english_everywhere_pictures_included_then_the_kernel_freed(page)


def _english_everywhere_pictures_included_then_the_kernel_freed(page: Any) -> None:
    """In English mode the pictures stayed French (B = blanc reads as Black).
    Then, back in French, the page's kernel is culled as an idle page's is
    (make desk: after 100 s): the page says it must be reloaded instead of
    silently doing nothing.  (One page for both, issue 31.)"""
    from playwright.sync_api import expect
    events = _club_events(5)
    page.click(".desk-next")
    page.click(".desk-next")
    expect(page.locator(".desk-step-label")).to_contain_text("étape 3/")
    page.click(".desk-lang button:has-text('English')")
    # The step stays (switching language reset the stepper to step 1).
    expect(page.locator(".desk-step-label")).to_contain_text(f"step 3/{len(events)}")
    english = _step_hashes(events, "en", range(3, 4))
    deadline = time.monotonic() + 30
    while _picture_hash(page) not in english:
        assert time.monotonic() < deadline, "the picture is not step 3's, in English"
        time.sleep(0.3)
    for word in ("The round", "White", "Black", "Why?", "Step by step"):
        expect(page.locator(".desk")).to_contain_text(word)
    _shot(page, "06-english.png")
    _no_traceback(page)

    page.click(".desk-lang button:has-text('Français')")
    expect(page.locator(".desk-step-label")).to_contain_text(f"étape 3/{len(events)}")
    kernel = _kernel_id(page)
    # What the culler does, done at once: the kernel is shut down.
    status = page.evaluate("""async (kernel) => {
        const form = new FormData();
        form.append('_xsrf', document.cookie.match('\\\\b_xsrf=([^;]*)\\\\b')[1]);
        return (await fetch(`/voila/api/shutdown/${kernel}`, {method: 'POST', body: form})).status;
    }""", kernel)
    assert status == 204
    banner = page.locator(".desk-expired")
    expect(banner).to_contain_text("Cette page n'est plus reliée au bureau", timeout=30_000)
    expect(banner).to_contain_text("rechargez-la pour continuer")
    _shot(page, "07-page-liberee.png")

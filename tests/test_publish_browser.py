"""The hall's pages (``swisslearn publish``) in a real browser: Debian's
headless Chromium driven by Playwright, as the desk's tests do
(``tests/test_desk_browser.py``), the site opened from ``file://``.

What a player does: open the index, switch to English, tap his name, pick
another player and read why not, follow the link to his opponent's page;
on a phone, read the boards without scrolling sideways; print.  And a name
with markup and control characters is shown as text, never obeyed.
Screenshots go to ``tests/artifacts/publish/`` (git-ignored).
"""

from __future__ import annotations

import functools
import http.server
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from conftest import DATA, ROOT
from swisslearn import systems
from swisslearn.cli import main, read_input
from swisslearn.explain import explain_pair

pytestmark = pytest.mark.browser

CHYSTEME = DATA / "chysteme-36-joueurs.trf"
ARTIFACTS = ROOT / "tests" / "artifacts" / "publish"
TIMEOUT = 30_000   # ms for one action to show its effect
PHONE = {"width": 360, "height": 740}


def _publish(source: Path, folder: Path) -> Path:
    assert main(["publish", str(source), "--round", "1", "-o", str(folder), "--lang", "fr"]) == 0
    return folder


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    return _publish(CHYSTEME, tmp_path_factory.mktemp("publish") / "site")


@pytest.fixture
def tab(browser: Any) -> Iterator[Any]:
    """A fresh desktop-sized page; every request it makes is recorded."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.set_default_timeout(TIMEOUT)
    page = context.new_page()
    page.requested = []
    page.on("request", lambda request: page.requested.append(request.url))
    try:
        yield page
    finally:
        context.close()


def _events() -> tuple[Any, ...]:
    tournament = read_input(str(CHYSTEME)).tournament
    return tuple(systems.get(None, tournament).trace(tournament, 1))


def test_a_player_switches_language_follows_links_and_reads_why(site: Path, tab: Any) -> None:
    from playwright.sync_api import expect
    events = _events()
    tab.goto((site / "index.html").as_uri())
    expect(tab.locator("h1 .l-fr")).to_have_text("Appariements de la ronde 1")
    expect(tab.locator("h1 .l-en")).to_be_hidden()
    expect(tab.locator("table.boards tbody tr")).to_have_count(18)

    # English, then the first player's page: the language goes with him.
    tab.click("button.switch")
    expect(tab.locator("h1 .l-en")).to_have_text("Pairings of round 1")
    expect(tab.locator("h1 .l-fr")).to_be_hidden()
    tab.locator("table.boards a.player-link").first.click()
    tab.wait_for_url("**/joueurs/01.html*")
    expect(tab.locator("section.opponent h2 .l-en")).to_have_text("Whom, and why?")
    expect(tab.locator("section.opponent p .l-en").last).to_contain_text(
        "You play 19 Joueur 19, on board 1.")
    expect(tab.locator("section.detail .rule").first).to_be_visible()
    tab.screenshot(path=str(ARTIFACTS / "01-player-en.png"), full_page=True)

    # Why not player 2? The explainer's answer, in the page's language.
    tab.select_option("#why-pick", "2")
    expect(tab.locator("#why-answer .l-en")).to_have_text(
        explain_pair(events, 1, 2, "en").text)
    expect(tab.locator("#why-answer .l-fr")).to_be_hidden()

    # His opponent's page (the second), then back to French there.
    tab.click("a.opponent-link")
    tab.wait_for_url("**/joueurs/19.html*")
    expect(tab.locator("h1")).to_have_text("19 Joueur 19")
    expect(tab.locator("section.opponent p .l-en").last).to_contain_text("You play 1 Joueur 01")
    tab.click("button.switch")
    expect(tab.locator("section.opponent p .l-fr").last).to_contain_text(
        "Vous jouez contre 1 Joueur 01, à l'échiquier 1.")
    tab.select_option("#why-pick", "20")
    expect(tab.locator("#why-answer .l-fr")).to_have_text(
        explain_pair(events, 19, 20, "fr").text)

    # A third page opened by its address (as from a QR code), and the trace.
    tab.goto((site / "joueurs" / "36.html").as_uri())
    expect(tab.locator("h1")).to_have_text("36 Joueur 36")
    expect(tab.locator("section.colour p .l-fr")).to_contain_text("Vous avez les Blancs.")
    tab.locator("section.detail a.rule").first.click()
    tab.wait_for_url("**/deroulement.html*#e*")
    expect(tab.locator("figure img:visible").first).to_be_visible()
    assert tab.locator("figure img:visible").first.evaluate("i => i.naturalWidth") > 0
    # Nothing fetched from anywhere but the site's own files.
    assert tab.requested and all(url.startswith("file://") for url in tab.requested)


@pytest.mark.parametrize("page", ["index.html", "joueurs/01.html", "deroulement.html"])
def test_a_phone_shows_the_boards_without_scrolling_sideways(site: Path, browser: Any,
                                                            page: str) -> None:
    from playwright.sync_api import expect
    context = browser.new_context(viewport=PHONE, device_scale_factor=2, is_mobile=True,
                                  has_touch=True)
    try:
        tab = context.new_page()
        tab.goto((site / page).as_uri())
        expect(tab.locator("h1")).to_be_visible()
        width = tab.evaluate("document.documentElement.clientWidth")
        assert width == PHONE["width"]
        assert tab.evaluate("document.documentElement.scrollWidth") <= width
        if page == "index.html":
            box = tab.locator("table.boards").bounding_box()
            assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width
        name = page.replace("/", "-").replace(".html", "")
        tab.screenshot(path=str(ARTIFACTS / f"phone-{name}.png"), full_page=True)
    finally:
        context.close()


def test_printing_leaves_the_buttons_out(site: Path, tab: Any) -> None:
    from playwright.sync_api import expect
    tab.goto((site / "index.html").as_uri())
    expect(tab.locator("button.switch")).to_be_visible()
    tab.emulate_media(media="print")
    expect(tab.locator("nav")).to_be_hidden()
    expect(tab.locator("table.boards")).to_be_visible()


def test_a_name_with_markup_and_control_characters_is_shown_escaped(
        tmp_path: Path, tab: Any) -> None:
    from playwright.sync_api import expect
    lines = CHYSTEME.read_text("utf-8").splitlines()
    i = next(n for n, line in enumerate(lines) if line.startswith("001    1 "))
    name = "<img src=x onerror=alert(1)>\x07\u202e"
    lines[i] = lines[i][:14] + f"{name:<33}" + lines[i][47:]
    source = tmp_path / "hostile.trf"
    source.write_text("\n".join(lines) + "\n", "utf-8")
    folder = _publish(source, tmp_path / "site")
    dialogs: list[str] = []

    def refuse(dialog: Any) -> None:
        dialogs.append(dialog.message)
        dialog.dismiss()
    tab.on("dialog", refuse)
    tab.goto((folder / "joueurs" / "01.html").as_uri())
    shown = "<img src=x onerror=alert(1)>U+0007U+202E"
    expect(tab.locator("h1")).to_have_text(f"1 {shown}")
    assert tab.locator("main img").count() == 0
    tab.goto((folder / "index.html").as_uri())
    expect(tab.locator("table.boards a.player-link").first).to_contain_text(shown)
    assert tab.locator("main img").count() == 0
    # On his opponent's page, the why field lists him by that name, as text.
    tab.goto((folder / "joueurs" / "19.html").as_uri())
    expect(tab.locator("#why-pick option[value='1']")).to_have_text(f"1 {shown}")
    tab.screenshot(path=str(ARTIFACTS / "escaped-name.png"))
    assert dialogs == []


@pytest.fixture(scope="module")
def served(site: Path) -> Iterator[str]:
    """The site served by a plain static web server (Python's), as a club's
    host or the arbiter's laptop in the hall serves it: its address."""
    handler = functools.partial(_QuietHandler, directory=str(site))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()
        thread.join()


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:   # noqa: A002 (the base's name)
        """No line per request on stderr."""


def test_the_pages_work_from_a_static_web_server(served: str, tab: Any) -> None:
    """Opened by the address a QR code holds: the page, its language
    remembered from one page to the next (no ?lang= in the address), the
    why field, a link; every request to the server's own files."""
    from playwright.sync_api import expect
    events = _events()
    tab.goto(served + "joueurs/07.html")
    expect(tab.locator("section.opponent p .l-fr").last).to_contain_text(
        "Vous jouez contre 25 Joueur 25, à l'échiquier 7.")
    tab.click("button.switch")
    expect(tab.locator("section.opponent h2 .l-en")).to_have_text("Whom, and why?")
    # Another player's code scanned next: English, remembered by the browser.
    tab.goto(served + "joueurs/12.html")
    expect(tab.locator("section.opponent h2 .l-en")).to_be_visible()
    expect(tab.locator("section.opponent h2 .l-fr")).to_be_hidden()
    tab.select_option("#why-pick", "7")
    # (One answer per pair, worded from the page that asked it first: 7's.)
    expect(tab.locator("#why-answer .l-en")).to_have_text(
        explain_pair(events, 7, 12, "en").text)
    tab.click("a.nav-index")
    tab.wait_for_url("**/index.html*")
    expect(tab.locator("h1 .l-en")).to_have_text("Pairings of round 1")
    assert tab.requested and all(url.startswith(served) for url in tab.requested)

"""The desk served to a hall, against a visitor who is not kind (issue 33):
its names only (no DNS rebinding), no traceback for an unknown address, a
limit of pages per browser and per address, a time limit for a round.

A real server (``python -m swisslearn.deskserver``) behind a pretend reverse
proxy (``--behind-proxy``: each visitor of :mod:`deskload` says its address
in ``X-Forwarded-For``), spoken to as browsers do; loopback only.
``tests/stress/test_desk_stress.py`` runs a greedy visitor and a long round
beside 20 others.
"""

from __future__ import annotations

import asyncio
import json
import os
import re
import subprocess
import time
import urllib.request
from collections.abc import Iterator
from datetime import datetime, timedelta, timezone
from typing import Any

import pytest
from traitlets import TraitError

from conftest import ROOT
from deskload import (LONG_ROUND_FILE, LONG_ROUND_NUMBER, LONG_ROUND_PLAYERS, PageFull,
                      Server, Timings, Visitor, _http, desk_server, long_round)
from swisslearn import desk
from swisslearn.deskserver import YIELD_NICENESS, HallKernelManager, HostCheck

LOG = ROOT / "tests" / "artifacts" / "desk" / "guard.log"
LIMIT = 3            # seconds a round may take (make desk: 60)
PER_BROWSER = 2
PER_ADDRESS = 3


@pytest.fixture(scope="module")
def server() -> Iterator[Server]:
    with desk_server(LOG, "--max-kernels=6", "--idle=60", "--pool=1", "--max-starting=2",
                     f"--max-per-browser={PER_BROWSER}", f"--max-per-address={PER_ADDRESS}",
                     f"--pairing-limit={LIMIT}", "--allow-host=bureau.example",
                     "--behind-proxy", pool=1) as running:
        yield running


def run(coroutine: object) -> Any:
    return asyncio.run(coroutine)  # type: ignore[arg-type]


def _port(server: Server) -> str:
    return server.url.rstrip("/").rsplit(":", 1)[1]


# -- Host -------------------------------------------------------------------


def test_a_name_the_desk_does_not_serve_is_refused(server: Server) -> None:
    """Any Host was served: a page of evil.example, its name pointed at the
    desk's address (DNS rebinding), could open pages and drive them."""
    async def scenario() -> None:
        for path in ("", "desk/status", "api/kernels/0f0f0f0f-0f0f-0f0f-0f0f-0f0f0f0f0f0f",
                     "voila/static/nothing"):
            code, _, body, _ = await _http(server.url + path,
                                           headers={"Host": f"evil.example:{_port(server)}",
                                                    "Origin": f"http://evil.example:{_port(server)}"})
            assert code == 403, (path, code)
            assert "Adresse refusée" in body and "Address refused" in body
    run(scenario())
    assert server.kernels() == 1          # the pool's: nothing started for evil.example


def test_the_served_names_are_answered(server: Server) -> None:
    async def scenario() -> None:
        for host in (f"127.0.0.1:{_port(server)}", f"localhost:{_port(server)}",
                     "bureau.example", f"BUREAU.example.:{_port(server)}"):
            code, _, _, _ = await _http(server.url + "desk/status", headers={"Host": host})
            assert code == 200, host
    run(scenario())


def test_which_hosts() -> None:
    loopback = HostCheck.serving("127.0.0.1", ["bureau.example"])
    assert loopback.allows("127.0.0.1:8866") and loopback.allows("localhost")
    assert loopback.allows("[::1]:8866") and loopback.allows("bureau.example:443")
    assert not loopback.allows("evil.example:8866") and not loopback.allows("10.0.0.5")
    assert not loopback.allows("") and not loopback.allows("127.0.0.1.evil.example")
    hall = HostCheck.serving("0.0.0.0")
    assert hall.allows("192.168.1.20:8866") and hall.allows("[fe80::1]:8866")
    assert not hall.allows("evil.example") and not hall.allows("bureau.example")
    one = HostCheck.serving("192.168.1.20")
    assert one.allows("192.168.1.20:8866") and not one.allows("192.168.1.21:8866")


def test_no_file_of_the_machine(server: Server) -> None:
    """Voilà served any picture of the page's folder (``desk/``, none today):
    one put there later would have been anybody's."""
    picture = ROOT / "desk" / "guard-test-picture.png"
    picture.write_bytes(b"\x89PNG\r\n\x1a\n")

    async def scenario() -> None:
        for path in ("voila/files/guard-test-picture.png", "voila/files/bureau.ipynb",
                     "voila/files/../data/club-12-joueurs.trf"):
            code, _, _, _ = await _http(server.url + path)
            assert code in (403, 404), (path, code)
    try:
        run(scenario())
    finally:
        picture.unlink()


def test_unknown_addresses_are_quiet(server: Server) -> None:
    """/logout and a template path with %2e%2e were a 500 with a traceback
    in the log."""
    async def scenario() -> None:
        for path in ("logout", "login", "voila/templates/%2e%2e/%2e%2e/etc/passwd",
                     "voila/templates/lab", "voila/templates/lab/static/%2e%2e/%2e%2e/x",
                     "voila/templates/%2e%2e", "nothing/here"):
            code, _, body, _ = await _http(server.url + path)
            assert code in (302, 403, 404), (path, code)
            assert "Traceback" not in body and "root:x:" not in body
    before = server.log_text()
    run(scenario())
    new = server.log_text()[len(before):]
    assert "Traceback" not in new and " 500 " not in new, new[-2000:]


async def _cannot_run_code(page: Visitor, witness: Any) -> None:
    """docs/desk-hall.md says so: the page's kernel takes the widgets'
    messages only (an execute request is dropped).  The page still answers
    (its connection was not closed by the request): its caller pairs a
    round on it, then looks for ``witness``."""
    await page.socket.write_message(page._message(
        "execute_request", {"code": f"open({str(witness)!r}, 'w').write('x')",
                            "silent": False, "store_history": False,
                            "user_expressions": {}, "allow_stdin": False,
                            "stop_on_error": True}), binary=True)


# -- pages per visitor ----------------------------------------------------------


def test_one_visitor_cannot_hold_the_desk_nor_run_code_nor_keep_a_core(server: Server,
                                                                      tmp_path: Any) -> None:
    """One client keeping pages open took every place: « bureau complet »
    for everybody else.  The page everybody else still gets also checks
    that a visitor cannot run code (:func:`_cannot_run_code`), then leaves
    during a long round (:func:`_leaving_during_a_long_round_frees_its_core`):
    three pages before issue 31."""
    witness = tmp_path / "ran"

    async def scenario() -> None:
        greedy = Timings()
        browser: dict[str, str] = {}
        pages = []
        for seed in range(PER_BROWSER):
            page = Visitor(server.url, greedy, seed, address="10.0.0.1", cookies=browser)
            await page.open()
            pages.append(page)
        assert browser.get("desk_browser"), "no browser cookie"
        # A third page of the same browser: refused, to this browser only.
        with pytest.raises(PageFull) as refused:
            await Visitor(server.url, greedy, 9, address="10.0.0.1", cookies=browser).open()
        assert refused.value.too_many
        # Another browser at the same address: one more, up to the address's limit.
        other = Visitor(server.url, greedy, 10, address="10.0.0.1")
        await other.open()
        pages.append(other)
        with pytest.raises(PageFull) as refused:
            await Visitor(server.url, greedy, 11, address="10.0.0.1").open()
        assert refused.value.too_many
        code, _, body, headers = await _http(server.url, headers={"X-Forwarded-For": "10.0.0.1"})
        assert code == 429 and headers.get("Retry-After") == "15"
        assert f"{PER_ADDRESS} pages du bureau sont déjà ouvertes depuis ce navigateur" in body
        # Everybody else still gets a page.
        kind = Visitor(server.url, Timings(), 20, address="10.0.0.2")
        await kind.open()
        await _cannot_run_code(kind, witness)
        await kind.pair_a_round()
        status = server.status()
        assert status["max_per_browser"] == PER_BROWSER and status["visitors"] >= 2
        # A page closed frees a place for its browser.
        await pages[0].close()
        await asyncio.sleep(1)
        again = Visitor(server.url, greedy, 12, address="10.0.0.1", cookies=browser)
        await again.open()
        for page in pages[1:] + [again]:
            await page.close()
        await _leaving_during_a_long_round_frees_its_core(server, kind)
    run(scenario())
    assert not witness.exists()


def test_a_page_counts_once_while_it_is_served() -> None:
    """A request counts for its client until its kernel is given, then the
    kernel does (not both: a second page of the browser is not refused early)."""
    from swisslearn.deskserver import Client
    manager = HallKernelManager(max_per_browser=2)
    me, neighbour = Client("10.0.0.1", "b" * 24), Client("10.0.0.1", "c" * 24)

    async def scenario() -> None:
        asking = manager.ask(me)
        assert manager.pages_of(me) == (1, 1) and manager.pages_of(neighbour) == (0, 1)
        manager._kernels["k1"] = object()
        manager._give("k1")
        assert manager.pages_of(me) == (1, 1) and manager.client_has_room(me)
        manager.done(asking)
        assert manager.pages_of(me) == (1, 1) and manager.owners == {"k1": me}
        second = manager.ask(me)
        assert not manager.client_has_room(me)          # two pages: the browser's most
        manager.done(second)                             # ended without a kernel
        assert manager.pages_of(me) == (1, 1)
    asyncio.run(asyncio.wait_for(scenario(), 10))


# -- a round too long --------------------------------------------------------------


async def _execution_state(server: Server, kernel_id: str) -> str:
    code, _, body, _ = await _http(server.url + f"api/kernels/{kernel_id}")
    assert code == 200, code
    state: str = json.loads(body)["execution_state"]
    return state


async def _leaving_during_a_long_round_frees_its_core(server: Server, page: Visitor) -> None:
    """A page that leaves during a long round: its kernel is idle again
    within the limit (culling spares busy kernels: it kept a core busy for
    as long as the round took)."""
    kernel = page.kernel_id
    # The upload sent, then the page gone (a crashed browser) without waiting.
    task = asyncio.ensure_future(page.upload("long-round.trf", long_round()))
    await asyncio.sleep(1.0)
    task.cancel()
    await page.close(drop=True)
    start = time.monotonic()
    while await _execution_state(server, kernel) == "busy" or time.monotonic() - start < 1:
        assert time.monotonic() - start < LIMIT + 45, "the kernel is still busy"
        await asyncio.sleep(0.5)
    assert await _execution_state(server, kernel) == "idle"


def test_the_server_stops_a_kernel_deaf_to_the_limit() -> None:
    """A kernel busy without a word far past the limit (an engine the page's
    alarm cannot stop) is shut down; one busy for a few seconds runs at a
    lower priority; a busy one that still speaks, or an idle one, is left."""
    class Provisioner:
        def __init__(self, pid: int) -> None:
            self.pid = pid

    class Kernel:
        def __init__(self, state: str, quiet: float, pid: int) -> None:
            self.execution_state = state
            self.last_activity = datetime.now(timezone.utc) - timedelta(seconds=quiet)
            self.provisioner = Provisioner(pid)

    class Starting:
        """A kernel still starting: its last activity is not set yet (the
        watch raised TraitError and looked at no other kernel)."""
        execution_state = "starting"

        @property
        def last_activity(self) -> datetime:
            raise TraitError("The 'last_activity' trait expected a datetime, not None")

    sleepers = {name: subprocess.Popen(["sleep", "60"]) for name in ("long", "speaking", "idle")}

    async def scenario() -> tuple[list[str], list[str]]:
        manager = HallKernelManager(pairing_limit=10)
        shut: list[str] = []

        async def shutdown_kernel(kernel_id: str, *args: Any, **kwargs: Any) -> None:
            shut.append(kernel_id)
            manager._kernels.pop(kernel_id)
        manager.shutdown_kernel = shutdown_kernel  # type: ignore[method-assign]
        manager._kernels.update({"starting": Starting(),
                                 "deaf": Kernel("busy", 40, sleepers["idle"].pid),
                                 "long": Kernel("busy", 5, sleepers["long"].pid),
                                 "speaking": Kernel("busy", 1, sleepers["speaking"].pid),
                                 "idle": Kernel("idle", 400, sleepers["idle"].pid)})
        stopped = await manager.watch_long_work()
        return stopped, shut
    try:
        stopped, shut = run(scenario())
        assert stopped == shut == ["deaf"]
        nice = {name: os.getpriority(os.PRIO_PROCESS, p.pid) for name, p in sleepers.items()}
        ours = os.getpriority(os.PRIO_PROCESS, 0)       # the tests may run under nice
        assert nice == {"long": max(ours, YIELD_NICENESS), "speaking": ours, "idle": ours}
    finally:
        for sleeper in sleepers.values():
            sleeper.kill()
            sleeper.wait()


def test_the_page_says_a_round_is_too_long(monkeypatch: pytest.MonkeyPatch) -> None:
    """In the page's language, again when it changes; the page then works on.
    The page's reaction is what is tested here, not the engine's speed (the
    server tests stand on the real long round, and
    test_the_page_in_chromium_says_the_round_is_too_long checks that it
    outlasts the limit): under make test's load a worker once paired it unstopped, so the
    long round's pairing is made to outlast the limit whatever the machine."""
    monkeypatch.setenv(desk.LIMIT_VARIABLE, "1")
    real_pair_round = desk.pair_round

    def slow_pair_round(loaded: Any, round: int, *args: Any, **kwargs: Any) -> Any:
        if loaded.tournament.players and len(loaded.tournament.players) == LONG_ROUND_PLAYERS:
            time.sleep(60)   # interrupted by the desk's alarm after 1 s
        return real_pair_round(loaded, round, *args, **kwargs)
    monkeypatch.setattr(desk, "pair_round", slow_pair_round)
    page = desk.Desk(example=None)
    start = time.monotonic()
    page.upload("mon tournoi.trf", long_round())
    assert time.monotonic() - start < 30
    assert page.paired is None
    assert "La ronde 2 demande plus de 1 s au moteur" in page.error.value
    assert "swisslearn pair &#x27;mon tournoi.trf&#x27; --round 2" in page.error.value
    page.set_language("en")
    assert "Round 2 takes the engine more than 1 s" in page.error.value
    # A loaded machine may take more than 1 s for the first pairing (imports).
    monkeypatch.setenv(desk.LIMIT_VARIABLE, "120")
    page.upload("club.trf", (ROOT / "data" / "club-12-joueurs.trf").read_bytes())
    assert page.paired is not None and page.error.value == ""


def test_no_limit_outside_the_desk_server(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(desk.LIMIT_VARIABLE, raising=False)
    assert desk.pairing_limit() is None
    monkeypatch.setenv(desk.LIMIT_VARIABLE, "0")
    assert desk.pairing_limit() is None
    with desk.time_limit(None):
        time.sleep(0.01)
    with pytest.raises(desk.TooLong):
        with desk.time_limit(0.2):
            while True:
                pass


def _spin(seconds: float) -> None:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        pass


def test_a_limit_dropped_by_a_finalizer_is_raised_again() -> None:
    # CI once saw the limit's TooLong raised inside a WeakSet callback, where
    # Python prints "Exception ignored" and drops it: the round then ran to
    # its end unlimited.  Dropped here by hand, the next alarm raises it again.
    dropped = []
    with pytest.raises(desk.TooLong):
        with desk.time_limit(0.2):
            try:
                _spin(2)
            except desk.TooLong:
                dropped.append(True)
            _spin(10 * desk.ALARM_REPEAT)
    assert dropped == [True]
    _spin(3 * desk.ALARM_REPEAT)   # once the block is left, no alarm is left behind


def test_the_command_line_offered() -> None:
    assert (desk.command_line("mon fichier.trf", 4, "dutch-2026", "club", "soft-bottom",
                              "A:1,2:strict; B:3,4:soft-avoid")
            == "swisslearn pair 'mon fichier.trf' --round 4 --system dutch-2026 "
               "--avoid club:soft-bottom --group A:1,2:strict --group B:3,4:soft-avoid")
    assert (desk.command_line("t.trf", 2, players=(3, 7))
            == "swisslearn why t.trf 3 7 --round 2")


@pytest.mark.browser
def test_the_page_in_chromium_says_the_round_is_too_long(server: Server, browser: Any,
                                                          tmp_path: Any) -> None:
    """What a person sees: the long round stopped, the command to run instead.
    Also (its own page, a visitor's, before issue 31): a round the engine
    works on for minutes kept its kernel at 100 %, even after the page left
    (culling spares busy kernels); it is stopped at the limit, the kernel is
    idle again and the page reads the next file."""
    from playwright.sync_api import expect

    from test_desk_browser import _kernel_id
    mine = tmp_path / "mon-open.trf"
    mine.write_bytes(long_round())
    tab = browser.new_page()
    tab.set_default_timeout(60_000)
    tab.goto(server.url, timeout=120_000)
    # Not the stepper: under a 3 s limit, a loaded machine may stop the
    # example's round too (its first pairing imports the pictures).
    tab.wait_for_selector(".desk-upload", timeout=120_000)
    with tab.expect_file_chooser() as chooser:
        tab.click(".desk-upload")
    start = time.monotonic()
    chooser.value.set_files(str(mine))
    error = tab.locator(".desk-error")
    _stopped_at_the_limit(tab, error)
    took = time.monotonic() - start
    # Stopped at the limit (the machine is small and shared: generous).
    assert LIMIT <= took < LIMIT + 45, took
    expect(error).to_contain_text("trop long pour le bureau")
    expect(error).to_contain_text("swisslearn pair mon-open.trf --round 2")
    expect(tab.locator(".desk-busy")).to_have_text("")
    kernel = _kernel_id(tab)
    deadline = time.monotonic() + 20
    while _kernel_state(server, kernel) != "idle":
        assert time.monotonic() < deadline, "the kernel is still busy"
        time.sleep(0.5)
    tab.click(".desk-lang button:has-text('English')")
    expect(error).to_contain_text(f"Round 2 takes the engine more than {LIMIT} s")
    tab.screenshot(path=str(LOG.parent / "08-ronde-trop-longue.png"))
    assert "Traceback" not in tab.content()
    # The page still works: another file is read and its round paired.
    with tab.expect_file_chooser() as chooser:
        tab.click(".desk-upload")
    chooser.value.set_files(str(ROOT / "data" / "club-12-joueurs.trf"))
    info = tab.locator(".desk-info")
    expect(info).to_contain_text("club-12-joueurs.trf", timeout=60_000)
    expect(info).to_contain_text(re.compile(r"round \d+ paired by"), timeout=60_000)
    expect(error).to_have_text("")
    tab.close(run_before_unload=True)


def _stopped_at_the_limit(tab: Any, error: Any) -> None:
    """The page says the long round is too long.  What every test of the
    limit here stands on is checked so (it was a test of its own, which
    paired the long round in this process for 5 s, issue 31): the round
    outlasts the limit, in a desk's kernel; if the engine ever pairs it
    within the limit, this says so."""
    from playwright.sync_api import expect
    try:
        expect(error).to_contain_text(f"La ronde 2 demande plus de {LIMIT} s au moteur",
                                      timeout=LIMIT * 1000 + 60_000)
    except AssertionError:
        info = tab.locator(".desk-info").inner_text()
        if "mon-open.trf" in info and "appariée" in info:
            pytest.fail(f"{LONG_ROUND_FILE} round {LONG_ROUND_NUMBER} paired within {LIMIT} s "
                        f"({info!r}): the desk's time-limit tests need a longer round")
        raise


def _kernel_state(server: Server, kernel_id: str) -> str:
    """The kernel's execution state, as the server says (``/api/kernels/ID``)."""
    with urllib.request.urlopen(server.url + f"api/kernels/{kernel_id}", timeout=10) as answer:
        state: str = json.loads(answer.read())["execution_state"]
        return state

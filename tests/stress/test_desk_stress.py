"""The desk under a hall's load (issue 22): 20 visitors opening, pairing and
closing pages for 5 minutes, on the loopback.

The server is the one ``make desk`` starts, with its defaults (10 kernels at
most, 100 s idle timeout, a pool of 2).  Each visitor (``tests/deskload.py``)
opens the page (or meets the "desk full" / "desk busy" page and comes back
when it says), chooses another round (the kernel pairs it), presses
« Suivant » once to three times, thinks between actions, then closes the page
(the shutdown request a closing tab sends), or, one time in five, just
vanishes (a crashed browser: the kernel waits for the idle timeout).

Then: no error; no request waited more than :data:`LONGEST` seconds (a
page's HTML, a full page, a round paired, a step shown); the number of
kernels comes back to the idle one (the pool) once the last kernels are
culled, and the server's memory (server and kernels) to within
:data:`MEMORY_SLACK` of its idle value.  The figures are printed (the
README's "Reliability" section gives those of a full run).

``make stress`` only; ``SWISSLEARN_DESK_SECONDS`` and
``SWISSLEARN_DESK_VISITORS`` change the size.  ``make test`` runs a short
hall in ``tests/test_desk_hall.py``.
"""

from __future__ import annotations

import asyncio
import os
import threading
import time

import pytest

from conftest import ROOT
from deskload import Server, Timings, desk_server, hall

pytestmark = pytest.mark.skipif(
    not os.environ.get("SWISSLEARN_STRESS"),
    reason="make stress only (make test runs tests/test_desk_hall.py, a short hall)")

SECONDS = float(os.environ.get("SWISSLEARN_DESK_SECONDS") or 300)
VISITORS = int(os.environ.get("SWISSLEARN_DESK_VISITORS") or 20)
LONGEST = 10.0                  # seconds a visitor may wait for anything
MEMORY_SLACK = 100 * 2**20      # bytes the server may keep after the run (its own heap)
POOL = 2                        # make desk's
IDLE = 100                      # make desk's idle timeout (s)


def _settled_memory(server: Server, timeout: float = 120.0) -> int:
    """The server's memory once it stops moving (the pool's notebooks run)."""
    start = time.monotonic()
    last = server.memory()
    while time.monotonic() - start < timeout:
        time.sleep(3)
        now = server.memory()
        if abs(now - last) < 3 * 2**20:
            return now
        last = now
    return last


def test_twenty_visitors_for_five_minutes() -> None:
    log = ROOT / "tests" / "artifacts" / "desk" / "stress.log"
    with desk_server(log, pool=POOL) as server:
        assert server.wait_for_kernels(POOL, 120) < 120
        idle_memory = _settled_memory(server)
        peak = {"kernels": 0, "memory": 0, "counted": 0}
        stop = threading.Event()

        def watch() -> None:
            while not stop.wait(1.0):
                peak["kernels"] = max(peak["kernels"], server.kernels())
                peak["memory"] = max(peak["memory"], server.memory())
                peak["counted"] = max(peak["counted"], server.status()["kernels"])
        watcher = threading.Thread(target=watch, daemon=True)
        watcher.start()
        timings = Timings()
        started = time.monotonic()
        try:
            asyncio.run(hall(server.url, VISITORS, SECONDS, timings, seed=22))
        finally:
            stop.set()
            watcher.join()
        ran = time.monotonic() - started
        # The dropped pages' kernels go when idle (IDLE s, checked every 10 s).
        back = server.wait_for_kernels(POOL, IDLE + 60)
        after_memory = _settled_memory(server)
        mib = 2**20
        print(f"{VISITORS} visitors for {ran:.0f} s: {timings.summary()}")
        print(f"kernels: idle {POOL}, at most {peak['kernels']} processes "
              f"({peak['counted']} counted by the server), back to {server.kernels()} "
              f"{back:.0f} s after the run")
        print(f"memory (server and kernels): idle {idle_memory / mib:.0f} MiB, at most "
              f"{peak['memory'] / mib:.0f} MiB, after {after_memory / mib:.0f} MiB")
        print(f"longest wait {timings.longest():.2f} s")
        assert not timings.errors, timings.errors[:10]
        assert timings.pages and timings.actions
        assert timings.longest() <= LONGEST, timings.summary()
        # The server's count is exact; a process count may catch a kernel
        # exiting while the next one starts.
        assert peak["counted"] <= 10 and peak["kernels"] <= 11, peak
        assert server.kernels() == POOL, f"{server.kernels()} kernels left"
        assert after_memory <= idle_memory + MEMORY_SLACK, (idle_memory, after_memory)

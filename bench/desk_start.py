"""How long the arbiter's desk takes to show its page (prints, never fails).

    .venv/bin/python bench/desk_start.py               # the desk as `make desk` serves it
    .venv/bin/python bench/desk_start.py --loads 20
    .venv/bin/python bench/desk_start.py --command "{python} -m voila desk/bureau.ipynb --port={port} --no-browser"

Starts the server (``--command``, ``{port}`` and ``{python}`` filled in),
then opens the page ``--loads`` times, one after the other, each in a fresh
headless Chromium context (no browser cache, as a new visitor), and closes
it the way a tab is closed (``beforeunload`` runs).  For each load, seconds
from the request to:

* ``html``: the page's HTML complete (the server has started or taken a
  kernel and run the notebook);
* ``desk``: the desk's title drawn (the browser has loaded Voilà's scripts
  and the widgets' state);
* ``picture``: the stepper's first picture shown (the page is usable).

Also the requests that left the machine (should be none) and, between loads,
the number of kernels the server holds.  Medians and maxima at the end; the
machine is named (``nproc``, load average), since others may share it.
"""

from __future__ import annotations

import argparse
import os
import platform
import shlex
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                 "--no-first-run", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync"]
DEFAULT_COMMAND = "{python} -m swisslearn.deskserver --port={port} --ip=127.0.0.1"
# Plain Voilà, as make desk served the page before swisslearn/deskserver.py:
#   --command "{python} -m voila desk/bureau.ipynb --port={port} --no-browser"


def load(browser: Any, url: str) -> tuple[dict[str, float], list[str]]:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    outside: list[str] = []
    page.on("request", lambda r: None if r.url.startswith((url, "data:", "blob:"))
            else outside.append(r.url))
    times: dict[str, float] = {}
    start = time.perf_counter()
    page.goto(url, wait_until="domcontentloaded", timeout=120_000)
    times["html"] = time.perf_counter() - start
    page.wait_for_selector(".desk-title", timeout=120_000)
    times["desk"] = time.perf_counter() - start
    page.wait_for_selector(".desk-stepper img", timeout=120_000)
    times["picture"] = time.perf_counter() - start
    page.close(run_before_unload=True)
    context.close()
    return times, outside


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--loads", type=int, default=10)
    parser.add_argument("--command", default=DEFAULT_COMMAND)
    parser.add_argument("--pause", type=float, default=3.0,
                        help="seconds between loads (a refilled pool, a shut kernel)")
    args = parser.parse_args(argv)
    # The tests' server starter (tests/deskload.py): the same start, counts and stop.
    sys.path.insert(0, str(ROOT / "tests"))
    from deskload import desk_server
    from playwright.sync_api import sync_playwright
    rows: list[dict[str, float]] = []
    log = Path(tempfile.gettempdir()) / "desk_start.log"
    with desk_server(log, command=shlex.split(args.command), cwd=Path.cwd()) as server:
        time.sleep(args.pause * 2)  # a preheated pool fills
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            for i in range(args.loads):
                before = server.kernels()
                times, outside = load(browser, server.url)
                rows.append(times)
                print(f"load {i + 1:2d}: html {times['html']:5.2f} s  desk {times['desk']:5.2f} s"
                      f"  picture {times['picture']:5.2f} s  kernels before {before}"
                      + (f"  outside requests: {len(outside)} ({outside[0][:60]})"
                         if outside else ""), flush=True)
                time.sleep(args.pause)
            browser.close()
        time.sleep(args.pause)
        print(f"kernels after the last page closed (+{args.pause:.0f} s): {server.kernels()}")
    print(f"\n{platform.machine()}, nproc = {os.cpu_count()}, load average "
          f"{' '.join(f'{x:.1f}' for x in os.getloadavg())}; {args.command}")
    for key in ("html", "desk", "picture"):
        values = [r[key] for r in rows]
        print(f"{key:8s} median {statistics.median(values):5.2f} s   max {max(values):5.2f} s")


if __name__ == "__main__":
    main()

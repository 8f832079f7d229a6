"""Where `make test`'s CPU goes, and the per-test budget that keeps it under 5 minutes
(docs/tests.md, "Budget").

Each test item is timed from its setup to its teardown: the CPU of the pytest
process itself (``time.process_time()``) plus the CPU of the children it waited
for in that time (``resource.getrusage(RUSAGE_CHILDREN)``: subprocesses, a
notebook's kernel when nbval shuts it down, Chromium when its fixture closes it).

* ``SWISSLEARN_CPU_LOG=FILE``: one JSON line per item appended to ``FILE``
  (every xdist worker appends to the same file; a line is one ``write``),
  and one line per worker for the whole session (collection included).
  ``python tests/cpuclock.py FILE`` sums it by file and lists the dearest tests.
* The budget: an item whose call (its body; not the setup and teardown of
  fixtures it may share with others) takes more than :data:`BUDGET_SECONDS`
  of CPU (or ``SWISSLEARN_CPU_BUDGET``) fails at teardown unless it is marked ``stress``
  (it then belongs under ``tests/stress/``, sampled in `make test`).  Checked
  in CI (``SWISSLEARN_CI=1``) and whenever ``SWISSLEARN_CPU_BUDGET`` is set;
  a notebook is one item per cell, so its budget is the whole notebook's
  (the kernel's CPU is counted when nbval stops it, after the last cell).
"""

from __future__ import annotations

import json
import os
import resource
import sys
import time
from collections import defaultdict
from collections.abc import Generator
from dataclasses import dataclass, field
from pathlib import Path

import pytest

#: Seconds of CPU one test may take in `make test` (its setup, its call, its
#: teardown, and the children it waited for).  The dearest tests of behaviour
#: take 5-12 s; a test that needs more sweeps a corpus or runs a random search,
#: and its full size belongs to `make stress`.
BUDGET_SECONDS = 20.0


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def _budget() -> float | None:
    """The budget checked in this run, or None when it is not checked."""
    told = os.environ.get("SWISSLEARN_CPU_BUDGET")
    if told:
        return float(told)
    return BUDGET_SECONDS if os.environ.get("SWISSLEARN_CI") == "1" else None


@dataclass
class _Notebook:
    """The CPU a notebook's cells have taken so far (their budget is shared)."""
    seconds: float = 0.0


@dataclass(eq=False)  # hashable: pluggy keeps its plugins in sets
class CpuClock:
    """The plugin: registered by tests/conftest.py for every item, notebooks included."""

    log: Path | None
    budget: float | None
    worker: str = field(default_factory=lambda: os.environ.get("PYTEST_XDIST_WORKER", "main"))
    _started: dict[str, tuple[float, float, float]] = field(default_factory=dict)
    _calls: dict[str, float] = field(default_factory=dict)
    _notebooks: defaultdict[str, _Notebook] = field(default_factory=lambda: defaultdict(_Notebook))
    _session_start: tuple[float, float, float] = field(
        default_factory=lambda: (time.process_time(), _children_cpu(), time.perf_counter()))

    def _write(self, line: dict[str, object]) -> None:
        if self.log is None:
            return
        text = json.dumps(line, sort_keys=True) + "\n"
        # O_APPEND: the workers' lines never overwrite each other.
        descriptor = os.open(self.log, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
        try:
            os.write(descriptor, text.encode())
        finally:
            os.close(descriptor)

    @pytest.hookimpl(hookwrapper=True)
    def pytest_runtest_setup(self, item: pytest.Item) -> Generator[None, None, None]:
        self._started[item.nodeid] = (time.process_time(), _children_cpu(), time.perf_counter())
        yield

    @pytest.hookimpl(hookwrapper=True)
    def pytest_runtest_call(self, item: pytest.Item) -> Generator[None, None, None]:
        own0, children0 = time.process_time(), _children_cpu()
        yield
        self._calls[item.nodeid] = time.process_time() - own0 + _children_cpu() - children0

    @pytest.hookimpl(wrapper=True)
    def pytest_runtest_makereport(self, item: pytest.Item, call: pytest.CallInfo[None]
                                  ) -> Generator[None, pytest.TestReport, pytest.TestReport]:
        report = yield
        if call.when == "teardown" and item.nodeid in self._started:
            overspent = self._account(item)
            if overspent:
                report.outcome = "failed"
                report.longrepr = overspent
        return report

    def _account(self, item: pytest.Item) -> str | None:
        """Log the item's CPU; what to say if it is over the budget."""
        own0, children0, wall0 = self._started.pop(item.nodeid)
        own = time.process_time() - own0
        children = _children_cpu() - children0
        wall = time.perf_counter() - wall0
        call = self._calls.pop(item.nodeid, 0.0)
        self._write({"id": item.nodeid, "self": round(own, 3), "children": round(children, 3),
                     "call": round(call, 3), "wall": round(wall, 3), "worker": self.worker})
        if self.budget is None or item.get_closest_marker("stress") is not None:
            return None
        # A test's own budget is its call: the fixtures it shares with others
        # (a server, a browser) are started in one test's setup and stopped in
        # another's teardown.  A notebook's kernel is its own: all its phases count.
        spent = call
        what = f"this test took {spent:.1f} s of CPU"
        if ".ipynb::" in item.nodeid:
            notebook = self._notebooks[item.nodeid.split("::")[0]]
            notebook.seconds += own + children
            spent = notebook.seconds
            what = f"this notebook's cells (and its kernel) took {spent:.1f} s of CPU so far"
        if spent <= self.budget:
            return None
        return (f"CPU budget exceeded: {what}, more than the {self.budget:g} s a test may take "
                "in `make test` (docs/tests.md, \"Budget\"). Keep a sample here and move the "
                "full sweep to `make stress` (docs/tests.md), or make it cheaper.")

    def pytest_sessionfinish(self) -> None:
        own0, children0, wall0 = self._session_start
        self._write({"session": True, "self": round(time.process_time() - own0, 3),
                     "children": round(_children_cpu() - children0, 3),
                     "wall": round(time.perf_counter() - wall0, 3), "worker": self.worker})


def register(config: pytest.Config) -> None:
    """Called by tests/conftest.py's pytest_configure (a plugin, so that it
    also times the notebooks, which tests/conftest.py's own hooks do not see)."""
    told = os.environ.get("SWISSLEARN_CPU_LOG")
    config.pluginmanager.register(CpuClock(Path(told) if told else None, _budget()),
                                  "swisslearn-cpuclock")


def summary(log: Path, top: int = 40) -> str:
    """The log summed by test file, then its dearest items."""
    by_file: defaultdict[str, float] = defaultdict(float)
    items: list[tuple[float, str]] = []
    sessions: list[str] = []
    for line in log.read_text(encoding="utf-8").splitlines():
        entry = json.loads(line)
        cpu = float(entry["self"]) + float(entry["children"])
        if entry.get("session"):
            sessions.append(f"{entry['worker']}: {cpu:.1f} s CPU "
                            f"({entry['self']} own, {entry['children']} children), "
                            f"{entry['wall']} s wall")
            continue
        by_file[str(entry["id"]).split("::")[0]] += cpu
        items.append((cpu, str(entry["id"])))
    total = sum(by_file.values())
    lines = [f"{len(items)} items, {total:.1f} s of CPU in items", *sessions, "", "By file:"]
    lines += [f"{cpu:8.1f}  {name}" for name, cpu in
              sorted(by_file.items(), key=lambda pair: -pair[1])]
    lines += ["", f"The {top} dearest items:"]
    lines += [f"{cpu:8.1f}  {name}" for cpu, name in sorted(items, reverse=True)[:top]]
    return "\n".join(lines)


if __name__ == "__main__":
    print(summary(Path(sys.argv[1]), int(sys.argv[2]) if len(sys.argv) > 2 else 40))

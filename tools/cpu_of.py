"""The CPU of a command and of every process it starts, orphans included.

    python tools/cpu_of.py COMMAND [ARG...]

``/usr/bin/time`` (and ``getrusage(RUSAGE_CHILDREN)``, tests/cpuclock.py)
count a process's descendants only as far as each was waited for by its
parent.  A process whose parent ends first is handed to init, and its CPU is
counted nowhere: Chromium's renderers are (measured: a headless Chromium
loading three pages, 2.8 s counted of 5.6 s), and so may be a server's
children still running when it is stopped.  Here this process is a child
subreaper (Linux's
``PR_SET_CHILD_SUBREAPER``): every orphan below it is handed to it instead,
and it reaps them all, so its ``RUSAGE_CHILDREN`` is everything the command
cost.  It prints both figures on stderr: the command as ``/usr/bin/time``
counts it, and with the orphans (docs/tests.md).  It exits with the command's
exit code.  Linux only.
"""

from __future__ import annotations

import ctypes
import os
import resource
import subprocess
import sys
import time

PR_SET_CHILD_SUBREAPER = 36
#: Seconds to wait for orphans still running once the command has ended.
ORPHANS_TIMEOUT = 60.0


def _cpu(usage: resource.struct_rusage) -> float:
    return usage.ru_utime + usage.ru_stime


def main(argv: list[str]) -> int:
    if not argv:
        print(__doc__, file=sys.stderr)
        return 2
    libc = ctypes.CDLL(None, use_errno=True)
    if libc.prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) != 0:
        raise OSError(ctypes.get_errno(), "prctl(PR_SET_CHILD_SUBREAPER) failed")
    start = time.monotonic()
    process = subprocess.Popen(argv)
    _, status, usage = os.wait4(process.pid, 0)
    code = os.waitstatus_to_exitcode(status)
    process.returncode = code
    counted = _cpu(usage)
    # The orphans: zombies already, or still running for a while.
    deadline = time.monotonic() + ORPHANS_TIMEOUT
    left = 0
    while True:
        try:
            pid, _ = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            break
        if pid == 0:
            if time.monotonic() > deadline:
                left = 1
                break
            time.sleep(0.2)
    total = _cpu(resource.getrusage(resource.RUSAGE_CHILDREN))
    wall = time.monotonic() - start
    print(f"cpu_of: exit {code}; {wall:.0f} s wall; CPU as /usr/bin/time counts it "
          f"{counted:.1f} s; with the orphans {total:.1f} s "
          f"({total - counted:.1f} s in processes their parent did not wait for)"
          + ("; some orphans still running were not waited for" if left else ""),
          file=sys.stderr)
    return code


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

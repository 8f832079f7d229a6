"""``swisslearn check`` over many files at once (issue 36): a season's
tournaments, a test corpus, thousands of generated files.

The files are found (folders walked, ``.trf``/``.txt`` kept, each file
once), then checked by a pool of worker processes (``--jobs``; the machine's
cores by default) or by the workers of an existing Dask cluster
(``--executor dask --scheduler ADDRESS``).  Each worker checks one file as
``swisslearn check FILE`` would (:func:`swisslearn.cli.check_outcome`) and
sends back a :class:`FileResult`; a file that cannot be read is a result
too (refused, with its reason), never the end of the run.  The largest files
are sent first, so that the last minutes are not one long file alone; the
report lists the files in the order they were given (each folder's files
sorted), whatever the order they ended in.

Every worker imports the engines once and keeps them from file to file.
The words printed are the catalogue's (``explain/*.batch.json``); JSON and
CSV are the same in every language.
"""

from __future__ import annotations

import argparse
import contextlib
import csv
import io
import os
import sys
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Callable, Iterable, Iterator, Sequence, TextIO

from swisslearn.errors import InputError, SwisslearnError, SystemReason, usage
from swisslearn.errors import _text as message_text

if TYPE_CHECKING:
    from concurrent.futures import Future

EXTENSIONS = (".trf", ".trfx", ".txt")
"""The files a folder is searched for: TRF files and plain lists (the
contract's inputs)."""

OPTIONS = ("system", "strict", "acceleration", "avoid", "group")
"""The options of ``check`` that each file is checked with."""

STATUSES = ("identical", "different", "refused")

EXIT_OK, EXIT_DIFFERENT, EXIT_INPUT = 0, 1, 3


def _say(lang: str, key: str, **fields: object) -> str:
    return message_text(lang, key, fields)


def is_batch(args: argparse.Namespace) -> bool:
    """Whether ``check`` was asked for more than one file's report: several
    files, a folder, or an option of this module.  One FILE alone keeps the
    single-file output, byte for byte."""
    files: list[str] = args.files
    return (len(files) > 1 or os.path.isdir(files[0]) or args.jobs is not None
            or args.csv is not None or args.executor != "local" or args.scheduler is not None)


@dataclass(frozen=True)
class Task:
    """One file to check, and everything a worker needs to check it."""

    file: str
    options: tuple[tuple[str, object], ...]
    lang: str
    as_json: bool


@dataclass(frozen=True)
class FileResult:
    """One file checked.  ``check`` is the object ``check --json`` prints
    (its differences in English) with ``--json``/``--csv``, in ``lang``
    otherwise; ``text`` what ``check FILE`` prints (text mode only);
    ``messages`` what it says on stderr (warnings, notes, the reasons of a
    refusal); ``cpu`` the worker's CPU seconds."""

    file: str
    exit: int
    check: dict[str, object] | None
    text: str
    messages: tuple[str, ...]
    cpu: float

    @property
    def status(self) -> str:
        if self.check is None:
            return "refused"
        return "identical" if self.exit == EXIT_OK else "different"

    @property
    def rows(self) -> list[dict[str, object]]:
        return [] if self.check is None else self.check["rounds"]  # type: ignore[return-value]

    def entry(self) -> dict[str, object]:
        """The file's entry in ``--json``: its result as ``check --json``
        gives it (``check``), and what it said on stderr."""
        return {"file": self.file, "status": self.status, "exit": self.exit,
                "check": self.check, "messages": list(self.messages)}


# stderr is one per process: a worker thread (Dask's threads) that captures
# what a check says there holds the lock while it does.
_STDERR = threading.Lock()


def check_file(task: Task) -> FileResult:
    """Check one file as ``swisslearn check FILE [--json]`` does, in this
    process (a worker's): never raises for a file, whatever it holds."""
    from swisslearn import cli
    started = time.thread_time()
    args = argparse.Namespace(**dict(task.options), file=task.file, files=[task.file],
                              json=task.as_json, lang=task.lang, literal=False)
    said = io.StringIO()
    check: dict[str, object] | None = None
    text = ""
    with _STDERR, contextlib.redirect_stderr(said):
        try:
            outcome = cli.check_outcome(args, "en" if task.as_json else task.lang)
            check = cli.check_json(outcome, task.lang)
            code = outcome.code
            if not task.as_json:
                printed = io.StringIO()
                cli.write_check_text(printed, outcome, task.lang)
                text = printed.getvalue()
        except InputError as error:
            cli.report_problems(error, task.lang, said)
            code = cli.EXIT_INPUT
        except SwisslearnError as error:  # a usage error: an unknown system, a bad group
            said.write(_say(task.lang, "cli.prefix", text=error.render(task.lang)) + "\n")
            code = cli.EXIT_USAGE
        except MemoryError:
            said.write(_say(task.lang, "cli.prefix", text=_say(task.lang, "cli.memory")) + "\n")
            code = cli.EXIT_INPUT
        except Exception as error:  # a fault of swisslearn's: this file only, said in one line
            said.write(_say(task.lang, "batch.crashed", kind=type(error).__name__,
                            error=str(error)) + "\n")
            code = cli.EXIT_INPUT
    return FileResult(task.file, code, check, text, tuple(said.getvalue().splitlines()),
                      time.thread_time() - started)


def _prepare_worker() -> None:
    """A worker process: Ctrl-C is the parent's to handle (it stops the
    pool); the engines and readers imported once, before the first file."""
    import signal
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    import swisslearn.cli  # noqa: F401
    import swisslearn.systems  # noqa: F401


def find_files(paths: Sequence[str]) -> list[str]:
    """The files to check, in the order given: a file as it is named, a
    folder's ``.trf``/``.txt`` files (sub-folders included) sorted by their
    path; each file once.  A name that is neither is kept, to be refused
    with its reason like an unreadable file."""
    found: list[str] = []
    seen: set[str] = set()
    for path in paths:
        if os.path.isdir(path):
            inside = sorted((str(Path(folder) / name) for folder, _, names in os.walk(path)
                             for name in names if name.lower().endswith(EXTENSIONS)),
                            key=lambda name: Path(name).parts)
        else:
            inside = [path]
        for name in inside:
            key = os.path.realpath(name)
            if key not in seen:
                seen.add(key)
                found.append(name)
    return found


def _size(path: str) -> int:
    try:
        return os.path.getsize(path)
    except OSError:
        return 0


def by_size(files: Sequence[str]) -> list[int]:
    """The files' indexes, the largest file first (ties: in the given order)."""
    return sorted(range(len(files)), key=lambda index: (-_size(files[index]), index))


Executor = Callable[[Sequence[Task], list[int]], Iterator[tuple[int, FileResult]]]
"""Runs the tasks in the order of ``list[int]``; yields each result as it ends."""


def in_this_process(tasks: Sequence[Task], order: list[int]) -> Iterator[tuple[int, FileResult]]:
    """``--jobs 1``: no pool, no process started."""
    for index in order:
        yield index, check_file(tasks[index])


def process_pool(jobs: int) -> Executor:
    """``--jobs N``: N worker processes of this machine."""
    def run(tasks: Sequence[Task], order: list[int]) -> Iterator[tuple[int, FileResult]]:
        from concurrent.futures import ProcessPoolExecutor, as_completed
        from concurrent.futures.process import BrokenProcessPool
        pool = ProcessPoolExecutor(max_workers=jobs, initializer=_prepare_worker)
        try:
            futures: dict[Future[FileResult], int] = {
                pool.submit(check_file, tasks[index]): index for index in order}
            for future in as_completed(futures):
                index = futures[future]
                try:
                    yield index, future.result()
                except BrokenProcessPool:  # a worker killed (memory, a signal)
                    yield index, _lost(tasks[index])
        finally:
            pool.shutdown(wait=True, cancel_futures=True)
    return run


def dask_cluster(scheduler: str, lang: str) -> Executor:
    """``--executor dask --scheduler ADDRESS``: the workers of an existing
    Dask cluster (the ``distributed`` package: ``swisslearn[cluster]``);
    each worker needs swisslearn installed, of the same version."""
    try:
        import distributed
    except ImportError:
        raise usage("batch.no_distributed") from None

    def run(tasks: Sequence[Task], order: list[int]) -> Iterator[tuple[int, FileResult]]:
        try:
            client = distributed.Client(scheduler, timeout=30)  # type: ignore[no-untyped-call]
        except (OSError, TimeoutError, ValueError) as error:
            raise usage("batch.no_scheduler", address=scheduler, reason=str(error)) from None
        with client:
            # Dask runs the highest priority first: the largest file.
            futures = {client.submit(check_file, tasks[index], key=f"swisslearn-check-{index}",
                                     priority=len(order) - rank, pure=False): index
                       for rank, index in enumerate(order)}
            for future in distributed.as_completed(list(futures)):  # type: ignore[no-untyped-call]
                index = futures[future]
                try:
                    yield index, future.result()
                except Exception:  # the worker died with the file (Dask gave it up)
                    yield index, _lost(tasks[index])
    return run


def _lost(task: Task) -> FileResult:
    return FileResult(task.file, EXIT_INPUT, None, "",
                      (_say(task.lang, "batch.worker_lost", file=task.file),), 0.0)


@dataclass(frozen=True)
class Summary:
    """The run's figures."""

    files: int
    identical: int
    different: int
    refused: int
    rounds: int
    rounds_identical: int
    rounds_different: int
    cpu: float

    @staticmethod
    def of(results: Sequence[FileResult]) -> Summary:
        rows = [row for result in results for row in result.rows]
        statuses = [result.status for result in results]
        return Summary(len(results), statuses.count("identical"), statuses.count("different"),
                       statuses.count("refused"), len(rows),
                       sum(1 for row in rows if row["identical"]),
                       sum(1 for row in rows if not row["identical"]),
                       sum(result.cpu for result in results))


def first_difference(result: FileResult) -> dict[str, object] | None:
    """The first round that differs: its number, its differences, and (where
    ``check`` gives it) the first board that differs with the rule that
    decides it (``explanation``)."""
    for row in result.rows:
        if not row["identical"]:
            return {"file": result.file, "round": row["round"],
                    "differences": row["differences"],
                    **({"explanation": row["explanation"]} if row.get("explanation") else {})}
    return None


def reason(result: FileResult) -> str:
    """Why a file was refused: the first thing it said."""
    return result.messages[0] if result.messages else ""


def report_json(results: Sequence[FileResult]) -> dict[str, object]:
    """``check --json`` over many files: each file's entry, then the summary
    (the differing files with their first difference, the refused ones with
    their reason, the CPU time)."""
    summary = Summary.of(results)
    return {"files": [result.entry() for result in results],
            "summary": {"files": summary.files, "identical": summary.identical,
                        "different": summary.different, "refused": summary.refused,
                        "rounds": summary.rounds, "rounds_identical": summary.rounds_identical,
                        "rounds_different": summary.rounds_different,
                        "differing": [first_difference(result) for result in results
                                      if result.status == "different"],
                        "refusals": [{"file": result.file, "exit": result.exit,
                                      "reason": reason(result)}
                                     for result in results if result.status == "refused"],
                        "cpu_seconds": round(summary.cpu, 3)}}


CSV_COLUMNS = ("file", "status", "exit", "rounds", "rounds_identical", "rounds_different",
               "first_different_round", "explanation", "reason")


def write_csv(stream: TextIO, results: Sequence[FileResult]) -> None:
    """One line per file (the columns of :data:`CSV_COLUMNS`)."""
    writer = csv.writer(stream, lineterminator="\n")
    writer.writerow(CSV_COLUMNS)
    for result in results:
        first = first_difference(result) or {}
        rows = result.rows
        identical = sum(1 for row in rows if row["identical"])
        writer.writerow([result.file, result.status, result.exit, len(rows), identical,
                         len(rows) - identical, first.get("round", ""),
                         first.get("explanation", ""),
                         reason(result) if result.status == "refused" else ""])


def write_text(stream: TextIO, results: Sequence[FileResult], lang: str) -> None:
    """One line a file, what it said on stderr under it, the whole ``check``
    text of a file that differs, then the summary."""
    for result in results:
        rows = result.rows
        same = sum(1 for row in rows if row["identical"])
        stream.write(_say(lang, f"batch.file.{result.status}", file=result.file,
                          rounds=len(rows), identical=same) + "\n")
        for line in result.messages:
            stream.write(f"    {line}\n")
        if result.status == "different":
            stream.write("".join(f"    {line}\n" for line in result.text.splitlines()))
    summary = Summary.of(results)
    stream.write(_say(lang, "batch.summary", files=summary.files, identical=summary.identical,
                      different=summary.different, refused=summary.refused,
                      rounds=summary.rounds, rounds_identical=summary.rounds_identical,
                      rounds_different=summary.rounds_different,
                      cpu=round(summary.cpu, 1)) + "\n")
    for result in results:
        first = first_difference(result)
        if first is not None:
            stream.write(_say(lang, "batch.summary.different", file=result.file,
                              round=first["round"],
                              first=first.get("explanation") or
                              "; ".join(first["differences"])) + "\n")  # type: ignore[arg-type]
        elif result.status == "refused":
            stream.write(_say(lang, "batch.summary.refused", file=result.file,
                              reason=reason(result)) + "\n")


class Progress:
    """The bar on stderr (tqdm): files done, rounds per second, time left.
    Only on a terminal, never with ``--json``/``--csv``."""

    def __init__(self, total: int, lang: str, stream: TextIO) -> None:
        import tqdm
        tqdm.tqdm.monitor_interval = 0  # no monitor thread (the pool's processes fork)
        self.lang = lang
        self.rounds = 0
        self.started = time.monotonic()
        self.bar = tqdm.tqdm(total=total, file=stream, dynamic_ncols=True, leave=False,
                             bar_format="{desc} {percentage:3.0f}%|{bar}| {n_fmt}/{total_fmt} "
                             + _say(lang, "batch.progress.files") + " ["
                             + _say(lang, "batch.progress.left", left="{remaining}")
                             + "{postfix}]",  # tqdm puts ", " before a postfix
                             desc=_say(lang, "batch.progress.checking"))

    def done(self, result: FileResult) -> None:
        self.rounds += len(result.rows)
        rate = self.rounds / max(time.monotonic() - self.started, 1e-6)
        self.bar.set_postfix_str(_say(self.lang, "batch.progress.rate", rate=round(rate, 1)),
                                 refresh=False)
        self.bar.update(1)

    def close(self) -> None:
        # The last state, whatever tqdm's throttling skipped (under load the
        # bar was once never drawn with its rate), then the line is cleared.
        self.bar.refresh()
        self.bar.close()


def show_progress(args: argparse.Namespace, stdout: object, stderr: object) -> bool:
    """A bar only for a person at a terminal: text output, stdout and stderr
    both terminals."""
    def terminal(stream: object) -> bool:
        stream = getattr(stream, "raw", stream)  # the command line's safe streams
        isatty = getattr(stream, "isatty", None)
        try:
            return bool(isatty()) if isatty is not None else False
        except (OSError, ValueError):
            return False
    return not args.json and args.csv is None and terminal(stdout) and terminal(stderr)


def default_jobs() -> int:
    """The cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def check_all(tasks: Sequence[Task], executor: Executor,
              progress: Progress | None = None) -> list[FileResult]:
    """Every task's result, in the tasks' order (the executor is given
    them the largest file first)."""
    results: dict[int, FileResult] = {}
    for index, result in executor(tasks, by_size([task.file for task in tasks])):
        results[index] = result
        if progress is not None:
            progress.done(result)
    return [results[index] for index in range(len(tasks))]


def _executor(args: argparse.Namespace, files: int) -> Executor:
    if args.executor == "dask":
        if not args.scheduler:
            raise usage("batch.scheduler_needed")
        return dask_cluster(args.scheduler, args.lang)
    if args.scheduler is not None:
        raise usage("batch.scheduler_without_dask")
    jobs = default_jobs() if args.jobs is None else args.jobs
    if jobs < 1:
        raise usage("batch.jobs", jobs=jobs)
    jobs = min(jobs, files)
    return in_this_process if jobs <= 1 else process_pool(jobs)


def run_batch(args: argparse.Namespace, stdout: TextIO) -> int:
    """``swisslearn check FILE|DIR … [--jobs N] [--json | --csv OUT]``: the
    report, then 0 every file identical, 1 some differ, 3 some refused."""
    if args.system is not None:  # bad usage, said once, not once a file
        from swisslearn.systems import SYSTEMS
        if args.system not in SYSTEMS:
            raise usage("cli.system.unknown", name=args.system, known=", ".join(SYSTEMS))
    files = find_files(args.files)
    if not files:
        raise usage("batch.no_files", paths=", ".join(args.files))
    if args.csv is not None:
        _check_csv_name(args.csv, files)
    executor = _executor(args, len(files))
    options = tuple((name, getattr(args, name, None)) for name in OPTIONS)
    as_json = args.json or args.csv is not None
    tasks = [Task(file, options, args.lang, as_json) for file in files]
    # The bar redraws its line with \r: written as it is, not through the
    # command line's safe stream (which shows a control character escaped).
    stderr = getattr(sys.stderr, "raw", sys.stderr)
    progress = Progress(len(tasks), args.lang, stderr) if show_progress(
        args, stdout, stderr) else None
    try:
        results = check_all(tasks, executor, progress)
    finally:
        if progress is not None:
            progress.close()
    if args.csv is not None:
        _write_csv_file(args.csv, results)
    if args.json:
        from swisslearn.terminal import json_text
        text = json_text(report_json(results)) + "\n"
        getattr(stdout, "write_exact", stdout.write)(text)
    else:
        write_text(stdout, results, args.lang)
    statuses = {result.status for result in results}
    return (EXIT_INPUT if "refused" in statuses else
            EXIT_DIFFERENT if "different" in statuses else EXIT_OK)


def _check_csv_name(path: str, files: Iterable[str]) -> None:
    """``--csv OUT`` checked before any work: a name that can be written,
    not a folder, not one of the files checked."""
    from swisslearn.fileio import check_output_name
    check_output_name(path)
    if os.path.isdir(path):
        raise usage("write.is_folder_out", path=path)
    target = os.path.realpath(path)
    if any(os.path.realpath(file) == target for file in files):
        raise usage("write.over_input", path=path)


def _write_csv_file(path: str, results: Sequence[FileResult]) -> None:
    from swisslearn.fileio import write_bytes_atomically
    text = io.StringIO()
    write_csv(text, results)
    try:
        write_bytes_atomically(path, text.getvalue().encode("utf-8"))
    except OSError as failure:
        raise usage("write.cannot", path=path, reason=SystemReason.of(failure)) from None

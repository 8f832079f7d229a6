"""A coverage-guided fuzzer for the readers, and what it feeds the engines.

The target (:func:`check_input`) reads bytes as a TRF or a plain list, the
way the command line does, then pairs the next round of whatever was read
with every system that applies (``dutch-1998``, ``dutch-2026``, ``simple``;
``team-2026`` for a team file).  Allowed outcomes: the reader refuses the
bytes with an :class:`~swisslearn.errors.InputError` that names a place, or
reads them (a TRF is written back byte for byte) and each engine pairs the
round or raises :class:`~swisslearn.errors.PairingError` /
:class:`~swisslearn.errors.UsageError`.  Anything else is a finding, and so
is an engine taking more than :data:`HANG_SECONDS` on one round.

The fuzzer (:class:`Fuzzer`) is a small libFuzzer-like loop in pure Python:
a corpus of seed files (``tests/data``: good, bad, course and generated
files, plain lists, a team file), byte- and structure-aware mutations, and
line-pair coverage of the readers (``swisslearn/formats``, ``model``,
``points``, ``results``) taken with :func:`sys.settrace`: an input that
reaches a pair of lines not seen before joins the corpus.  Everything comes
from ``random.Random(seed)``: a run is reproducible for a given number of
executions.

``make test`` runs :data:`CI_EXECUTIONS` executions (a few seconds);
``tests/stress/test_fuzz_stress.py`` runs for ``SWISSLEARN_FUZZ_SECONDS``
under ``make stress``.  A finding is written to ``$SWISSLEARN_FUZZ_CRASHES``
(default: the pytest temporary folder) so that it can be replayed with
:func:`check_input`.
"""

from __future__ import annotations

import random
import signal
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from types import FrameType
from typing import Any, Callable, Iterator

import pytest

from conftest import ROOT, TEST_DATA
from swisslearn import systems
from swisslearn.errors import InputError, PairingError, UsageError
from swisslearn.formats.plainlist import is_plain_list_text, parse_plain_list, to_plain_list
from swisslearn.formats.teams import with_teams
from swisslearn.teams import TeamTournament
from swisslearn.formats.trf import parse_trf
from swisslearn.model import Tournament

HANG_SECONDS = 20.0
# A sample of the search (3,000 took 9 s of CPU); make stress runs it for minutes.
CI_EXECUTIONS = 1000
INDIVIDUAL = ("dutch-1998", "dutch-2026", "simple")
WATCHED = tuple(str(ROOT / "swisslearn" / name) for name in (
    "formats", "model.py", "points.py", "results.py"))


class Finding(AssertionError):
    """The target did something it must not (the message says what)."""


class _Hang(Exception):
    pass


def _alarm(signum: int, frame: FrameType | None) -> None:
    raise _Hang()


def _pair(system: str, tournament: Tournament, round: int) -> None:
    """Pair ``round``; a ``PairingError``/``UsageError`` is an answer, a hang is not."""
    if not hasattr(signal, "setitimer"):  # Windows: no hang detection
        try:
            systems.get(system).pair(tournament, round)
        except (PairingError, UsageError):
            pass
        return
    previous = signal.signal(signal.SIGALRM, _alarm)
    signal.setitimer(signal.ITIMER_REAL, HANG_SECONDS)
    try:
        systems.get(system).pair(tournament, round)
    except (PairingError, UsageError):
        pass
    except _Hang:
        raise Finding(f"{system} took more than {HANG_SECONDS:.0f} s on round {round}") from None
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def read(data: bytes, kind: str) -> Tournament | None:
    """Read ``data`` as the command line reads a ``.trf`` (``kind`` "trf") or a
    ``.txt`` ("txt"); ``None`` if refused with a well-formed InputError."""
    source = f"fuzz.{kind}"
    try:
        if kind == "txt" and is_plain_list_text(data.decode("utf-8", errors="replace")):
            return parse_plain_list(data, source=source).tournament
        document = parse_trf(data, source=source)
        if document.to_bytes() != data:
            raise Finding("the TRF was read but is not written back byte for byte")
        return with_teams(document).tournament
    except InputError as error:
        if error.file != source or error.line < 0 or error.column < 0:
            raise Finding(f"an error without a proper place: {error!r}") from None
        if "\n" in error.message or "\r" in error.message:
            raise Finding(f"a message on several lines: {error.message!r}") from None
        return None


def check_input(data: bytes, kind: str, pair: bool = True) -> Tournament | None:
    """The fuzz target: read, then pair the next round with each system."""
    tournament = read(data, kind)
    if tournament is None or not pair:
        return tournament
    pair_tournament(tournament)
    return tournament


def pair_tournament(tournament: Tournament) -> None:
    round = tournament.next_round()
    if tournament.rounds is not None and round > tournament.rounds:
        round = tournament.rounds
    tournament.states(round)
    names = ("team-2026",) if isinstance(tournament, TeamTournament) else INDIVIDUAL
    for name in names:
        _pair(name, tournament, round)


# -- seeds and mutations -------------------------------------------------------------


def seeds() -> list[tuple[bytes, str]]:
    """The starting corpus: (bytes, "trf" or "txt")."""
    found: list[tuple[bytes, str]] = []
    for folder in ("good", "dutch1998", "engine-bugs", "bad"):
        for path in sorted((TEST_DATA / folder).glob("*.trf")):
            found.append((path.read_bytes(), "trf"))
    for path in sorted((TEST_DATA / "bad-plain").glob("*.txt")):
        found.append((path.read_bytes(), "txt"))
    found.append((_CONSISTENT_LIST, "txt"))
    for path in sorted((TEST_DATA / "good").glob("*.trf")) + sorted(
            (TEST_DATA / "dutch1998").glob("*.trf")):  # the same tournaments as plain lists
        found.append((to_plain_list(parse_trf(path.read_bytes()).tournament).to_bytes(), "txt"))
    from teambuild import team_trf
    found.append((team_trf(4, [{(1, 2): "W", (3, 4): "D"}, {(4, 1): "L", (2, 3): "W"}],
                           total=4).encode(), "trf"))
    found.append((team_trf(5, [{(1, 2): "W", (3, 4): "D"}, {(5, 1): "D", (2, 3): "L"}],
                           total=5, byes={1: 5, 2: 4}, initial="B",
                           code="FIDE_TEAM_TYPEB_GP_MP").encode(), "trf"))
    return found


_CONSISTENT_LIST = """\
# Club du jeudi, before round 4
Anna | 2.5 | Bruno, "Dupont, Eve", Carla | W B W
Bruno | 2 | Anna, Carla, bye | B W
Carla | 1.5 | "Dupont, Eve", Bruno, Anna | W B B
"Dupont, Eve" | 1 | Carla, Anna, - | B W
Felix | 1 | bye, -, - |
""".encode()

_RECORDS = [b"XXR 2", b"XXR 9", b"142 1", b"142 12", b"152 B", b"XXC black1", b"XXC rank",
            b"162  W 3.0    D 1.0    L 0.0", b"XXS W=3 D=1", b"XXS PAB=0.5", b"BBU  0.0",
            b"240 H 003    2", b"240 F 001    1", b"240 Z 002    5    6", b"260 001 009    1    2",
            b"XXP 1 2 3", b"XXZ 1", b"XXZ 2 3 4", b"XXA    1  1.0  1.0", b"XXA    3  0.5",
            b"250       1.0 001 002 0001 0003", b"192 FIDE_DUTCH_2025", b"192 FIDE_TEAM",
            b"310   1 Team A                                                              1    2",
            b"013 Team B                           3    4", b"320  1.0  2.0 001 000",
            b"330 +- 001 001 002", b"300 001 001      1    2", b"352 WBWB",
            b"362 TW  2.0   TD  1.0   TL  0.0", b"###", b"001 9999"]
_PIECES = [b" ", b"0", b"1", b"2", b"9", b".", b"-", b"+", b"=", b"w", b"b", b"W", b"B", b"U",
           b"H", b"F", b"Z", b"D", b"L", b"X", b"|", b",", b'"', b"bye", b"\t", b"\r", b"\n",
           b"\r\n", b"\x00", "²".encode(), "½".encode(), "é".encode(), b"\xe9", b"\xef\xbb\xbf",
           b"0000 - Z", b"0000 - U", b"0000 - H", b"   1 w 1", b"   2 b 0", b"   3 w =",
           b"   4 b +", b"   5 - -", b"001    7", b"  1.5", b"  99"]
_BLOCK_CODES = b"+-WDL1=0HFUZ "


def _lines(data: bytes) -> list[bytes]:
    return data.splitlines(keepends=True) or [b""]


def mutate(data: bytes, rng: random.Random, corpus: list[tuple[bytes, str]]) -> bytes:
    """One mutation, picked at random (libFuzzer's and a few that know TRF columns)."""
    kind = rng.randrange(14)
    at = rng.randrange(len(data) + 1)
    if kind == 0:  # overwrite with a piece
        piece = rng.choice(_PIECES)
        return data[:at] + piece + data[at + len(piece):]
    if kind == 1:  # insert a piece
        return data[:at] + rng.choice(_PIECES) + data[at:]
    if kind == 2:  # delete a few bytes
        return data[:at] + data[at + rng.randint(1, 12):]
    if kind == 3:  # flip a bit
        if not data:
            return data
        at = min(at, len(data) - 1)
        return data[:at] + bytes([data[at] ^ (1 << rng.randrange(8))]) + data[at + 1:]
    if kind == 4:  # truncate
        return data[:at]
    if kind == 5:  # a digit becomes another digit (a score, a rank, an opponent)
        digits = [i for i, c in enumerate(data) if 48 <= c <= 57]
        if not digits:
            return data
        i = rng.choice(digits)
        return data[:i] + bytes([48 + rng.randrange(10)]) + data[i + 1:]
    if kind == 6:  # a result or colour code becomes another
        spots = [i for i, c in enumerate(data) if c in _BLOCK_CODES and i > 90]
        if not spots:
            return data
        i = rng.choice(spots)
        return data[:i] + bytes([rng.choice(_BLOCK_CODES + b"wb")]) + data[i + 1:]
    lines = _lines(data)
    i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
    if kind == 7:  # swap two lines
        lines[i], lines[j] = lines[j], lines[i]
    elif kind == 8:  # duplicate a line
        lines.insert(j, lines[i])
    elif kind == 9:  # delete a line
        del lines[i]
    elif kind == 10:  # add a record
        lines.insert(j, rng.choice(_RECORDS) + b"\n")
    elif kind == 11:  # copy a 10-column round block from one line to another
        a, b = lines[i], lines[j]
        start = 91 + 10 * rng.randrange(4)
        if len(a) > start + 8:
            lines[j] = b[:start].ljust(start) + a[start:start + 10] + b[start + 10:]
    elif kind == 12:  # splice lines of another corpus entry
        other = _lines(rng.choice(corpus)[0])
        k = rng.randrange(len(other))
        lines[i:i + 1] = other[k:k + rng.randint(1, 4)]
    else:  # another line ending for the whole file
        ending = rng.choice((b"\n", b"\r\n", b"\r"))
        lines = [line.rstrip(b"\r\n") + ending for line in lines]
    return b"".join(lines)


# -- coverage ----------------------------------------------------------------------


class LineCoverage:
    """Pairs of consecutive lines run in the watched files (edge coverage, roughly)."""

    def __init__(self, watched: tuple[str, ...] = WATCHED) -> None:
        self.watched = watched
        self.edges: set[tuple[str, int, int]] = set()
        self._cache: dict[str, bool] = {}

    def _is_watched(self, filename: str) -> bool:
        known = self._cache.get(filename)
        if known is None:
            known = self._cache[filename] = filename.startswith(self.watched)
        return known

    def run(self, function: Callable[[], Any]) -> tuple[Any, set[tuple[str, int, int]]]:
        edges: set[tuple[str, int, int]] = set()

        def tracer(frame: FrameType, event: str, arg: Any) -> Any:
            if not self._is_watched(frame.f_code.co_filename):
                return None
            filename = frame.f_code.co_filename
            last = [frame.f_lineno]

            def local(frame: FrameType, event: str, arg: Any) -> Any:
                if event == "line":
                    edges.add((filename, last[0], frame.f_lineno))
                    last[0] = frame.f_lineno
                return local
            return local

        previous = sys.gettrace()
        sys.settrace(tracer)
        try:
            result = function()
        finally:
            sys.settrace(previous)
        return result, edges


@dataclass
class FuzzReport:
    executions: int = 0
    seconds: float = 0.0
    corpus: int = 0
    edges: int = 0
    read: int = 0      # inputs the readers accepted (and that were paired)
    refused: int = 0   # inputs refused with an InputError
    findings: list[str] = field(default_factory=list)  # the first input of each kind
    kinds: dict[str, int] = field(default_factory=dict)  # how often each kind was hit


@dataclass
class Fuzzer:
    seed: int = 2026
    crashes: Path | None = None
    corpus: list[tuple[bytes, str]] = field(default_factory=seeds)
    coverage: LineCoverage = field(default_factory=LineCoverage)

    def _execute(self, data: bytes, kind: str, report: FuzzReport) -> tuple[bool, bool]:
        """Run the target on one input: (new coverage reached, input read)."""
        report.executions += 1
        try:
            tournament, edges = self.coverage.run(lambda: read(data, kind))
            if tournament is None:
                report.refused += 1
            else:
                report.read += 1
                pair_tournament(tournament)
        except Exception as error:  # a finding: anything but the allowed answers
            signature = _signature(error)
            if signature not in report.kinds:
                report.findings.append(self._save(data, kind, error))
            report.kinds[signature] = report.kinds.get(signature, 0) + 1
            return False, False
        new = edges - self.coverage.edges
        self.coverage.edges |= new
        return bool(new), tournament is not None

    def _save(self, data: bytes, kind: str, error: Exception) -> str:
        where = ""
        if self.crashes is not None:
            self.crashes.mkdir(parents=True, exist_ok=True)
            path = self.crashes / f"finding-{len(list(self.crashes.iterdir())):03d}.{kind}"
            path.write_bytes(data)
            where = f" (input saved to {path})"
        return f"{type(error).__name__}: {str(error)[:300]}{where}; input {data[:200]!r}"

    def run(self, executions: int, seconds: float) -> FuzzReport:
        rng = random.Random(self.seed)
        report = FuzzReport()
        started = time.perf_counter()
        readable: list[tuple[bytes, str]] = []  # mutated more often: they reach the engines
        for data, kind in list(self.corpus):
            if self._execute(data, kind, report)[1]:
                readable.append((data, kind))
        while report.executions < executions and time.perf_counter() - started < seconds:
            pool = readable if readable and rng.random() < 0.6 else self.corpus
            data, kind = rng.choice(pool)
            for _ in range(rng.choice((1, 1, 2, 3, 5))):
                data = mutate(data, rng, self.corpus)
            if len(data) > 200_000:
                data = data[:200_000]
            new, was_read = self._execute(data, kind, report)
            if new:
                self.corpus.append((data, kind))
                if was_read:
                    readable.append((data, kind))
            if len(report.findings) >= 10:  # ten different bugs: enough to report
                break
        report.seconds = time.perf_counter() - started
        report.corpus = len(self.corpus)
        report.edges = len(self.coverage.edges)
        return report


def _signature(error: BaseException) -> str:
    """What makes two findings the same bug: the exception's type and the
    innermost line of swisslearn it went through."""
    place = ""
    trace = error.__traceback__
    while trace is not None:
        filename = trace.tb_frame.f_code.co_filename
        if "swisslearn" in filename and "/tests/" not in filename:
            place = f"{Path(filename).name}:{trace.tb_lineno}"
        trace = trace.tb_next
    if isinstance(error, Finding):
        return f"Finding {str(error)[:60]}"
    return f"{type(error).__name__} at {place or '?'}"


def iter_report(report: FuzzReport) -> Iterator[str]:
    yield (f"{report.executions} executions in {report.seconds:.1f} s, corpus "
           f"{report.corpus}, {report.edges} line pairs, {report.read} read and paired, "
           f"{report.refused} refused, {len(report.findings)} kinds of finding")
    for (signature, hits), finding in zip(report.kinds.items(), report.findings):
        yield f"[{signature}, {hits} inputs] {finding}"


# -- the CI sample --------------------------------------------------------------------


def test_coverage_guided_fuzzing_finds_nothing(tmp_path: Path) -> None:
    fuzzer = Fuzzer(seed=2026, crashes=tmp_path / "findings")
    report = fuzzer.run(CI_EXECUTIONS, seconds=60)
    print("\n".join(iter_report(report)))
    assert not report.findings, "\n".join(iter_report(report))
    assert report.refused > 0 and report.read > 0


def test_coverage_grows_the_corpus() -> None:
    """The guidance works: mutations reach lines the seeds do not."""
    fuzzer = Fuzzer(seed=7, corpus=[(s, k) for s, k in seeds()[:3]])
    before = len(fuzzer.corpus)
    report = fuzzer.run(60, seconds=30)
    assert report.corpus > before and report.edges > 0


def test_a_finding_is_reported(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A target that crashes is caught, saved and reported (not swallowed)."""
    def broken(data: bytes, kind: str) -> Tournament | None:
        raise IndexError("boom")
    monkeypatch.setattr(sys.modules[__name__], "read", broken)
    fuzzer = Fuzzer(seed=1, crashes=tmp_path, corpus=seeds()[:1])
    report = fuzzer.run(1, seconds=5)
    assert report.findings and "IndexError: boom" in report.findings[0]
    assert list(tmp_path.iterdir())

"""The arbiter's desk: one page to load a TRF, pair a round, step through it,
ask why two players met (or not) and download the paired round.

``make desk`` serves ``desk/bureau.ipynb`` with Voilà; that notebook only
calls :func:`app`.  Everything the page decides is done by the plain
functions below, tested without a browser (``tests/test_desk.py``):

* :func:`read_upload` / :func:`read_example`: bytes or a path to a
  :class:`Loaded` tournament, or a :class:`Failure` whose message names the
  file, line and column of every problem (:func:`error_text`), as the command
  line prints them, in the page's language; :func:`warnings_html`: what the
  reader found and resolved in a file it read (its warnings);
* :func:`round_choices`, :func:`default_round`, :func:`system_choices`,
  :func:`acceleration_choices` (the command line's ``--acceleration``:
  the file's virtual points, Baku computed, or none);
* :func:`protections_for`: the file's protection records with the page's
  choices (the command line's ``--avoid`` and ``--group``);
* :func:`pair_round`: the traced pairing (:class:`Paired`), protections
  and acceleration included, as ``swisslearn trace`` computes it
  (:func:`swisslearn.acceleration.prepare`), and :func:`acceleration_text`
  (the line and the notes the command line prints about it);
* :func:`why_text` (the engine's answer, :func:`swisslearn.explain.why`) and
  :func:`recorded_text` (what the file recorded for that round);
* :func:`time_limit`: a round served to a hall is stopped after
  ``SWISSLEARN_DESK_PAIRING_LIMIT`` seconds (set by
  :mod:`swisslearn.deskserver`), :class:`TooLong`, and the page says so with
  the command line that pairs it without a limit (:func:`too_long_text`);
* :func:`paired_document` / :func:`paired_trf`: the file with the round
  written in (each board's round block, the byes, the protections frozen
  with the round), :func:`download_name` and :func:`download_link` (an
  ``<a download>`` holding the bytes as a ``data:`` URI, which works in
  Voilà and in JupyterLab alike);
* :func:`site_zip`: the hall's pages of the paired round (the static site
  of ``swisslearn publish``, :func:`swisslearn.publish.command.write_round`)
  as the bytes of a ``.zip``, offered by the same kind of link
  (:func:`site_name`);
* :func:`draw_exam`, :func:`exam_files`, :func:`exam_rule_choices`: the
  « Examen » part (issue 30): the paper ``swisslearn exam new`` draws (a
  level and a seed, or a rule), sat on the page with
  :class:`swisslearn.exam.widget.SittingWidget` (the clock, the copy, the
  marks line by line of ``exam mark``), and its ``sujet.pdf`` /
  ``corrige.pdf`` offered by the same kind of link.

:class:`Desk` puts them on ipywidgets; the stepper is
:class:`swisslearn.widgets.Stepper`, the one of the course.  Every callback
goes through :meth:`Desk._safely`: an error is shown in the page as a
message, never as a traceback.

ipywidgets ships no type information; it is imported through
:func:`importlib.import_module`, as in :mod:`swisslearn.widgets`.
"""

from __future__ import annotations

import base64
import html
import io
import functools
import importlib
import os
import shlex
import signal
import tempfile
import threading
import zipfile
from collections import OrderedDict
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from types import FrameType, MappingProxyType, ModuleType
from typing import Any

from swisslearn import systems
from swisslearn.acceleration import Applied, Note, prepare, with_records, with_round_start
from swisslearn.errors import (MAX_SHOWN, Count, InputError, PairingError, SwisslearnError,
                               UsageError, usage)
from swisslearn.exam.command import ANSWER_KEY, PAPER, PAPER_TRF
from swisslearn.exam.paper import ExamPaper, exam_paper, paper_for_rule
from swisslearn.exam.sitting import ExamSitting
from swisslearn.exam.targets import RULES
from swisslearn.exam.widget import SittingWidget
from swisslearn.explain import why
from swisslearn.explain.acceleration import note_text, summary, why_scores
from swisslearn.words import available_languages, catalogue
from swisslearn.formats.paired import with_paired_round
from swisslearn.formats.plainlist import PlainListDocument
from swisslearn.formats.reading import read_document
from swisslearn.formats.trf import TrfDocument
from swisslearn.model import Colour, PlayerId, Result, RoundNumber, Tournament
from swisslearn.protections import ProtectedRound, Protections, protect
from swisslearn.teams import TeamTournament
from swisslearn.terminal import safe
from swisslearn.trace import Event, RoundPaired

__all__ = [
    "ATTRIBUTES", "CONSTRAINTS", "DATA", "acceleration_choices", "acceleration_text", "LIMIT_VARIABLE", "UPLOAD_LIMIT", "Desk", "Failure",
    "Loaded", "Paired", "TooLong", "app", "boards_html", "command_line", "default_round",
    "download_link", "download_name", "draw_exam", "error_text", "exam_command", "exam_files",
    "exam_links", "exam_rule_choices", "examples", "labels", "pair_round", "paired_document", "paired_trf",
    "protections_for", "publish_command", "read_example", "site_name", "site_zip", "zipped", "read_upload", "recorded_text", "round_choices",
    "system_choices", "time_limit", "too_big", "too_long_text", "why_text",
]

#: The repository's example tournaments (absent from an installed wheel: then
#: the page offers the upload only).
DATA = Path(__file__).resolve().parent.parent / "data"


def _escape(text: str, quote: bool = True) -> str:
    """HTML-escaped, and what came from a file made harmless to show: a
    control character, a bidirectional override (U+202E would reverse a
    line even in a browser) or a line separator written as ``\\u202e``, as
    the command line writes it (:func:`swisslearn.terminal.safe`)."""
    return html.escape(safe(text), quote=quote)


#: Attributes offered for automatic groups (``--avoid ATTRIBUTE:...``).
ATTRIBUTES = ("federation", "club")
#: The constraints of seed 002.
CONSTRAINTS = ("strict", "soft-bottom", "soft-avoid")

@lru_cache(maxsize=None)
def labels(lang: str) -> Mapping[str, str]:
    """The page's words in ``lang`` (French if unknown): the catalogue's
    ``desk.*`` templates (``explain/fr.desk.json``, ``en.desk.json``), by
    their name without the prefix."""
    if lang not in available_languages():
        lang = "fr"
    return MappingProxyType({key[len("desk."):]: template
                             for key, template in catalogue(lang).messages.items()
                             if key.startswith("desk.")})


# ---------------------------------------------------------------------------
# Loading


@dataclass(frozen=True)
class Loaded:
    """A tournament read from an upload or an example: its name and document."""

    name: str
    document: TrfDocument | PlainListDocument

    @property
    def tournament(self) -> Tournament:
        return self.document.tournament


@dataclass(frozen=True)
class Failure:
    """What went wrong, as the page shows it (never a traceback): ``message``
    in the language asked, ``messages`` in every language (the page shows the
    same failure again when its language changes)."""

    message: str
    messages: Mapping[str, str] = field(default_factory=dict, compare=False)

    def text(self, lang: str) -> str:
        """The message in ``lang`` (``message`` if it is not known there)."""
        return self.messages.get(lang, self.message)

    @classmethod
    def of(cls, lang: str, text: Callable[[str], str]) -> Failure:
        """The failure ``text(language)`` says, in ``lang`` and every language."""
        return cls(text(lang), {each: text(each) for each in available_languages()})


#: The largest file the page accepts (bytes).  A TRF of 10,000 players and 15
#: rounds is about 3 MB.  The page's script refuses a bigger file before
#: sending it (the browser would otherwise send it in one message over the
#: kernel's connection, whose size is bounded: :mod:`swisslearn.deskserver`);
#: :meth:`Desk.upload` refuses it too.
UPLOAD_LIMIT = 8 * 1024 * 1024


def too_big(name: str, size: int, lang: str = "fr") -> Failure:
    """The failure of a file over :data:`UPLOAD_LIMIT`."""
    return Failure.of(lang, lambda each: labels(each)["too_big"].format(
        name=name, size=catalogue(each).number(size),
        limit=catalogue(each).number(UPLOAD_LIMIT)))


def error_text(error: BaseException, lang: str = "fr") -> str:
    """The message the page shows for ``error``, in ``lang``: for a bad file,
    the line and column in words, then ``file:line:col: message`` as the
    command line prints it; for a file refused for several problems, the
    first line counts them and each has a line of its own (errors, then
    warnings: every problem the reader found, up to
    :data:`~swisslearn.errors.MAX_SHOWN`, then how many more)."""
    words = labels(lang)
    if isinstance(error, InputError):
        where = (" (" + words["line"].format(line=error.line, column=error.column) + ")"
                 if error.line else "")
        first = f"{words['refused']}{where} — {error.location()}: {error.render(lang)}"
        problems = error.problems
        if len(problems) + error.omitted <= 1:
            return first
        errors = sum(1 for p in problems if not p.warning)
        counts = [Count(errors + error.omitted, "error").said(lang)]
        if len(problems) > errors:
            counts.append(Count(len(problems) - errors, "warning").said(lang))
        lines = [f"{words['refused']}{where} — "
                 + words["problems"].format(counts=f" {words['and']} ".join(counts))]
        lines += [p.line_text(lang) for p in problems[:MAX_SHOWN]]
        hidden = len(problems) - min(len(problems), MAX_SHOWN) + error.omitted
        if hidden:
            lines.append(words["more"].format(count=hidden))
        return "\n".join(lines)
    if isinstance(error, PairingError):
        return f"{words['no_pairing']} — {error.render(lang)}"
    if isinstance(error, SwisslearnError):
        return f"{words['impossible']} — {error.render(lang)}"
    return f"{words['unexpected']} — {type(error).__name__}: {error}"


def warnings_html(document: object, lang: str = "fr") -> str:
    """What the reader found and resolved in a file it read (its warnings:
    a points column the results contradict, a record kept unread...), in
    ``lang``: a heading and one line each, as the command line prints them
    (at most :data:`~swisslearn.errors.MAX_SHOWN`); ``""`` when none."""
    warnings: tuple[InputError, ...] = getattr(document, "warnings", ())
    if not warnings:
        return ""
    words = labels(lang)
    items = "".join(f"<li>{_escape(w.line_text(lang))}</li>" for w in warnings[:MAX_SHOWN])
    if len(warnings) > MAX_SHOWN:
        items += f"<li>{_escape(words['more'].format(count=len(warnings) - MAX_SHOWN))}</li>"
    title = words["warnings"].format(warnings=Count(len(warnings), "warning").said(lang))
    return f"<p><b>{_escape(title)}</b></p><ul>{items}</ul>"


def load_bytes(name: str, data: bytes) -> Loaded:
    """Read uploaded bytes as ``swisslearn`` reads a file of that name: a plain
    list for a ``.txt`` without a TRF header, else a TRF (teams included).
    :class:`~swisslearn.errors.InputError` for a bad file."""
    return Loaded(name, read_document(name, data))


def read_upload(name: str, data: bytes, lang: str = "fr") -> Loaded | Failure:
    """:func:`load_bytes`, or the :class:`Failure` naming the file, line and column."""
    try:
        return load_bytes(name, data)
    except SwisslearnError as error:
        return Failure.of(lang, functools.partial(error_text, error))


def read_example(path: str | Path, lang: str = "fr") -> Loaded | Failure:
    """An example file, read like an upload (named by its file name)."""
    path = Path(path)
    try:
        data = path.read_bytes()
    except OSError as error:
        reason = error.strerror or str(error)
        return Failure.of(lang, lambda each: f"{labels(each)['refused']} — {path.name}: {reason}")
    return read_upload(path.name, data, lang)


def examples(folder: Path | None = None) -> list[Path]:
    """The example tournaments the page offers (``.trf`` and ``.txt`` files)."""
    folder = DATA if folder is None else folder
    if not folder.is_dir():
        return []
    return sorted(p for p in folder.iterdir() if p.suffix in (".trf", ".txt") and p.is_file())


# ---------------------------------------------------------------------------
# Choices


def round_choices(tournament: Tournament) -> list[RoundNumber]:
    """The rounds the page offers: every round paired in the file, and the next
    one if the tournament has one."""
    last = tournament.rounds_paired + 1
    if tournament.rounds is not None:
        last = min(last, tournament.rounds)
    return list(range(1, max(last, 1) + 1))


def default_round(tournament: Tournament) -> RoundNumber:
    """The next round to pair, or the last one of a finished tournament."""
    return round_choices(tournament)[-1]


def system_choices(tournament: Tournament | None, lang: str = "fr") -> list[tuple[str, str]]:
    """(label, value) pairs for the system menu: ``""`` is the file's own
    (its ``192`` record, else ``dutch-1998``), then every available system."""
    own = systems.get(None, tournament).name
    first = (labels(lang)["file_system"].format(name=own), "")
    return [first] + [(name, name) for name in systems.available()]


def acceleration_choices(lang: str = "fr") -> list[tuple[str, str]]:
    """(label, value) pairs for the acceleration menu, the values of the
    command line's ``--acceleration``: ``""`` the file's (its ``XXA``/``250``
    records or ``192 …_BAKU`` code, else none), ``baku``, ``none``."""
    words = labels(lang)
    return [(words["acceleration_file"], ""), (words["acceleration_baku"], "baku"),
            (words["acceleration_none"], "none")]


def protections_for(document: object, avoid: str = "", constraint: str = "strict",
                    groups: str = "") -> Protections:
    """The file's protections with the page's: ``avoid`` an attribute (or
    ``""``) kept apart under ``constraint``; ``groups`` manual groups
    ``NAME:ID,ID,...:CONSTRAINT`` separated by ``;`` or new lines.
    :class:`~swisslearn.errors.UsageError` for a bad group."""
    options = [f"{avoid}:{constraint}"] if avoid else []
    manual = [g.strip() for g in groups.replace("\n", ";").split(";") if g.strip()]
    return Protections.from_document(document).with_options(options, manual)


# ---------------------------------------------------------------------------
# Pairing and explaining


@dataclass(frozen=True)
class Paired:
    """A round paired by the page: the whole trace, and with protections what
    :func:`~swisslearn.protections.protect` decided."""

    round: RoundNumber
    system: str
    events: tuple[Event, ...]
    protections: Protections
    protected: ProtectedRound | None = None
    #: The virtual points the round was paired with (None: none), and what
    #: to tell about them (:func:`swisslearn.acceleration.prepare`).
    accelerated: Applied | None = None
    notes: tuple[Note, ...] = ()

    @property
    def result(self) -> RoundPaired:
        last = self.events[-1]
        assert isinstance(last, RoundPaired)
        return last


#: Set by :mod:`swisslearn.deskserver` for its kernels: the seconds a page's
#: round may take (unset: no limit, as in JupyterLab).
LIMIT_VARIABLE = "SWISSLEARN_DESK_PAIRING_LIMIT"


class TooLong(BaseException):
    """A round stopped at the desk's time limit.

    A :class:`BaseException`, as :class:`KeyboardInterrupt` is: the engines'
    own ``except Exception`` clauses must not take it for a failure of theirs
    and go on."""

    def __init__(self, seconds: float) -> None:
        super().__init__(f"over {seconds:g} s")
        self.seconds = seconds


def pairing_limit() -> float | None:
    """The desk's time limit for a round (seconds), ``None`` if none is set."""
    try:
        seconds = float(os.environ.get(LIMIT_VARIABLE, ""))
    except ValueError:
        return None
    return seconds if seconds > 0 else None


# Seconds between two alarms once the limit is past (see time_limit).
ALARM_REPEAT = 0.25


@contextmanager
def time_limit(seconds: float | None) -> Iterator[None]:
    """Raise :class:`TooLong` in the block after ``seconds`` (``None``: no limit).

    A kernel runs the page's callbacks in its main thread: a real-time alarm
    (``SIGALRM``) interrupts the engine between two Python instructions, and
    the kernel is free again for the page.  Elsewhere (another thread, no
    ``SIGALRM``) nothing is limited here; the server stops a kernel busy far
    past the limit all the same (:mod:`swisslearn.deskserver`)."""
    if (not seconds or not hasattr(signal, "setitimer")
            or threading.current_thread() is not threading.main_thread()):
        yield
        return

    # The alarm repeats: a TooLong raised while Python runs a finalizer or a
    # weakref callback is printed and dropped ("Exception ignored in ..."),
    # and the round would then run unlimited (seen once under load, in a
    # WeakSet callback); the next alarm raises it again.  ``done`` makes a
    # late alarm harmless once the block is left.
    done: list[bool] = []

    def expired(signum: int, frame: FrameType | None) -> None:
        if not done:
            raise TooLong(seconds)
    previous = signal.signal(signal.SIGALRM, expired)
    signal.setitimer(signal.ITIMER_REAL, seconds, ALARM_REPEAT)
    try:
        yield
    finally:
        done.append(True)
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def command_line(name: str, round: RoundNumber, system: str = "", avoid: str = "",
                 constraint: str = "strict", groups: str = "",
                 players: tuple[PlayerId, PlayerId] | None = None,
                 acceleration: str = "") -> str:
    """The ``swisslearn pair`` command that pairs what the page asked (with
    ``players``, the ``swisslearn why`` one), the uploaded file under its
    own name, quoted for a shell."""
    words = ["swisslearn", "pair", name]
    if players is not None:
        words = ["swisslearn", "why", name, str(players[0]), str(players[1])]
    words += ["--round", str(round)]
    if system:
        words += ["--system", system]
    if acceleration:
        words += ["--acceleration", acceleration]
    if avoid:
        words += ["--avoid", f"{avoid}:{constraint}"]
    for group in (g.strip() for g in groups.replace("\n", ";").split(";")):
        if group:
            words += ["--group", group]
    return " ".join(shlex.quote(word) for word in words)


def too_long_text(round: RoundNumber, seconds: float, command: str, lang: str = "fr") -> str:
    """What the page says of a round stopped at the limit: why, then the command."""
    words = labels(lang)
    return words["too_long"].format(round=round, seconds=f"{seconds:g}") + "\n" + command


def pair_round(loaded: Loaded, round: RoundNumber, system: str | None = None,
               protections: Protections | None = None,
               acceleration: str | None = None) -> Paired:
    """Pair ``round`` of the loaded tournament with ``system`` (``None``/``""``:
    the file's), ``protections`` (default: the file's) and ``acceleration``
    (``baku``, ``none``; ``None``/``""``: the file's), as ``swisslearn trace``
    does.  Raises :class:`UsageError` or :class:`PairingError`."""
    tournament = loaded.tournament
    round = tournament.round_to_pair(round)
    chosen = systems.get(system or None, tournament)
    accelerated, notes = prepare(tournament, acceleration or None, chosen.name)
    if accelerated is not None:
        tournament = accelerated.tournament
    if protections is None:
        protections = Protections.from_document(loaded.document)
    protected: ProtectedRound | None = None
    if protections.active:
        protected = protect(tournament, round, system=chosen, protections=protections)
        events: tuple[Event, ...] = (protected.applied,) + protected.events
    else:
        events = tuple(chosen.trace(tournament, round))
    if accelerated is not None:
        events = tuple(with_round_start(events, accelerated, round))
    return Paired(round, chosen.name, events, protections, protected, accelerated, notes)


def acceleration_text(paired: Paired, lang: str = "fr") -> list[str]:
    """What the command line says of the round's virtual points: the line
    under the system's (computed or the file's), then its notes."""
    cat = catalogue(lang if lang in available_languages() else "fr")
    line = summary(paired.accelerated, cat)
    return ([line] if line else []) + [note_text(note, cat) for note in paired.notes]


def why_text(paired: Paired, a: PlayerId, b: PlayerId, lang: str = "fr") -> str:
    """The engine's answer (:func:`swisslearn.explain.why`), introduced by the system."""
    words = labels(lang)
    if a == b:
        return words["same_player"]
    text = why(paired.events, a, b, lang)
    if paired.accelerated is not None:  # the pairing scores, as the command line says them
        text = " ".join([text, *why_scores(paired.events, (a, b), catalogue(lang))])
    return words["engine_says"].format(system=paired.system, text=text)


def recorded_text(tournament: Tournament, round: RoundNumber, a: PlayerId, b: PlayerId,
                  lang: str = "fr") -> str | None:
    """What the file recorded for ``a`` and ``b`` in ``round`` (``None`` if the
    round is not in the file): « 3–1 », or each player's game."""
    if round > tournament.rounds_paired:
        return None
    words = labels(lang)

    def game(pid: PlayerId) -> str:
        entry = tournament.player(pid).entry(round)
        if entry is None:
            return words["no_game"]
        if entry.result is Result.PAIRING_ALLOCATED_BYE:
            return words["bye"]
        if entry.opponent is None:
            return words["no_game"]
        if entry.colour is Colour.BLACK:
            return f"{entry.opponent}–{pid}"
        return f"{pid}–{entry.opponent}"

    first, second = game(a), game(b)
    text = first if first == second else f"{a} → {first}, {b} → {second}"
    return words["file_says"].format(round=round, text=text)


def boards_html(tournament: Tournament, result: RoundPaired, lang: str = "fr") -> str:
    """The paired round as an HTML table (board, White, Black), byes below."""
    words = labels(lang)

    def who(pid: PlayerId) -> str:
        return f"{pid} {tournament.player(pid).name}"

    def line(key: str, **fields: str) -> str:
        return f"<p>{_escape(words[key].format(**fields))}</p>"

    rows = "".join(f"<tr><td>{b.board}</td><td>{_escape(who(b.white))}</td>"
                   f"<td>{_escape(who(b.black))}</td></tr>" for b in result.boards)
    byes = "".join(line("bye_line", player=who(pid)) for pid in result.byes)
    released = (line("released_line", players=", ".join(map(str, result.released)))
                if result.released else "")
    return (f"<table class='desk-table'><thead><tr><th>{_escape(words['board'])}</th>"
            f"<th>{_escape(words['white'])}</th><th>{_escape(words['black'])}</th>"
            "</tr></thead>"
            f"<tbody>{rows}</tbody></table>{byes}{released}")


# ---------------------------------------------------------------------------
# The paired round as TRF


def download_problem(loaded: Loaded, paired: Paired, lang: str = "fr") -> str | None:
    """Why the paired round cannot be downloaded (``None``: it can).  A team
    round can: it is written board by board
    (:func:`swisslearn.formats.paired.team_round_entries`)."""
    words = labels(lang)
    if paired.round <= loaded.tournament.rounds_paired:
        return words["recorded"].format(round=paired.round)
    return None


def paired_document(loaded: Loaded, paired: Paired) -> TrfDocument:
    """The loaded file with ``paired``'s round written in: each board's two
    round blocks (opponent, colour, no result yet), the byes (``U``), every
    other byte as read; with protections, their groups frozen with the round
    (:func:`~swisslearn.formats.protections.write_records`).  A plain list becomes
    its TRF first (:func:`~swisslearn.formats.plainlist.to_trf`); a team
    round is written board by board, as ``swisslearn pair -o`` does.
    Raises :class:`~swisslearn.errors.UsageError` for a round already in the file,
    :class:`InputError` for a list that has no TRF."""
    if download_problem(loaded, paired, "en") is not None:
        raise usage("desk.recorded", round=paired.round)
    applied = paired.protected.applied if paired.protected is not None else None
    written = with_paired_round(loaded.document, paired.result, protections=paired.protections,
                                applied=applied)
    if paired.accelerated is not None and paired.accelerated.baku is not None:
        # The virtual points used, as pair -o writes them: any program re-pairs the same way.
        written = with_records(written, paired.accelerated.baku)
    return written


def paired_trf(loaded: Loaded, paired: Paired) -> bytes:
    """The bytes of :func:`paired_document`."""
    return paired_document(loaded, paired).to_bytes()


def download_name(name: str, round: RoundNumber, lang: str = "fr") -> str:
    """``club.trf`` round 5 -> ``club-ronde-5.trf`` (``club-round-5.trf`` in English)."""
    words = labels(lang)
    return words["download_name"].format(stem=_stem(name) or words["download_stem"],
                                         round=round)


def download_link(data: bytes, filename: str, text: str,
                  media_type: str = "text/plain;charset=utf-8") -> str:
    """An ``<a download>`` holding ``data`` (a ``data:`` URI): a click saves it."""
    encoded = base64.b64encode(data).decode("ascii")
    return (f"<a class='desk-download-link' download='{_escape(filename, quote=True)}' "
            f"href='data:{media_type};base64,{encoded}'>"
            f"⤓ {_escape(text)}</a>")


# ---------------------------------------------------------------------------
# The hall's pages as a .zip


def _stem(name: str) -> str:
    """``club.trf`` -> ``club`` (the suffixes the page accepts)."""
    stem = Path(name).name
    for suffix in (".trfx", ".trf", ".txt"):
        if stem.lower().endswith(suffix):
            return stem[: -len(suffix)]
    return stem


def site_name(name: str, round: RoundNumber, lang: str = "fr") -> str:
    """``club.trf`` round 5 -> ``club-ronde-5-pages.zip`` (``club-round-5-pages.zip``)."""
    words = labels(lang)
    return words["publish_name"].format(stem=_stem(name) or words["download_stem"],
                                        round=round)


#: The date every member of the ``.zip`` carries (the earliest a zip can
#: hold): the same round gives the same bytes, whenever it is written.
_ZIP_DATE = (1980, 1, 1, 0, 0, 0)


def zipped(folder: Path) -> bytes:
    """The files under ``folder`` as a ``.zip`` (paths relative to it, sorted,
    dated :data:`_ZIP_DATE`: the same files give the same bytes)."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for path in sorted(p for p in folder.rglob("*") if p.is_file()):
            member = zipfile.ZipInfo(path.relative_to(folder).as_posix(), date_time=_ZIP_DATE)
            member.compress_type = zipfile.ZIP_DEFLATED
            member.external_attr = 0o644 << 16  # rw-r--r-- once unzipped
            archive.writestr(member, path.read_bytes())
    return buffer.getvalue()


def publish_command(name: str, round: RoundNumber, system: str | None,
                    acceleration: str | None = None) -> str:
    """The ``swisslearn publish`` command that writes the same pages with no
    time limit (the file's protections: the command has no ``--avoid``),
    quoted for a shell."""
    words = ["swisslearn", "publish", name, "--round", str(round)]
    if system:
        words += ["--system", system]
    if acceleration:
        words += ["--acceleration", acceleration]
    words += ["-o", f"{_stem(name) or 'pages'}-{round}"]
    return " ".join(shlex.quote(word) for word in words)


def site_zip(loaded: Loaded, paired: Paired, system: str | None,
             lang: str = "fr", acceleration: str | None = None) -> tuple[bytes, int]:
    """The hall's pages of ``paired``'s round (the site ``swisslearn publish``
    writes, with the page's system, or the file's when ``None``, the page's
    protections and acceleration; opening in ``lang``) as ``.zip`` bytes, and how many
    player pages it holds.  Written in a temporary folder, removed after.
    Raises :class:`~swisslearn.errors.UsageError` or
    :class:`~swisslearn.errors.PairingError` as the command does."""
    from swisslearn.publish.command import write_round
    with tempfile.TemporaryDirectory(prefix="swisslearn-pages-") as temporary:
        folder = Path(temporary)
        content, _ = write_round(loaded.document, folder, round=paired.round,
                                 system=system or None, lang=lang,
                                 protections=paired.protections,
                                 acceleration=acceleration or None)
        return zipped(folder), len(content.players)


# ---------------------------------------------------------------------------
# The exam (issue 30): the paper of ``swisslearn exam new``, sat on the page

#: The time the page gives an exam (the notebook's :class:`ExamSitting` default).
EXAM_MINUTES = 60


def exam_rule_choices(lang: str = "fr") -> list[tuple[str, str]]:
    """(label, value) pairs for the exam's rule menu: ``""`` a round of the
    chosen level, then every rule ``swisslearn exam new --rule`` draws for."""
    return [(labels(lang)["exam_by_level"], "")] + [(rule, rule) for rule in RULES]


def draw_exam(level: int, seed: int, rule: str = "") -> ExamPaper:
    """The paper ``swisslearn exam new --level LEVEL --seed SEED`` draws (with
    ``rule``, ``--rule RULE --seed SEED``): the same tournament, the same
    round.  :class:`~swisslearn.errors.UsageError` when none is found, in
    the command's words."""
    try:
        return paper_for_rule(rule, seed) if rule else exam_paper(level, seed)
    except UsageError:
        raise
    except ValueError as error:
        if rule:
            raise usage("exam.cli.no_rule_round", rule=rule, seed=seed) from error
        raise usage("exam.cli.no_round", level=level, seed=seed) from error


def exam_command(level: int, seed: int, rule: str = "", lang: str = "fr") -> str:
    """The ``swisslearn exam new`` command that writes the same exam."""
    words = ["swisslearn", "exam", "new"]
    words += ["--rule", rule] if rule else ["--level", str(level)]
    words += ["--seed", str(seed), "-o", labels(lang)["exam_folder"].format(seed=seed)]
    if lang != "fr":
        words += ["--lang", lang]
    return " ".join(shlex.quote(word) for word in words)


def exam_files(paper: ExamPaper, lang: str = "fr") -> dict[str, bytes]:
    """The files ``swisslearn exam new`` writes for ``paper`` in ``lang``,
    by name (``sujet.pdf``, ``corrige.pdf``, ``sujet.trf``), the same bytes:
    written by the command's own functions in a temporary folder, removed
    after."""
    from swisslearn.exam.pdf import write_answer_key, write_paper
    with tempfile.TemporaryDirectory(prefix="swisslearn-exam-") as temporary:
        folder = Path(temporary)
        write_paper(paper, folder / PAPER, lang)
        write_answer_key(paper, folder / ANSWER_KEY, lang)
        files = {PAPER: (folder / PAPER).read_bytes(),
                 ANSWER_KEY: (folder / ANSWER_KEY).read_bytes()}
    files[PAPER_TRF] = paper.trf().encode("utf-8")
    return files


def exam_links(files: Mapping[str, bytes], lang: str = "fr") -> str:
    """The links that download :func:`exam_files` (the answer key last: a
    trainer keeps it until the copy is handed in)."""
    words = labels(lang)
    kinds = ((PAPER, "exam_download_paper", "application/pdf"),
             (PAPER_TRF, "exam_download_trf", "text/plain;charset=utf-8"),
             (ANSWER_KEY, "exam_download_key", "application/pdf"))
    return "".join(download_link(files[name], name, words[key].format(file=name), media)
                   for name, key, media in kinds if name in files)


# ---------------------------------------------------------------------------
# The page


def _ipywidgets() -> ModuleType:
    from swisslearn.extras import require
    require("notebooks", "swisslearn.desk", "ipywidgets")
    return importlib.import_module("ipywidgets")


# The page's few styles (a <style> in an HTML widget applies to the whole page).
_STYLE = """<style>
.desk h2 { margin: 0.2em 0; }
.desk h3 { margin: 0.6em 0 0.2em; border-bottom: 1px solid #ccc; }
.desk h4 { margin: 0.2em 0; }
.desk-boards { max-height: 24em; overflow-y: auto; }
.desk-table { border-collapse: collapse; }
.desk-table th, .desk-table td { padding: 1px 10px; border-bottom: 1px solid #e3e3e3;
                                 text-align: left; line-height: 1.6; }
.desk-download-link { font-weight: bold; padding: 0 1em; line-height: 2.2; }
.desk-why p { line-height: 1.5; margin: 0.4em 0; }
.desk-why { background: #f6f8fb; padding: 0 0.8em; border-left: 3px solid #4a7ab5; }
.desk-busy p { color: #4a7ab5; font-weight: bold; margin: 0.2em 0; }
.desk-warnings { color: #7a5b00; }
.desk-warnings p, .desk-error p { margin: 0.2em 0; }
.desk-warnings ul, .desk-error ul { margin: 0.1em 0 0.4em; font-family: monospace; }
.desk-busy p::before { content: ""; display: inline-block; width: 0.8em; height: 0.8em;
                       margin-right: 0.5em; border: 2px solid #4a7ab5;
                       border-right-color: transparent; border-radius: 50%;
                       animation: desk-turn 0.8s linear infinite; vertical-align: -0.1em; }
@keyframes desk-turn { to { transform: rotate(360deg); } }
</style>"""


def page_data(lang: str) -> str:
    """What the page's script (``desk/template/index.html.j2``) reads in the
    page, in ``lang``: the upload limit and its message, the message of a
    page whose kernel the server freed (after ``SWISSLEARN_DESK_IDLE``
    seconds without activity, set by :mod:`swisslearn.deskserver`); an
    element of the hidden style widget."""
    words = labels(lang)
    try:
        idle = int(os.environ.get("SWISSLEARN_DESK_IDLE", "100"))
    except ValueError:
        idle = 100

    def attribute(name: str, value: str) -> str:
        return f" data-{name}='{_escape(value, quote=True)}'"
    return ("<span class='desk-page-data' hidden"
            + attribute("lang", lang) + attribute("upload-limit", str(UPLOAD_LIMIT))
            + attribute("limit-text", catalogue(lang).number(UPLOAD_LIMIT))
            + attribute("too-big", words["upload_refused_js"])
            + attribute("expired", words["expired"])
            + attribute("idle-minutes", str(max(1, round(idle / 60)))) + "></span>")


Action = Callable[[], None]
#: A message the page shows, as a function of the language (shown again in
#: the new language when it changes).
Message = Callable[[str], str]


def _error_message(error: BaseException) -> Message:
    """:func:`error_text` of ``error`` in any language (``error`` is kept:
    an ``except`` clause's name is gone once the clause ends)."""
    return lambda lang: error_text(error, lang)


def _classed(widget: Any, name: str) -> Any:
    """``widget`` with the CSS class ``name`` (the page's style and the
    browser tests find it by it)."""
    widget.add_class(name)
    return widget


def _width(w: Any, width: str = "auto") -> Any:
    """An ipywidgets layout of that width."""
    return w.Layout(width=width)


#: How many step pictures a desk's kernel keeps (:func:`step_picture`): as
#: many as one stepper keeps (:data:`swisslearn.widgets.PICTURES_KEPT`).
PICTURES_KEPT = 32
_PICTURES: OrderedDict[tuple[str, Event], bytes] = OrderedDict()


def kept_picture(lang: str, event: Event, draw: Callable[[], bytes]) -> bytes:
    """The picture of ``event`` in ``lang`` (``draw`` draws it), drawn once
    by a desk's kernel while among the last :data:`PICTURES_KEPT` drawn.
    Each stepper the page made drew its pictures anew: the page pairs a round
    again when it comes back to a round, a system or a file, and an equal
    event (a frozen dataclass) has the same picture."""
    key = (lang, event)
    try:
        drawn = key in _PICTURES
    except TypeError:   # an event that cannot be hashed: drawn each time
        return draw()
    if drawn:
        _PICTURES.move_to_end(key)
    else:
        _PICTURES[key] = draw()
        while len(_PICTURES) > PICTURES_KEPT:
            _PICTURES.popitem(last=False)
    return _PICTURES[key]


@functools.cache
def _stepper_class() -> type[Any]:
    """The desk's stepper: :class:`swisslearn.widgets.Stepper`, its pictures
    kept by :func:`kept_picture` (imported when a round is first shown, as
    before)."""
    from swisslearn.widgets import Stepper

    class DeskStepper(Stepper):
        def png(self, step: int | None = None) -> bytes:
            step = self.step if step is None else step
            return kept_picture(self.lang, self.events[step - 1],
                                lambda: Stepper.png(self, step))
    return DeskStepper


class Desk:
    """The arbiter's desk on ipywidgets (display it, or ``desk.box``).

    ``desk.loaded`` and ``desk.paired`` are what the page shows; the methods
    :meth:`load`, :meth:`upload` and :meth:`choose_pair` do what the page's
    controls do, so the whole page can be driven from Python.
    """

    def __init__(self, lang: str = "fr", *, data: Path | None = None,
                 example: str | None = "club-12-joueurs.trf") -> None:
        w = _ipywidgets()
        self.lang = lang if lang in available_languages() else "fr"
        self.loaded: Loaded | None = None
        self.paired: Paired | None = None
        self.stepper: Any = None
        self._quiet = False
        self._message: Message | None = None
        self._message_is_error = True
        self._download: bytes | None = None
        # What the publish button wrote (or why not), as a function of the
        # language: said again when the language changes.
        self._publication: Message | None = None
        self._examples = {p.name: p for p in examples(data)}

        # The exam (issue 30): a level and a seed, or a rule; the paper drawn
        # is sat in the notebook's SittingWidget, its files offered below it.
        self.exam: SittingWidget | None = None
        self._exam_files: dict[str, bytes] | None = None
        self._exam_files_lang = ""
        self._exam_message: Message | None = None
        self._make_controls(w)
        self._make_exam(w)
        self.box: Any = self._lay_out(w)
        self._set_words()
        self._observe()

        if example is not None and example in self._examples:
            self.example.value = example  # loads it
        else:
            self._clear(lambda lang: labels(lang)["nothing"], error=False)


    def _make_controls(self, w: Any) -> None:
        """The widgets of the tournament, the system, the round and why."""
        label = {"description_width": "initial"}
        self.style: Any = w.HTML(_STYLE)
        self.title: Any = _classed(w.HTML(layout=_width(w, "75%")), "desk-title")
        self.language: Any = _classed(w.ToggleButtons(options=[("Français", "fr"),
                                                              ("English", "en")],
                                                     value=self.lang, style=label), "desk-lang")
        self.example: Any = _classed(w.Dropdown(layout=_width(w), style=label), "desk-example")
        self.upload_button: Any = _classed(
            w.FileUpload(accept=".trf,.trfx,.txt", multiple=False, layout=_width(w)),
            "desk-upload")
        self.error: Any = _classed(w.HTML(), "desk-error")
        self.info: Any = _classed(w.HTML(), "desk-info")
        self.warnings: Any = _classed(w.HTML(), "desk-warnings")
        self.busy: Any = _classed(w.HTML(), "desk-busy")
        self.system: Any = _classed(w.Dropdown(layout=_width(w), style=label), "desk-system")
        self.acceleration: Any = _classed(w.Dropdown(options=acceleration_choices(self.lang),
                                                    value="", layout=_width(w), style=label),
                                         "desk-acceleration")
        self.avoid: Any = _classed(w.Dropdown(value="", options=[("", "")], layout=_width(w),
                                             style=label), "desk-avoid")
        self.constraint: Any = _classed(w.Dropdown(options=list(CONSTRAINTS), value="strict",
                                                  layout=_width(w), style=label),
                                       "desk-constraint")
        self.groups: Any = _classed(w.Text(continuous_update=False, layout=_width(w, "30em"),
                                          style=label), "desk-groups")
        self.round: Any = _classed(w.Dropdown(layout=_width(w, "10em"), style=label), "desk-round")
        self.boards: Any = _classed(w.HTML(), "desk-boards")
        self.download: Any = _classed(w.HTML(), "desk-download")
        self.publish_button: Any = _classed(w.Button(icon="globe", disabled=True,
                                                    layout=_width(w)), "desk-publish")
        self.published: Any = _classed(w.HTML(), "desk-published")
        self.steps: Any = _classed(w.VBox(), "desk-stepper")
        self.player_a: Any = _classed(w.Dropdown(layout=_width(w), style=label), "desk-a")
        self.player_b: Any = _classed(w.Dropdown(layout=_width(w), style=label), "desk-b")
        self.answer: Any = _classed(w.HTML(), "desk-why")
        self.headings: dict[str, Any] = {key: w.HTML() for key in
                                         ("s_tournament", "s_system", "s_round", "s_steps",
                                          "s_why", "s_exam")}

    def _make_exam(self, w: Any) -> None:
        """The exam's widgets: a level and a seed, or a rule, and the paper."""
        label = {"description_width": "initial"}
        self.exam_intro: Any = _classed(w.HTML(), "desk-exam-intro")
        self.exam_level: Any = _classed(w.Dropdown(options=[1, 2, 3], value=2,
                                                  layout=_width(w, "12em"), style=label),
                                       "desk-exam-level")
        self.exam_seed: Any = _classed(w.BoundedIntText(value=0, min=0, max=10 ** 6,
                                                       layout=_width(w, "12em"), style=label),
                                      "desk-exam-seed")
        self.exam_rule: Any = _classed(w.Dropdown(options=exam_rule_choices(self.lang), value="",
                                                 layout=_width(w), style=label),
                                      "desk-exam-rule")
        self.exam_button: Any = _classed(w.Button(button_style="primary", layout=_width(w)),
                                        "desk-exam-draw")
        self.exam_error: Any = _classed(w.HTML(), "desk-exam-error")
        self.exam_downloads: Any = _classed(w.HTML(), "desk-exam-downloads")
        self.exam_sitting: Any = _classed(w.VBox(), "desk-exam-sitting")

    def _lay_out(self, w: Any) -> Any:
        """The page: each section's heading, then its widgets."""
        # The round's boards on the left, the question "why?" on the right.
        round_box = w.VBox([w.HBox([self.round, self.download]),
                            w.HBox([self.publish_button, self.published]), self.boards],
                           layout=_width(w, "42%"))
        why_box = w.VBox([self.headings["s_why"], w.HBox([self.player_a, self.player_b]),
                          self.answer], layout=_width(w, "56%"))
        return _classed(w.VBox([
            self.style, w.HBox([self.title, self.language]),
            self.headings["s_tournament"], w.HBox([self.example, self.upload_button]),
            self.error, self.info, self.warnings, self.busy,
            self.headings["s_system"], w.HBox([self.system, self.acceleration]),
            w.HBox([self.avoid, self.constraint]),
            self.groups,
            self.headings["s_round"],
            w.HBox([round_box, why_box], layout=w.Layout(justify_content="space-between")),
            self.headings["s_steps"], self.steps,
            self.headings["s_exam"], self.exam_intro,
            w.HBox([self.exam_level, self.exam_seed, self.exam_rule, self.exam_button]),
            self.exam_error, self.exam_downloads, self.exam_sitting,
        ]), "desk")

    def _observe(self) -> None:
        """What each control does when it changes or is clicked."""
        self.language.observe(lambda c: self._safely(lambda: self.set_language(c["new"])),
                              names="value")
        self.example.observe(lambda c: self._safely(lambda: self._example_chosen(c["new"])),
                             names="value")
        self.upload_button.observe(lambda c: self._safely(lambda: self._uploaded(c["new"])),
                                   names="value")
        for widget in (self.system, self.acceleration, self.avoid, self.constraint, self.groups,
                       self.round):
            widget.observe(lambda _: self._safely(self.refresh), names="value")
        for widget in (self.player_a, self.player_b):
            widget.observe(lambda _: self._safely(self._show_why), names="value")
        self.publish_button.on_click(lambda _: self._safely(self.publish))
        self.exam_button.on_click(lambda _: self._exam_safely(self.draw_exam))

    # -- the controls ---------------------------------------------------------

    def _safely(self, action: Action) -> None:
        """Run ``action``; any error becomes a message in the page."""
        if self._quiet:
            return
        try:
            action()
        except Exception as error:  # the page shows a message, never a traceback
            self._clear(_error_message(error))

    def _exam_safely(self, action: Action) -> None:
        """Run ``action`` of the exam's part; an error is said in that part
        (the tournament above and its pairing stay)."""
        try:
            action()
        except Exception as error:  # the page shows a message, never a traceback
            self._show_exam_message(_error_message(error))

    def _quietly(self, action: Action) -> None:
        """Change widgets without their observers running."""
        quiet, self._quiet = self._quiet, True
        try:
            action()
        finally:
            self._quiet = quiet

    @contextmanager
    def _working(self, key: str, **fields: object) -> Iterator[None]:
        """Say in the page what it is doing while it does it (the change is
        sent to the browser at once, before the work starts)."""
        text = labels(self.lang)[key].format(**fields)
        self.busy.value = f"<p role='status'>{_escape(text)}</p>"
        try:
            yield
        finally:
            self.busy.value = ""

    def set_language(self, lang: str) -> None:
        """Every word in ``lang``; the pairing, the question and the step stay."""
        self.lang = lang if lang in available_languages() else "fr"
        self._quietly(lambda: setattr(self.language, "value", self.lang))
        self._set_words()
        if self._message is not None:
            self._show_message(self._message, self._message_is_error)
        if self.loaded is not None:
            self._fill_players()
            self.info.value = self._info_html(self.paired)
            self.warnings.value = warnings_html(self.loaded.document, self.lang)
        if self.loaded is not None and self.paired is not None:
            self._show_paired(self.paired)
            if self.stepper is not None:
                self.stepper.set_language(self.lang)
            self._show_why()
        self._exam_language()

    def _set_words(self) -> None:
        words = labels(self.lang)
        self.style.value = _STYLE + page_data(self.lang)
        self.title.value = (f"<h2>{_escape(words['title'])}</h2>"
                            f"<p>{_escape(words['intro'])}</p>")
        self.language.description = words["language"]
        for key, heading in self.headings.items():
            tag = "h4" if key == "s_why" else "h3"
            heading.value = f"<{tag}>{_escape(words[key])}</{tag}>"
        self.upload_button.description = words["upload"]
        self.example.description = words["example"]
        self.system.description = words["system"]
        self.acceleration.description = words["acceleration"]
        self.avoid.description = words["avoid"]
        self.constraint.description = words["constraint"]
        self.groups.description = words["groups"]
        self.groups.placeholder = words["groups_hint"]
        self.round.description = words["round"]
        self.publish_button.description = words["publish"]
        self._publish_state()
        self.published.value = (self._publication(self.lang)
                                if self._publication is not None else "")
        self.player_a.description = words["player"]
        self.player_b.description = words["and"]
        self.exam_intro.value = f"<p>{_escape(words['exam_intro'])}</p>"
        self.exam_level.description = words["exam_level"]
        self.exam_seed.description = words["exam_seed"]
        self.exam_rule.description = words["exam_rule"]
        self.exam_button.description = words["exam_draw"]
        self.exam_button.tooltip = words["exam_draw_hint"]

        def options() -> None:
            chosen = self.example.value
            self.example.options = [(words["choose"], "")] + [(n, n) for n in self._examples]
            self.example.value = chosen if chosen in self._examples else ""
            accelerated = self.acceleration.value
            self.acceleration.options = acceleration_choices(self.lang)
            self.acceleration.value = accelerated
            avoid = self.avoid.value
            self.avoid.options = [(words["none"], "")] + [(words[a], a) for a in ATTRIBUTES]
            self.avoid.value = avoid
            system = self.system.value
            tournament = self.loaded.tournament if self.loaded is not None else None
            self.system.options = system_choices(tournament, self.lang)
            self.system.value = system if system is not None else ""
            rule = self.exam_rule.value
            self.exam_rule.options = exam_rule_choices(self.lang)
            self.exam_rule.value = rule
        self._quietly(options)

    def _example_chosen(self, name: str) -> None:
        if name:
            self.load(read_example(self._examples[name], self.lang))

    def _uploaded(self, value: Any) -> None:
        if not value:
            return
        first = value[0]
        name, data = str(first["name"]), bytes(first["content"])
        # Emptied, so that the same file uploaded again (corrected) is read again.
        self._quietly(lambda: setattr(self.upload_button, "value", ()))
        self.upload(name, data)

    def upload(self, name: str, data: bytes) -> None:
        """What the upload button does with a file (refused over :data:`UPLOAD_LIMIT`)."""
        self._quietly(lambda: setattr(self.example, "value", ""))
        if len(data) > UPLOAD_LIMIT:
            self.load(too_big(name, len(data), self.lang))
            return
        self._show_message(None)
        with self._working("busy_reading"):
            loaded = read_upload(name, data, self.lang)
        self.load(loaded)

    def load(self, loaded: Loaded | Failure) -> None:
        """Show a tournament (and pair its default round), or the failure."""
        if isinstance(loaded, Failure):
            self.loaded = None
            self.warnings.value = ""

            def empty() -> None:
                for menu in (self.round, self.player_a, self.player_b):
                    menu.options = []
            self._quietly(empty)
            self._clear(loaded.text)
            return
        self.loaded = loaded
        self.warnings.value = warnings_html(loaded.document, self.lang)
        tournament = loaded.tournament

        def reset() -> None:
            self.system.options = system_choices(tournament, self.lang)
            self.system.value = ""
            self.acceleration.value = ""
            self.round.options = [(str(r), r) for r in round_choices(tournament)]
            self.round.value = default_round(tournament)
        self._quietly(reset)
        self._fill_players(reset=True)
        self.refresh()

    def _fill_players(self, reset: bool = False) -> None:
        if self.loaded is None:
            return
        players = [(f"{p.id}  {p.name}", p.id) for p in self.loaded.tournament.players]
        ids = [pid for _, pid in players]

        def fill() -> None:
            a, b = self.player_a.value, self.player_b.value
            self.player_a.options = players
            self.player_b.options = players
            self.player_a.value = a if a in ids and not reset else (ids[0] if ids else None)
            self.player_b.value = b if b in ids and not reset else None
        self._quietly(fill)

    def _show_message(self, message: Message | None, error: bool = True) -> None:
        """``message`` in the page's language: its first line in bold, the
        others (one problem each, :func:`error_text`) listed below it."""
        self._message, self._message_is_error = message, error
        text = message(self.lang) if message is not None else ""
        style = "color:#b03a2e" if error else "color:#555"
        first, *rest = text.split("\n")
        more = ("<ul>" + "".join(f"<li>{_escape(line)}</li>" for line in rest) + "</ul>"
                if rest else "")
        self.error.value = (f"<div role='alert' style='{style}'><p><b>{_escape(first)}</b>"
                            f"</p>{more}</div>" if text else "")

    def _clear(self, message: Message, error: bool = True) -> None:
        """Nothing to show but ``message`` (in the page's language)."""
        self.paired = None
        self._show_message(message, error)
        if self.loaded is None:
            self.info.value = ""
        self.boards.value = ""
        self.download.value = ""
        self._show_publication(None)
        self.steps.children = ()
        self.stepper = None
        self.answer.value = ""

    def _protections(self) -> Protections:
        assert self.loaded is not None
        return protections_for(self.loaded.document, str(self.avoid.value),
                               str(self.constraint.value), str(self.groups.value))

    def refresh(self) -> None:
        """Pair the chosen round with the chosen system and protections; show it."""
        if self.loaded is None:
            return
        self._show_message(None)
        self.info.value = self._info_html(None)
        round = int(self.round.value)
        limit = pairing_limit()
        with self._working("busy_pairing", round=round):
            try:
                with time_limit(limit):
                    paired = pair_round(self.loaded, round, str(self.system.value),
                                        self._protections(), str(self.acceleration.value))
                    self.paired = paired
                    self._download = None
                    self._show_publication(None)
                    self._show_paired(paired)
                    self._show_steps(paired)
                    # « ronde N appariée » once the boards and the steps are
                    # there: said first, a loaded machine showed it seconds
                    # before the steps (the hall's load test pressed a « Suivant »
                    # not yet sent), or over a round the limit then stopped.
                    self.info.value = self._info_html(paired)
            except SwisslearnError as error:
                self._clear(_error_message(error))
                return
            except TooLong as stopped:
                # Kept: the message is said again in the other language later.
                seconds = stopped.seconds
                command = command_line(self.loaded.name, round, str(self.system.value),
                                       str(self.avoid.value), str(self.constraint.value),
                                       str(self.groups.value),
                                       acceleration=str(self.acceleration.value))
                self._clear(lambda lang: too_long_text(round, seconds, command, lang))
                return
        if self.player_b.value is None:
            self._quietly(lambda: setattr(self.player_b, "value",
                                          self._opponent(paired, self.player_a.value)))
        self._show_why()

    def _show_paired(self, paired: Paired) -> None:
        """The boards and the download (or why there is none), in the page's language."""
        assert self.loaded is not None
        words = labels(self.lang)
        self.boards.value = boards_html(self.loaded.tournament, paired.result, self.lang)
        problem = download_problem(self.loaded, paired, self.lang)
        if problem is None:
            try:
                if self._download is None:  # written once per pairing
                    self._download = paired_trf(self.loaded, paired)
            except SwisslearnError as error:
                problem = words["no_download"].format(
                    message=error.line_text(self.lang) if isinstance(error, InputError)
                    else error.render(self.lang))
            else:
                self.download.value = download_link(
                    self._download, download_name(self.loaded.name, paired.round, self.lang),
                    words["download"].format(round=paired.round))
        if problem is not None:
            self.download.value = f"<p style='color:#555'>{_escape(problem)}</p>"

    def _publish_state(self) -> None:
        """The publish button works once a round is paired; its tooltip says
        what it does, or why it cannot yet."""
        words = labels(self.lang)
        self.publish_button.disabled = self.paired is None
        self.publish_button.tooltip = (words["publish_hint"] if self.paired is not None
                                       else words["publish_unpaired"])

    def _show_publication(self, publication: Message | None) -> None:
        self._publication = publication
        self._publish_state()
        self.published.value = publication(self.lang) if publication is not None else ""

    def publish(self) -> None:
        """What the publish button does: the hall's pages of the round shown
        (:func:`site_zip`), offered as a ``.zip`` beside the button, or why
        not, in the page's language."""
        if self.loaded is None or self.paired is None:
            self._show_publication(lambda lang: "<p style='color:#555'>" + _escape(
                labels(lang)["publish_unpaired"]) + "</p>")
            return
        loaded, paired = self.loaded, self.paired
        system = str(self.system.value) or None
        acceleration = str(self.acceleration.value) or None
        try:
            with self._working("busy_publishing", round=paired.round):
                with time_limit(pairing_limit()):
                    data, players = site_zip(loaded, paired, system, self.lang, acceleration)
        except SwisslearnError as error:
            failure = _error_message(error)
            self._show_publication(lambda lang: "<p style='color:#b03a2e'>" + _escape(
                labels(lang)["no_publish"].format(message=failure(lang))) + "</p>")
            return
        except TooLong as stopped:
            seconds = stopped.seconds
            command = publish_command(loaded.name, paired.round, system, acceleration)
            self._show_publication(lambda lang: "".join(
                f"<p style='color:#b03a2e'>{_escape(line)}</p>" for line in
                (labels(lang)["publish_too_long"].format(round=paired.round,
                                                         seconds=f"{seconds:g}"), command)))
            return
        self._show_publication(lambda lang: download_link(
            data, site_name(loaded.name, paired.round, lang),
            labels(lang)["published"].format(round=paired.round, players=players),
            "application/zip"))

    def _info_html(self, paired: Paired | None) -> str:
        assert self.loaded is not None
        words = labels(self.lang)
        t = self.loaded.tournament
        who = words["teams"] if isinstance(t, TeamTournament) else words["players"]
        total = f" {words['of']} {t.rounds}" if t.rounds is not None else ""
        text = (f"<b>{_escape(t.name or self.loaded.name)}</b> "
                f"({_escape(self.loaded.name)}) — {len(t)} {who}, "
                f"{t.rounds_paired}{total} {words['played']}")
        if paired is not None:
            text += " — " + _escape(words["paired_with"].format(round=paired.round,
                                                                   system=paired.system))
            said = "".join(f"<p>{_escape(line)}</p>"
                           for line in acceleration_text(paired, self.lang))
            return f"<p>{text}</p>{said}"
        return f"<p>{text}</p>"

    @staticmethod
    def _opponent(paired: Paired, pid: Any) -> Any:
        """``pid``'s opponent in the paired round, else the first other player paired."""
        paired_ids = []
        for board in paired.result.boards:
            if pid in (board.white, board.black):
                return board.black if pid == board.white else board.white
            paired_ids += [board.white, board.black]
        return paired_ids[0] if paired_ids else pid

    def _show_steps(self, paired: Paired) -> None:
        self.stepper = _stepper_class()(paired.events, self.lang)
        self.stepper.label.add_class("desk-step-label")
        self.stepper.next_button.add_class("desk-next")
        self.stepper.previous_button.add_class("desk-previous")
        self.stepper.explanation.add_class("desk-step-text")
        self.steps.children = (self.stepper.box,)

    def _show_why(self) -> None:
        if self.loaded is None or self.paired is None:
            return
        a, b = self.player_a.value, self.player_b.value
        if a is None or b is None:
            self.answer.value = ""
            return
        limit = pairing_limit()
        try:
            with time_limit(limit):
                self.answer.value = self.why_html(int(a), int(b))
        except TooLong as stopped:
            command = command_line(self.loaded.name, self.paired.round, str(self.system.value),
                                   str(self.avoid.value), str(self.constraint.value),
                                   str(self.groups.value), (int(a), int(b)),
                                   str(self.acceleration.value))
            self.answer.value = "".join(
                f"<p>{_escape(line)}</p>" for line in
                too_long_text(self.paired.round, stopped.seconds, command, self.lang).split("\n"))

    def choose_pair(self, a: PlayerId, b: PlayerId) -> None:
        """What choosing two players does."""
        def choose() -> None:
            self.player_a.value = a
            self.player_b.value = b
        self._quietly(choose)
        self._safely(self._show_why)

    def why_html(self, a: PlayerId, b: PlayerId) -> str:
        assert self.loaded is not None and self.paired is not None
        lines = [why_text(self.paired, a, b, self.lang)]
        recorded = recorded_text(self.loaded.tournament, self.paired.round, a, b, self.lang)
        if recorded is not None and a != b:
            lines.insert(0, recorded)
        return "".join(f"<p>{_escape(line)}</p>" for line in lines)

    # -- the exam ---------------------------------------------------------------

    def draw_exam(self) -> None:
        """What « Tirer le sujet » does: the paper of the chosen level and
        seed (or rule), as ``swisslearn exam new`` draws it, sat on the page
        (:class:`~swisslearn.exam.widget.SittingWidget`: the paper, the
        clock, the copy, the marks), and its files to download.  A paper
        drawn again replaces the one being sat."""
        level, seed, rule = int(self.exam_level.value), int(self.exam_seed.value), \
            str(self.exam_rule.value)
        self._show_exam_message(None)
        self.exam, self._exam_files = None, None
        self.exam_sitting.children = ()
        self.exam_downloads.value = ""
        try:
            with self._working("exam_busy", seed=seed), time_limit(pairing_limit()):
                paper = draw_exam(level, seed, rule)
                sitting = ExamSitting(paper, EXAM_MINUTES, self.lang)
                self.exam = SittingWidget(sitting)
        except TooLong as stopped:
            seconds = stopped.seconds

            def said(lang: str) -> str:
                return (labels(lang)["exam_too_long"].format(seconds=f"{seconds:g}") + "\n"
                        + exam_command(level, seed, rule, lang))
            self._show_exam_message(said)
            return
        self.exam.paper.add_class("desk-exam-paper")
        self.exam_sitting.children = (self.exam.box,)
        self._show_exam_files()

    def _show_exam_files(self) -> None:
        """The paper's ``sujet.pdf``, ``sujet.trf`` and ``corrige.pdf`` in the
        page's language (written once per paper and language)."""
        if self.exam is None:
            return
        if self._exam_files is None or self._exam_files_lang != self.lang:
            with self._working("exam_writing"):
                self._exam_files = exam_files(self.exam.sitting.paper, self.lang)
            self._exam_files_lang = self.lang
        self.exam_downloads.value = exam_links(self._exam_files, self.lang)

    def _show_exam_message(self, message: Message | None) -> None:
        self._exam_message = message
        text = message(self.lang) if message is not None else ""
        first, *rest = text.split("\n")
        self.exam_error.value = ("<div role='alert' style='color:#b03a2e'>" + "".join(
            f"<p>{_escape(line)}</p>" for line in [first, *rest]) + "</div>" if text else "")

    def _exam_language(self) -> None:
        """The exam's part in the page's language: its message, the paper,
        the clock, the marks said again, the files written in it."""
        if self._exam_message is not None:
            self._show_exam_message(self._exam_message)
        if self.exam is not None:
            self.exam.set_language(self.lang)
            self._exam_safely(self._show_exam_files)

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.box._repr_mimebundle_(**kwargs)


def app(lang: str = "fr", *, data: Path | None = None,
        example: str | None = "club-12-joueurs.trf") -> Desk:
    """The desk, as ``desk/bureau.ipynb`` shows it."""
    return Desk(lang, data=data, example=example)

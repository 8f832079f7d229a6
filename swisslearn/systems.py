"""The registry of pairing systems: the only module that knows them all, and
the protocol every one of them implements (:class:`Engine`).

Everything else pairs through it (the command line, ``check``, the desk,
:mod:`swisslearn.compare`, :mod:`swisslearn.protections`): ``trace(tournament,
round, *, forbidden, avoid)`` yields every event, ``pair(...)`` keeps the
last one (:func:`~swisslearn.trace.last_round_paired`: one code path).
``forbidden`` are pairs that may not meet this round (strict protections),
on top of what the system already keeps apart; ``avoid`` are pairs to avoid
if the rules allow (soft-avoid protections).  How a system takes them is in
its entry of :data:`SYSTEMS`: the Dutch and team engines read the file's
interdictions (``260``/``XXP``), so ``forbidden`` is added to them for the
round; ``simple`` (seed 003) knows only rematches and takes ``forbidden``
itself (:attr:`System.file_interdictions`).  An engine is imported when it
is first used, so that a command loads only the one it runs.

Which system a file gets when ``--system`` is not given (:func:`choose`,
in this order; the README's "Which rules pair a file" says the same):

1. its ``192`` record, if it names a system implemented here
   (``FIDE_DUTCH_2017`` -> ``dutch-2017``; ``FIDE_DUTCH_2025``,
   ``FIDE_DUTCH_2026`` or ``FIDE_DUTCH`` -> ``dutch-2026``; ``FIDE_TEAM...``
   -> ``team-2026``; a ``_BAKU`` suffix is ignored);
2. else its own statement: a ``092`` text naming the Dutch system and an
   edition (``Swiss-System (FIDE Dutch 1998)``: the course's files say so);
3. else its dates: the start (``042``), or failing it the end (``052``): a
   tournament that started before 1 February 2026 was paired under the 2017
   text (in force from 1 July 2017 to 31 January 2026); before 1 July 2017,
   under an older edition than any implemented here: ``dutch-2017`` with a
   warning (:attr:`Choice.older`); from 1 February 2026, ``dutch-2026``.  A
   date read two ways (``05/06/2016``: 5 June or 6 May?) decides only if both
   readings fall on the same side;
4. else the course's system, ``dutch-1998``.

A team tournament (its teams read from ``310``/``013``) is never given an
individual edition by its statement or its dates: without a ``192`` naming a
system, it is paired with ``team-2026`` (source ``"teams"``), the only team
system whose text swisslearn follows (``team-2026-sharly`` is asked for).
"""

from __future__ import annotations

import dataclasses
import datetime
import re
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, field
from typing import Callable, Iterator, Protocol

from swisslearn.errors import UsageError, usage
from swisslearn.model import ForbiddenPairs, PlayerId, RoundNumber, Tournament
from swisslearn.trace import Event, RoundPaired, last_round_paired

__all__ = ["Engine", "Pairs", "System", "Choice", "SYSTEMS", "DEFAULT", "available", "get",
           "choose", "choose_available", "EDITION_2026_FROM", "EDITION_2017_FROM", "date_readings"]

Pairs = AbstractSet[frozenset[PlayerId]]
"""Pairs of players (or teams), each a two-element frozenset."""

_NONE: frozenset[frozenset[PlayerId]] = frozenset()


class Engine(Protocol):
    """What every pairing system implements (see the module doc); a
    :class:`System` is one."""

    @property
    def name(self) -> str:
        """``dutch-1998``, ``simple``... (the ``system`` of its events)."""
        ...

    @property
    def file_interdictions(self) -> bool:
        """Whether it keeps the file's forbidden pairs (``260``/``XXP``) apart."""
        ...

    def trace(self, tournament: Tournament, round: RoundNumber | None = None, *,
              forbidden: Pairs = _NONE, avoid: Pairs = _NONE) -> Iterator[Event]:
        """Every event of the pairing of ``round`` (default: the next one)."""
        ...

    def pair(self, tournament: Tournament, round: RoundNumber | None = None, *,
             forbidden: Pairs = _NONE, avoid: Pairs = _NONE) -> RoundPaired:
        """The pairing of ``round``: the last event of :meth:`trace`."""
        ...


class _Traced(Protocol):
    """An engine's ``trace`` as :class:`System` calls it."""

    def __call__(self, tournament: Tournament, round: RoundNumber | None, *,
                 forbidden: frozenset[frozenset[PlayerId]],
                 avoid: frozenset[frozenset[PlayerId]]) -> Iterator[Event]: ...


class _Avoiding(Protocol):
    """The ``trace`` of an engine that reads the file's interdictions."""

    def __call__(self, tournament: Tournament, round: RoundNumber | None, *,
                 avoid: frozenset[frozenset[PlayerId]]) -> Iterator[Event]: ...


@dataclass(frozen=True)
class System:
    """A pairing system: an :class:`Engine` by its name.

    ``load`` gives its trace (imported then, ``None``: not implemented here);
    ``file_interdictions``: whether it keeps the file's forbidden pairs
    (``260``/``XXP``) apart."""

    name: str
    title: str
    load: Callable[[], _Traced] | None = field(default=None, repr=False, compare=False)
    file_interdictions: bool = True

    @property
    def available(self) -> bool:
        return self.load is not None

    def trace(self, tournament: Tournament, round: RoundNumber | None = None, *,
              forbidden: Pairs = _NONE, avoid: Pairs = _NONE) -> Iterator[Event]:
        if self.load is None:
            raise UsageError(f"the system {self.name!r} ({self.title}) is not available yet; "
                             f"available: {', '.join(available())}")
        events = self.load()(tournament, round, forbidden=frozenset(forbidden),
                             avoid=frozenset(avoid))
        return _stamped(events, self.name)

    def pair(self, tournament: Tournament, round: RoundNumber | None = None, *,
             forbidden: Pairs = _NONE, avoid: Pairs = _NONE) -> RoundPaired:
        return last_round_paired(self.trace(tournament, round, forbidden=forbidden, avoid=avoid))


def _stamped(events: Iterator[Event], system: str) -> Iterator[Event]:
    """``events``, each saying ``system`` (:attr:`~swisslearn.trace.Event.system`):
    the one place every engine's events get their system, so that no
    explainer guesses it from the look of a rule label."""
    for event in events:
        yield event if event.system is not None else event.with_system(system)


def _interdicting(trace: _Avoiding) -> _Traced:
    """``trace`` of an engine that reads the file's interdictions, with
    ``forbidden`` added to them for the round paired (one ``260`` each)."""
    def traced(tournament: Tournament, round: RoundNumber | None, *,
               forbidden: frozenset[frozenset[PlayerId]],
               avoid: frozenset[frozenset[PlayerId]]) -> Iterator[Event]:
        if forbidden:
            paired = tournament.next_round() if round is None else round
            extra = tuple(ForbiddenPairs(pair, paired, paired)
                          for pair in sorted(tuple(sorted(p)) for p in forbidden))
            tournament = dataclasses.replace(tournament,
                                             forbidden=tournament.forbidden + extra)
        return trace(tournament, round, avoid=avoid)
    return traced


# Each engine imported when first used (a command loads only the one it runs).

def _dutch1998() -> _Traced:
    from swisslearn.dutch1998.procedure import trace
    return _interdicting(trace)


def _dutch2017() -> _Traced:
    from swisslearn.dutch2017.procedure import trace
    return _interdicting(trace)


def _dutch2026() -> _Traced:
    from swisslearn.dutch2026.procedure import trace
    return _interdicting(trace)


def _team2026() -> _Traced:
    from swisslearn.team2026.procedure import trace
    return _interdicting(trace)


def _sharly() -> _Traced:
    from swisslearn.team2026.sharly import trace
    return _interdicting(trace)


def _simple() -> _Traced:
    from swisslearn.simple import trace
    return trace


SYSTEMS: dict[str, System] = {
    "dutch-1998": System("dutch-1998", "FIDE Dutch system, 1998 wording (seed 000)",
                         _dutch1998),
    "dutch-2017": System("dutch-2017", "FIDE Dutch system C.04.3, in force 1 Jul 2017 - "
                         "31 Jan 2026", _dutch2017),
    "dutch-2026": System("dutch-2026", "FIDE Dutch system C.04.3, applied from 1 Feb 2026",
                         _dutch2026),
    "team-2026": System("team-2026", "FIDE Swiss Team Pairing System C.04.6 (2026)",
                        _team2026),
    "team-2026-sharly": System("team-2026-sharly", "C.04.6 as the engine inside Sharly Chess "
                               "pairs it (the whole round as one weighted matching)", _sharly),
    "simple": System("simple", "the simplified tool of seed 003", _simple,
                     file_interdictions=False),
}

DEFAULT = "dutch-1998"

# 192 codes (TRF-2026) that name a system we know.
_TYPE_CODES = {
    "FIDE_DUTCH_2017": "dutch-2017",
    "FIDE_DUTCH_2025": "dutch-2026", "FIDE_DUTCH_2026": "dutch-2026", "FIDE_DUTCH": "dutch-2026",
}

EDITION_2026_FROM = datetime.date(2026, 2, 1)
"""C.04.3 (2026) applies from this day; the 2017 text until the day before."""

EDITION_2017_FROM = datetime.date(2017, 7, 1)
"""The 2017 text (Baku 2016) in force from this day ("New FIDE Swiss Rules,
in effect from 1st July 2017", FIDE Arbiters' Magazine, 2017)."""

# 092: the Dutch system named, with a year that says the edition.
_DUTCH_WORDS = re.compile(r"dutch|holland|néerland|neerland|niederländ|holländ|c\.?\s?04\.?\s?3",
                          re.IGNORECASE)
_EDITION_YEARS = {"1998": "dutch-1998", "2016": "dutch-2017", "2017": "dutch-2017",
                  "2025": "dutch-2026", "2026": "dutch-2026"}
_YEAR = re.compile(r"(?<!\d)(1998|2016|2017|2025|2026)(?!\d)")
_DATE = re.compile(r"^(\d{1,4})\s*[./-]\s*(\d{1,2})\s*[./-]\s*(\d{1,4})$")


@dataclass(frozen=True)
class Choice:
    """The system a tournament is paired with, and why (language-neutral;
    the command line words it from the catalogue, keys ``edition.*``).

    ``source``: ``"option"`` (``--system``), ``"code"`` (``192``),
    ``"statement"`` (``092``), ``"start"`` / ``"end"`` (``042`` / ``052``),
    ``"teams"`` (a team file without a ``192`` naming a system; ``detail``
    the number of teams) or ``"default"``; ``detail``: what the file says
    there, as written.
    ``older``: the date is before 1 July 2017, older than any edition
    implemented.  ``notes``: what was set aside on the way, as
    ``(kind, text)``: ``("code", "FIDE_DUBOV")`` a ``192`` naming a system
    not implemented, ``("date", "05/06/2017")`` a date that cannot decide.
    """

    system: System
    source: str
    detail: str = ""
    older: bool = False
    notes: tuple[tuple[str, str], ...] = ()

    @property
    def name(self) -> str:
        return self.system.name


def available() -> tuple[str, ...]:
    return tuple(name for name, system in SYSTEMS.items() if system.available)


def get(name: str | None, tournament: Tournament | None = None) -> System:
    """The system named ``name``; with no name, the file's (:func:`choose`)."""
    return choose(name, tournament).system


def _named(name: str) -> System:
    try:
        return SYSTEMS[name]
    except KeyError:
        raise UsageError(f"unknown system {name!r}: expected one of "
                         f"{', '.join(SYSTEMS)}") from None


def _from_code(code: str) -> str | None:
    if code.startswith("FIDE_TEAM"):
        return "team-2026"
    return _TYPE_CODES.get(code.removesuffix("_BAKU"))


def _from_statement(text: str) -> str | None:
    if not _DUTCH_WORDS.search(text):
        return None
    years = {_EDITION_YEARS[found] for found in _YEAR.findall(text)}
    return years.pop() if len(years) == 1 else None


def date_readings(text: str) -> tuple[datetime.date, ...]:
    """Every date ``text`` can be read as: ``2016/05/14``, ``2016-05-14``,
    ``14.05.2016``, ``05/14/2016``, ``10.09.13`` (two-digit years: 20YY)...
    Empty when it is not a date."""
    named = _named_month_date(text.strip())
    if named is not None:
        return (named,)
    found = _DATE.match(text.strip())
    if not found:
        return ()
    a, b, c = found.groups()
    orders: list[tuple[str, str, str]] = []
    if len(a) == 4:
        orders = [(a, b, c)]                       # year first
    elif len(c) == 4:
        orders = [(c, b, a), (c, a, b)]            # day first, or month first
    elif len(a) <= 2 and len(c) <= 2:
        orders = [(a, b, c), (c, b, a), (c, a, b)]  # YY/MM/DD (as 132), DD/MM/YY, MM/DD/YY
    readings: list[datetime.date] = []
    for year, month, day in orders:
        number = int(year)
        if len(year) <= 2:
            number += 2000
        try:
            date = datetime.date(number, int(month), int(day))
        except ValueError:
            continue
        if date not in readings:
            readings.append(date)
    return tuple(readings)


_MONTHS = {name: number for number, names in enumerate((
    ("jan", "january"), ("feb", "february"), ("mar", "march"), ("apr", "april"), ("may",),
    ("jun", "june"), ("jul", "july"), ("aug", "august"), ("sep", "sept", "september"),
    ("oct", "october"), ("nov", "november"), ("dec", "december")), 1) for name in names}
_NAMED_MONTH_FIRST = re.compile(r"^([A-Za-z]+)\.?\s+(\d{1,2}),?\s+(\d{4})$")
_NAMED_DAY_FIRST = re.compile(r"^(\d{1,2})\.?\s+([A-Za-z]+)\.?,?\s+(\d{4})$")


def _named_month_date(text: str) -> datetime.date | None:
    """An English month name, as Lichess exports write it (``May 29, 2020``),
    or day first (``29 May 2020``): one reading only."""
    found = _NAMED_MONTH_FIRST.match(text)
    if found:
        month, day, year = found.groups()
    else:
        found = _NAMED_DAY_FIRST.match(text)
        if not found:
            return None
        day, month, year = found.groups()
    number = _MONTHS.get(month.lower())
    if number is None:
        return None
    try:
        return datetime.date(int(year), number, int(day))
    except ValueError:
        return None


def _edition_of(date: datetime.date) -> tuple[str, bool]:
    if date >= EDITION_2026_FROM:
        return "dutch-2026", False
    return "dutch-2017", date < EDITION_2017_FROM


def choose_available(name: str | None, tournament: Tournament | None = None) -> Choice:
    """:func:`choose`, for a command: a ``name`` no system has, or a system
    not built yet, is refused as bad usage naming those that are (``pair``,
    ``publish`` and the desk's publishing say it the same way)."""
    if name is not None and name not in SYSTEMS:
        raise usage("cli.system.unknown", name=name, known=", ".join(SYSTEMS))
    choice = choose(name, tournament)
    if not choice.system.available:
        raise usage("cli.system.not_yet", name=choice.name, title=choice.system.title,
                    available=", ".join(available()))
    return choice


def choose(name: str | None, tournament: Tournament | None = None) -> Choice:
    """The system named ``name`` (``--system``); with no name, the file's
    (see the module doc for the order), and why."""
    if name is not None:
        return Choice(_named(name), "option", name)
    if tournament is None:
        return Choice(SYSTEMS[DEFAULT], "default")
    notes: list[tuple[str, str]] = []
    code = tournament.system
    if code:
        named = _from_code(code)
        if named is not None and SYSTEMS[named].available:
            return Choice(SYSTEMS[named], "code", code)
        notes.append(("code", code))
    teams = getattr(tournament, "teams", ())
    if teams:
        # Teams are never paired by an individual system: their dates or a
        # 092 naming the Dutch system say nothing of the team rules.
        return Choice(SYSTEMS["team-2026"], "teams", str(len(teams)), notes=tuple(notes))
    stated = _from_statement(tournament.type_text)
    if stated is not None:
        return Choice(SYSTEMS[stated], "statement", tournament.type_text,
                      notes=tuple(notes))
    for source, text in (("start", tournament.start_date), ("end", tournament.end_date)):
        if not text:
            continue
        editions = {_edition_of(date) for date in date_readings(text)}
        if source == "end":
            # An end before 1 February 2026 tells the start; a later end does not.
            editions = editions if all(e == "dutch-2017" for e, _ in editions) else set()
        if len(editions) == 1:
            edition, older = editions.pop()
            return Choice(SYSTEMS[edition], source, text, older, tuple(notes))
        if ("date", text) not in notes:  # the same text as start and end: said once
            notes.append(("date", text))
    return Choice(SYSTEMS[DEFAULT], "default", notes=tuple(notes))

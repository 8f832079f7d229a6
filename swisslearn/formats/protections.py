"""Protection records in a TRF (version 1), read and written, and the ``202``
tie-breaks the soft-bottom standings use.

Our own records, written after the others, tokens separated by blanks; a
name is everything after `` : `` (it may hold blanks).  Other programs
ignore them.  Strict groups are also written as standard ``260`` records
(a frozen round: ``260 r r ids``; a setting: from its first round to the
last), so other engines keep them apart too.

============================================  ==================================
record                                        meaning
============================================  ==================================
``XSV 1``                                     version of these records (1)
``XSA FROM ATTRIBUTE CONSTRAINT``             automatic groups by ATTRIBUTE,
                                              from round FROM on
``XSG FROM CONSTRAINT ID ID ... : NAME``      manual group NAME from round FROM
``XSR ROUND CONSTRAINT KIND ID ... : NAME``   a group frozen with paired round
                                              ROUND; KIND ``auto`` (NAME is
                                              ``attribute=value``) or ``manual``
``XSL ROUND THRESHOLD ID ...``                released players of ROUND and the
                                              threshold N (``-``: no soft-bottom
                                              group)
============================================  ==================================

CONSTRAINT is ``strict``, ``soft-bottom``, ``soft-avoid`` or ``none``.  For
one attribute (or one manual name) the record with the largest FROM not
after the round applies (the last one read if equal).  A file holding
``XSR`` records for a round replays that round with them only.

:func:`read_records` reads them (one method of :class:`_Reader` per record,
as :mod:`swisslearn.formats.trf` reads its records); a malformed record is a
:class:`~swisslearn.errors.TRFError` naming its line and column (catalogue
keys ``protect.record.*``).  :func:`write_records` writes them into a copy
of the document.
"""

from __future__ import annotations

import dataclasses
import itertools
from dataclasses import dataclass
from typing import Callable, Iterable, Protocol, Sequence

from swisslearn.errors import TRFError, UsageError
from swisslearn.formats.teams import with_teams
from swisslearn.formats.trf import PROTECTION_CODES, TrfDocument, parse_trf
from swisslearn.groups import (AttributeRule, Constraint, FrozenRound, Group, ManualGroup,
                               constrained, settings_groups)
from swisslearn.model import PlayerId, RoundNumber, Tournament

__all__ = ["RECORDS_VERSION", "ProtectionRecords", "read_records", "write_records",
           "tiebreaks_from_trf", "PLAYER_ATTRIBUTES", "known_attributes"]

RECORDS_VERSION = 1


class Settings(Protocol):
    """What the records hold of a tournament's protections (a
    :class:`~swisslearn.protections.Protections` has it)."""

    @property
    def rules(self) -> tuple[AttributeRule, ...]: ...

    @property
    def manual(self) -> tuple[ManualGroup, ...]: ...

    @property
    def frozen(self) -> tuple[FrozenRound, ...]: ...


@dataclass(frozen=True)
class ProtectionRecords:
    """The protection records of a file, as read: the automatic and manual
    settings, and the groups frozen with each paired round."""

    rules: tuple[AttributeRule, ...] = ()
    manual: tuple[ManualGroup, ...] = ()
    frozen: tuple[FrozenRound, ...] = ()


PLAYER_ATTRIBUTES = ("federation", "title", "sex", "name", "fide_id", "birth_date", "club")
"""The attributes every player has (``club``: where the file gives one, a
team's nickname in team files); a file may add others (Player.attributes)."""


def known_attributes(tournament: Tournament) -> tuple[str, ...]:
    """The attributes a group can be made by in ``tournament``."""
    extra = {name for player in tournament.players for name, _ in player.attributes}
    return tuple(sorted(set(PLAYER_ATTRIBUTES) | extra))


def read_records(document: TrfDocument) -> ProtectionRecords:
    """The protection records of ``document`` (see the module doc); a record
    naming a player the tournament does not have, or an attribute no player
    has, is refused (it would protect nobody, silently)."""
    return _Reader(document.lines, document.source, document.tournament).read()


class _Reader:
    """Reads the ``XS?`` records, one method per record code; stops at the
    first malformed one (:class:`~swisslearn.errors.TRFError`)."""

    def __init__(self, lines: Sequence[str], source: str,
                 tournament: Tournament | None = None) -> None:
        self.lines = lines
        self.source = source
        self.tournament = tournament
        self.rules: list[AttributeRule] = []
        self.manual: list[ManualGroup] = []
        self.frozen: dict[RoundNumber, list[Group]] = {}
        self.released: dict[RoundNumber, tuple[int | None, tuple[PlayerId, ...]]] = {}
        # The record being read: its code, line number and text, its tokens
        # before " : " and the 1-based column of each, and the name after it.
        self.code = ""
        self.number = 0
        self.line = ""
        self.tokens: list[str] = []
        self.columns: list[int] = []
        self.name = ""
        self.named = False

    def read(self) -> ProtectionRecords:
        for number, line in enumerate(self.lines, 1):
            handler = _HANDLERS.get(line[:3])
            if handler is None:
                continue
            self.code, self.number, self.line = line[:3], number, line
            head, sep, self.name = line[4:].partition(" : ")
            self.named = bool(sep)
            self.tokens = head.split()
            self.columns = _columns(line, len(self.tokens))
            handler(self)
        rounds = sorted(set(self.frozen) | set(self.released))
        return ProtectionRecords(
            rules=tuple(self.rules), manual=tuple(self.manual),
            frozen=tuple(FrozenRound(r, tuple(self.frozen.get(r, ())),
                                     self.released.get(r, (None, ()))[0],
                                     self.released.get(r, (None, ()))[1]) for r in rounds))

    # -- the tokens of a record -------------------------------------------

    def error(self, key: str, column: int = 5, **fields: object) -> TRFError:
        return TRFError(file=self.source, line=self.number, column=column, field=self.code,
                        key=f"protect.record.{key}", fields={"code": self.code, **fields})

    @property
    def end(self) -> int:
        """The column after the last character of the line."""
        return len(self.line) + 1

    def integer(self, index: int, what: str) -> int:
        """Token ``index``, a number from 1 (``what`` names it in the error)."""
        if index >= len(self.tokens):
            raise self.error(f"missing_{what}", self.end)
        text = self.tokens[index]
        if not (text.isascii() and text.isdigit()) or int(text) < 1:
            raise self.error(f"bad_{what}", self.columns[index], value=text)
        return int(text)

    def player(self, index: int) -> PlayerId:
        """Token ``index``, a player of the tournament."""
        pid = self.integer(index, "player")
        if self.tournament is not None and pid not in self.tournament:
            raise self.error("unknown_player", self.columns[index], player=pid)
        return pid

    def constraint(self, index: int) -> Constraint:
        if index >= len(self.tokens):
            raise self.error("missing_constraint", self.end)
        try:
            return Constraint.parse(self.tokens[index])
        except UsageError:
            raise self.error("bad_constraint", self.columns[index],
                             value=self.tokens[index]) from None

    def members(self, first: int) -> tuple[PlayerId, ...]:
        """The players from token ``first`` on, then the group's name: a
        group has a name and two players or more."""
        members = tuple(self.player(i) for i in range(first, len(self.tokens)))
        if not self.named or not self.name.strip():
            raise self.error("missing_name", self.end)
        if len(members) < 2:
            raise self.error("two_players", self.end)
        return members

    # -- records ----------------------------------------------------------

    def version(self) -> None:
        """``XSV VERSION``: a version newer than ours is refused."""
        version = self.integer(0, "version")
        if version > RECORDS_VERSION:
            raise self.error("version", version=version, known=RECORDS_VERSION)

    def attribute_rule(self) -> None:
        """``XSA FROM ATTRIBUTE CONSTRAINT``."""
        first = self.integer(0, "first_round")
        if len(self.tokens) < 2:
            raise self.error("missing_attribute", self.end)
        attribute = self.tokens[1]
        if self.tournament is not None:
            known = known_attributes(self.tournament)
            if attribute not in known:
                raise self.error("unknown_attribute", self.columns[1], value=attribute,
                                 known=", ".join(known))
        self.rules.append(AttributeRule(attribute, self.constraint(2), first))

    def manual_group(self) -> None:
        """``XSG FROM CONSTRAINT ID ID ... : NAME``."""
        first = self.integer(0, "round")
        members = self.members(2)
        self.manual.append(ManualGroup(self.name.strip(), members, self.constraint(1), first))

    def frozen_group(self) -> None:
        """``XSR ROUND CONSTRAINT KIND ID ... : NAME``."""
        round = self.integer(0, "round")
        if len(self.tokens) < 3 or self.tokens[2] not in ("auto", "manual"):
            raise self.error("missing_kind", self.columns[2] if len(self.tokens) > 2
                             else self.end)
        kind = self.tokens[2]
        members = self.members(3)
        name = self.name.strip()
        attribute = name.partition("=")[0] if kind == "auto" else ""
        self.frozen.setdefault(round, []).append(
            Group(name, tuple(sorted(members)), self.constraint(1), attribute))

    def released_players(self) -> None:
        """``XSL ROUND THRESHOLD ID ...`` (``-``: no threshold)."""
        round = self.integer(0, "round")
        if len(self.tokens) < 2:
            raise self.error("missing_threshold", self.end)
        threshold = None
        if self.tokens[1] != "-":
            if not (self.tokens[1].isascii() and self.tokens[1].isdigit()):
                raise self.error("bad_threshold", self.columns[1], value=self.tokens[1])
            threshold = int(self.tokens[1])
        self.released[round] = (threshold, tuple(self.player(i)
                                                 for i in range(2, len(self.tokens))))


_HANDLERS: dict[str, Callable[[_Reader], None]] = {
    "XSV": _Reader.version, "XSA": _Reader.attribute_rule, "XSG": _Reader.manual_group,
    "XSR": _Reader.frozen_group, "XSL": _Reader.released_players,
}
"""The reader of each protection record (every code of ``PROTECTION_CODES``)."""


def _columns(line: str, count: int) -> list[int]:
    """1-based columns of the first ``count`` tokens after the record code."""
    columns: list[int] = []
    position = 4
    while len(columns) < count and position < len(line):
        while position < len(line) and line[position] == " ":
            position += 1
        columns.append(position + 1)
        while position < len(line) and line[position] != " ":
            position += 1
    return columns + [len(line) + 1] * (count - len(columns))


# ---------------------------------------------------------------------------
# Writing


def write_records(document: TrfDocument, protections: Settings) -> TrfDocument:
    """A copy of ``document`` holding ``protections``: our records replaced
    (at the end of the file), and the ``260`` records of the strict groups
    (those written for the previous protections are taken out)."""
    tournament = document.tournament
    old = read_records(document)
    stale = (set(_strict_lines(old, tournament))
             if constrained(old.rules, old.manual, old.frozen) else set())
    kept = [line for line in document.lines
            if line[:3] not in PROTECTION_CODES and line not in stale]
    lines = kept + _strict_lines(protections, tournament) + _record_lines(protections)
    text = document.newline.join(lines) + (document.newline if document.final_newline else "")
    parsed = parse_trf(text, source=document.source)
    return dataclasses.replace(with_teams(parsed), newline=document.newline,
                               final_newline=document.final_newline, bom=document.bom)


def _record_lines(protections: Settings) -> list[str]:
    lines = [f"XSV {RECORDS_VERSION}"]
    for rule in protections.rules:
        lines.append(f"XSA {rule.first_round} {rule.attribute} {rule.constraint.value}")
    for group in protections.manual:
        lines.append(f"XSG {group.first_round} {group.constraint.value} "
                     f"{' '.join(map(str, group.members))} : {group.name}")
    for frozen in protections.frozen:
        for g in frozen.groups:
            kind = "auto" if g.automatic else "manual"
            lines.append(f"XSR {frozen.round} {g.constraint.value} {kind} "
                         f"{' '.join(map(str, g.members))} : {g.name}")
        threshold = "-" if frozen.threshold is None else str(frozen.threshold)
        lines.append(" ".join([f"XSL {frozen.round} {threshold}"]
                              + [str(p) for p in frozen.released]))
    return lines


def _strict_lines(protections: Settings, tournament: Tournament) -> list[str]:
    """The ``260`` records of the strict groups (frozen rounds, then settings
    from their first round to the last)."""
    last = tournament.rounds if tournament.rounds is not None else 999
    lines = []

    def record(first: int, final: int, members: Sequence[PlayerId]) -> str:
        return f"260 {first:03d} {final:03d}" + "".join(f" {p:4d}" for p in members)

    for frozen in protections.frozen:
        for g in frozen.groups:
            if g.constraint is Constraint.STRICT:
                lines.append(record(frozen.round, frozen.round, g.members))
    start = max([f.round for f in protections.frozen], default=0) + 1
    # One 260 per group and run of rounds with the same members.
    runs: dict[tuple[str, tuple[PlayerId, ...]], list[int]] = {}
    for r in range(start, last + 1):
        for g in settings_groups(protections.rules, protections.manual, tournament, r):
            if g.constraint is Constraint.STRICT:
                runs.setdefault((g.name, g.members), []).append(r)
    for (_, members), used in runs.items():
        for _, run in itertools.groupby(enumerate(used), lambda item: item[1] - item[0]):
            span = [r for _, r in run]
            lines.append(record(span[0], span[-1], members))
    return lines


# ---------------------------------------------------------------------------
# Tie-breaks (202)


_TRF_CODES: dict[str, str] = {
    "PTS": "points", "BH": "buchholz", "BH/C1": "buchholz-cut1", "BH-C1": "buchholz-cut1",
    "BHC1": "buchholz-cut1", "SB": "sonneborn-berger", "DE": "direct-encounter",
    "ARO": "aro", "GP": "game-points", "BC": "board-count", "MP": "points",
}
"""The ``202`` codes of the tie-breaks :mod:`swisslearn.standings` computes."""


def tiebreaks_from_trf(lines: Iterable[str]) -> tuple[str, ...] | None:
    """The tie-breaks of a TRF-2026 ``202`` record (comma-separated codes), as
    names of :data:`swisslearn.standings.TIEBREAKS`; codes we do not compute
    are left out.  ``None`` when the file has no ``202`` or none of its
    codes is known."""
    for line in lines:
        if line[:3] != "202":
            continue
        names = []
        for code in line[4:].replace(";", ",").split(","):
            name = _TRF_CODES.get(code.strip().upper())
            if name is not None and name not in names:
                names.append(name)
        return tuple(names) or None
    return None

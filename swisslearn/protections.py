"""Pairing protections (seed 002): groups of players (or teams) who should not
meet, and the three constraints that keep them apart.

Groups
------
* **Automatic** (:class:`AttributeRule`): one group per value of a player
  attribute (``federation``, ``club``, ``title``, ``sex`` or any attribute
  the file carries; ``club`` falls back to the ``310`` nickname of a team
  file), all with one constraint.  ``none`` keeps the groups but switches
  them off.  Players with an empty value form no group, and a group of one
  separates nobody, so only groups of two or more are listed.
* **Manual** (:class:`ManualGroup`): a name, the members, its own constraint.

A round may mix the constraints:

``strict``
    Always kept: every pair of the group is forbidden to the engine (as a
    ``260`` record would).  If the round cannot be paired so, nothing is
    paired: :class:`~swisslearn.errors.PairingError` names the strict
    groups at fault and their players (exit 1).
``soft-bottom``
    The standings at the entry of the round (:mod:`swisslearn.standings`,
    tie-breaks included; round 1: the initial order) give each player a
    place.  For a threshold N, members placed 1..N keep every separation;
    two members both placed below N may meet.  The largest N for which the
    round can be paired is kept (every N from the number of players down is
    tried, the first that pairs wins: :attr:`ProtectedRound.trials`, a
    table for notebooks); the separations kept go to the engine as
    absolute interdictions, before the usual criteria.  Released players
    (``released`` in ``pair --json``) are the members placed below N who
    share a group with another member placed below N: the only ones a
    separation was lifted for.  Nobody is released when all can be kept.
    "Can be paired": a maximum matching avoiding rematches and interdictions
    first (fast refusal), then the engine itself (its own absolute criteria:
    colours, the bye...).
``soft-avoid``
    The engine's lowest-priority criterion: among the candidates its rules
    judge equivalent, the one with the fewest pairs of a same group, before
    the order in which the rules would try them.  ``dutch-2026``: a weight
    field under [C21], above the 4.2-4.3 order; ``team-2026``: a field under
    [C10], above the 3.6.2 identifier (the upfloater set of 3.5.5 is chosen
    as without protections); ``team-2026-sharly``: a field of its whole-round
    weight under [C10], above the top members; ``simple``: among the group pairings with the
    most pairs, the fewest same-group pairs, then the seed's order;
    ``dutch-1998``: in each bracket, among the pairings acceptable at the
    level at which the rules accepted their first one (same x, p, dropped
    criteria, players moved down, colour conflicts, score differences and
    B5/B6 breaches), the fewest same-group pairs, then D1/D2 order
    (:mod:`swisslearn.dutch1998.procedure`, "Soft-avoid").

Frozen rounds
-------------
Once a round is paired, the groups used for it are frozen with it
(:meth:`Protections.freeze`); later changes of settings apply to later
rounds only.  A frozen round is always replayed (``check``) with its frozen
groups; command-line groups replace the file's settings of the same
attribute (or the manual group of the same name) for the rounds not frozen.

TRF records
-----------
A file keeps its settings and its frozen rounds in our own records
(``XSV``, ``XSA``, ``XSG``, ``XSR``, ``XSL``), the strict groups also as
``260`` records: :mod:`swisslearn.formats.protections` reads and writes
them (:meth:`Protections.from_document`, ``write_records``).  The groups
themselves are :mod:`swisslearn.groups`.
"""

from __future__ import annotations

import dataclasses
import html
import itertools
from dataclasses import dataclass, field
from typing import Any, ClassVar, Iterable, Iterator, Mapping, Sequence

from swisslearn import systems
from swisslearn.errors import PairingError, UsageError, usage
from swisslearn.formats.protections import read_records, tiebreaks_from_trf
from swisslearn.formats.teams import board_tournament
from swisslearn.formats.trf import TrfDocument
from swisslearn.groups import (AttributeRule, Constraint, FrozenRound, Group, ManualGroup, Pair,
                               attribute_value, constrained, settings_groups)
from swisslearn.matching import max_pairs
from swisslearn.model import PlayerId, RoundNumber, Tournament
from swisslearn.standings import Standings, standings
from swisslearn.teams import TeamTournament
from swisslearn.trace import Event, RoundPaired, last_round_paired
from swisslearn.words import catalogue

__all__ = ["Constraint", "AttributeRule", "ManualGroup", "Group", "FrozenRound", "Protections",
           "Trial", "ProtectedRound", "ProtectionsApplied", "parse_avoid", "parse_group",
           "attribute_value", "protect", "trace", "pair", "Pair"]


@dataclass(frozen=True)
class Protections:
    """The protection settings of a tournament, round by round, and the
    groups frozen with the rounds already paired."""

    rules: tuple[AttributeRule, ...] = ()
    manual: tuple[ManualGroup, ...] = ()
    frozen: tuple[FrozenRound, ...] = ()
    tiebreaks: tuple[str, ...] | None = None
    boards: Tournament | None = field(default=None, compare=False, repr=False)

    @property
    def active(self) -> bool:
        """Does any setting or frozen round use a constraint?"""
        return constrained(self.rules, self.manual, self.frozen)

    def frozen_round(self, round: RoundNumber) -> FrozenRound | None:
        for frozen in self.frozen:
            if frozen.round == round:
                return frozen
        return None

    def groups(self, tournament: Tournament, round: RoundNumber) -> tuple[Group, ...]:
        """The groups for ``round``: the frozen ones, else those the settings give."""
        frozen = self.frozen_round(round)
        if frozen is not None:
            for used in frozen.groups:
                for pid in used.members:
                    if pid not in tournament:
                        raise usage("protect.frozen_unknown", source=tournament.source,
                                    name=used.name, round=round, player=pid)
            return frozen.groups
        return settings_groups(self.rules, self.manual, tournament, round)

    def with_options(self, avoid: Sequence[str] = (), groups: Sequence[str] = ()) -> Protections:
        """The settings with the command line's ``--avoid`` and ``--group``: each
        replaces the setting of the same attribute (or name) for every round
        not frozen."""
        rules = [parse_avoid(text) for text in avoid]
        manual = [parse_group(text) for text in groups]
        attributes = {r.attribute for r in rules}
        names = {g.name for g in manual}
        return dataclasses.replace(
            self,
            rules=tuple(r for r in self.rules if r.attribute not in attributes) + tuple(rules),
            manual=tuple(g for g in self.manual if g.name not in names) + tuple(manual))

    def freeze(self, paired: ProtectedRound | ProtectionsApplied) -> Protections:
        """These protections with ``paired``'s groups frozen with its round
        (a protected round, or the first event of its trace)."""
        frozen = FrozenRound(paired.round, paired.groups, paired.threshold, paired.released)
        return dataclasses.replace(
            self, frozen=tuple(sorted((f for f in self.frozen if f.round != paired.round),
                                      key=lambda f: f.round)) + (frozen,))

    @classmethod
    def from_document(cls, document: object) -> Protections:
        """The protections a TRF document records (none for anything else),
        with its ``202`` tie-breaks and, for a team file, its board players;
        :class:`~swisslearn.errors.TRFError` for a malformed record."""
        if not isinstance(document, TrfDocument):
            return cls()
        found = read_records(document)
        boards = None
        if isinstance(document.tournament, TeamTournament):
            boards = board_tournament(document)
        return cls(rules=found.rules, manual=found.manual, frozen=found.frozen,
                   tiebreaks=tiebreaks_from_trf(document.lines), boards=boards)


def parse_avoid(text: str) -> AttributeRule:
    """``--avoid ATTRIBUTE:CONSTRAINT``."""
    attribute, sep, constraint = text.rpartition(":")
    if not sep or not attribute.strip():
        raise usage("protect.avoid", text=text)
    return AttributeRule(attribute.strip(), Constraint.parse(constraint))


def parse_group(text: str) -> ManualGroup:
    """``--group NAME:ID,ID,...:CONSTRAINT``."""
    parts = text.rsplit(":", 2)
    if len(parts) != 3 or not parts[0].strip():
        raise usage("protect.group", text=text)
    name, ids, constraint = parts
    members = []
    for item in ids.split(","):
        item = item.strip()
        if not (item.isascii() and item.isdigit()) or int(item) < 1:
            raise usage("protect.group_number", text=text, item=item)
        members.append(int(item))
    if len(set(members)) < 2:
        raise usage("protect.group_two", text=text)
    return ManualGroup(name.strip(), tuple(members), Constraint.parse(constraint))


# ---------------------------------------------------------------------------
# The round


@dataclass(frozen=True)
class Trial:
    """One threshold tried: members placed 1..``threshold`` are ``protected``;
    ``released`` may meet a member of their group also released."""

    threshold: int
    protected: tuple[PlayerId, ...]
    released: tuple[PlayerId, ...]
    feasible: bool
    reason: str = ""


@dataclass(frozen=True)
class ProtectionsApplied(Event):
    """First event of a protected trace: the groups of the round, the
    threshold search (soft-bottom), the interdictions given to the engine
    and the pairs it avoids (soft-avoid)."""

    kind: ClassVar[str] = "protections_applied"
    round: RoundNumber
    groups: tuple[Group, ...]
    standings: tuple[PlayerId, ...] = ()
    threshold: int | None = None
    trials: tuple[Trial, ...] = ()
    released: tuple[PlayerId, ...] = ()
    forbidden: tuple[tuple[PlayerId, PlayerId], ...] = ()
    avoided: tuple[tuple[PlayerId, PlayerId], ...] = ()


@dataclass(frozen=True)
class ProtectedRound:
    """A round paired with protections: what was decided, and the engine's
    events (the last one, :attr:`result`, carries ``released``)."""

    round: RoundNumber
    system: str
    groups: tuple[Group, ...]
    standings: Standings | None
    threshold: int | None
    trials: tuple[Trial, ...]
    released: tuple[PlayerId, ...]
    forbidden: frozenset[Pair]
    avoided: frozenset[Pair]
    events: tuple[Event, ...] = field(repr=False, compare=False)

    @property
    def result(self) -> RoundPaired:
        last = self.events[-1]
        assert isinstance(last, RoundPaired)
        return last

    @property
    def applied(self) -> ProtectionsApplied:
        return ProtectionsApplied(
            rule="protections", round=self.round, groups=self.groups,
            standings=self.standings.order if self.standings is not None else (),
            threshold=self.threshold, trials=self.trials, released=self.released,
            forbidden=_sorted_pairs(self.forbidden), avoided=_sorted_pairs(self.avoided))

    def trials_table(self) -> list[dict[str, Any]]:
        """The threshold search as rows (a DataFrame in a notebook)."""
        return [{"N": t.threshold, "feasible": t.feasible, "protected": list(t.protected),
                 "released": list(t.released), "reason": t.reason} for t in self.trials]

    def _repr_html_(self) -> str:
        groups = "".join(
            f"<li>{html.escape(g.name)} ({g.constraint.value}): "
            f"{', '.join(map(str, g.members))}</li>" for g in self.groups)
        rows = "".join(
            f"<tr><td>{t.threshold}</td><td>{'oui' if t.feasible else 'non'}</td>"
            f"<td>{', '.join(map(str, t.released)) or '—'}</td>"
            f"<td>{html.escape(t.reason)}</td></tr>" for t in self.trials)
        table = ("<table><thead><tr><th>N</th><th>Appariable ?</th><th>Libéré·es</th>"
                 f"<th>Pourquoi</th></tr></thead><tbody>{rows}</tbody></table>") if rows else ""
        released = ", ".join(map(str, self.released)) or "personne"
        return (f"<div><p>Ronde {self.round} ({html.escape(self.system)}) : groupes</p>"
                f"<ul>{groups}</ul>{table}<p>Seuil : {self.threshold if self.threshold is not None else '—'}"
                f" ; libéré·es : {released}</p></div>")


def _sorted_pairs(pairs: Iterable[Pair]) -> tuple[tuple[PlayerId, PlayerId], ...]:
    result = []
    for pair in pairs:
        a, b = sorted(pair)
        result.append((a, b))
    return tuple(sorted(result))


def _system_of(system: object, tournament: Tournament) -> systems.System:
    """``system`` as a :class:`~swisslearn.systems.System`: one already, a
    name, or ``None`` for the file's."""
    if isinstance(system, systems.System):
        return system
    if system is None or isinstance(system, str):
        return systems.get(system, tournament)
    raise UsageError(f"unknown system {system!r}")


def _pairable(system: systems.Engine, tournament: Tournament, round: RoundNumber,
              forbidden: frozenset[Pair]) -> bool:
    """A necessary condition every engine shares: the players present can all
    be paired (but one) without a rematch or an interdiction (the file's
    ``260``/``XXP`` too, for a system that keeps them: not ``simple``)."""
    base = tournament.truncated(round - 1)
    present = [s for s in base.states(round) if s.available]
    file_forbidden = base.forbidden_pairs(round) if system.file_interdictions \
        else frozenset()

    met = {s.id: s.opponents for s in present}

    def can_meet(a: PlayerId, b: PlayerId) -> bool:
        pair = frozenset((a, b))
        return not (b in met[a] or pair in forbidden or pair in file_forbidden)

    return 2 * max_pairs(list(met), can_meet) >= len(present) - 1


def protect(tournament: Tournament, round: RoundNumber | None = None, *,
            system: object = None, protections: Protections) -> ProtectedRound:
    """Pair ``round`` with the protections (see the module doc)."""
    engine = _system_of(system, tournament)
    if round is None:
        round = tournament.next_round()
    groups = protections.groups(tournament, round)
    strict: set[Pair] = set()
    avoid: set[Pair] = set()
    bottom = [g for g in groups if g.constraint is Constraint.SOFT_BOTTOM]
    for group in groups:
        if group.constraint is Constraint.STRICT:
            strict |= group.pairs()
        elif group.constraint is Constraint.SOFT_AVOID:
            avoid |= group.pairs()
    strict_set = frozenset(strict)
    avoid_set = frozenset(avoid - strict)
    table: Standings | None = None
    trials: list[Trial] = []
    threshold: int | None = None
    released: tuple[PlayerId, ...] = ()
    events: list[Event] | None = None
    maintained: frozenset[Pair] = frozenset()
    if bottom:
        table = standings(tournament, round, protections.tiebreaks, boards=protections.boards)
        place = {row.id: row.rank for row in table.rows}
        known: dict[frozenset[Pair], tuple[bool, str, list[Event] | None]] = {}
        for n in range(len(table.rows), -1, -1):
            keep, protected, freed = _threshold(bottom, place, n)
            forbidden = strict_set | keep
            if forbidden not in known:
                known[forbidden] = _try(engine, tournament, round, forbidden, avoid_set)
            feasible, reason, found = known[forbidden]
            trials.append(Trial(n, protected, freed, feasible, reason))
            if feasible:
                threshold, released, events, maintained = n, freed, found, keep
                break
        if events is None:
            _refuse(engine, tournament, round, groups, strict_set, avoid_set, bottom=True)
    else:
        feasible, _, found = _try(engine, tournament, round, strict_set, avoid_set)
        if not feasible:
            _refuse(engine, tournament, round, groups, strict_set, avoid_set, bottom=False)
        events = found
    assert events is not None
    last = events[-1]
    assert isinstance(last, RoundPaired)
    events[-1] = dataclasses.replace(last, released=released)
    return ProtectedRound(round=round, system=engine.name, groups=groups, standings=table,
                          threshold=threshold, trials=tuple(trials), released=released,
                          forbidden=strict_set | maintained, avoided=avoid_set,
                          events=tuple(events))


def _threshold(groups: Sequence[Group], place: Mapping[PlayerId, int], n: int
               ) -> tuple[frozenset[Pair], tuple[PlayerId, ...], tuple[PlayerId, ...]]:
    """For threshold ``n``: the separations kept, the members protected, the
    members released (placed below ``n`` with another member placed below)."""
    keep: set[Pair] = set()
    protected: set[PlayerId] = set()
    freed: set[PlayerId] = set()
    for group in groups:
        below = [p for p in group.members if place[p] > n]
        protected.update(p for p in group.members if place[p] <= n)
        if len(below) >= 2:
            freed.update(below)
        for a, b in itertools.combinations(group.members, 2):
            if place[a] <= n or place[b] <= n:
                keep.add(frozenset((a, b)))
    order = sorted(place, key=lambda p: place[p])
    return (frozenset(keep), tuple(p for p in order if p in protected),
            tuple(p for p in order if p in freed))


def _try(system: systems.Engine, tournament: Tournament, round: RoundNumber,
         forbidden: frozenset[Pair], avoid: frozenset[Pair]
         ) -> tuple[bool, str, list[Event] | None]:
    if not _pairable(system, tournament, round, forbidden):
        return False, "no pairing avoids every rematch and interdiction", None
    try:
        events = list(system.trace(tournament, round, forbidden=forbidden, avoid=avoid))
    except PairingError as error:
        return False, str(error), None
    return True, "", events


def _refuse(system: systems.Engine, tournament: Tournament, round: RoundNumber,
            groups: Sequence[Group], strict: frozenset[Pair], avoid: frozenset[Pair], *,
            bottom: bool) -> None:
    """Raise the PairingError of a round the protections cannot pair: the
    strict groups at fault, or the engine's own message if the round cannot
    be paired even without them."""
    feasible, reason, _ = _try(system, tournament, round, frozenset(), avoid)
    if not feasible:
        try:
            list(system.trace(tournament, round))
        except PairingError:
            raise
        raise PairingError(f"{tournament.source}: round {round} cannot be paired: {reason}")
    strict_groups = [g for g in groups if g.constraint is Constraint.STRICT]
    culprits = []
    for group in strict_groups:
        others = frozenset(p for g in strict_groups if g is not group for p in g.pairs())
        if _try(system, tournament, round, others, avoid)[0]:
            culprits.append(group)
    named = culprits or strict_groups
    key = "protect.strict_one" if len(named) == 1 else "protect.strict_many"
    fields = {"source": tournament.source, "round": round, "system": system.name,
              "names": ", ".join(repr(g.name) for g in named),
              "players": "; ".join(", ".join(map(str, g.members)) for g in named)}
    raise PairingError(_english(key, fields), key=key, fields=fields)


def _english(key: str, fields: Mapping[str, object]) -> str:
    return catalogue("en").text(key, **fields)


def trace(tournament: Tournament, round: RoundNumber | None = None, *, system: object = None,
          protections: Protections) -> Iterator[Event]:
    """The engine's events with the protections: :class:`ProtectionsApplied`
    first, ``released`` in the final ``RoundPaired``.  Without any active
    group, exactly the engine's trace."""
    engine = _system_of(system, tournament)
    if round is None:
        round = tournament.next_round()
    if not protections.active:
        yield from engine.trace(tournament, round)
        return
    paired = protect(tournament, round, system=engine, protections=protections)
    yield paired.applied
    yield from paired.events


def pair(tournament: Tournament, round: RoundNumber | None = None, *, system: object = None,
         protections: Protections) -> RoundPaired:
    """The last event of :func:`trace`."""
    return last_round_paired(trace(tournament, round, system=system, protections=protections))

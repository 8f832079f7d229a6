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

TRF records (version 1)
-----------------------
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
"""

from __future__ import annotations

import dataclasses
import enum
import html
import importlib
import itertools
from dataclasses import dataclass, field
from typing import Any, ClassVar, Iterable, Iterator, Mapping, Sequence

from swisslearn.errors import PairingError, TRFError, UsageError, usage
from swisslearn.model import ForbiddenPairs, Player, PlayerId, RoundNumber, Tournament
from swisslearn.standings import Standings, board_tournament, standings, tiebreaks_from_trf
from swisslearn.trace import last_round_paired
from swisslearn.trace import Event, RoundPaired

__all__ = ["RECORDS_VERSION", "Constraint", "AttributeRule", "ManualGroup", "Group",
           "FrozenRound", "Protections", "Trial", "ProtectedRound", "ProtectionsApplied",
           "parse_avoid", "parse_group", "attribute_value", "protect", "trace", "pair",
           "write_records", "Pair"]

RECORDS_VERSION = 1
Pair = frozenset[PlayerId]
_CODES = ("XSV", "XSA", "XSG", "XSR", "XSL")


class Constraint(enum.Enum):
    """What keeps the members of a group apart (seed 002, "Contraintes")."""

    NONE = "none"
    STRICT = "strict"
    SOFT_BOTTOM = "soft-bottom"
    SOFT_AVOID = "soft-avoid"

    @classmethod
    def parse(cls, text: str) -> Constraint:
        for member in cls:
            if member.value == text.strip().lower():
                return member
        raise usage("protect.constraint", text=text)

    def __repr__(self) -> str:
        return f"Constraint.{self.name}"


@dataclass(frozen=True)
class AttributeRule:
    """Automatic groups: one per value of ``attribute``, from ``first_round`` on."""

    attribute: str
    constraint: Constraint
    first_round: RoundNumber = 1


@dataclass(frozen=True)
class ManualGroup:
    """A group made by hand, from ``first_round`` on."""

    name: str
    members: tuple[PlayerId, ...]
    constraint: Constraint
    first_round: RoundNumber = 1


@dataclass(frozen=True)
class Group:
    """A group as used to pair one round: ``attribute`` is empty for a manual
    group; an automatic group is named ``attribute=value``."""

    name: str
    members: tuple[PlayerId, ...]
    constraint: Constraint
    attribute: str = ""

    @property
    def automatic(self) -> bool:
        return bool(self.attribute)

    def pairs(self) -> frozenset[Pair]:
        return frozenset(frozenset(p) for p in itertools.combinations(self.members, 2))


@dataclass(frozen=True)
class FrozenRound:
    """The groups a paired round used, its threshold and released players."""

    round: RoundNumber
    groups: tuple[Group, ...]
    threshold: int | None = None
    released: tuple[PlayerId, ...] = ()


def attribute_value(player: Player, attribute: str) -> str:
    """A player's value for an automatic group; ``club`` falls back to the
    nickname of a team (``310`` columns 42-46, where team files keep the club)."""
    value = player.attribute(attribute)
    if not value and attribute == "club":
        value = player.attribute("nickname")
    return value.strip()


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
        return (any(r.constraint is not Constraint.NONE for r in self.rules)
                or any(g.constraint is not Constraint.NONE for g in self.manual)
                or any(g.constraint is not Constraint.NONE
                       for f in self.frozen for g in f.groups))

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
        rules: dict[str, AttributeRule] = {}
        for rule in self.rules:
            if rule.first_round <= round and (rule.attribute not in rules or
                                              rules[rule.attribute].first_round
                                              <= rule.first_round):
                rules[rule.attribute] = rule
        manual: dict[str, ManualGroup] = {}
        for group in self.manual:
            if group.first_round <= round and (group.name not in manual or
                                               manual[group.name].first_round
                                               <= group.first_round):
                manual[group.name] = group
        found: list[Group] = []
        for attribute, rule in rules.items():
            values: dict[str, list[PlayerId]] = {}
            for player in tournament.players:
                value = attribute_value(player, attribute)
                if value:
                    values.setdefault(value, []).append(player.id)
            for value in sorted(values):
                if len(values[value]) >= 2:
                    found.append(Group(f"{attribute}={value}", tuple(sorted(values[value])),
                                       rule.constraint, attribute))
        for name, group in manual.items():
            members = tuple(sorted(set(group.members)))
            for pid in members:
                if pid not in tournament:
                    raise usage("protect.group_unknown", source=tournament.source, name=name,
                                player=pid)
            found.append(Group(name, members, group.constraint))
        return tuple(found)

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
        """The protections a TRF document records (none for anything else);
        :class:`~swisslearn.errors.TRFError` for a malformed record."""
        from swisslearn.formats.teams import TeamTournament
        from swisslearn.formats.trf import TrfDocument
        if not isinstance(document, TrfDocument):
            return cls()
        found = _read_records(document.lines, document.source)
        boards = None
        if isinstance(document.tournament, TeamTournament):
            boards = board_tournament(document.lines, document.source)
        return dataclasses.replace(found, tiebreaks=tiebreaks_from_trf(document.lines),
                                   boards=boards)


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


def _system_name(system: object, tournament: Tournament) -> str:
    from swisslearn import systems
    if isinstance(system, systems.System):
        return system.name
    if system is None or isinstance(system, str):
        return systems.get(system, tournament).name
    raise UsageError(f"unknown system {system!r}")


def _engine(system: str, tournament: Tournament, round: RoundNumber, forbidden: frozenset[Pair],
            avoid: frozenset[Pair]) -> Iterator[Event]:
    """The engine's trace with ``forbidden`` added to the file's interdictions
    (for ``round`` only) and ``avoid`` as its soft-avoid pairs."""
    from swisslearn import systems
    module_name = systems.get(system).module
    if module_name is None:
        raise UsageError(f"the system {system!r} is not available")
    module = importlib.import_module(module_name)
    extra = tuple(ForbiddenPairs(pair, round, round) for pair in _sorted_pairs(forbidden))
    with_forbidden = (dataclasses.replace(tournament, forbidden=tournament.forbidden + extra)
                      if extra else tournament)
    kwargs: dict[str, object] = {}
    if system == "simple":
        kwargs["forbidden"] = forbidden
    if avoid:
        kwargs["avoid"] = avoid
    events: Iterator[Event] = module.trace(with_forbidden, round, **kwargs)
    return events


def _pairable(system: str, tournament: Tournament, round: RoundNumber,
              forbidden: frozenset[Pair]) -> bool:
    """A necessary condition every engine shares: the players present can all
    be paired (but one) without a rematch or an interdiction (the file's
    ``260``/``XXP`` too, except for ``simple``, which ignores them)."""
    import networkx as nx
    base = tournament.truncated(round - 1)
    present = [s for s in base.states(round) if s.available]
    file_forbidden = base.forbidden_pairs(round) if system != "simple" else frozenset()
    graph = nx.Graph()
    graph.add_nodes_from(s.id for s in present)
    for i, a in enumerate(present):
        for b in present[i + 1:]:
            pair = frozenset((a.id, b.id))
            if b.id in a.opponents or pair in forbidden or pair in file_forbidden:
                continue
            graph.add_edge(a.id, b.id)
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    return 2 * len(matching) >= len(present) - 1


def protect(tournament: Tournament, round: RoundNumber | None = None, *,
            system: object = None, protections: Protections) -> ProtectedRound:
    """Pair ``round`` with the protections (see the module doc)."""
    name = _system_name(system, tournament)
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
                known[forbidden] = _try(name, tournament, round, forbidden, avoid_set)
            feasible, reason, found = known[forbidden]
            trials.append(Trial(n, protected, freed, feasible, reason))
            if feasible:
                threshold, released, events, maintained = n, freed, found, keep
                break
        if events is None:
            _refuse(name, tournament, round, groups, strict_set, avoid_set, bottom=True)
    else:
        feasible, _, found = _try(name, tournament, round, strict_set, avoid_set)
        if not feasible:
            _refuse(name, tournament, round, groups, strict_set, avoid_set, bottom=False)
        events = found
    assert events is not None
    last = events[-1]
    assert isinstance(last, RoundPaired)
    events[-1] = dataclasses.replace(last, released=released)
    return ProtectedRound(round=round, system=name, groups=groups, standings=table,
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


def _try(system: str, tournament: Tournament, round: RoundNumber, forbidden: frozenset[Pair],
         avoid: frozenset[Pair]) -> tuple[bool, str, list[Event] | None]:
    if not _pairable(system, tournament, round, forbidden):
        return False, "no pairing avoids every rematch and interdiction", None
    try:
        events = list(_engine(system, tournament, round, forbidden, avoid))
    except PairingError as error:
        return False, str(error), None
    return True, "", events


def _refuse(system: str, tournament: Tournament, round: RoundNumber, groups: Sequence[Group],
            strict: frozenset[Pair], avoid: frozenset[Pair], *, bottom: bool) -> None:
    """Raise the PairingError of a round the protections cannot pair: the
    strict groups at fault, or the engine's own message if the round cannot
    be paired even without them."""
    feasible, reason, _ = _try(system, tournament, round, frozenset(), avoid)
    if not feasible:
        try:
            list(_engine(system, tournament, round, frozenset(), frozenset()))
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
    fields = {"source": tournament.source, "round": round, "system": system,
              "names": ", ".join(repr(g.name) for g in named),
              "players": "; ".join(", ".join(map(str, g.members)) for g in named)}
    raise PairingError(_english(key, fields), key=key, fields=fields)


def _english(key: str, fields: Mapping[str, object]) -> str:
    from swisslearn.explain.catalogue import catalogue
    return catalogue("en").text(key, **fields)


def trace(tournament: Tournament, round: RoundNumber | None = None, *, system: object = None,
          protections: Protections) -> Iterator[Event]:
    """The engine's events with the protections: :class:`ProtectionsApplied`
    first, ``released`` in the final ``RoundPaired``.  Without any active
    group, exactly the engine's trace."""
    name = _system_name(system, tournament)
    if round is None:
        round = tournament.next_round()
    if not protections.active:
        yield from _engine(name, tournament, round, frozenset(), frozenset())
        return
    paired = protect(tournament, round, system=name, protections=protections)
    yield paired.applied
    yield from paired.events


def pair(tournament: Tournament, round: RoundNumber | None = None, *, system: object = None,
         protections: Protections) -> RoundPaired:
    """The last event of :func:`trace`."""
    return last_round_paired(trace(tournament, round, system=system, protections=protections))


# ---------------------------------------------------------------------------
# TRF records


def _read_records(lines: Sequence[str], source: str) -> Protections:
    rules: list[AttributeRule] = []
    manual: list[ManualGroup] = []
    frozen: dict[RoundNumber, list[Group]] = {}
    released: dict[RoundNumber, tuple[int | None, tuple[PlayerId, ...]]] = {}
    for number, line in enumerate(lines, 1):
        code = line[:3]
        if code not in _CODES:
            continue

        def error(key: str, column: int = 5, **fields: object) -> TRFError:
            return TRFError(file=source, line=number, column=column, field=code,
                            key=f"protect.record.{key}", fields={"code": code, **fields})

        head, sep, name = line[4:].partition(" : ")
        tokens = head.split()
        columns = _columns(line, len(tokens))

        def integer(index: int, what: str) -> int:
            if index >= len(tokens):
                raise error(f"missing_{what}", len(line) + 1)
            text = tokens[index]
            if not (text.isascii() and text.isdigit()) or int(text) < 1:
                raise error(f"bad_{what}", columns[index], value=text)
            return int(text)

        def constraint(index: int) -> Constraint:
            if index >= len(tokens):
                raise error("missing_constraint", len(line) + 1)
            try:
                return Constraint.parse(tokens[index])
            except UsageError:
                raise error("bad_constraint", columns[index], value=tokens[index]) from None

        if code == "XSV":
            version = integer(0, "version")
            if version > RECORDS_VERSION:
                raise error("version", version=version, known=RECORDS_VERSION)
        elif code == "XSA":
            first = integer(0, "first_round")
            if len(tokens) < 2:
                raise error("missing_attribute", len(line) + 1)
            rules.append(AttributeRule(tokens[1], constraint(2), first))
        elif code in ("XSG", "XSR"):
            first = integer(0, "round")
            kind_index = 2 if code == "XSR" else 1
            kind = "manual"
            if code == "XSR":
                if len(tokens) < 3 or tokens[2] not in ("auto", "manual"):
                    raise error("missing_kind", columns[2] if len(tokens) > 2 else len(line) + 1)
                kind = tokens[2]
            members = tuple(integer(i, "player") for i in range(kind_index + 1, len(tokens)))
            if not sep or not name.strip():
                raise error("missing_name", len(line) + 1)
            if len(members) < 2:
                raise error("two_players", len(line) + 1)
            if code == "XSG":
                manual.append(ManualGroup(name.strip(), members, constraint(1), first))
            else:
                attribute = name.strip().partition("=")[0] if kind == "auto" else ""
                frozen.setdefault(first, []).append(
                    Group(name.strip(), tuple(sorted(members)), constraint(1), attribute))
        else:  # XSL
            r = integer(0, "round")
            if len(tokens) < 2:
                raise error("missing_threshold", len(line) + 1)
            threshold = None if tokens[1] == "-" else None
            if tokens[1] != "-":
                if not (tokens[1].isascii() and tokens[1].isdigit()):
                    raise error("bad_threshold", columns[1], value=tokens[1])
                threshold = int(tokens[1])
            released[r] = (threshold, tuple(integer(i, "player") for i in range(2, len(tokens))))
    rounds = sorted(set(frozen) | set(released))
    return Protections(
        rules=tuple(rules), manual=tuple(manual),
        frozen=tuple(FrozenRound(r, tuple(frozen.get(r, ())), released.get(r, (None, ()))[0],
                                 released.get(r, (None, ()))[1]) for r in rounds))


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


def _record_lines(protections: Protections, tournament: Tournament) -> list[str]:
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


def _strict_lines(protections: Protections, tournament: Tournament) -> list[str]:
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
    rounds = range(start, last + 1)
    # One 260 per group and run of rounds with the same members.
    runs: dict[tuple[str, tuple[PlayerId, ...]], list[int]] = {}
    for r in rounds:
        unfrozen = dataclasses.replace(protections, frozen=())
        for g in unfrozen.groups(tournament, r):
            if g.constraint is Constraint.STRICT:
                runs.setdefault((g.name, g.members), []).append(r)
    for (_, members), used in runs.items():
        for _, run in itertools.groupby(enumerate(used), lambda item: item[1] - item[0]):
            span = [r for _, r in run]
            lines.append(record(span[0], span[-1], members))
    return lines


def write_records(document: Any, protections: Protections) -> Any:
    """A copy of the TRF ``document`` holding ``protections``: our records
    replaced (at the end of the file), and the ``260`` records of the strict
    groups (those written for the previous protections are taken out)."""
    from swisslearn.formats.trf import TrfDocument, parse_trf
    assert isinstance(document, TrfDocument)
    tournament = document.tournament
    old = Protections.from_document(document)
    stale = set(_strict_lines(old, tournament)) if old.active else set()
    kept = [line for line in document.lines if line[:3] not in _CODES and line not in stale]
    lines = kept + _strict_lines(protections, tournament) + _record_lines(protections, tournament)
    text = document.newline.join(lines) + (document.newline if document.final_newline else "")
    parsed = parse_trf(text, source=document.source)
    from swisslearn.formats.teams import with_teams
    return dataclasses.replace(with_teams(parsed), newline=document.newline,
                               final_newline=document.final_newline, bom=document.bom)

"""The simplified system beside the full rules: where and why they pair differently.

Seed 003 says what its simplified tool leaves out ("Ce que ce système
simplifié ne fait pas"): the full colour steps and the floater rules
(C.04.3 articles 5.2 and 1.9), the other tie-breaks, and the bye's points.
:func:`compare` pairs one round with several systems (``simple`` and
``dutch-1998`` by default, each through :func:`swisslearn.systems.get`),
lists each one's boards and byes side by side, and turns what differs into
:class:`Difference` records, each attributed to one of those omissions by
reading the other system's trace:

============  ==============================================================
category      what in the other system's trace points at it
============  ==============================================================
colours       a candidate rejected for B2a/B2b (absolute colour criteria) or
              B4 (colour preferences beyond x), x raised (C11); for a pair
              given opposite colours, the E-rule that decided (E1-E5: the
              full colour steps, e.g. E3 alternation, E5's first-round draw)
floaters      B5/B6 (the same float twice), B5/B6 dropped (C9, C10), a player
              floated on (C1, C14), a bracket paired again (C12, C13), or a
              heterogeneous bracket (players moved down paired first, A3/C4)
bye-points    B1b: a player who already scored a point without playing (a
              forfeit win, a full-point bye) gets no bye (a bye is a point)
tie-breaks    the same boards in another order (F1 ranks boards by score,
              then the sum of scores; simple by its higher-ranked player)
full-rules    anything else the full rules do: a D2 exchange, a forbidden
              pair (``260``/``XXP``, which simple ignores)
============  ==============================================================

One :class:`Difference` is made for each group of players the two systems
pair differently (players linked by a pair of either system: "simple pairs
1-3 and 2-4, dutch-1998 1-4 and 2-3" is one difference), one for each pair
both make with opposite colours, and one for a board order that differs
when the boards themselves do not.
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass
from typing import Iterable, Sequence

from swisslearn import systems as registry
from swisslearn.errors import PairingError
from swisslearn.explain.catalogue import Catalogue, catalogue
from swisslearn.model import PlayerId, RoundNumber, Tournament
from swisslearn.trace import (Board, BracketPaired, ByeAssigned, BracketsMerged, BracketUndone, BracketView,
                              CandidatesSkipped, CandidateTried, ColourAllocated,
                              CriterionDropped, Event, PDecreased, PlayerMovedDown, Rejection,
                              RoundPaired, RoundStarted, XIncreased)

__all__ = ["CATEGORIES", "SystemPairing", "Difference", "Comparison", "compare"]

CATEGORIES: dict[str, tuple[str, str]] = {
    "colours": ("Les étapes complètes des couleurs (article 5.2)",
                "the full colour steps (C.04.3 article 5.2; 1998 text: A7, B2, B4, E1-E5)"),
    "floaters": ("Les règles de descente des joueurs (article 1.9)",
                 "the floater rules (C.04.3 article 1.9; 1998 text: heterogeneous brackets, "
                 "B5, B6, C9-C14)"),
    "tie-breaks": ("Les autres points de départage",
                   "the other tie-breaks (simple: the list order; F1 orders the boards)"),
    "bye-points": ("Les points de l'exempt",
                   "the bye's point (B1b: no bye after a point scored without playing)"),
    "full-rules": ("Les règles complètes de la FIDE",
                   "the rest of the full FIDE rules (D2 exchanges, forbidden pairs)"),
}
"""Each category: (seed 003's words, in French; an English description)."""

_BY_CRITERION = {"B2a": "colours", "B2b": "colours", "B4": "colours", "B5": "floaters",
                 "B6": "floaters", "B1b": "bye-points"}


@dataclass(frozen=True)
class SystemPairing:
    """One system's pairing of the round: boards and byes, or why it failed,
    and the trace it produced (up to the failure)."""

    system: str
    boards: tuple[Board, ...] = ()
    byes: tuple[PlayerId, ...] = ()
    error: str = ""
    events: tuple[Event, ...] = ()

    @property
    def paired(self) -> bool:
        return not self.error

    def pairs(self) -> frozenset[frozenset[PlayerId]]:
        return frozenset(frozenset((b.white, b.black)) for b in self.boards)

    def board_of(self, player: PlayerId) -> Board | None:
        for board in self.boards:
            if player in (board.white, board.black):
                return board
        return None


@dataclass(frozen=True)
class Difference:
    """Something two systems do differently, and the omission of the simple
    system it comes from.

    ``kind``: ``"pairing"`` (other opponents or byes for ``players``),
    ``"colours"`` (the same pair, opposite colours), ``"board order"``, or
    ``"no pairing"`` (one system cannot pair the round).  ``reference`` and
    ``other`` say what each system does with ``players`` (``"1-5, 3 bye"``:
    white first).  ``category`` is a key of :data:`CATEGORIES`; ``rules`` the
    rule labels of the other system's trace that show it (``("B5", "C9")``),
    then the reference system's; ``detail`` one sentence.
    """

    kind: str
    players: tuple[PlayerId, ...]
    systems: tuple[str, str]
    reference: str
    other: str
    category: str
    rules: tuple[str, ...]
    detail: str

    @property
    def category_title(self) -> str:
        """Seed 003's words for the category (French)."""
        return CATEGORIES[self.category][0]

    def explain(self, lang: str = "fr") -> str:
        """:attr:`detail` in ``lang``, from the catalogue (``compare.simple.*``)."""
        cat = catalogue(lang)
        category = cat.text(f"compare.category.{self.category}")
        first, second = self.systems
        if self.kind == "no pairing":
            failed = second if self.other != "paired" else first
            return cat.text("compare.simple.no_pairing", failed=failed, category=category)
        if self.kind == "colours":
            rules = dict(zip((second, first), self.rules)) if len(self.rules) == 2 else {}
            return cat.text("compare.simple.colours", a=first, b=second,
                            white_a=self.reference.split("-")[0],
                            white_b=self.other.split("-")[0],
                            rule_a=rules.get(first, "?"), rule_b=rules.get(second, "?"),
                            category=category)
        if self.kind == "board order":
            return cat.text("compare.simple.order", category=category)
        return cat.text("compare.simple.pairing", a=first, b=second,
                        left=_localised(self.reference, cat),
                        right=_localised(self.other, cat), category=category)


def _localised(described: str, cat: Catalogue) -> str:
    """A side of a difference (``"1-5, 3 bye"``) with the catalogue's words."""
    return re.sub(r"(\d+) bye", lambda m: cat.text("compare.simple.bye", player=m.group(1)),
                  described)


@dataclass(frozen=True)
class Comparison:
    """Each system's pairing of ``round``, and their differences (from the
    first system, the reference, to each other one)."""

    round: RoundNumber
    pairings: tuple[SystemPairing, ...]
    differences: tuple[Difference, ...]
    names: tuple[tuple[PlayerId, str], ...] = ()
    title: str = ""

    @property
    def systems(self) -> tuple[str, ...]:
        return tuple(p.system for p in self.pairings)

    @property
    def identical(self) -> bool:
        return not self.differences

    def pairing(self, system: str) -> SystemPairing:
        for pairing in self.pairings:
            if pairing.system == system:
                return pairing
        raise KeyError(system)

    def categories(self) -> tuple[str, ...]:
        """The categories of the differences, each once, in order."""
        seen: list[str] = []
        for difference in self.differences:
            if difference.category not in seen:
                seen.append(difference.category)
        return tuple(seen)

    def name(self, player: PlayerId) -> str:
        return dict(self.names).get(player, "")

    def text(self, lang: str = "en") -> str:
        """The boards side by side and the differences, as plain text (in
        English by default; ``lang="fr"`` for the course's words)."""
        if lang != "en":
            return self._text_in(catalogue(lang))
        width = 30
        lines = [f"{self.title or 'round'} {self.round}".strip()]
        lines.append("board  " + "".join(f"{s:<{width}}" for s in self.systems))
        rows = max((len(p.boards) for p in self.pairings), default=0)
        for index in range(rows):
            cells = []
            for pairing in self.pairings:
                if pairing.error:
                    cells.append("(no pairing)" if index == 0 else "")
                elif index < len(pairing.boards):
                    board = pairing.boards[index]
                    cells.append(f"{board.white}-{board.black}")
                else:
                    cells.append("")
            lines.append(f"{index + 1:>5}  " + "".join(f"{c:<{width}}" for c in cells))
        if any(p.byes for p in self.pairings):
            lines.append("  bye  " + "".join(
                f"{', '.join(map(str, p.byes)) or '-':<{width}}" for p in self.pairings))
        for difference in self.differences:
            lines.append(f"- {difference.kind} ({difference.category}: "
                         f"{', '.join(difference.rules)}): {difference.detail}")
        return "\n".join(line.rstrip() for line in lines) + "\n"

    def _text_in(self, cat: Catalogue) -> str:
        width = 30
        lines = [cat.text("compare.text.title", title=self.title, round=self.round).strip()]
        lines.append(f"{cat.text('compare.text.board'):<7}"
                     + "".join(f"{s:<{width}}" for s in self.systems))
        rows = max((len(p.boards) for p in self.pairings), default=0)
        for index in range(rows):
            cells = []
            for pairing in self.pairings:
                if pairing.error:
                    cells.append(cat.text("compare.text.no_pairing") if index == 0 else "")
                elif index < len(pairing.boards):
                    board = pairing.boards[index]
                    cells.append(cat.pair(board.white, board.black))
                else:
                    cells.append("")
            lines.append(f"{index + 1:>5}  " + "".join(f"{c:<{width}}" for c in cells))
        if any(p.byes for p in self.pairings):
            lines.append(f"{cat.text('compare.text.bye'):>5}  " + "".join(
                f"{cat.players(p.byes) if p.byes else '-':<{width}}" for p in self.pairings))
        for difference in self.differences:
            lines.append(f"- {difference.explain(cat.lang)} ({', '.join(difference.rules)})")
        return "\n".join(line.rstrip() for line in lines) + "\n"

    def _repr_html_(self) -> str:
        def who(player: PlayerId) -> str:
            name = self.name(player)
            return f"{player}&nbsp;{html.escape(name)}" if name else str(player)

        changed = {p for d in self.differences for p in d.players}
        head = "<tr><th>Échiquier</th>" + "".join(
            f"<th>{html.escape(p.system)}</th>" for p in self.pairings) + "</tr>"
        rows = []
        count = max((len(p.boards) for p in self.pairings), default=0)
        for index in range(count):
            cells = []
            for pairing in self.pairings:
                if pairing.error:
                    cells.append("<td>—</td>")
                    continue
                if index >= len(pairing.boards):
                    cells.append("<td></td>")
                    continue
                board = pairing.boards[index]
                mark = (' style="background:#fff3c4"'
                        if {board.white, board.black} & changed else "")
                cells.append(f"<td{mark}>{who(board.white)} – {who(board.black)}</td>")
            rows.append(f"<tr><td>{index + 1}</td>{''.join(cells)}</tr>")
        if any(p.byes for p in self.pairings):
            rows.append("<tr><td>Exempt</td>" + "".join(
                f"<td>{', '.join(who(b) for b in p.byes) or '—'}</td>"
                for p in self.pairings) + "</tr>")
        cat = catalogue("fr")
        for pairing in self.pairings:
            if pairing.error:
                rows.append(f"<tr><td colspan='{len(self.pairings) + 1}'>"
                            + html.escape(cat.text("compare.html.no_pairing",
                                                   system=pairing.system))
                            + "</td></tr>")
        caption = html.escape(f"{self.title} — ronde {self.round}" if self.title
                              else f"Ronde {self.round}")
        table = (f"<table><caption>{caption}</caption><thead>{head}</thead>"
                 f"<tbody>{''.join(rows)}</tbody></table>")
        if not self.differences:
            return table + "<p>Mêmes appariements, mêmes couleurs, même ordre.</p>"
        items = "".join(
            f"<li><b>{html.escape(d.category_title)}</b> "
            f"({html.escape(', '.join(d.rules))}) : {html.escape(d.explain('fr'))}</li>"
            for d in self.differences)
        return table + f"<ul>{items}</ul>"


# ---------------------------------------------------------------------------


def compare(tournament: Tournament, round: RoundNumber | None = None,
            systems: Sequence[str] = ("simple", "dutch-1998")) -> Comparison:
    """Pair ``round`` (default: the next one) with each of ``systems`` and
    compare each one with the first."""
    if round is None:
        round = tournament.next_round()
    if not systems:
        raise ValueError("compare needs at least one system")
    pairings = tuple(_run(tournament, round, name) for name in systems)
    differences: list[Difference] = []
    reference = pairings[0]
    for other in pairings[1:]:
        differences.extend(_differences(reference, other))
    return Comparison(round=round, pairings=pairings, differences=tuple(differences),
                      names=tuple((p.id, p.name) for p in tournament.players),
                      title=tournament.name)


def _run(tournament: Tournament, round: RoundNumber, name: str) -> SystemPairing:
    system = registry.get(name)
    events: list[Event] = []
    try:
        for event in system.trace(tournament, round):
            events.append(event)
    except PairingError as error:
        return SystemPairing(system.name, error=str(error), events=tuple(events))
    result = events[-1]
    assert isinstance(result, RoundPaired)
    return SystemPairing(system.name, result.boards, result.byes, events=tuple(events))


def _describe(pairing: SystemPairing, players: Iterable[PlayerId]) -> str:
    wanted = set(players)
    parts = []
    for board in pairing.boards:
        if {board.white, board.black} & wanted:
            parts.append(f"{board.white}-{board.black}")
    parts += [f"{p} bye" for p in pairing.byes if p in wanted]
    return ", ".join(parts) or "-"


def _differences(a: SystemPairing, b: SystemPairing) -> list[Difference]:
    names = (a.system, b.system)
    if a.error or b.error:
        failed = b if b.error else a
        # What the failing system's rules hold against the other's pairing,
        # else what its trace rejected on the way.
        paired = a if failed is b else b
        verdicts = _judge(failed.events, [(x.white, x.black) for x in paired.boards])
        if verdicts:
            category = verdicts[0][0]
            rules = tuple(dict.fromkeys(rule for cat, rule in verdicts if cat == category))
        else:
            category, rules = _attribute(failed.events, None)
        players = tuple(sorted({p for board in (a.boards or b.boards)
                                for p in (board.white, board.black)}
                               | set(a.byes) | set(b.byes)))
        return [Difference("no pairing", players, names, a.error or "paired",
                           b.error or "paired", category, rules,
                           f"{failed.system} cannot pair the round: {failed.error}")]
    found: list[Difference] = []
    for component in _components(a, b):
        mine = tuple((x.white, x.black) for x in a.boards if {x.white, x.black} <= component)
        category, rules = _attribute(b.events, frozenset(component), mine)
        rules += tuple(r for r in _simple_rules(a.events, frozenset(component))
                       if r not in rules)
        left, right = _describe(a, component), _describe(b, component)
        found.append(Difference(
            "pairing", tuple(sorted(component)), names, left, right, category, rules,
            f"{a.system} pairs {left}, {b.system} {right}: "
            f"{CATEGORIES[category][1]}"))
    common = a.pairs() & b.pairs()
    for board in a.boards:
        pair = frozenset((board.white, board.black))
        if pair not in common:
            continue
        theirs = b.board_of(board.white)
        if theirs is None or theirs.white == board.white:
            continue
        rule_b = _colour_rule(b.events, pair)
        rule_a = _colour_rule(a.events, pair)
        rules = tuple(r for r in (rule_b, rule_a) if r)
        found.append(Difference(
            "colours", (board.white, board.black), names,
            f"{board.white}-{board.black}", f"{theirs.white}-{theirs.black}", "colours", rules,
            f"{a.system} gives white to {board.white} ({rule_a or '?'}), {b.system} to "
            f"{theirs.white} ({rule_b or '?'}): {CATEGORIES['colours'][1]}"))
    if not found and [(x.white, x.black) for x in a.boards] != [(x.white, x.black)
                                                               for x in b.boards]:
        players = tuple(sorted({p for x in a.boards for p in (x.white, x.black)}))
        found.append(Difference(
            "board order", players, names,
            ", ".join(f"{x.white}-{x.black}" for x in a.boards),
            ", ".join(f"{x.white}-{x.black}" for x in b.boards), "tie-breaks",
            ("F1", "S-boards"),
            f"the same boards in another order: {CATEGORIES['tie-breaks'][1]}"))
    return found


def _components(a: SystemPairing, b: SystemPairing) -> list[set[PlayerId]]:
    """Players paired differently, grouped: linked by a pair of either system."""
    differing = a.pairs() ^ b.pairs()
    byes = set(a.byes) ^ set(b.byes)
    touched = {p for pair in differing for p in pair} | byes
    parent = {p: p for p in touched}

    def root(p: PlayerId) -> PlayerId:
        while parent[p] != p:
            parent[p] = parent[parent[p]]
            p = parent[p]
        return p

    for pair in differing:
        x, y = tuple(pair)
        parent[root(x)] = root(y)
    groups: dict[PlayerId, set[PlayerId]] = {}
    for p in touched:
        groups.setdefault(root(p), set()).add(p)
    return sorted(groups.values(), key=min)


def _players(view: BracketView) -> set[PlayerId]:
    return {p.id for p in view.players}


def _attribute(events: Sequence[Event], players: frozenset[PlayerId] | None,
               reference_pairs: Sequence[tuple[PlayerId, PlayerId]] = ()
               ) -> tuple[str, tuple[str, ...]]:
    """The category, and the rule labels that show it, from a full-rules
    trace, for the differences that concern ``players`` (None: all).

    In order: what the trace rejects or relaxes about these players; failing
    that, what the full rules would say of the reference system's pairs
    (:func:`_judge`, from the players' views in the trace); failing that, a
    D2 exchange; else ``full-rules``."""
    found: list[tuple[str, str]] = []
    exchanged = False

    def touches(ids: Iterable[PlayerId]) -> bool:
        return players is None or bool(players & set(ids))

    def note(category: str, *rules: str) -> None:
        for rule in rules:
            if (category, rule) not in found:
                found.append((category, rule))

    def rejection(r: Rejection | None, step: str) -> None:
        if r is None or not touches(r.players):
            return
        if r.detail == "forbidden":
            note("full-rules", "forbidden", step)
        elif r.criterion in _BY_CRITERION:
            note(_BY_CRITERION[r.criterion], r.criterion, step)

    final: set[frozenset[PlayerId]] = set()
    if events and isinstance(events[-1], RoundPaired):
        final = {frozenset((b.white, b.black)) for b in events[-1].boards}
    for event in events:
        if isinstance(event, CandidateTried) and not event.accepted:
            rejection(event.rejection, event.rule)
        elif isinstance(event, CandidatesSkipped):
            for reason in event.reasons:
                rejection(reason, event.rule)
        elif isinstance(event, PlayerMovedDown) and touches((event.player,)):
            rejection(event.reason, event.rule)
            note("floaters", event.rule)
        elif isinstance(event, CriterionDropped) and touches(_players(event.bracket)):
            note("floaters", event.criterion, event.rule)
        elif isinstance(event, XIncreased) and touches(_players(event.bracket)):
            note("colours", "B4", event.rule)
        elif isinstance(event, (PDecreased, BracketUndone, BracketsMerged)) and touches(
                _players(event.bracket)):
            note("floaters", event.rule)
        elif isinstance(event, BracketPaired) and event.pairs and all(
                frozenset(pair) in final for pair in event.pairs):
            kept = [pair for pair in event.pairs if touches(pair)]
            if not kept:
                continue
            view = event.bracket
            if view.moved_down and not view.homogeneous and not view.remainder:
                note("floaters", "A3", event.rule)
            if event.exchange is not None:
                exchanged = True
    if not found:
        for category, rule in _judge(events, reference_pairs):
            note(category, rule)
    if not found and exchanged:
        note("full-rules", "D2")
    if not found:
        return "full-rules", ()
    category = found[0][0]
    rules = tuple(rule for cat, rule in found if cat == category)
    return category, rules


def _judge(events: Sequence[Event], pairs: Sequence[tuple[PlayerId, PlayerId]]
           ) -> list[tuple[str, str]]:
    """What the full rules hold against ``pairs`` (the reference system's),
    read from the players' views at the start of the other system's trace:
    the same absolute colour preference (B2), a float in the same direction
    as in the last round or two rounds before (B5, B6), the same colour
    preference (B4)."""
    started = next((e for e in events if isinstance(e, RoundStarted)), None)
    if started is None:
        return []
    views = {view.id: view for view in started.players}
    verdicts: list[tuple[str, str]] = []
    for a, b in pairs:
        va, vb = views.get(a), views.get(b)
        if va is None or vb is None:
            continue
        pa, pb = va.preference, vb.preference
        if pa[:1] in ("B", "N") and pa[:1] == pb[:1] and pa.endswith("!!") and pb.endswith("!!"):
            verdicts.append(("colours", "B2"))
        if va.score != vb.score:
            down, up = (va, vb) if va.score > vb.score else (vb, va)
            for view, mark in ((down, "↓"), (up, "↑")):
                if view.floats[-1:] == mark:
                    verdicts.append(("floaters", "B5"))
                elif view.floats[-2:-1] == mark:
                    verdicts.append(("floaters", "B6"))
        if pa[:1] in ("B", "N") and pa[:1] == pb[:1]:
            verdicts.append(("colours", "B4"))
    return verdicts


def _simple_rules(events: Sequence[Event], players: frozenset[PlayerId]) -> tuple[str, ...]:
    """The reference system's rule labels that concern ``players`` (S-rematch,
    S-down, S-bye...)."""
    labels: list[str] = []
    for event in events:
        ids: set[PlayerId] = set()
        if isinstance(event, PlayerMovedDown):
            ids = {event.player}
        elif isinstance(event, CandidateTried) and event.accepted and event.rule != "S-halves":
            ids = {p for pair in event.pairs for p in pair}
        elif isinstance(event, ByeAssigned):
            ids = {event.player}
        if ids & players and event.rule not in labels:
            labels.append(event.rule)
    return tuple(labels)


def _colour_rule(events: Sequence[Event], pair: frozenset[PlayerId]) -> str:
    for event in reversed(events):
        if isinstance(event, ColourAllocated) and frozenset((event.white, event.black)) == pair:
            return event.rule
    return ""

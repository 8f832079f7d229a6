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
              given opposite colours, the E-rule that decided (E1-E4: the
              full colour steps, e.g. E3 alternation, E4's first-round draw)
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
from swisslearn.dutch2017.changes import Change, changes_for
from swisslearn.dutch2017.procedure import EDITION as EDITION_2017
from swisslearn.dutch2026.brackets import compatibility
from swisslearn.dutch2026.candidates import judge
from swisslearn.matching.completion import Completion
from swisslearn.dutch2026.procedure import EDITION as EDITION_2026
from swisslearn.dutch2026.procedure import Edition, round_result
from swisslearn.dutch2026.scoring import Competitor, competitors
from swisslearn.dutch2026.weights import WeightShape
from swisslearn.errors import PairingError
from swisslearn.explain import why
from swisslearn.words import Catalogue, catalogue
from swisslearn.explain.dutch2017 import WORDS as WORDS_2017
from swisslearn.explain.dutch2026 import WORDS as WORDS_2026
from swisslearn.explain.dutch2026 import criterion_text
from swisslearn.model import PlayerId, RoundNumber, Tournament
from swisslearn.trace import (Board, BracketPaired, ByeAssigned, BracketsMerged, BracketUndone, BracketView,
                              CandidatesSkipped, CandidateTried, ColourAllocated,
                              CriterionDropped, Event, PDecreased, PlayerMovedDown, Rejection,
                              RoundPaired, RoundStarted, XIncreased)

__all__ = ["CATEGORIES", "SystemPairing", "Difference", "Comparison", "compare", "EDITIONS",
           "BoardWhy", "EditionDifference", "EditionComparison", "compare_editions"]

_EDITIONS: dict[str, Edition] = {"dutch-2017": EDITION_2017, "dutch-2026": EDITION_2026}
EDITION_WORDS = {"2017": WORDS_2017, "2026": WORDS_2026}

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


def _describe(pairing: SystemPairing, players: Iterable[PlayerId],
              cat: Catalogue | None = None) -> str:
    """« 1-5, 3 bye »: the language-neutral words of the JSON; with ``cat``,
    the bye said in its language."""
    wanted = set(players)
    parts = []
    for board in pairing.boards:
        if {board.white, board.black} & wanted:
            parts.append(f"{board.white}-{board.black}")
    bye = cat.text("compare.text.bye") if cat is not None else "bye"
    parts += [f"{p} {bye}" for p in pairing.byes if p in wanted]
    return ", ".join(parts) or "-"


def _differences(a: SystemPairing, b: SystemPairing) -> list[Difference]:
    """What differs between the two systems' pairings of one round: a round
    one of them cannot pair; else the players paired differently, the
    boards where colours differ, and failing those the boards' order."""
    if a.error or b.error:
        return [_no_pairing(a, b)]
    found = _pairing_differences(a, b) + _colour_differences(a, b)
    if not found and [(x.white, x.black) for x in a.boards] != [(x.white, x.black)
                                                               for x in b.boards]:
        found.append(_board_order(a, b))
    return found


def _no_pairing(a: SystemPairing, b: SystemPairing) -> Difference:
    """One system (at least) cannot pair the round."""
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
    return Difference("no pairing", players, (a.system, b.system), a.error or "paired",
                      b.error or "paired", category, rules,
                      f"{failed.system} cannot pair the round: {failed.error}")


def _pairing_differences(a: SystemPairing, b: SystemPairing) -> list[Difference]:
    """Each group of players paired differently, and why (from ``b``'s trace)."""
    found: list[Difference] = []
    for component in _components(a, b):
        mine = tuple((x.white, x.black) for x in a.boards if {x.white, x.black} <= component)
        category, rules = _attribute(b.events, frozenset(component), mine)
        rules += tuple(r for r in _simple_rules(a.events, frozenset(component))
                       if r not in rules)
        left, right = _describe(a, component), _describe(b, component)
        found.append(Difference(
            "pairing", tuple(sorted(component)), (a.system, b.system), left, right, category,
            rules, f"{a.system} pairs {left}, {b.system} {right}: "
            f"{CATEGORIES[category][1]}"))
    return found


def _colour_differences(a: SystemPairing, b: SystemPairing) -> list[Difference]:
    """Each board both systems make with the colours the other way round."""
    found: list[Difference] = []
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
            "colours", (board.white, board.black), (a.system, b.system),
            f"{board.white}-{board.black}", f"{theirs.white}-{theirs.black}", "colours", rules,
            f"{a.system} gives white to {board.white} ({rule_a or '?'}), {b.system} to "
            f"{theirs.white} ({rule_b or '?'}): {CATEGORIES['colours'][1]}"))
    return found


def _board_order(a: SystemPairing, b: SystemPairing) -> Difference:
    """The same boards in another order."""
    players = tuple(sorted({p for x in a.boards for p in (x.white, x.black)}))
    return Difference(
        "board order", players, (a.system, b.system),
        ", ".join(f"{x.white}-{x.black}" for x in a.boards),
        ", ".join(f"{x.white}-{x.black}" for x in b.boards), "tie-breaks",
        ("F1", "S-boards"),
        f"the same boards in another order: {CATEGORIES['tie-breaks'][1]}")


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
    reading = _Attribution(players, _final_pairs(events))
    for event in events:
        reading.read(event)
    found = reading.found
    if not found:
        for category, rule in _judge(events, reference_pairs):
            reading.note(category, rule)
    if not found and reading.exchanged:
        reading.note("full-rules", "D2")
    if not found:
        return "full-rules", ()
    category = found[0][0]
    rules = tuple(rule for cat, rule in found if cat == category)
    return category, rules


def _final_pairs(events: Sequence[Event]) -> set[frozenset[PlayerId]]:
    """The pairs of the round as the trace's last event gives them."""
    if events and isinstance(events[-1], RoundPaired):
        return {frozenset((b.white, b.black)) for b in events[-1].boards}
    return set()


class _Attribution:
    """What a trace rejects or relaxes about some players (None: all), in
    the order of its events: (category, rule) pairs, each once, and whether
    a pairing kept used a D2 exchange."""

    def __init__(self, players: frozenset[PlayerId] | None,
                 final: set[frozenset[PlayerId]]) -> None:
        self.players = players
        self.final = final
        self.found: list[tuple[str, str]] = []
        self.exchanged = False

    def touches(self, ids: Iterable[PlayerId]) -> bool:
        return self.players is None or bool(self.players & set(ids))

    def note(self, category: str, *rules: str) -> None:
        for rule in rules:
            if (category, rule) not in self.found:
                self.found.append((category, rule))

    def rejection(self, r: Rejection | None, step: str) -> None:
        if r is None or not self.touches(r.players):
            return
        if r.detail == "forbidden":
            self.note("full-rules", "forbidden", step)
        elif r.criterion in _BY_CRITERION:
            self.note(_BY_CRITERION[r.criterion], r.criterion, step)

    def read(self, event: Event) -> None:
        """Note what one event of the trace says about the players."""
        if isinstance(event, CandidateTried) and not event.accepted:
            self.rejection(event.rejection, event.rule)
        elif isinstance(event, CandidatesSkipped):
            for reason in event.reasons:
                self.rejection(reason, event.rule)
        elif isinstance(event, PlayerMovedDown) and self.touches((event.player,)):
            self.rejection(event.reason, event.rule)
            self.note("floaters", event.rule)
        elif isinstance(event, CriterionDropped) and self.touches(_players(event.bracket)):
            self.note("floaters", event.criterion, event.rule)
        elif isinstance(event, XIncreased) and self.touches(_players(event.bracket)):
            self.note("colours", "B4", event.rule)
        elif isinstance(event, (PDecreased, BracketUndone, BracketsMerged)) and self.touches(
                _players(event.bracket)):
            self.note("floaters", event.rule)
        elif isinstance(event, BracketPaired):
            self.read_kept(event)

    def read_kept(self, event: BracketPaired) -> None:
        """A bracket's pairing that the round kept whole: A3 when it
        downfloated players of a heterogeneous bracket, and its exchange."""
        if not event.pairs or not all(frozenset(pair) in self.final for pair in event.pairs):
            return
        if not any(self.touches(pair) for pair in event.pairs):
            return
        view = event.bracket
        if view.moved_down and not view.homogeneous and not view.remainder:
            self.note("floaters", "A3", event.rule)
        if event.exchange is not None:
            self.exchanged = True


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


# ---------------------------------------------------------------------------
# The three editions of the Dutch rules side by side (issue 21)

EDITIONS = ("dutch-1998", "dutch-2017", "dutch-2026")
"""The course's text (seed 000), C.04.3 as in force 2017 - January 2026,
and C.04.3 applied from 1 February 2026."""


@dataclass(frozen=True)
class BoardWhy:
    """One board (``bye``: one player's pairing-allocated bye) that only one
    of the 2017 and 2026 editions makes, and what each trace says of it
    (``why()``: why these two were paired, or why not)."""

    edition: str                       # the edition that makes it
    players: tuple[PlayerId, ...]      # (white, black), or (player,) for a bye
    why_2017: str
    why_2026: str


@dataclass(frozen=True)
class EditionDifference:
    """Players the 2017 and 2026 texts pair differently (linked by a pair of
    either), explained from both traces, with the article that changed.

    ``rule_2026``: the 2026 criterion on which the 2017 pairing loses when
    judged by the 2026 rules (in the first 2026 bracket where the two
    differ); ``rule_2017``: the same the other way round (``None``: the
    other's pairs are not in one of its brackets).  ``changes``: the
    changes of the 2026 text behind it (:mod:`swisslearn.dutch2017.changes`),
    empty when both criteria only changed number."""

    players: tuple[PlayerId, ...]
    in_2017: str
    in_2026: str
    boards: tuple[BoardWhy, ...]
    rule_2017: str | None
    rule_2026: str | None
    changes: tuple[Change, ...]


@dataclass(frozen=True)
class EditionComparison:
    """The three editions' pairings of one round, and the 2017/2026
    differences explained (:func:`compare_editions`)."""

    round: RoundNumber
    pairings: tuple[SystemPairing, ...]
    differences: tuple[EditionDifference, ...]
    names: tuple[tuple[PlayerId, str], ...] = ()
    title: str = ""

    @property
    def systems(self) -> tuple[str, ...]:
        return self.table().systems

    def pairing(self, system: str) -> SystemPairing:
        return self.table().pairing(system)

    def table(self) -> Comparison:
        """The boards side by side (no differences drawn: see :attr:`differences`)."""
        return Comparison(self.round, self.pairings, (), self.names, self.title)

    def explanation(self, lang: str = "fr") -> list[str]:
        """One paragraph per difference: what each edition does, each board
        from both traces, the criteria each judge found, the article that
        changed."""
        cat = catalogue(lang)
        if not self.differences:
            return [cat.text("editions.same")]
        paragraphs = []
        for difference in self.differences:
            lines = [cat.text("editions.difference",
                              in_2017=_describe(self.pairing("dutch-2017"), difference.players, cat),
                              in_2026=_describe(self.pairing("dutch-2026"), difference.players, cat))]
            for board in difference.boards:
                lines.append(cat.text(f"editions.board.{board.edition}",
                                      board=_board_words(board.players, cat)))
                lines.append(cat.text("editions.why.2017", why=board.why_2017))
                lines.append(cat.text("editions.why.2026", why=board.why_2026))
            lines.append(_judged(difference, cat))
            for change in difference.changes:
                lines.append(cat.text("editions.change", articles=change.articles,
                                      item=change.item, change=cat.text(change.key)))
            if not difference.changes:
                lines.append(cat.text("editions.renumbered"))
            paragraphs.append("\n".join(lines))
        return paragraphs

    def text(self, lang: str = "fr") -> str:
        return self.table().text(lang) + "\n".join(self.explanation(lang)) + "\n"

    def _repr_html_(self) -> str:
        items = "".join(
            "<li>" + "<br>".join(html.escape(line) for line in paragraph.splitlines()) + "</li>"
            for paragraph in self.explanation("fr"))
        return self.table()._repr_html_() + f"<ul>{items}</ul>"


def _board_words(players: tuple[PlayerId, ...], cat: Catalogue) -> str:
    if len(players) == 1:
        return cat.text("editions.bye", player=players[0])
    return cat.pair(players[0], players[1])


def _judged(difference: EditionDifference, cat: Catalogue) -> str:
    def words(rule: str | None, prefix: str) -> str:
        if rule is None:
            return cat.text("editions.not_judged")
        return cat.text("editions.rule", rule=rule,
                        text=criterion_text(rule, cat, EDITION_WORDS[prefix]))
    return cat.text("editions.judged", rule_2026=words(difference.rule_2026, "2026"),
                    rule_2017=words(difference.rule_2017, "2017"))


def compare_editions(tournament: Tournament, round: RoundNumber | None = None
                     ) -> EditionComparison:
    """Pair ``round`` (default: the next one) with the three editions of the
    Dutch rules and explain each 2017/2026 difference from both traces."""
    if round is None:
        round = tournament.next_round()
    pairings = tuple(_run(tournament, round, name) for name in EDITIONS)
    p2017, p2026 = pairings[1], pairings[2]
    differences: list[EditionDifference] = []
    if p2017.paired and p2026.paired:
        for component in _components(p2017, p2026):
            differences.append(_edition_difference(tournament, round, p2017, p2026,
                                                   component))
    return EditionComparison(round, pairings, tuple(differences),
                             names=tuple((p.id, p.name) for p in tournament.players),
                             title=tournament.name)


def _edition_difference(tournament: Tournament, round: RoundNumber, p2017: SystemPairing,
                        p2026: SystemPairing, component: set[PlayerId]) -> EditionDifference:
    boards: list[BoardWhy] = []
    for pairing, other in ((p2017, p2026), (p2026, p2017)):
        theirs = other.pairs()
        for board in pairing.boards:
            pair = (board.white, board.black)
            if set(pair) <= component and frozenset(pair) not in theirs:
                boards.append(BoardWhy(pairing.system, pair,
                                       why(p2017.events, board.white, board.black),
                                       why(p2026.events, board.white, board.black)))
        # A bye one edition gives and the other not: its player's board in
        # the other edition is listed (and explained) too.
    editions = {name: _EDITIONS[name] for name in ("dutch-2017", "dutch-2026")}
    rule_2026 = _judge_other(editions["dutch-2026"], tournament, round, p2017, component)
    rule_2017 = _judge_other(editions["dutch-2017"], tournament, round, p2026, component)
    floats_differ = _floats_differ(p2017.events, p2026.events, component)
    byes_differ = bool((set(p2017.byes) ^ set(p2026.byes)) & component)
    bye_rule_differs = byes_differ and (
        _bye_allowed(editions["dutch-2026"], tournament, round, component)
        != _bye_allowed(editions["dutch-2017"], tournament, round, component))
    return EditionDifference(
        players=tuple(sorted(component)), in_2017=_describe(p2017, component),
        in_2026=_describe(p2026, component), boards=tuple(boards), rule_2017=rule_2017,
        rule_2026=rule_2026,
        changes=changes_for(rule_2017, rule_2026, floats_differ=floats_differ,
                            bye_rule_differs=bye_rule_differs,
                            collapsed=_in_collapsed_bracket(p2017.events, component)))


def _judge_other(edition: Edition, tournament: Tournament, round: RoundNumber,
                 other: SystemPairing, component: set[PlayerId]) -> str | None:
    """The criterion of ``edition`` on which ``other``'s pairs lose, in the
    first bracket of ``edition`` holding players of ``component`` where the
    two do not pair them alike: ``other``'s pairs of the bracket's players
    (with players below it too: a downfloater paired lower) are the
    candidate judged (:func:`~swisslearn.dutch2026.candidates.judge`)."""
    result = round_result(edition, tournament, round)
    theirs = other.pairs()
    players = result.players
    for bracket in result.brackets:
        if bracket.route == "dropped":
            continue
        members = {p.id for p in bracket.mdps + bracket.residents}
        if not component & members:
            continue
        alive = {players[v].id: players[v] for v in bracket.solver.alive}
        mine = {frozenset((a.id, b.id)) for a, b in bracket.pairs}
        touching = {pair for pair in theirs if pair & members and pair <= set(alive)}
        if mine == {pair for pair in touching if pair <= members}:
            continue
        candidate = tuple(_ordered(alive[a], alive[b]) for a, b in map(sorted, touching))
        verdict = judge(result, bracket, candidate, edition.labels.verdicts)
        if verdict.detail == "completion" and _completable(list(alive.values()), candidate,
                                                           bracket.layout or result.layout):
            # The judge's best matching left a player who may not have the
            # PAB, but another leaves one who may: the round is complete,
            # only the PAB goes higher than it could ([C5]).
            return edition.labels.verdicts["pab"]
        return verdict.criterion
    return None


def _completable(players: list[Competitor], fixed: Sequence[tuple[Competitor, Competitor]],
                 layout: WeightShape) -> bool:
    """Can ``players`` all be paired (one left for the PAB, allowed it) once
    the pairs ``fixed`` are made?"""
    taken = {p.id for pair in fixed for p in pair}
    rest = [p for p in players if p.id not in taken]
    neighbours = compatibility(rest, layout.forbidden)
    if len(rest) % 2:
        allowed = [v for v, p in enumerate(rest) if p.bye_eligible]
        neighbours.append(allowed)
        for v in allowed:
            neighbours[v].append(len(rest))
    return not Completion(neighbours).complete()


def _in_collapsed_bracket(events: Sequence[Event], players: set[PlayerId]) -> bool:
    """Were some of ``players`` paired in 2017's Collapsed Last Bracket (A.9)?"""
    collapsed = False
    for event in events:
        if isinstance(event, BracketUndone):
            collapsed = True
        elif collapsed and isinstance(event, BracketPaired) and event.bracket.lowest:
            if players & {p for pair in event.pairs for p in pair}:
                return True
    return False


def _ordered(a: Competitor, b: Competitor) -> tuple[Competitor, Competitor]:
    return (a, b) if (-a.pairing_score, a.tpn) < (-b.pairing_score, b.tpn) else (b, a)


def _floats_differ(a: Sequence[Event], b: Sequence[Event], players: set[PlayerId]) -> bool:
    """Do the two traces show different float histories for ``players``?"""
    def floats(events: Sequence[Event]) -> dict[PlayerId, str]:
        started = next((e for e in events if isinstance(e, RoundStarted)), None)
        return {} if started is None else {v.id: v.floats for v in started.players}
    fa, fb = floats(a), floats(b)
    return any(fa.get(p) != fb.get(p) for p in players)


def _bye_allowed(edition: Edition, tournament: Tournament, round: RoundNumber,
                 players: set[PlayerId]) -> dict[PlayerId, bool]:
    base = tournament.truncated(round - 1)
    present = tuple(p for p in sorted(players)
                    if any(s.id == p and s.available for s in base.states(round)))
    return {p.id: p.bye_eligible
            for p in competitors(base, round, present, edition.readings).values()}

"""C.04.6 as the engine inside Sharly Chess pairs it (``--system team-2026-sharly``).

So that an arbiter who paired a team event with Sharly Chess can replay and
check their rounds.  What that engine does was established by reading its
behaviour (``../shared/vectors/team2026/README.md``, "Known limits"): it
assigns the PAB (3.4, as the text), then pairs every other team at once, as
one maximum-weight matching whose fields, most significant first, are the
pairs, the pairs inside a scoregroup ([C4]), the upfloaters per score level
([C5]), [C7], [C8], [C9], [C10], the set of top members and the sum of
(TPN − 1) products (:mod:`.wholeround`, the one table of them).  [C4], [C5],
[C7] and [C10] are counted over the whole round, [C6] is not evaluated, a
PAB counts as a float, and a Type B CD of 0 has no preference in the last
round (:data:`.state.SHARLY`).  Colours: Article 4, as the text.

On the 110 rounds of the reference vectors this gives the reference's pairs,
colours and PAB in every round (``tests/test_team2026_sharly.py``); six of
them hold an exact tie of the engine's weight, which the compiled matching
settles as the engine does (the networkx fallback in four of the six).

Trace: the vocabulary of :mod:`swisslearn.trace` as ``team-2026`` yields it
(PAB 3.4, colours 4.3.x, boards C.04.2), with the whole round as one
bracket (:class:`.events.SharlyBracketOpened`), plus
:class:`.events.WholeRoundWeighed`: the chosen pairing's fields against those
of the pairing the text's reading gives (``team-2026``), field by field, the
first field that separates them, and a pairing of exactly the same weight if
the matching had a choice.  When the text's pairing differs, it is traced as
a refused candidate (:class:`.events.SharlyCandidateTried`, ``rule``: the
deciding field, detail ``whole_round``) before the chosen one.
"""

from __future__ import annotations

import itertools
from typing import Iterator, Mapping, Sequence

from swisslearn.errors import PairingError
from swisslearn.model import RoundNumber, Tournament
from swisslearn.team2026 import procedure
from swisslearn.team2026.colours import initial_colour
from swisslearn.team2026.events import (SharlyBracketOpened, SharlyBracketPaired,
                                        SharlyCandidateTried, WholeRoundWeighed)
from swisslearn.team2026.rules import SHARLY_RULES
from swisslearn.team2026.selection import Graph
from swisslearn.team2026.state import SHARLY, TeamState, team_states
from swisslearn.team2026.wholeround import (Measure, RoundFields, best_pairing, first_difference,
                                             floats_apply)
from swisslearn.trace import BracketView, Event, Rejection, RoundStarted, last_round_paired
from swisslearn.trace import RoundPaired

SYSTEM = "team-2026-sharly"

__all__ = ["SYSTEM", "trace", "pair"]

Pair = tuple[int, int]


def trace(tournament: Tournament, round: RoundNumber | None = None, *,
          avoid: frozenset[frozenset[int]] = frozenset()) -> Iterator[Event]:
    """Every event of the pairing of ``round`` (default: the next one).

    ``avoid``: pairs of a soft-avoid protection group (seed 002), a field of
    the weight under [C10] and above the top members."""
    teams_tournament, round = procedure.checked(tournament, round, SYSTEM)
    base = teams_tournament.truncated(round - 1)
    kind = base.type_code.preferences
    states = team_states(base, round, SHARLY)
    present = procedure.score_order([t for t in states.values() if t.available])
    views = {t.tpn: procedure.team_view(t) for t in states.values()}
    yield RoundStarted(rule=SHARLY_RULES.label("C.04.6"), round=round, system=SYSTEM,
                       players=tuple(views[t.tpn] for t in present),
                       absent=tuple(t.tpn for t in states.values() if not t.available),
                       scores=tuple(sorted({t.score for t in present}, reverse=True)))
    graph = Graph(present, base.forbidden_pairs(round))
    bye = yield from procedure.pab_step(graph, present, round, views, base.source, SYSTEM)
    teams = [t for t in present if t is not bye]
    legal, forbidden = _legal_pairs(graph, teams)
    applies = floats_apply(base.rounds, round)
    pairs = best_pairing(teams, legal, kind, applies, avoid)
    first_in_order = best_pairing(teams, legal, kind, applies, avoid, text_order=True)
    scale = Measure(teams, kind, applies, avoid)
    fields = scale.fields(pairs)
    tied = first_in_order if (first_in_order != pairs
                              and scale.fields(first_in_order) == fields) else ()
    text_pairs, text_fields, deciding = _beside_the_text(tournament, round, avoid, bye, pairs,
                                                         fields, scale)
    by_tpn = {t.tpn: t for t in teams}
    upfloaters = _upfloaters(pairs, by_tpn)
    view = BracketView(index=1, score=teams[0].score if teams else present[0].score,
                       players=tuple(views[t.tpn] for t in teams), moved_down=upfloaters,
                       homogeneous=not upfloaters, lowest=True, p=len(teams) // 2)
    yield SharlyBracketOpened(rule=SHARLY_RULES.label("C.04.6"), bracket=view)
    yield WholeRoundWeighed(rule=SHARLY_RULES.label("C.04.6"), bracket=view, pairs=pairs,
                            fields=fields,
                            text_pairs=text_pairs, text_fields=text_fields, deciding=deciding,
                            tied=tied, forbidden=forbidden)
    if deciding is not None:
        apart = tuple(t for p in sorted(set(text_pairs) - set(pairs)) for t in p)
        yield SharlyCandidateTried(rule=deciding, bracket=view, pairs=text_pairs,
                                   transposition=0, accepted=False,
                                   rejection=Rejection(deciding, apart, "whole_round"))
    yield SharlyCandidateTried(rule=SHARLY_RULES.label("C.04.6"), bracket=view, pairs=pairs,
                               transposition=0,
                               accepted=True)
    yield SharlyBracketPaired(rule=SHARLY_RULES.label("C.04.6"), bracket=view, pairs=pairs)
    yield from procedure.finish(round, [(by_tpn[a], by_tpn[b]) for a, b in pairs], bye,
                                initial_colour(base, round), base, views, SYSTEM)


def _legal_pairs(graph: Graph, teams: Sequence[TeamState]
                 ) -> tuple[list[Pair], tuple[Pair, ...]]:
    """The pairs [C1]-[C3] allow, and those they forbid (TPN order)."""
    legal = [(a.tpn, b.tpn) for a, b in itertools.combinations(sorted(teams, key=_tpn), 2)
             if graph.legal(a, b)]
    forbidden = tuple((a.tpn, b.tpn) for a, b in itertools.combinations(sorted(teams, key=_tpn), 2)
                      if not graph.legal(a, b))
    return legal, forbidden


def _beside_the_text(tournament: Tournament, round: RoundNumber,
                     avoid: frozenset[frozenset[int]], bye: TeamState | None,
                     pairs: tuple[Pair, ...], fields: RoundFields, scale: Measure
                     ) -> tuple[tuple[Pair, ...], RoundFields | None, str | None]:
    """The text's own pairing (C.04.6 bracket by bracket) when it gives the
    same PAB: its pairs, their weight's fields, and the field that puts the
    whole-round pairing first (None: the same pairs, or no such pairing)."""
    text_pairs: tuple[Pair, ...] = ()
    text_fields = None
    deciding = None
    try:
        text: RoundPaired | None = procedure.pair(tournament, round, avoid=avoid)
    except PairingError:  # pragma: no cover - the text pairs whatever can be paired
        text = None
    if text is not None and (text.byes[0] if text.byes else None) == (bye.tpn if bye else None):
        text_pairs = tuple(sorted((min(a, b), max(a, b)) for a, b in text.pairs()))
        text_fields = scale.fields(text_pairs)
        if text_pairs != pairs:
            field = first_difference(fields, text_fields)
            deciding = field.label if field is not None else None
    return text_pairs, text_fields, deciding


def _upfloaters(pairs: Sequence[Pair], by_tpn: Mapping[int, TeamState]) -> tuple[int, ...]:
    """The upfloater of each pair across scoregroups: its lower-scored team."""
    return tuple(sorted((min((by_tpn[a], by_tpn[b]), key=lambda t: t.score).tpn
                         for a, b in pairs if by_tpn[a].score != by_tpn[b].score),
                        key=lambda tpn: (-by_tpn[tpn].score, tpn)))


def _tpn(team: TeamState) -> int:
    return team.tpn


def pair(tournament: Tournament, round: RoundNumber | None = None, *,
         avoid: frozenset[frozenset[int]] = frozenset()) -> RoundPaired:
    """The pairing of ``round``: the last event of :func:`trace`."""
    return last_round_paired(trace(tournament, round, avoid=avoid))

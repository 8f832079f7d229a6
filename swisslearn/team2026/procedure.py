"""The round procedure of C.04.6 (2026) as a generator of trace events.

``trace(tournament, round)`` yields every event; ``pair()`` keeps the last
one (``RoundPaired``), so both run the same code.  Round ``k`` is paired from
rounds ``1..k-1`` only (and the byes already announced for ``k``).  The
tournament must be a :class:`~swisslearn.teams.TeamTournament`
(:func:`swisslearn.formats.teams.team_tournament`); team ids are TPNs.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Generator, Iterator, Mapping, Sequence

from swisslearn.errors import refused, usage
from swisslearn.teams import PreferenceType, TeamTournament
from swisslearn.model import Colour, RoundNumber, Tournament
from swisslearn.team2026.colours import allocate, initial_colour
from swisslearn.team2026.events import (PabCandidatesRanked, TeamBoardsOrdered,
                                        TeamBracketOpened, TeamBracketPaired, TeamByeAssigned,
                                        TeamCandidateTried, TeamColourAllocated,
                                        UpfloatersCounted, UpfloaterSetTried)
from swisslearn.team2026.rules import RULES
from swisslearn.team2026.selection import (BracketPairing, Graph, SetVerdict, judge_sets,
                                           misses, pair_bracket, upfloater_needs)
from swisslearn.team2026.state import TeamState, team_states
from swisslearn.trace import last_round_paired
from swisslearn.trace import (Board, BracketView, Event, PlayerView, Rejection, RoundPaired,
                              RoundStarted)

SYSTEM = "team-2026"

__all__ = ["SYSTEM", "trace", "pair", "checked", "team_view", "score_order", "pab_step",
           "assign_bye", "finish"]


def checked(tournament: Tournament, round: RoundNumber | None,
           system: str = SYSTEM) -> tuple[TeamTournament, RoundNumber]:
    """The team tournament and the round to pair (UsageError for a file
    without team records)."""
    if not isinstance(tournament, TeamTournament):
        raise usage("teams.usage.not_teams", source=tournament.source, system=system)
    round = tournament.round_to_pair(round)
    return tournament, round


def team_view(team: TeamState) -> PlayerView:
    """What a picture shows of a team (floats ``↓``/``↑``/``·`` per round)."""
    floats = "".join("↓" if f == "down" else "↑" if f == "up" else "·" for f in team.floats)
    return PlayerView(id=team.tpn, name=team.name, rating=team.rating, score=team.score,
                      colours=team.history_string, preference=team.preference_label,
                      floats=floats, virtual=team.virtual)


def score_order(teams: Sequence[TeamState]) -> list[TeamState]:
    """Score descending, then TPN (1.3, 1.1)."""
    return sorted(teams, key=lambda t: (-t.score, t.tpn))


def trace(tournament: Tournament, round: RoundNumber | None = None, *,
          avoid: frozenset[frozenset[int]] = frozenset()) -> Iterator[Event]:
    """Every event of the pairing of ``round`` (default: the next one).

    ``avoid``: pairs of a soft-avoid protection group (seed 002,
    :mod:`swisslearn.protections`), the lowest criterion of 3.6.4."""
    teams_tournament, round = checked(tournament, round)
    base = teams_tournament.truncated(round - 1)
    kind = base.type_code.preferences
    states = team_states(base, round)
    present = score_order([t for t in states.values() if t.available])
    views = {t.tpn: team_view(t) for t in states.values()}
    yield RoundStarted(rule=RULES.label("3.3.2"), round=round, system=SYSTEM,
                       players=tuple(views[t.tpn] for t in present),
                       absent=tuple(t.tpn for t in states.values() if not t.available),
                       scores=tuple(sorted({t.score for t in present}, reverse=True)))
    graph = Graph(present, base.forbidden_pairs(round))
    total = base.rounds
    last_two = total is not None and round >= total - 1
    bye = yield from pab_step(graph, present, round, views, base.source)
    remaining = [t for t in present if t is not bye]
    pairs: list[tuple[TeamState, TeamState]] = []
    index = 0
    while remaining:
        index += 1
        top, lower, view = _top_scoregroup(remaining, index, views)
        needs = upfloater_needs(graph, top, lower)
        if needs is None:  # cannot happen: the round was checked completable
            raise refused("teams.pairing.left", source=base.source, round=round)
        upfloaters: tuple[TeamState, ...] = ()
        if needs.count:
            verdicts, chosen = judge_sets(graph, top, lower, needs, not last_two)
            yield UpfloatersCounted(rule=RULES.label("3.5.2"), bracket=view, count=needs.count,
                                    scores=needs.scores,
                                    potential=tuple(t.tpn for t in score_order(lower)),
                                    sets=len(verdicts))
            if chosen < 0:  # cannot happen: needs came from a legal pairing
                raise refused("teams.pairing.no_set", source=base.source, round=round)
            yield from _set_events(view, verdicts, chosen)
            upfloaters = verdicts[chosen].upfloaters
        bracket = top + list(upfloaters)
        up_ids = frozenset(t.tpn for t in upfloaters)
        bracket_view = view.with_(
            players=tuple(views[t.tpn] for t in score_order(top) + score_order(upfloaters)),
            moved_down=tuple(t.tpn for t in score_order(upfloaters)), homogeneous=not upfloaters,
            lowest=len(bracket) == len(remaining), p=len(bracket) // 2)
        yield TeamBracketOpened(rule=RULES.label("1.3.2"), bracket=bracket_view)
        c10_applies = not last_two
        chosen_pairing = pair_bracket(graph, bracket, up_ids, kind, c10_applies, avoid=avoid)
        first = pair_bracket(graph, bracket, up_ids, kind, c10_applies, quality=False)
        assert chosen_pairing is not None and first is not None
        if first.pairs != chosen_pairing.pairs:
            criterion, players = _deciding(first, chosen_pairing, bracket, up_ids, kind,
                                           c10_applies, avoid)
            yield TeamCandidateTried(rule=criterion, bracket=bracket_view, pairs=first.pairs,
                                 transposition=0, accepted=False,
                                 rejection=Rejection(criterion, players, "quality"))
        yield TeamCandidateTried(rule=RULES.label("3.6.4"), bracket=bracket_view,
                                 pairs=chosen_pairing.pairs,
                             transposition=0, accepted=True)
        yield TeamBracketPaired(rule=RULES.label("3.6"), bracket=bracket_view,
                                pairs=chosen_pairing.pairs)
        by_tpn = {t.tpn: t for t in bracket}
        pairs.extend((by_tpn[a], by_tpn[b]) for a, b in chosen_pairing.pairs)
        taken = {t.tpn for t in bracket}
        remaining = [t for t in remaining if t.tpn not in taken]
    yield from finish(round, pairs, bye, initial_colour(base, round), base, views)


def _top_scoregroup(remaining: Sequence[TeamState], index: int,
                    views: Mapping[int, PlayerView]
                    ) -> tuple[list[TeamState], list[TeamState], BracketView]:
    """1.3: the highest scoregroup of the teams not yet paired, the teams
    below it, and the bracket's view (number ``index``) before upfloaters."""
    top_score = max(t.score for t in remaining)
    top = [t for t in remaining if t.score == top_score]
    lower = [t for t in remaining if t.score != top_score]
    view = BracketView(index=index, score=top_score,
                       players=tuple(views[t.tpn] for t in score_order(top)))
    return top, lower, view


def _tpn(team: TeamState) -> int:
    return team.tpn


def pab_step(graph: Graph, teams: Sequence[TeamState], round: RoundNumber,
             views: Mapping[int, PlayerView], source: str,
             system: str = SYSTEM) -> Generator[Event, None, TeamState | None]:
    """3.3.2's first step as events: with an odd number of teams, the PAB (3.4);
    returns the team that gets it (``None``: none needed).  PairingError when
    no team can take it, or when the teams cannot all be paired legally."""
    bye: TeamState | None = None
    if len(teams) % 2 == 1:
        event, bye = assign_bye(graph, list(teams), round)
        yield event
        if bye is None:
            raise refused("teams.pairing.no_pab", source=source, round=round, system=system)
        yield TeamByeAssigned(rule=RULES.label("3.4"), player=bye.tpn, view=views[bye.tpn])
    elif not graph.pairable(teams):
        raise refused("teams.pairing.cannot_meet", source=source, round=round, system=system,
                      teams=", ".join(str(t.tpn) for t in sorted(teams, key=_tpn)))
    return bye


def assign_bye(graph: Graph, teams: list[TeamState],
               round: RoundNumber) -> tuple[PabCandidatesRanked, TeamState | None]:
    """3.4: the first team allowed the PAB, in 3.4.2-3.4.4 order, that leaves a
    legal pairing of the others (3.4.1)."""
    allowed = sorted((t for t in teams if t.bye_eligible),
                     key=lambda t: (t.score, -t.matches_played, -t.tpn))
    excluded = tuple(sorted(t.tpn for t in teams if not t.bye_eligible))
    refused: list[Rejection] = []
    for team in allowed:
        if graph.pairable([t for t in teams if t is not team]):
            return PabCandidatesRanked(rule=RULES.label("3.4"), round=round,
                                       candidates=tuple(t.tpn for t in allowed),
                                       excluded=excluded, refused=tuple(refused),
                                       chosen=team.tpn), team
        refused.append(Rejection("3.4.1", (team.tpn,), "completion"))
    return PabCandidatesRanked(rule=RULES.label("3.4"), round=round,
                               candidates=tuple(t.tpn for t in allowed),
                               excluded=excluded, refused=tuple(refused)), None


def _set_events(view: BracketView, verdicts: list[SetVerdict],
                chosen: int) -> Iterator[UpfloaterSetTried]:
    best = verdicts[chosen]
    for verdict in verdicts[:chosen + 1]:
        ids = tuple(t.tpn for t in verdict.upfloaters)
        if verdict is best:
            yield UpfloaterSetTried(rule=RULES.label("3.5.5"), bracket=view, upfloaters=ids,
                                    number=verdict.number, accepted=True, c6=verdict.c6,
                                    c7=verdict.c7, remaining=len(verdicts) - chosen - 1)
            continue
        if verdict.failed:
            criterion = verdict.failed
            detail = "no_bracket_pairing" if criterion == RULES.label("[C1]") else "completion"
        elif (verdict.c6 or 0) > (best.c6 or 0):
            criterion, detail = RULES.label("[C6]"), "following_scoregroup"
        else:
            criterion, detail = RULES.label("[C7]"), "floated"
        yield UpfloaterSetTried(rule=criterion, bracket=view, upfloaters=ids,
                                number=verdict.number, c6=verdict.c6, c7=verdict.c7,
                                rejection=Rejection(criterion, ids, detail))


def _deciding(first: BracketPairing, chosen: BracketPairing, bracket: Sequence[TeamState],
              upfloaters: frozenset[int], kind: PreferenceType,
              c10_applies: bool,
              avoid: frozenset[frozenset[int]] = frozenset()) -> tuple[str, tuple[int, ...]]:
    """The criterion that puts the chosen pairing before the first legal one
    (3.6.4), and the teams of the first one's pairs that break it."""
    by_tpn = {t.tpn: t for t in bracket}
    for i, name in enumerate((RULES.label("[C8]"), RULES.label("[C9]"), RULES.label("[C10]"))):
        if first.quality[i] != chosen.quality[i]:
            players: list[int] = []
            for a, b in first.pairs:
                if misses(by_tpn[a], by_tpn[b], kind, upfloaters, c10_applies)[i]:
                    players += [a, b]
            return name, tuple(players)
    same = tuple(t for a, b in first.pairs if frozenset((a, b)) in avoid for t in (a, b))
    if same:
        return RULES.label("soft-avoid"), same  # seed 002: fewer pairs of a protection group
    return RULES.label("3.6.3"), ()  # cannot happen: equal quality gives the first identifier


def finish(round: RoundNumber, pairs: list[tuple[TeamState, TeamState]], bye: TeamState | None,
           initial: Colour, tournament: TeamTournament,
           views: Mapping[int, PlayerView], system: str = SYSTEM) -> Iterator[Event]:
    """Article 4 for every pair, the board order (C.04.2), the result."""
    boards: list[tuple[TeamState, TeamState]] = []
    kind = tournament.type_code.preferences
    for a, b in pairs:
        decision = allocate(a, b, initial, kind)
        yield TeamColourAllocated(rule=decision.rule, white=decision.white.tpn,
                              black=decision.black.tpn, higher=decision.first.tpn,
                              white_view=views[decision.white.tpn],
                              black_view=views[decision.black.tpn])
        boards.append((decision.white, decision.black))

    def board_key(board: tuple[TeamState, TeamState]) -> tuple[Decimal, Decimal, int]:
        # C.04.2: the higher score of the pair first, then the lower one, then
        # the smaller TPN of the pair.
        w, b = board
        return (-max(w.score, b.score), -min(w.score, b.score), min(w.tpn, b.tpn))

    boards.sort(key=board_key)
    ordered = tuple(Board(i, w.tpn, b.tpn) for i, (w, b) in enumerate(boards, 1))
    yield TeamBoardsOrdered(rule=RULES.label("C.04.2"), boards=ordered)
    yield RoundPaired(rule=RULES.label("C.04.6"), round=round, system=system, boards=ordered,
                      byes=() if bye is None else (bye.tpn,))


def pair(tournament: Tournament, round: RoundNumber | None = None, *,
         avoid: frozenset[frozenset[int]] = frozenset()) -> RoundPaired:
    """The pairing of ``round``: the last event of :func:`trace`."""
    return last_round_paired(trace(tournament, round, avoid=avoid))


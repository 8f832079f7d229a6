"""team-2026 (C.04.6) by hand: colour preferences (1.7), colour allocation
(4.3), the PAB (3.4), the choice of upfloaters (3.5), the bracket pairing
(3.6), the team reading of a TRF, and a brute-force check of the procedure."""

from __future__ import annotations

import itertools
import json
from decimal import Decimal
from pathlib import Path
from typing import Iterator

import pytest

from conftest import DATA, vector_files
from swisslearn import cli
from swisslearn.errors import PairingError, UsageError
from swisslearn.formats.teams import team_tournament
from swisslearn.teams import Outcome, PreferenceType, ScoreKind, TypeCode
from swisslearn.formats.trf import read_trf
from swisslearn.model import Colour
from swisslearn.team2026.colours import allocate
from swisslearn.team2026.events import PabCandidatesRanked, UpfloaterSetTried
from swisslearn.team2026.procedure import pair, trace
from swisslearn.team2026.selection import Graph, judge_sets, pair_bracket, upfloater_needs
from swisslearn.team2026.state import TeamState, preference, team_states
from swisslearn.trace import ByeAssigned, CandidateTried, RoundPaired
from teambuild import load, team_trf

W, B = Colour.WHITE, Colour.BLACK
A, TYPE_B, NONE = PreferenceType.A, PreferenceType.B, PreferenceType.NONE


def colours(text: str) -> tuple[Colour, ...]:
    return tuple(W if c == "W" else B for c in text)


def team(tpn: int, score: float = 0, played: str = "", *, kind: PreferenceType = A,
         last: bool = False, floated: bool = False, met: tuple[int, ...] = (),
         secondary: float | None = None) -> TeamState:
    """A team state made by hand (``played``: its colours, oldest first)."""
    cs = colours(played)
    pref, strong = preference(cs, kind, last)
    return TeamState(tpn=tpn, name=f"T{tpn}", rating=0, score=Decimal(str(score)),
                     secondary=None if secondary is None else Decimal(str(secondary)),
                     match_points=Decimal(str(score)), game_points=Decimal(0), colours=cs,
                     history=cs, floats=tuple([None] * max(len(cs) - 1, 0))
                     + (("up" if floated else None),),
                     opponents=frozenset(met), bye_eligible=True, matches_played=len(cs),
                     available=True, preference=pref, strong=strong)


# ---------------------------------------------------------------------------
# 1.2 / 1.7 / 192


@pytest.mark.parametrize("code, expected", [
    ("FIDE_TEAM", (A, ScoreKind.MATCH_POINTS, ScoreKind.GAME_POINTS)),
    ("FIDE_TEAM_TYPEA_MP_GP", (A, ScoreKind.MATCH_POINTS, ScoreKind.GAME_POINTS)),
    ("FIDE_TEAM_TYPEB_GP_MP", (TYPE_B, ScoreKind.GAME_POINTS, ScoreKind.MATCH_POINTS)),
    ("FIDE_TEAM_TYPEA_MP", (A, ScoreKind.MATCH_POINTS, None)),
    ("FIDE_TEAM_MP_GP", (NONE, ScoreKind.MATCH_POINTS, ScoreKind.GAME_POINTS)),
    ("FIDE_TEAM_GP", (NONE, ScoreKind.GAME_POINTS, None)),
    ("FIDE_TEAM_TYPEB_MP_BAKU", (TYPE_B, ScoreKind.MATCH_POINTS, None)),
])
def test_type_codes(code: str, expected: tuple[object, ...]) -> None:
    parsed = TypeCode.parse(code)
    assert (parsed.preferences, parsed.primary, parsed.secondary) == expected
    assert parsed.baku == code.endswith("BAKU")


@pytest.mark.parametrize("played, expected", [
    ("", None),
    ("W", None), ("B", None),            # CD +-1: no Type A preference
    ("WB", None), ("BW", None),          # CD 0, colours alternate
    ("WW", B), ("BB", W),                # CD +-2
    ("WBW", None), ("BWB", None),        # CD +-1, last two differ
    ("BWW", B), ("WBB", W),              # CD +-1, the same colour twice
    ("WBWW", B),                         # CD +2
    ("WWBB", W),                         # CD 0, Black twice
    ("BBWWW", B),                        # CD +1, White twice
    ("WWWBB", None),                     # CD +1 and Black twice: neither rule applies
])
def test_type_a_preference_only_beyond_one_or_twice_the_same(played: str,
                                                              expected: Colour | None) -> None:
    pref, strong = preference(colours(played), A, last_round=False)
    assert pref is expected and not strong


@pytest.mark.parametrize("played, last, expected", [
    ("W", False, (B, False)), ("B", True, (W, False)),      # CD +-1: mild, even last round
    ("WB", False, (W, False)), ("BW", False, (B, False)),   # CD 0: mild, alternate
    ("WB", True, (None, False)),                            # CD 0, last round: none
    ("WW", False, (B, True)), ("BBWW", True, (B, True)),    # strong stands in the last round
    ("WWW", False, (B, True)),
])
def test_type_b_preferences(played: str, last: bool, expected: tuple[object, bool]) -> None:
    assert preference(colours(played), TYPE_B, last) == expected


def test_no_preferences_when_the_code_says_so() -> None:
    assert preference(colours("WWW"), NONE, False) == (None, False)


# ---------------------------------------------------------------------------
# 4.3


def test_431_first_round_by_tpn_parity() -> None:
    assert allocate(team(1), team(6), W, A).white.tpn == 1
    assert allocate(team(2), team(7), W, A).white.tpn == 7
    assert allocate(team(2), team(7), B, A).white.tpn == 2
    assert allocate(team(2), team(7), B, A).rule == "4.3.1"


def test_432_433_preferences_granted() -> None:
    d = allocate(team(1, 2, "WW"), team(2, 2, "WB"), W, A)
    assert (d.white.tpn, d.rule) == (2, "4.3.2")
    d = allocate(team(1, 2, "WW"), team(2, 2, "BB"), W, A)
    assert (d.white.tpn, d.rule) == (2, "4.3.3")


def test_434_strong_over_mild_type_b() -> None:
    # Both prefer Black: 1 strongly (White twice), 2 mildly (CD +1).
    d = allocate(team(1, 2, "WW", kind=TYPE_B), team(2, 2, "W", kind=TYPE_B), W, TYPE_B)
    assert (d.black.tpn, d.rule) == (1, "4.3.4")


def test_435_lower_colour_difference_gets_white() -> None:
    d = allocate(team(1, 3, "W"), team(2, 3, "B"), W, A)
    assert (d.white.tpn, d.rule) == (2, "4.3.5")


def test_436_alternate_to_the_last_difference() -> None:
    # Same CD (0), no preference; last played colours WB and BW: they last
    # differed in the latest round (1 had Black then): 1 gets White.
    d = allocate(team(1, 3, "WB"), team(2, 3, "BW"), W, A)
    assert (d.white.tpn, d.rule) == (1, "4.3.6")


def test_437_438_first_team_decides() -> None:
    # Both prefer Black (both had White twice, 1 then Black twice): identical histories.
    d = allocate(team(1, 3, "BBWW"), team(2, 4, "BBWW"), W, A)
    assert (d.first.tpn, d.white.tpn, d.rule) == (2, 1, "4.3.7")
    # No preference, identical histories: the first-team (higher secondary
    # score, 4.2.2) alternates from its last colour.
    d = allocate(team(1, 3, "W", secondary=1), team(2, 3, "W", secondary=2), W, A)
    assert (d.first.tpn, d.black.tpn, d.rule) == (2, 2, "4.3.8")


def test_439_only_the_other_team_has_played() -> None:
    # 1 (first-team, more points) has not played a match; 2 played White then
    # Black: same CD 0, no preference, no shared history: 2 alternates.
    d = allocate(team(1, 1, ""), team(2, 0, "WB"), W, A)
    assert (d.first.tpn, d.white.tpn, d.rule) == (1, 2, "4.3.9")


# ---------------------------------------------------------------------------
# 3.5 and 3.6


def test_upfloater_c5_and_354_order_and_361_identifier() -> None:
    """Round 2 of eight teams: 1, 2, 3 won (2 points), 4-8 drew (1), 5, 6, 7
    lost.  The top-scoregroup {1, 2, 3} needs one upfloater ([C4]) with one
    point rather than none ([C5]); {4} comes before {8} (3.5.4).  The bracket
    {1, 2, 3, 4} is paired 1-3 2-4 (identifier 1 2 3 4 before 1 3 2 4)."""
    t = load(team_trf(8, [{(1, 5): "W", (6, 2): "L", (3, 7): "W", (8, 4): "D"}], total=5))
    events = list(trace(t, 2))
    sets = [e for e in events if isinstance(e, UpfloaterSetTried)]
    assert [(e.upfloaters, e.accepted) for e in sets][0] == ((4,), True)
    first_bracket = [e for e in events if isinstance(e, CandidateTried) and e.accepted][0]
    assert first_bracket.pairs == ((1, 3), (2, 4))
    result = events[-1]
    assert isinstance(result, RoundPaired)
    assert {frozenset((b.white, b.black)) for b in result.boards} == {
        frozenset(p) for p in ((1, 3), (2, 4), (5, 8), (6, 7))}


def test_c6_prefers_the_set_that_lets_the_next_scoregroup_pair() -> None:
    """Top-scoregroup {1} (5 points), next scoregroup {2, 3, 4} (4 points), 3 and
    4 have met.  {2} is first in 3.5.4 order but leaves 3 and 4, who need two
    upfloaters; {3} leaves 2 and 4, who pair: [C6] picks {3}."""
    states = [team(1, 5), team(2, 4), team(3, 4, met=(4,)), team(4, 4, met=(3,)),
              team(5, 3), team(6, 3), team(7, 3), team(8, 3)]
    graph = Graph(states)
    top, lower = states[:1], states[1:]
    needs = upfloater_needs(graph, top, lower)
    assert needs is not None and needs.count == 1 and needs.scores == (Decimal(4),)
    verdicts, chosen = judge_sets(graph, top, lower, needs, c7_applies=True)
    assert [(tuple(t.tpn for t in v.upfloaters), v.c6) for v in verdicts] == [
        ((2,), 2), ((3,), 0), ((4,), 0)]
    assert chosen == 1


def test_c7_skips_an_upfloater_that_floated_last_round_except_in_the_last_two() -> None:
    states = [team(1, 4, "W"), team(2, 3, "B", floated=True), team(3, 3, "W"), team(4, 2, "B"),
              team(5, 2, "W"), team(6, 2, "B")]
    graph = Graph(states)
    top, lower = states[:1], states[1:]
    needs = upfloater_needs(graph, top, lower)
    assert needs is not None
    verdicts, chosen = judge_sets(graph, top, lower, needs, c7_applies=True)
    assert [v.c7 for v in verdicts] == [1, 0] and verdicts[chosen].upfloaters[0].tpn == 3
    verdicts, chosen = judge_sets(graph, top, lower, needs, c7_applies=False)
    assert verdicts[chosen].upfloaters[0].tpn == 2


def test_c8_overrides_the_identifier() -> None:
    """1 and 3 prefer Black (White twice), 2 and 4 White: the first identifier
    (1 2 3 4: 1-3 2-4) denies two preferences; among the pairings that deny
    none, 1-4 2-3 (1 2 4 3) comes before 1-2 3-4 (1 3 2 4)."""
    states = [team(1, 2, "WW"), team(2, 2, "BB"), team(3, 2, "WW"), team(4, 2, "BB")]
    best = pair_bracket(Graph(states), states, (), A, c10_applies=True)
    first = pair_bracket(Graph(states), states, (), A, c10_applies=True, quality=False)
    assert best is not None and first is not None
    assert first.pairs == ((1, 3), (2, 4)) and first.c8 == 2
    assert best.pairs == ((1, 4), (2, 3)) and best.c8 == 0


def test_c10_avoids_pairing_the_upfloater_with_a_floater() -> None:
    """Bracket {1, 2, 3} + upfloater 4; 2 floated last round.  The first
    identifier 1-3 2-4 gives the upfloater a floater; 1-4 2-3 does not
    (and comes before 1-2 3-4).  In the last two rounds [C10] is off."""
    states = [team(1, 3, "W"), team(2, 3, "B", floated=True), team(3, 3, "W"), team(4, 2, "B")]
    best = pair_bracket(Graph(states), states, (4,), NONE, c10_applies=True)
    assert best is not None and best.pairs == ((1, 4), (2, 3)) and best.c10 == 0
    plain = pair_bracket(Graph(states), states, (4,), NONE, c10_applies=False)
    assert plain is not None and plain.pairs == ((1, 3), (2, 4))


# ---------------------------------------------------------------------------
# 3.4, the procedure


def test_pab_lowest_score_most_matches_largest_tpn() -> None:
    """Five teams, round 2: 5 had the PAB ([C2]); 3 and 4 lost (0 points):
    4, the larger TPN, gets it (3.4.2, 3.4.4)."""
    t = load(team_trf(5, [{(1, 3): "W", (4, 2): "L"}], total=4, byes={1: 5}))
    events = list(trace(t, 2))
    ranked = next(e for e in events if isinstance(e, PabCandidatesRanked))
    assert ranked.excluded == (5,) and ranked.candidates[:2] == (4, 3) and ranked.chosen == 4
    assert next(e for e in events if isinstance(e, ByeAssigned)).player == 4


def test_c2_no_second_pab() -> None:
    """Round 3 of five teams: 5 and 4 had the PAB ([C2]), though 4 has the
    lowest score; of the others, 2 has the lowest score (0)."""
    t = load(team_trf(5, [{(1, 2): "W", (3, 4): "W"}, {(1, 3): "W", (5, 2): "W"}], total=4,
                      byes={1: 5, 2: 4}))
    ranked = next(e for e in trace(t, 3) if isinstance(e, PabCandidatesRanked))
    assert ranked.excluded == (4, 5) and ranked.chosen == 2 and not ranked.refused
    assert pair(t, 3).byes == (2,)


def test_pair_is_the_last_event_of_trace() -> None:
    t = load(team_trf(6, [{(1, 4): "W", (5, 2): "D", (3, 6): "L"}], total=4))
    events = list(trace(t, 2))
    assert pair(t, 2) == events[-1]
    assert all(e.rule for e in events)


def test_no_legal_pairing_is_a_pairing_error() -> None:
    rounds = [{(1, 2): "W", (3, 4): "W"}, {(1, 3): "W", (2, 4): "W"},
              {(1, 4): "W", (2, 3): "W"}]
    t = load(team_trf(4, rounds, total=4))
    with pytest.raises(PairingError):
        pair(t, 4)


def test_an_individual_tournament_is_refused() -> None:
    with pytest.raises(UsageError, match="team records"):
        pair(read_trf(DATA / "club-12-joueurs.trf").tournament, 1)


def test_round_k_is_paired_from_rounds_before_it() -> None:
    rounds = [{(1, 4): "W", (5, 2): "D", (3, 6): "L"}, {(1, 3): "W", (2, 4): "D", (6, 5): "W"}]
    full = load(team_trf(6, rounds, total=4))
    cut = load(team_trf(6, rounds[:1], total=4))
    assert pair(full, 2) == pair(cut, 2)


# ---------------------------------------------------------------------------
# The team reading of a TRF


def test_team_rounds_from_the_boards() -> None:
    t = load(team_trf(4, [{(1, 3): "W", (4, 2): "D"}], total=3,
                      boards={(1, 3): "1+0="}))
    one = t.team(1).rounds[0]
    assert (one.opponent, one.colour, one.outcome, one.game_points, one.match_points) == (
        3, W, Outcome.WIN, Decimal("2.5"), Decimal(2))
    assert t.team(4).rounds[0].outcome is Outcome.DRAW and t.team(2).rounds[0].colour is B


@pytest.mark.skipif(not vector_files("team2026"), reason="../shared/vectors/team2026 is absent")
@pytest.mark.parametrize("path", vector_files("team2026"), ids=lambda p: p.name)
def test_totals_agree_with_310(path: Path) -> None:
    document = read_trf(path)
    t = team_tournament(document)
    for line in document.lines:
        if line.startswith("310"):
            tpn = int(line[4:7])
            rounds = t.team(tpn).rounds
            assert sum(r.match_points for r in rounds) == Decimal(line[54:60])
            assert sum(r.game_points for r in rounds) == Decimal(line[61:67])


# ---------------------------------------------------------------------------
# The same reading by brute force: every set, every pairing


def _perfect(teams: list[int], legal: dict[int, frozenset[int]]) -> bool:
    if not teams:
        return True
    first, rest = teams[0], teams[1:]
    return any(b not in legal[first] and _perfect([t for t in rest if t != b], legal)
               for b in rest)


def _pairings(teams: list[int], met: dict[int, frozenset[int]]) -> Iterator[list[tuple[int, int]]]:
    if not teams:
        yield []
        return
    first, rest = teams[0], teams[1:]
    for b in rest:
        if b not in met[first]:
            for tail in _pairings([t for t in rest if t != b], met):
                yield [(first, b)] + tail


def brute_force(states: dict[int, TeamState], kind: PreferenceType,
                floats_apply: bool) -> list[tuple[int, int]] | None:
    """C.04.6 3.5-3.6 read literally, by enumeration; ``None`` if a bracket is
    too big to enumerate."""
    met = {t: s.opponents for t, s in states.items()}
    score = {t: s.score for t, s in states.items()}
    remaining = sorted(states)
    result: list[tuple[int, int]] = []
    while remaining:
        top_score = max(score[t] for t in remaining)
        top = [t for t in remaining if score[t] == top_score]
        lower = [t for t in remaining if score[t] != top_score]

        def legal(ups: tuple[int, ...], pool: list[int]) -> bool:
            return (_perfect(sorted(top + list(ups)), met)
                    and _perfect([t for t in pool if t not in ups], met))

        sets: list[tuple[int, ...]] = []
        for k in range(len(top) % 2, len(lower) + 1, 2):
            sets = [s for s in itertools.combinations(lower, k) if legal(s, lower)]
            if sets:
                break
        best = max(sorted(score[t] for t in s) for s in sets)
        sets = sorted(tuple(sorted(s, key=lambda t: (-score[t], t))) for s in sets
                      if sorted(score[t] for t in s) == best)

        def c6(ups: tuple[int, ...]) -> int:
            rest = [t for t in lower if t not in ups]
            if not rest:
                return 0
            group = [t for t in rest if score[t] == max(score[r] for r in rest)]
            others = [t for t in rest if t not in group]
            for k in range(len(group) % 2, len(others) + 1, 2):
                if any(_perfect(sorted(group + list(s)), met)
                       and _perfect([t for t in others if t not in s], met)
                       for s in itertools.combinations(others, k)):
                    return k
            raise AssertionError("no pairing")

        def c7(ups: tuple[int, ...]) -> int:
            return sum(states[t].floated_last_round for t in ups) if floats_apply else 0

        ups = min(sets, key=lambda s: (c6(s), c7(s)))
        bracket = sorted(top + list(ups))
        if len(bracket) > 12:
            return None

        def quality(pairs: list[tuple[int, int]]) -> tuple[int, int, int, tuple[int, ...]]:
            c8 = c9 = c10 = 0
            for a, b in pairs:
                sa, sb = states[a], states[b]
                same = sa.preference is not None and sa.preference is sb.preference
                c8 += same
                c9 += kind is PreferenceType.B and same and sa.strong and sb.strong
                if floats_apply and (a in ups) != (b in ups):
                    c10 += (sb if a in ups else sa).floated_last_round
            return (c8, c9, c10, tuple(a for a, _ in pairs) + tuple(b for _, b in pairs))

        chosen = min(_pairings(bracket, met), key=quality)
        result += chosen
        remaining = [t for t in remaining if t not in bracket]
    return sorted(result)


@pytest.mark.skipif(not vector_files("team2026"), reason="../shared/vectors/team2026 is absent")
def test_engine_equals_brute_force_on_the_reference_rounds() -> None:
    compared = 0
    for path in vector_files("team2026"):
        t = team_tournament(read_trf(path))
        assert t.rounds is not None
        for round in range(2, t.rounds + 1):
            paired = pair(t, round)
            states = {k: s for k, s in team_states(t.truncated(round - 1), round).items()
                      if s.available and k not in paired.byes}
            expected = brute_force(states, t.type_code.preferences, round < t.rounds - 1)
            if expected is None:
                continue
            compared += 1
            assert sorted((min(b.white, b.black), max(b.white, b.black))
                          for b in paired.boards) == expected, (path.name, round)
    assert compared >= 80


# ---------------------------------------------------------------------------
# The command line


def test_cli_pairs_a_team_file(capsys: pytest.CaptureFixture[str]) -> None:
    path = str(DATA / "equipes-dix.trf")
    assert cli.main(["pair", path, "--system", "team-2026", "--round", "3", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["system"] == "team-2026" and len(data["boards"]) == 5
    assert cli.main(["show", path]) == 0
    assert "A1" in capsys.readouterr().out


def test_013_records_330_forfeit_and_240_absence() -> None:
    """``013`` teams are numbered in file order; a ``330`` forfeit is no meeting
    ([C1]) but bars the winner from the PAB ([C2]); a ``240`` for the round
    being paired keeps the team out of it."""
    text = team_trf(5, [{(1, 2): "W", (3, 4): "W"}], total=4, byes={1: 5})
    lines = []
    for line in text.splitlines():
        if line.startswith("310"):
            tpn = int(line[4:7])
            line = "013 " + f"Team {tpn}".ljust(32) + "".join(
                f"{4 * tpn - 3 + b:4d} " for b in range(4)).rstrip()
        lines.append(line)
    lines.insert(1, "330 +- 002 003 002")
    lines.insert(1, "240 H 003    1")
    t = load("\n".join(lines) + "\n")
    assert [team.name for team in t.teams] == [f"Team {k}" for k in range(1, 6)]
    states = team_states(t, 3)
    assert states[3].score == 4 and not states[3].bye_eligible   # won a match by forfeit
    assert 2 not in states[3].opponents                           # the forfeit was no meeting
    assert not states[1].available                                # 240 H for round 3
    result = pair(t, 3)
    assert 1 not in result.byes and all(1 not in (b.white, b.black) for b in result.boards)

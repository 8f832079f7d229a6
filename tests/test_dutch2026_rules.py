"""dutch-2026 on small hand-made tournaments: one rule at a time.

[C1] no rematch (a forfeit is no game), [C2] no second PAB, [C3] absolute
colours except topscorers, forbidden pairs (``XXP``, ``260``) as absolute,
an impossible round, 1.4.3 floats, the colour articles 5.2.1-5.2.5, and
``pair`` as the last event of ``trace``.
"""

from __future__ import annotations

import json
from decimal import Decimal

import pytest

from swisslearn import systems
from swisslearn.dutch2026.colours import allocate
from swisslearn.dutch2026.criteria import absolute_violation
from swisslearn.dutch2026.events import BracketParameters, CompletionChecked
from swisslearn.dutch2026.procedure import pair, trace
from swisslearn.dutch2026.scoring import Competitor, Drift, competitors
from swisslearn.errors import PairingError, UsageError
from swisslearn.formats.trf import parse_trf
from swisslearn.generate import GeneratorSettings, generate
from swisslearn.model import Colour, PlayerId, Result, Tournament
from swisslearn.trace import CandidateTried, RoundPaired, event_to_json
from helpers import pairs_of

_POINTS = {"1": 1.0, "=": 0.5, "0": 0.0, "+": 1.0, "-": 0.0, "U": 1.0, "H": 0.5, "Z": 0.0,
           "F": 1.0}


def make(rounds: int, table: dict[int, list[str]], *extra: str) -> Tournament:
    """A tournament from round blocks: ``"4 w 1"`` (opponent, colour,
    result) or a bye letter (``"U"``, ``"H"``, ``"Z"``, ``"F"``)."""
    lines = [f"XXR {rounds}", *extra]
    for pid, blocks in sorted(table.items()):
        cells = []
        points = 0.0
        for block in blocks:
            parts = block.split()
            if len(parts) == 1:
                cells.append(f"0000 - {parts[0]}")
            else:
                cells.append(f"{int(parts[0]):4d} {parts[1]} {parts[2]}")
            points += _POINTS[parts[-1]]
        rating = 2600 - 10 * pid
        head = f"001 {pid:4d}      Player{pid:04d}".ljust(48) + f"{rating:4d}".ljust(32)
        lines.append(head + f"{points:4.1f} {pid:4d}" + "".join("  " + c for c in cells))
    return parse_trf("\n".join(lines) + "\n", source="<test>").tournament


def boards_of(paired: RoundPaired) -> list[tuple[PlayerId, PlayerId]]:
    return [(b.white, b.black) for b in paired.boards]


def test_round_one_top_half_against_bottom_half_colours_alternate() -> None:
    t = make(3, {i: [] for i in range(1, 7)}, "XXC white1")
    assert boards_of(pair(t, 1)) == [(1, 4), (5, 2), (3, 6)]
    t = make(3, {i: [] for i in range(1, 7)}, "XXC black1")
    assert boards_of(pair(t, 1)) == [(4, 1), (2, 5), (6, 3)]


def test_c1_no_rematch_a_transposition_instead() -> None:
    # Everybody on ½: S1 = {1, 2}, S2 = {3, 4}; 1-3 and 2-4 were played.
    # 1 and 2 want White, 3 and 4 Black: the transposition 1-4, 2-3 ([C12]
    # rules out the exchange 1-2, 3-4).
    t = make(3, {1: ["3 b ="], 2: ["4 b ="], 3: ["1 w ="], 4: ["2 w ="]})
    paired = pair(t, 2)
    assert pairs_of(paired) == {frozenset((1, 4)), frozenset((2, 3))}
    # With the colours the other way round the exchange wins on [C12].
    t = make(3, {1: ["3 w ="], 2: ["4 b ="], 3: ["1 b ="], 4: ["2 w ="]})
    assert pairs_of(pair(t, 2)) == {frozenset((1, 2)), frozenset((3, 4))}


def test_the_trace_names_the_criterion_that_ruled_out_the_first_candidate() -> None:
    # 1-2 and 3-4 drew: 1 and 3 want Black, 2 and 4 White.  The first
    # candidate 1-3, 2-4 denies two preferences: [C12] decides for 1-4, 2-3.
    t = make(3, {1: ["2 w ="], 2: ["1 b ="], 3: ["4 w ="], 4: ["3 b ="]})
    tried = [e for e in trace(t, 2) if isinstance(e, CandidateTried)]
    assert [(e.rule, e.accepted) for e in tried] == [("[C12]", False), ("3.8.1", True)]
    assert {frozenset(p) for p in tried[1].pairs} == {frozenset((1, 4)), frozenset((2, 3))}
    # A rematch in the first candidate: [C1], with the pair named.
    t = make(3, {1: ["3 b ="], 2: ["4 b ="], 3: ["1 w ="], 4: ["2 w ="]})
    rejected = [e for e in trace(t, 2) if isinstance(e, CandidateTried) and not e.accepted]
    assert rejected[0].rejection is not None
    assert (rejected[0].rule, rejected[0].rejection.detail) == ("[C1]", "met")
    assert rejected[0].rejection.players == (1, 3)


def test_c1_a_forfeited_game_is_no_meeting() -> None:
    # 1 won against 2 by forfeit: they never played and may be paired again.
    t = make(2, {1: ["2 w +"], 2: ["1 b -"]})
    assert pairs_of(pair(t, 2)) == {frozenset((1, 2))}


def test_c2_no_second_pab_and_no_pab_after_a_forfeit_win() -> None:
    # 3 had the PAB; 1-2 have met: 3 must play, the PAB goes to 1 or 2.
    t = make(3, {1: ["2 w ="], 2: ["1 b ="], 3: ["U"]})
    paired = pair(t, 2)
    assert paired.byes and paired.byes[0] in (1, 2)
    assert frozenset((1, 2)) not in pairs_of(paired)
    # 5 scored a win without playing (forfeit): not the PAB, though lowest.
    t = make(3, {1: ["4 w 1"], 2: ["5 b -"], 3: ["U"], 4: ["1 b 0"], 5: ["2 w +"]})
    assert pair(t, 2).byes == (4,)


def test_c5_the_pab_goes_to_the_lowest_score_possible() -> None:
    t = make(3, {1: ["2 w 1"], 2: ["1 b 0"], 3: ["4 w 1"], 4: ["3 b 0"], 5: ["H"]})
    paired = pair(t, 2)
    assert paired.byes in ((2,), (4,))
    events = list(trace(t, 2))
    checked = [e for e in events if isinstance(e, CompletionChecked)]
    assert checked and checked[0].pab_score == Decimal(0)
    assert set(checked[0].pab_candidates) == {2, 4}


def test_c3_same_absolute_colour_never_meets_unless_a_topscorer_in_the_last_round() -> None:
    # After two rounds 1 and 2 had White twice, 3 and 4 Black twice: every
    # pair is a rematch or joins two equal absolute preferences.
    games = {1: ["3 w 1", "4 w 1"], 2: ["4 w 1", "3 w 1"], 3: ["1 b 0", "2 b 0"],
             4: ["2 b 0", "1 b 0"]}
    with pytest.raises(PairingError, match=r"players 1, 2, 3, 4 cannot all be paired"):
        pair(make(4, games), 3)
    # In the last round 1 and 2 (2/2, over 50%) are topscorers and may meet;
    # 3 and 4 still may not: only they are named.
    with pytest.raises(PairingError, match=r"players 3, 4 cannot all be paired"):
        pair(make(3, games), 3)


def test_absolute_criteria_directly() -> None:
    def player(pid: PlayerId, colours: str, topscorer: bool = False,
               met: tuple[PlayerId, ...] = ()) -> Competitor:
        return Competitor(id=pid, tpn=pid, score=Decimal(1), pairing_score=Decimal(1),
                          colours=tuple(Colour(c) for c in colours), floats=(),
                          opponents=frozenset(met), bye_eligible=True,
                          played_games=len(colours), topscorer=topscorer)

    a, b = player(1, "ww"), player(2, "bww")
    assert absolute_violation(a, b, frozenset()) == "[C3]"
    assert absolute_violation(player(1, "ww", topscorer=True), b, frozenset()) is None
    assert absolute_violation(a, player(2, "wb"), frozenset()) is None
    assert absolute_violation(player(1, "w", met=(2,)), player(2, "b"), frozenset()) == "[C1]"
    assert absolute_violation(player(1, "w"), player(2, "b"),
                              frozenset({frozenset((1, 2))})) == "forbidden"


def test_forbidden_pairs_are_absolute() -> None:
    everyone: dict[int, list[str]] = {i: [] for i in range(1, 5)}
    t = make(3, everyone, "XXC white1", "XXP 1 3")
    assert pairs_of(pair(t, 1)) == {frozenset((1, 4)), frozenset((2, 3))}
    # 260: only in the rounds given.
    t = make(3, everyone, "XXC white1", "260 2 3 1 3")
    assert pairs_of(pair(t, 1)) == {frozenset((1, 3)), frozenset((2, 4))}


def test_an_impossible_round_names_the_players() -> None:
    t = make(2, {1: ["2 w 1"], 2: ["1 b 0"]})
    with pytest.raises(PairingError, match=r"round 2 .*players 1, 2"):
        pair(t, 2)


def test_a_round_outside_the_tournament_is_a_usage_error() -> None:
    t = make(2, {1: [], 2: []})
    with pytest.raises(UsageError):
        pair(t, 0)
    with pytest.raises(UsageError):
        pair(t, 3)


def test_floats_of_1_4_3() -> None:
    # Round 1: 1 beat 2; 3 half-point bye; 4 absent (zero); 5 forfeit win
    # over 6.  Round 2: 2 (0) played 4 (0).
    t = make(3, {1: ["2 w 1", "H"], 2: ["1 b 0", "4 w 1"], 3: ["H", "U"], 4: ["Z", "2 b 0"],
                 5: ["6 w +", "Z"], 6: ["5 b -", "Z"]})
    table = competitors(t, 3, (1, 2, 3, 4, 5, 6))
    assert table[3].floats == (Drift.DOWN, Drift.DOWN)   # H, then the PAB
    assert table[4].floats == (None, None)               # Z, then an equal score
    assert table[5].floats == (Drift.DOWN, None)         # a forfeit win, then Z
    assert table[6].floats == (None, None)               # a forfeit loss is no float
    assert table[1].floats == (None, Drift.DOWN)         # equal scores in round 1
    assert not table[3].bye_eligible and not table[5].bye_eligible
    assert table[2].bye_eligible and table[5].played_games == 0


def _player(pid: PlayerId, colours: str, score: str = "1", topscorer: bool = False
            ) -> Competitor:
    return Competitor(id=pid, tpn=pid, score=Decimal(score), pairing_score=Decimal(score),
                      colours=tuple(Colour(c) for c in colours), floats=(),
                      opponents=frozenset(), bye_eligible=True, played_games=len(colours),
                      topscorer=topscorer)


@pytest.mark.parametrize("a, b, white, rule", [
    # 5.2.1: both preferences granted (or the only one, 1.7.4).
    (_player(1, "wb"), _player(2, "bw"), 1, "5.2.1"),
    (_player(1, ""), _player(2, "w"), 1, "5.2.1"),
    # 5.2.2: absolute over strong; two absolute (topscorers): wider difference.
    (_player(1, "bwb"), _player(2, "wbb"), 2, "5.2.2"),
    (_player(1, "bbbw", topscorer=True), _player(2, "wbb", topscorer=True), 1, "5.2.2"),
    # 5.2.3: latest round with different colours: 1 had White, 2 Black then.
    (_player(1, "bwwb"), _player(2, "wbwb"), 2, "5.2.3"),
    # 5.2.4: same history: the higher ranked player's preference.
    (_player(1, "wb", score="1"), _player(2, "wb", score="1.5"), 2, "5.2.4"),
    # 5.2.5: no preference: odd TPN gets the initial colour.
    (_player(3, ""), _player(4, ""), 3, "5.2.5"),
    (_player(2, ""), _player(4, ""), 4, "5.2.5"),
])
def test_colour_allocation_articles(a: Competitor, b: Competitor, white: PlayerId,
                                    rule: str) -> None:
    decision = allocate(a, b, Colour.WHITE)
    assert (decision.white.id, decision.rule) == (white, rule)
    swapped = allocate(b, a, Colour.WHITE)
    assert (swapped.white.id, swapped.rule) == (white, rule)


def test_pair_is_the_last_event_of_trace_and_every_event_is_json() -> None:
    t = make(4, {1: ["4 w 1"], 2: ["5 b ="], 3: ["U"], 4: ["1 b 0"], 5: ["2 w ="]})
    events = list(trace(t, 2))
    assert isinstance(events[-1], RoundPaired) and events[-1] == pair(t, 2)
    assert events[-1].system == "dutch-2026"
    assert systems.get("dutch-2026").pair(t, 2) == events[-1]
    kinds = set()
    for event in events:
        data = event_to_json(event)
        json.dumps(data, ensure_ascii=False)
        assert data["rule"] and data["kind"]
        kinds.add(data["kind"])
    assert {"round_started", "completion_checked", "bracket_opened", "bracket_parameters",
            "bracket_paired", "bye_assigned", "colour_allocated", "boards_ordered",
            "round_paired"} <= kinds
    assert all(e.m1 <= e.max_pairs for e in events if isinstance(e, BracketParameters))


def test_generated_tournaments_keep_the_absolute_criteria() -> None:
    """Random tournaments paired by dutch-2026, round after round: no rematch
    of a game played, no second PAB, no PAB after a win without playing, and
    no non-topscorer ends a round three colours off or with a colour three
    times in a row ([C3] with 5.2)."""
    for seed in range(4):
        settings = GeneratorSettings(players=9 + 4 * seed, rounds=5 + seed % 2, seed=seed,
                                     forfeit_rate=0.05, half_bye_rate=0.05, absence_rate=0.03)
        t = generate(settings, pair).tournament
        assert t.rounds is not None
        for round in range(1, t.rounds + 1):
            table = competitors(t, round, tuple(p.id for p in t.players))
            last = round == t.rounds
            for player in t.players:
                entry = player.entry(round)
                if entry is None:
                    continue
                before = table[player.id]
                if entry.opponent is not None:
                    assert entry.opponent not in before.opponents
                if entry.result is Result.PAIRING_ALLOCATED_BYE:
                    assert before.bye_eligible
                if entry.opponent is not None and entry.result.game_played \
                        and not (last and before.topscorer):
                    colours = before.colours + ((entry.colour,) if entry.colour else ())
                    difference = sum(1 if c is Colour.WHITE else -1 for c in colours)
                    assert -2 <= difference <= 2
                    assert not (len(colours) >= 3 and colours[-1] is colours[-2] is colours[-3])

"""The 1998 procedure told in the text's order: the steps of each course round.

For each course file of ``data/`` and each hand-worked case of
``test_dutch1998_cases.py``, the sequence of steps the trace must tell —
(rule, score of the bracket the step is about) — was worked out by hand
from seed 000 (C1-C14, with the readings of the README) before the engine
was run on it; the working is in the comments.  A step is every event about
a bracket except C4 (S1/S2 are set at every level) and the bracket's
pairing itself (its pairs are checked elsewhere).

Notation: "x = 0" etc. from A8; "B5 (4 up)": player 4 would float up twice.

The story is the literal procedure (issue 29): C7 tries every transposition
of S2 (a refused run of them is one step here, "C7"; none when S2 has no
other order), and C8 every exchange in D2 order, each one step ("D2") and
walked again from C6 — no "C8: no exchange can work" shortcut.  Where a
comment below says "C8 nothing", read: each exchange of the D2 table tried
and refused in turn.
"""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import pytest

from swisslearn.dutch1998.procedure import trace
from swisslearn.explain.catalogue import catalogue
from swisslearn.formats.trf import read_trf
from swisslearn.model import Tournament
from swisslearn.explain import explain
from swisslearn.trace import (BracketPaired, BracketSplit, BracketUndone, BracketView,
                              CandidatesSkipped, CandidateTried, CriterionDropped, Event,
                              ExchangeApplied, PairingsTried, PDecreased, PlayerMovedDown,
                              Rejection,
                              RemainderUnpaired, RoundPaired, RoundStarted, XIncreased,
                              event_to_json)
from test_dutch1998_cases import fresh
from trfbuild import tournament

DATA = Path(__file__).resolve().parent.parent / "data"
Steps = list[tuple[str, str]]


def steps(events: list[Event]) -> Steps:
    """(rule, bracket score) of every step about a bracket, C4 and the
    bracket's pairing left out.  A run of refused C7 steps in a row (the
    transpositions refused one by one, or a range of them) is one step, "C7:
    none until the next acceptable one" (the story's skeleton, the same
    whether the literal walk or the pruned search tells it)."""
    cat = catalogue("en")
    found: Steps = []
    in_run = False
    for e in events:
        if not (isinstance(bracket := getattr(e, "bracket", None), BracketView)
                and not isinstance(e, (BracketSplit, BracketPaired))):
            continue
        step = (e.rule, cat.number(bracket.score))
        refused = (isinstance(e, CandidatesSkipped) and e.rule == "C7") or (
            isinstance(e, CandidateTried) and e.rule == "C7" and not e.accepted)
        if refused and in_run and found[-1] == step:
            continue
        found.append(step)
        in_run = refused
    return found


def level(rule_score: str, *rules: str) -> Steps:
    """One level that fails at C6, C7 and C8, brought by ``rules``."""
    return [(rule, rule_score) for rule in rules]


# -- the course files ----------------------------------------------------------------

# cours-procedure, round 4 (notebook 04).
# 2.5: 1 2 5 7 (N! B! N! B!!), x = 0, S1 = 1 2, S2 = 5 7.  C6: 1-5, 2-7 miss
#   both preferences (B4).  C7: 7-5 gives 1-7, met (B1a).  C8: exchange a
#   (2 <-> 5): S1 = 1 5, S2 = 2 7: C6 1-2, 5-7 kept.
# 2: 3 has met 6 and 10: C1, he floats.  6-10 (x = 1) kept.
# 1: heterogeneous, S1 = 3, S2 = 4 8 9 11 12, x = 0.  3 floated down last
#   round and meets only lower scores here: every candidate makes him float
#   down again (B5, 3 down; A4), C6 and C7 refuse them all; C9 drops B6 (the
#   same), then B5 for downfloaters.  Then C6 3-4: B5 (4 up); the
#   transpositions giving 3 the players 4 (B5), 8 (B6), 9 and 11 (B4) are
#   refused (1 to 95); C7 no. 96 gives 3-12.  Remainder 4 8 9 11: C6 4-9, 8-11.
# 0: 13-14 (x = 1).
PROCEDURE = [("A3", "2.5"), ("C6", "2.5"), ("C7", "2.5"), ("D2", "2.5"), ("C6", "2.5"),
             ("A3", "2"), ("C1", "2"), ("C6", "2"),
             ("A3", "1"), ("C6", "1"), ("C7", "1"), ("C9", "1"), ("C6", "1"), ("C7", "1"),
             ("C9", "1"), ("C6", "1"), ("C7", "1"), ("C7", "1"), ("C6", "1"),
             ("A3", "0"), ("C6", "0")]

# cours-definitions, round 3 (notebook 02).
# 2: 1-3 (x = 1).  1.5: 4 alone, he floats (C1, A6: p = 0).
# 1: heterogeneous, S1 = 4, x = 1: C6 4-2 kept.  Remainder 5 6 9 10 11, x = 0,
#   S1 = 5 6: C6 5-9, 6-10 leaves 11, who floated down two rounds before
#   (B6); C7: no transposition works (5-10 met, 5-11 and 6-11 miss
#   preferences, 10 left over would float down twice).  C8: exchange a
#   (6 <-> 9) gives no acceptable candidate (x); exchange b (6 <-> 10):
#   S1 = 5 10, S2 = 6 9 11: C6 refused (11 left over, B6), C7: no. 1 and 2
#   refused, no. 3 gives 5-9, 10-11 (6 moves down).
# 0.5: 6 moved down, half of the bracket: treated as homogeneous, 6-7.
# 0: 8 alone in the lowest bracket: C1, he can only be the bye.
DEFINITIONS = [("A3", "2"), ("C6", "2"), ("A3", "1.5"), ("C1", "1.5"), ("A3", "1"), ("C6", "1"),
               ("C6", "1"), ("C7", "1"), ("D2", "1"), ("C6", "1"), ("C7", "1"), ("D2", "1"),
               ("C6", "1"), ("C7", "1"), ("C7", "1"), ("A3", "0.5"), ("C6", "0.5"), ("A3", "0"),
               ("C1", "0")]

# cours-c9, round 3 (notebook 06).
# 2: 4 alone, floats.  1.5: 4 and 3 (half moved down: homogeneous): 4-3.
# 1: 1 2 6, x = 0, S1 = 1, S2 = 2 6: C6 1-2 leaves 6, who floated down
#   last round (B5); C7 1-6 misses both preferences (B4); C8: no pairing of
#   the three works.  C9 drops B6 (nothing changes: C6, C7, C8 again), then
#   B5: C6 1-2 kept, 6 floats down a second time.
# 0.5: heterogeneous, S1 = 6, S2 = 5 7 8: 6 is paired with a lower score:
#   he floats down again (B5, checked again in this bracket, whose criteria
#   are whole).  C6 6-5 met (B1a), C7 the others B5; C9 drops B6 (the same),
#   then B5: C6 6-5 met, C7 no. 1 the same, no. 2 gives 6-7; remainder 5-8.
C9 = [("A3", "2"), ("C1", "2"), ("A3", "1.5"), ("C6", "1.5"), ("A3", "1"), ("C6", "1"),
      ("C7", "1"), ("D2", "1"), ("C6", "1"), ("C7", "1"), ("D2", "1"), ("C6", "1"),
      ("C7", "1"), ("C9", "1"), ("C6", "1"), ("C7", "1"), ("D2", "1"), ("C6", "1"),
      ("C7", "1"), ("D2", "1"), ("C6", "1"), ("C7", "1"), ("C9", "1"), ("C6", "1"),
      ("A3", "0.5"), ("C6", "0.5"), ("C7", "0.5"), ("C9", "0.5"), ("C6", "0.5"),
      ("C7", "0.5"), ("C9", "0.5"), ("C6", "0.5"), ("C7", "0.5"), ("C6", "0.5")]

# cours-c10, round 3 (notebook 06).
# 2: 2-3.  1: 1 5 7, x = 0: C6 1-5 leaves 7, who floated down two rounds
#   before (B6); C7 1-7 misses preferences (B4); C8 nothing; C9 drops B6:
#   1-5 kept, 7 floats down.
# 0.5: heterogeneous, S1 = 7, S2 = 4 6, both floated up last round; 7,
#   floated down two rounds before, floats down again with either (B6, 7
#   down): C6 7-4, C7 7-6 refused (B5 up, and B6); C9 drops B6 (B5 up
#   still), then B5 (the same); C10 drops B6 (the same again), then B5: 7-4;
#   6, left alone in the remainder, gets the bye.
C10 = [("A3", "2"), ("C6", "2"), ("A3", "1"), ("C6", "1"), ("C7", "1"), ("D2", "1"),
       ("C6", "1"), ("C7", "1"), ("D2", "1"), ("C6", "1"), ("C7", "1"), ("C9", "1"),
       ("C6", "1"), ("A3", "0.5"), ("C6", "0.5"), ("C7", "0.5"), ("C9", "0.5"),
       ("C6", "0.5"), ("C7", "0.5"), ("C9", "0.5"), ("C6", "0.5"), ("C7", "0.5"),
       ("C10", "0.5"), ("C6", "0.5"), ("C7", "0.5"), ("C10", "0.5"), ("C6", "0.5")]

# cours-c11, round 3 (notebook 06).
# 1.5: 1 and 2 have met: C1, both float.
# 1: heterogeneous, S1 = 1 2, S2 = 3 4 5, x = 0: C6 1-3, 2-4 gives 4 a second
#   upfloat (B5); C7: every order fails (1-4 met, 1-3 and 1-5 miss
#   preferences with x = 0).  C10 drops B6, then B5: the same (B4 now).
#   C11: x = 1: C6 still two conflicts; C7 no. 1 to 3 refused, no. 4 gives
#   1-5, 2-3 (one conflict); 4 moves down.
# 0: 4 and 6 (x = 1): 4-6.
C11 = ([("A3", "1.5"), ("C1", "1.5"), ("C1", "1.5"), ("A3", "1")]
       + level("1", "C6", "C7", "C10", "C6", "C7", "C10", "C6", "C7", "C11", "C6", "C7", "C7")
       + [("A3", "0"), ("C6", "0")])

# cours-c12, round 3 (notebook 06; tests/data/dutch1998/hand/analysis-cours-c12-r3.md).
# 2: 1 alone, floats.  1.5: heterogeneous, S1 = 1, S2 = 3 5, x = 1: 1
#   floated down last round: C6 1-3, C7 1-5 refused (B5, 1 down); C9 drops
#   B6 (the same), then B5: C6 1-3; 5 moves down.
# 0.5: 5 has met 2 and 6: C1, he came from above: C12.  The pairing of 1.5
#   is undone; its next candidate (C7, 5-3) gives 1-5 and moves 3 down
#   instead (B5 for downfloaters already dropped in 1.5), with whom 0.5
#   makes its pairs: kept.
# 0.5 again with 3: S1 = 3, S2 = 2 6: 3 floated down last round: C6 3-2 (B5:
#   3 down, 2 up), C7 3-6 met; C9 drops B6 (the same), then B5: C6 3-2 (B5:
#   2 up), C7 3-6 met; C10 drops B6 (the same), then B5: 3-2.
# 0: 6 (moved down) and 4: C6 6-4 gives 4 a second upfloat (B5); C7 has no
#   other order, C8 no exchange; C9 (B6, B5 for downfloaters) changes
#   nothing; C10 drops B6, then B5: 6-4.
C12 = [("A3", "2"), ("C1", "2"), ("A3", "1.5"), ("C6", "1.5"), ("C7", "1.5"), ("C9", "1.5"),
       ("C6", "1.5"), ("C7", "1.5"), ("C9", "1.5"), ("C6", "1.5"), ("A3", "0.5"),
       ("C1", "0.5"), ("C12", "1.5"), ("C7", "1.5"), ("C12", "1.5"), ("A3", "0.5"),
       ("C6", "0.5"), ("C7", "0.5"), ("C9", "0.5"), ("C6", "0.5"), ("C7", "0.5"),
       ("C9", "0.5"), ("C6", "0.5"), ("C7", "0.5"), ("C10", "0.5"), ("C6", "0.5"), ("C7", "0.5"), ("C10", "0.5"), ("C6", "0.5"),
       ("A3", "0"), ("C6", "0"), ("D2", "0"), ("C6", "0"), ("C9", "0"), ("C6", "0"),
       ("D2", "0"), ("C6", "0"), ("C9", "0"), ("C6", "0"), ("D2", "0"), ("C6", "0"),
       ("C10", "0"), ("C6", "0"), ("D2", "0"), ("C6", "0"), ("C10", "0"), ("C6", "0")]

# cours-c12-refus, round 4 (notebook 06).
# 3: 1 alone, floats.  2: 1 has met 2 and 3: C1, C12.  Bracket 3 (1 alone)
#   has no other pairing: the earlier one stays and 1 floats on (C1).  2-3.
# 1: 1 and 5 (half moved down: homogeneous): 1-5.  0.5: 4-6.
C12_REFUSED = [("A3", "3"), ("C1", "3"), ("A3", "2"), ("C1", "2"), ("C12", "3"),
               ("C12", "3"), ("C1", "2"), ("C6", "2"), ("A3", "1"), ("C6", "1"),
               ("A3", "0.5"), ("C6", "0.5")]

# cours-c13, round 4 (notebook 06).
# 2.5: 3 alone, floats.  2: 3 and 1 (homogeneous): C6 3-1, 3 floated down two
#   rounds before (B6); C7 nothing, C8 nothing; C9 drops B6: 3-1.
# 1.5: 2 4 5, x = 1: C6 2-4, 5 moves down.
# 0 (lowest): 5 and 6 have met: C1, C13.  The pairing of 1.5 is undone: C7's
#   other order (2-5) is met; C8 exchange a (2 <-> 4): 4-2 moves 5 down
#   again, already tried: C13 refuses it (it wants another pairing); C7
#   gives 4-5: 2 moves down.
# 0 with 2: C6 2-6 gives 6 a second upfloat (B5); C7, C8 nothing; C9 (twice),
#   C10 B6 change nothing; C10 drops B5: 2-6.  The new pairing of 1.5 is kept.
C13 = [("A3", "2.5"), ("C1", "2.5"), ("A3", "2"), ("C6", "2"), ("D2", "2"), ("C6", "2"),
       ("C9", "2"), ("C6", "2"), ("A3", "1.5"), ("C6", "1.5"), ("A3", "0"), ("C1", "0"),
       ("C1", "0"), ("C13", "1.5"), ("C7", "1.5"), ("D2", "1.5"), ("C13", "1.5"),
       ("C7", "1.5"), ("A3", "0"), ("C6", "0"), ("D2", "0"), ("C6", "0"), ("C9", "0"),
       ("C6", "0"), ("D2", "0"), ("C6", "0"), ("C9", "0"), ("C6", "0"), ("D2", "0"),
       ("C6", "0"), ("C10", "0"), ("C6", "0"), ("D2", "0"), ("C6", "0"), ("C10", "0"),
       ("C6", "0"), ("C13", "1.5")]

# cours-c13-fusion, round 3 (notebook 06).
# 1.5: 1-5.  1: 2-4.  0.5 (lowest): 3 and 6 have met: C1, C13.
# The pairing of 1 is undone: it has no other (C8: no exchange; C9 drops B6,
#   then B5: 2-4 again, already tried, so C13 refuses it, C7 nothing, C8
#   nothing); C14: p = 0,
#   the whole bracket moves down: the two lowest brackets are joined (C13).
# 0.5: 2 4 3 6 (homogeneous): 2-3, 4-6.  The joined bracket is paired: kept.
C13_MERGED = [("A3", "1.5"), ("C6", "1.5"), ("A3", "1"), ("C6", "1"), ("A3", "0.5"), ("C1", "0.5"),
              ("C1", "0.5"), ("C13", "1"), ("D2", "1"), ("C13", "1"), ("C9", "1"), ("C13", "1"),
              ("D2", "1"), ("C13", "1"), ("C9", "1"), ("C13", "1"), ("D2", "1"), ("C13", "1"),
              ("C14", "1"), ("C13", "0.5"), ("A3", "0.5"), ("C6", "0.5"), ("C13", "1")]

# cours-c14, round 5 (notebook 06).
# 3.5: 3 alone, floats.  3: 3 and 1 have met: C1, both float (the bracket is
#   treated as homogeneous: no C12).
# 2.5: 3 1 2 4, x = 1, S1 = 3 1, S2 = 2 4: 3 and 1 have both met 2, only 4 is
#   left for them: no two pairs at any level: C6, C7, C8 at C6 as read, C9
#   (B6, B5), C10 (B6, B5), C11 (x = 2); C14: p = 1: C6 3-1 met, C7 3-2 met,
#   no. 4 gives 3-4; 1 and 2 move down.
# 2: heterogeneous, S1 = 1 2, S2 = 6 7 8 9, x = 0: 1 floated down last
#   round (B5) and 2 two rounds before (B6): every candidate makes them
#   float down again.  C6, C7 refused; C9 drops B6, then B5 for
#   downfloaters (C6, C7 refused at each); C6 1-6, 2-7 gives 6 a second
#   upfloat (B5); nothing at C6 as read; C10 drops B6: C6 still B5, C7 no. 14
#   gives 1-8, 2-7; remainder 6-9.
# 0.5: 5 alone in the lowest bracket: the bye.
C14 = [("A3", "3.5"), ("C1", "3.5"), ("A3", "3"), ("C1", "3"), ("C1", "3"), ("A3", "2.5"),
       ("C6", "2.5"), ("C7", "2.5"), ("D2", "2.5"), ("C6", "2.5"), ("C7", "2.5"),
       ("D2", "2.5"), ("C6", "2.5"), ("C7", "2.5"), ("D2", "2.5"), ("C6", "2.5"),
       ("C7", "2.5"), ("D2", "2.5"), ("C6", "2.5"), ("C7", "2.5"), ("D2", "2.5"),
       ("C6", "2.5"), ("C7", "2.5"), ("C9", "2.5"), ("C6", "2.5"), ("C7", "2.5"),
       ("D2", "2.5"), ("C6", "2.5"), ("C7", "2.5"), ("D2", "2.5"), ("C6", "2.5"),
       ("C7", "2.5"), ("D2", "2.5"), ("C6", "2.5"), ("C7", "2.5"), ("D2", "2.5"),
       ("C6", "2.5"), ("C7", "2.5"), ("D2", "2.5"), ("C6", "2.5"), ("C7", "2.5"),
       ("C9", "2.5"), ("C6", "2.5"), ("C7", "2.5"), ("D2", "2.5"), ("C6", "2.5"),
       ("C7", "2.5"), ("D2", "2.5"), ("C6", "2.5"), ("C7", "2.5"), ("D2", "2.5"),
       ("C6", "2.5"), ("C7", "2.5"), ("D2", "2.5"), ("C6", "2.5"), ("C7", "2.5"),
       ("D2", "2.5"), ("C6", "2.5"), ("C7", "2.5"), ("C10", "2.5"), ("C6", "2.5"),
       ("C7", "2.5"), ("D2", "2.5"), ("C6", "2.5"), ("C7", "2.5"), ("D2", "2.5"),
       ("C6", "2.5"), ("C7", "2.5"), ("D2", "2.5"), ("C6", "2.5"), ("C7", "2.5"),
       ("D2", "2.5"), ("C6", "2.5"), ("C7", "2.5"), ("D2", "2.5"), ("C6", "2.5"),
       ("C7", "2.5"), ("C10", "2.5"), ("C6", "2.5"), ("C7", "2.5"), ("D2", "2.5"),
       ("C6", "2.5"), ("C7", "2.5"), ("D2", "2.5"), ("C6", "2.5"), ("C7", "2.5"),
       ("D2", "2.5"), ("C6", "2.5"), ("C7", "2.5"), ("D2", "2.5"), ("C6", "2.5"),
       ("C7", "2.5"), ("D2", "2.5"), ("C6", "2.5"), ("C7", "2.5"), ("C11", "2.5"),
       ("C6", "2.5"), ("C7", "2.5"), ("D2", "2.5"), ("C6", "2.5"), ("C7", "2.5"),
       ("D2", "2.5"), ("C6", "2.5"), ("C7", "2.5"), ("D2", "2.5"), ("C6", "2.5"),
       ("C7", "2.5"), ("D2", "2.5"), ("C6", "2.5"), ("C7", "2.5"), ("D2", "2.5"),
       ("C6", "2.5"), ("C7", "2.5"), ("C14", "2.5"), ("C6", "2.5"), ("C7", "2.5"),
       ("C7", "2.5"), ("A3", "2"), ("C6", "2"), ("C7", "2"), ("C9", "2"), ("C6", "2"),
       ("C7", "2"), ("C9", "2"), ("C6", "2"), ("C7", "2"), ("C10", "2"), ("C6", "2"),
       ("C7", "2"), ("C7", "2"), ("C6", "2"), ("A3", "0.5"), ("C1", "0.5")]

# cours-derniere-ronde, round 5, the last (notebooks 01, 05, 06).
# 3: 1 and 5 have met: both float.  2.5: 1 and 5 have met 2 and 3 too: they
#   float on (treated as homogeneous); 2-3.
# 1: 1 has met 4 and 5: floats.  5 and 4: 5 is over 50 % (no B2, B5, B6 for
#   him), 4 is not: 5-4 gives 4 a second upfloat (B5) until C10 drops it.
# 0: 1 and 6: the same for 6.
LAST_ROUND = [("A3", "3"), ("C1", "3"), ("C1", "3"), ("A3", "2.5"), ("C1", "2.5"), ("C1", "2.5"),
              ("C6", "2.5"), ("A3", "1"), ("C1", "1"), ("C6", "1"), ("D2", "1"), ("C6", "1"),
              ("C9", "1"), ("C6", "1"), ("D2", "1"), ("C6", "1"), ("C9", "1"), ("C6", "1"),
              ("D2", "1"), ("C6", "1"), ("C10", "1"), ("C6", "1"), ("D2", "1"), ("C6", "1"),
              ("C10", "1"), ("C6", "1"), ("A3", "0"), ("C6", "0"), ("D2", "0"), ("C6", "0"),
              ("C9", "0"), ("C6", "0"), ("D2", "0"), ("C6", "0"), ("C9", "0"), ("C6", "0"),
              ("D2", "0"), ("C6", "0"), ("C10", "0"), ("C6", "0"), ("D2", "0"), ("C6", "0"),
              ("C10", "0"), ("C6", "0")]

# cours2-ronde-publiee, round 3 (notebook 11).
# 2: 2-4 (x = 1).  1: S1 = 1 3 5, S2 = 6 7 8, x = 1: C6 1-6 met; C7 no. 1
#   the same; no. 2 gives 1-7 (one conflict), 3-6, 5-8.  0: 9-10.
PUBLISHED = [("A3", "2"), ("C6", "2"), ("A3", "1"), ("C6", "1"), ("C7", "1"), ("C7", "1"),
             ("A3", "0"), ("C6", "0")]

# cours-c10-adversaire, round 3 (notebook 06: C10's first sentence; no floats yet).
# 2: 4 alone: C1, he floats.  1.5: heterogeneous (4; 3 5), x = 0: C6 4-3, both
#   for White (B4); C7 4-5; the remainder 3 alone floats.
# 1: heterogeneous (3; 1 2 6), x = 1: C6 3-1 kept (one conflict allowed).
#   Remainder 2 6 have met: C6, C7 (no other order), C8 (exchange a, 2 <-> 6,
#   the same pair), then C9 B6, C9 B5, each level C6 C7 C8: it cannot be
#   paired.  C10 comes next (C11 after it, in the text's order): "défaire
#   l'appariement du plus petit flotteur descendant" (3-1) "et essayer de lui
#   trouver un adversaire différent, en reprenant en C7": C7 3-2; the
#   remainder 1 6: C6 1-6 (x = 1).  C11 is never reached.
# 0: 7-8 (x = 1).
C10_OTHER = [("A3", "2"), ("C1", "2"), ("A3", "1.5"), ("C6", "1.5"), ("C7", "1.5"), ("A3", "1"),
             ("C6", "1"), ("C6", "1"), ("D2", "1"), ("C6", "1"), ("C9", "1"), ("C6", "1"),
             ("D2", "1"), ("C6", "1"), ("C9", "1"), ("C6", "1"), ("D2", "1"), ("C6", "1"),
             ("C10", "1"), ("C7", "1"), ("C6", "1"), ("A3", "0"), ("C6", "0")]

# cours-c11-residuel, round 4 (notebook 06: C11's second sentence).
# 2.5: 1 and 3 have met: both float (C1).  2: 1 3 2 4, half moved down:
#   treated as homogeneous, x = 0: C6 1-2, 3-4 kept.  1.5: 5 and 8 have met:
#   both float.
# 1, the lowest: heterogeneous (5 8; 6 7 9), x = 0.  5 floated down last
#   round (B5), 8 last round and two rounds before (B5, B6): every candidate
#   floats them down again: C6, C7 refused, C9 drops B6, then B5 for
#   downfloaters (C6, C7 refused at each).  C6 5-6 met; C7 every
#   other order refused (5-6 met, 6 up twice (B5), colours beyond x): C10
#   B6 up, the same; C10 B5 up: C6 5-6, C7 no. 1 (5-6), no. 2 5-7, 8-6 kept;
#   remainder 9: no bye (B1b, C6).  C10 (its first sentence, a step): 8-6
#   undone, another opponent for 8, back to C7: nos. 3-5 miss colours (B4).
#   C11: x = 1, everything undone, back to C3: C6 5-6, C7 no. 1, no. 2 5-7
#   8-6 again, remainder 9 (B1b), C10 again (8-6 undone), C7 no. 3 5-7, 8-9
#   kept; 6 gets the bye.
C11_UNDONE = ([("A3", "2.5"), ("C1", "2.5"), ("C1", "2.5"), ("A3", "2"), ("C6", "2"),
               ("A3", "1.5"), ("C1", "1.5"), ("C1", "1.5"), ("A3", "1")]
              + level("1", "C6", "C7", "C9", "C6", "C7", "C9",
                      "C6", "C7", "C10", "C6", "C7", "C10", "C6", "C7", "C7", "C6", "C10",
                      "C7", "C11", "C6", "C7", "C7", "C6", "C10", "C7"))

COURSE = [
    ("cours-procedure", 4, PROCEDURE), ("cours-definitions", 3, DEFINITIONS),
    ("cours-c9", 3, C9), ("cours-c10", 3, C10), ("cours-c10-adversaire", 3, C10_OTHER),
    ("cours-c11", 3, C11), ("cours-c11-residuel", 4, C11_UNDONE), ("cours-c12", 3, C12),
    ("cours-c12-refus", 4, C12_REFUSED), ("cours-c13", 4, C13),
    ("cours-c13-fusion", 3, C13_MERGED), ("cours-c14", 5, C14),
    ("cours-derniere-ronde", 5, LAST_ROUND), ("cours2-ronde-publiee", 3, PUBLISHED),
]


@pytest.mark.parametrize("name, round, expected", COURSE, ids=[c[0] for c in COURSE])
def test_course_round_told_in_the_text_order(name: str, round: int, expected: Steps) -> None:
    tournament = read_trf(DATA / f"{name}.trf").tournament
    assert steps(list(trace(tournament, round))) == expected


def test_every_course_file_has_its_narrative() -> None:
    assert {c[0] for c in COURSE} == {p.stem for p in DATA.glob("cours*.trf")}


# -- the hand-worked cases of test_dutch1998_cases.py ---------------------------------------

CASES: list[tuple[str, Tournament, int, Steps]] = [
    # 8 players, round 1: one bracket, C6 pairs S1 against S2 at once.
    ("round-one-eight", fresh(8), 1, [("A3", "0"), ("C6", "0")]),
    # 5 players: 1-3, 2-4, 5 left over (the bye).
    ("round-one-odd", fresh(5), 1, [("A3", "0"), ("C6", "0")]),
    # 1-5 at 1 point; 2 and 4 (½) have met: both float; 0: 2 4 3, S1 = 2:
    # C6 2-4 met, C7 2-3 misses preferences (x = 0); C8 exchange a (2 <-> 4):
    # C6 4-2 met, C7 4-3: 2 gets the bye.
    ("bye-moves-up-b1b", tournament(5, ["1-3 1, 4-2 =, 5 U"], declared=3), 2,
     [("A3", "1"), ("C6", "1"), ("A3", "0.5"), ("C1", "0.5"), ("C1", "0.5"), ("A3", "0"),
      ("C6", "0"), ("C7", "0"), ("D2", "0"), ("C6", "0"), ("C7", "0")]),
    # 2-3 (x = 1), 1-4 (x = 1).
    ("two-blacks", tournament(4, ["1-3 0, 4-2 0"], declared=3), 2,
     [("A3", "1"), ("C6", "1"), ("A3", "0"), ("C6", "0")]),
    # 1 alone at 2: floats.  1.5: 1-2 gives 1 a second downfloat (B5): C9
    # drops B6, then B5.  ½: 4 alone, floats.  0: 4-3 gives 3 a second
    # upfloat (B5): C9 twice, C10 drops B6, then B5.
    ("floaters-c1-c9", tournament(4, ["1-3 1, 2-4 =", "4-1 0, 3-2 0"], declared=4), 3,
     [("A3", "2"), ("C1", "2"), ("A3", "1.5"), ("C6", "1.5"), ("D2", "1.5"), ("C6", "1.5"),
     ("C9", "1.5"), ("C6", "1.5"), ("D2", "1.5"), ("C6", "1.5"), ("C9", "1.5"),
     ("C6", "1.5"), ("A3", "0.5"), ("C1", "0.5"), ("A3", "0"), ("C6", "0"), ("D2", "0"),
     ("C6", "0"), ("C9", "0"), ("C6", "0"), ("D2", "0"), ("C6", "0"), ("C9", "0"),
     ("C6", "0"), ("D2", "0"), ("C6", "0"), ("C10", "0"), ("C6", "0"), ("D2", "0"),
     ("C6", "0"), ("C10", "0"), ("C6", "0")]),
    # 1 and 2 have met: both float.  1: 1 has met 2 and 3: floats on
    # (treated as homogeneous: no C12); 2-3.  0: 1-4.
    ("absolute-colour-b2", tournament(4, ["1-3 1, 4-2 0", "1-2 =, 3-4 1"], declared=4), 3,
     [("A3", "1.5"), ("C1", "1.5"), ("C1", "1.5"), ("A3", "1"), ("C1", "1"), ("C6", "1"),
      ("A3", "0"), ("C6", "0")]),
    # 4 absent: 2-1; 3 alone in the lowest bracket: the bye.
    ("absent-player", tournament(4, ["1-3 1, 4-2 0", "4 Z"], declared=3), 2,
     [("A3", "1"), ("C6", "1"), ("A3", "0"), ("C1", "0")]),
    # 4-2 not finished (F9: a draw).  1 alone, floats; ½: 1-2, 4 moves down; 0: 4-3.
    ("pending-game-f9", tournament(4, ["1-3 1, 4-2"], declared=3), 2,
     [("A3", "1"), ("C1", "1"), ("A3", "0.5"), ("C6", "0.5"), ("A3", "0"), ("C6", "0")]),
]


@pytest.mark.parametrize("name, tournament_, round, expected", CASES, ids=[c[0] for c in CASES])
def test_hand_worked_case_told_in_the_text_order(name: str, tournament_: Tournament,
                                                 round: int, expected: Steps) -> None:
    assert steps(list(trace(tournament_, round))) == expected


def test_scores_are_those_of_the_step() -> None:
    """The score of a C12/C13 step is the bracket paired again, not the one
    that failed (which the event names as ``because_of``)."""
    events = list(trace(read_trf(DATA / "cours-c12.trf").tournament, 3))
    undone = [e for e in events if isinstance(e, BracketUndone)]
    assert [(e.bracket.score, e.because_of.score, e.step) for e in undone] == [
        (Decimal("1.5"), Decimal("0.5"), "undone"), (Decimal("1.5"), Decimal("0.5"), "kept")]


# -- issue 29: the steps the text gives, worked out from seed 000 before the engine ran -------

def _round(name: str, round: int) -> list[Event]:
    return list(trace(read_trf(DATA / f"{name}.trf").tournament, round))


def test_c8_tries_each_exchange_in_d2_order() -> None:
    """cours-c10, round 3, bracket 1 (1 5 7, x = 0; 5 floated down last round,
    7 two rounds before; 1 and 7 want White).  C6 1-5 leaves 7 (B6), C7 1-7
    leaves 5 (B4, and B5).  C8, D2's table for S1 = 1, S2 = 5 7: a is 1 <-> 5
    (difference 1), b is 1 <-> 7; after each, C5 orders S1/S2 again:
    a: S1 = 5, S2 = 1 7: 5-1 leaves 7 (B6), 5-7 leaves 1, who floated down
    last round (B5); b: S1 = 7, S2 = 1 5: 7-1 both want White (B4, and 5
    left over: B5), 7-5 leaves 1 (B5).  No exchange left: C9."""
    events = _round("cours-c10", 3)
    one = [e for e in events if isinstance(b := getattr(e, "bracket", None), BracketView)
           and b.score == Decimal(1)]
    exchanges = [(e.cell, e.from_s1, e.from_s2) for e in one if isinstance(e, ExchangeApplied)]
    assert exchanges == [("a", (1,), (5,)), ("b", (1,), (7,))]
    tried = [(e.exchange, e.pairs, e.rejection.criterion if e.rejection else None,
              tuple(r.criterion for r in e.also)) for e in one if isinstance(e, CandidateTried)]
    assert tried[:6] == [(None, ((1, 5),), "B6", ()), (None, ((1, 7),), "B4", ("B5",)),
                         ("a", ((5, 1),), "B6", ()), ("a", ((5, 7),), "B5", ()),
                         ("b", ((7, 1),), "B4", ("B5",)), ("b", ((7, 5),), "B5", ())]
    assert not any(isinstance(e, CandidatesSkipped) and e.rule == "C8" for e in events)


def _told(events: list[Event], score: str) -> list[tuple[str, str | None, tuple[int, ...]]]:
    """(rule, criterion, players) of each candidate and criterion dropped in
    the bracket of ``score``: the refusals' first criterion and whom it is
    about, the drops' criterion."""
    told: list[tuple[str, str | None, tuple[int, ...]]] = []
    for e in events:
        bracket = getattr(e, "bracket", None)
        if not isinstance(bracket, BracketView) or bracket.score != Decimal(score):
            continue
        if isinstance(e, CandidateTried):
            rejection = e.rejection
            told.append((e.rule, rejection.criterion if rejection else None,
                         rejection.players if rejection else ()))
        elif isinstance(e, CriterionDropped):
            told.append((e.rule, e.criterion, ()))
    return told


def test_b5_for_the_moved_down_players_by_hand() -> None:
    """cours-c12, round 3, worked by hand from seed 000 before the engine ran
    (tests/data/dutch1998/hand/analysis-cours-c12-r3.md).  A moved-down
    player meets only lower scores in his new bracket: whoever he meets, he
    floats down again (A4; the seed's chart: « FD Flotteur descendant (issu
    d'un groupe homogène, résiduel ou pas) »), so B5/B6 refuse every
    candidate until « C 9 : Abandonner les critères B6 puis B5 pour les
    flotteurs descendants et reprendre en C4 ».

    1.5 (1 from 2.0; 3 5), x = 1: 1 floated down last round: 1-3 (C6), 1-5
    (C7) refused for B5 (1); C9 drops B6 (the same two refusals), then B5:
    1-3.  5 moves down, has met 2 and 6: C1, C12: 1.5 gives 1-5 (its next
    candidate; B5 already dropped there), 3 moves down.
    0.5 (3 from 1.5; 2 6), x = 0: 3 floated down last round: 3-2 refused for
    B5 (3 down; 2 up too), 3-6 met (B1a); C9 drops B6 (the same), then B5:
    3-2 still refused, B5 for the upfloater 2; C10 (reading 1, before any
    remainder group) drops B6, then B5 for upfloaters: 3-2."""
    events = _round("cours-c12", 3)
    until_c12 = next(i for i, e in enumerate(events) if isinstance(e, BracketUndone))
    assert _told(events[:until_c12], "1.5") == [
        ("C6", "B5", (1,)), ("C7", "B5", (1,)), ("C9", "B6", ()),
        ("C6", "B5", (1,)), ("C7", "B5", (1,)), ("C9", "B5", ()), ("C6", None, ())]
    again = next(i for i, e in enumerate(events)
                 if isinstance(e, BracketUndone) and e.accepted)
    assert _told(events[again:], "0.5") == [
        ("C6", "B5", (3,)), ("C7", "B1a", (3, 6)), ("C9", "B6", ()),
        ("C6", "B5", (3,)), ("C7", "B1a", (3, 6)), ("C9", "B5", ()),
        ("C6", "B5", (2,)), ("C7", "B1a", (3, 6)), ("C10", "B6", ()),
        ("C6", "B5", (2,)), ("C7", "B1a", (3, 6)), ("C10", "B5", ()), ("C6", None, ())]
    first = next(e for e in events[again:] if isinstance(e, CandidateTried)
                 and e.bracket.score == Decimal("0.5"))
    assert [(r.criterion, r.players) for r in first.also] == [("B5", (2,))]
    assert "3 flotterait deux fois de suite vers le bas" in explain(first, "fr")
    result = events[-1]
    assert isinstance(result, RoundPaired)
    assert [(b.white, b.black) for b in result.boards] == [(1, 5), (3, 2), (4, 6)]


def test_b5_for_a_moved_down_player_keeps_its_reasons_in_the_jsonl(vectors: Path) -> None:
    """rtg-056 (dutch2026 vectors), round 4, bracket 2 (5 from 3; 1 3 4 6 8):
    5 floated down last round; every candidate breaks B5 for him (5-1 and
    5-3 for B4 first).  C9 drops B6, then B5, before the remainder groups
    and C10 (tests/data/dutch1998/hand/analysis-rtg-056-p15-r11-r4.md)."""
    before = read_trf(vectors / "dutch2026" / "rtg-056-p15-r11.trf").tournament.truncated(3)
    events = list(trace(before, 4))
    told = _told(events, "2")
    assert told[:12] == [
        ("C6", "B4", (5, 1)), ("C7", "B4", (5, 3)), ("C7", "B5", (5,)), ("C7", "B5", (5,)),
        ("C7", "B5", (5,)), ("C9", "B6", ()), ("C6", "B4", (5, 1)), ("C7", "B4", (5, 3)),
        ("C7", "B5", (5,)), ("C7", "B5", (5,)), ("C7", "B5", (5,)), ("C9", "B5", ())]
    tried = next(e for e in events if isinstance(e, CandidateTried))
    line = event_to_json(tried)
    assert [(r["criterion"], r["players"]) for r in line["also"]] == [("B5", [5])]


def test_a_lone_remainder_player_is_not_c14() -> None:
    """A remainder group of one player has p = 0 from C3 on (A6): C6 lets him
    float (or take the bye); C14 is the step that lowers p, not this."""
    for name, round in (("cours-c12", 3), ("cours-c10", 3)):
        empty = [e.rule for e in _round(name, round)
                 if isinstance(e, BracketPaired) and not e.pairs and e.bracket.remainder]
        assert empty and set(empty) == {"C6"}, (name, empty)


def test_c14_tells_p_and_x() -> None:
    """cours-c14, round 5, bracket 2.5 (3 1 2 4): x = 1 (A8), C11 raises it to
    2 = p; C14: p = 1, and since x's first value was positive, x goes down
    too: from 2 to 1."""
    lowered = [e for e in _round("cours-c14", 5) if isinstance(e, PDecreased)]
    assert [(e.bracket.p, e.x_from, e.bracket.x, e.x_first) for e in lowered] == [(1, 2, 1, 1)]
    assert "x passe aussi de 2 à 1" in explain(lowered[0], "fr")
    assert "from 2 to 1" in explain(lowered[0], "en")


def test_readings_are_said_where_they_act() -> None:
    """cours-c14, round 5: 3 comes down to 3 points, where he and 1 have met;
    C1 sends a player from above to C12, but the bracket is treated as
    homogeneous (half of it moved down, A3): reading 6 floats him on.
    cours-c10, round 3, bracket 0.5: C10 relaxes B5/B6 for the upfloaters
    before any remainder group exists: reading 1 (the text's C10 is for a
    homogeneous remainder)."""
    moved = [e for e in _round("cours-c14", 5) if isinstance(e, PlayerMovedDown)
             and e.bracket.score == Decimal(3)]
    assert [(e.player, e.reading) for e in moved] == [(3, 6), (1, None)]
    assert "Lecture 6" in explain(moved[0], "fr") and "Reading 6" in explain(moved[0], "en")
    dropped = [e for e in _round("cours-c10", 3) if isinstance(e, CriterionDropped)]
    assert [(e.rule, e.criterion, e.reading) for e in dropped] == [
        ("C9", "B6", None), ("C9", "B6", None), ("C9", "B5", None),
        ("C10", "B6", 1), ("C10", "B5", 1)]
    assert "niveau résiduel homogène" in explain(dropped[3], "fr")
    lines = [event_to_json(e) for e in _round("cours-c10", 3)]
    assert [line["reading"] for line in lines if line["kind"] == "criterion_dropped"
            and "reading" in line] == [1, 1]


def test_c10_after_a_remainder_group_is_the_texts_own_step(vectors: Path) -> None:
    """rtg-056 (dutch2026 vectors), round 4, bracket 2 (5 from 3; 1 3 4 6 8):
    after C9, 5-4, 5-6 and 5-8 each leave a remainder group that cannot be
    paired (C10's first sentence, a step each); 5 has no other opponent.
    Seed 000, C10: « S'il n'y a pas d'autre alternative pour ce joueur,
    abandonner le critère B6 puis B5 pour les flotteurs montants et
    recommencer en C2 »: the drops are the text's own step here, not
    reading 1 (whose sentence says no remainder group exists yet), and the
    sentence says why (tests/data/dutch1998/hand/compare-rtg-056-p15-r11-r4.md,
    point 2).  In cours-c10 round 3, bracket 0.5, no candidate of 7 is ever
    accepted before C10: reading 1 stays, and its sentence names the text's
    own next step (C11)."""
    before = read_trf(vectors / "dutch2026" / "rtg-056-p15-r11.trf").tournament.truncated(3)
    events = list(trace(before, 4))
    dropped = [e for e in events if isinstance(e, CriterionDropped) and e.rule == "C10"]
    assert [(e.criterion, e.floaters, e.reading, e.bracket.score) for e in dropped] == [
        ("B6", "up", None, Decimal(2)), ("B5", "up", None, Decimal(2))]
    first = events.index(dropped[0])
    assert any(isinstance(e, RemainderUnpaired)
               or isinstance(e, PairingsTried) and e.rule == "C10" for e in events[:first])
    assert "reading" not in event_to_json(dropped[0])
    french, english = explain(dropped[0], "fr"), explain(dropped[0], "en")
    assert "Lecture" not in french and "avant tout niveau résiduel" not in french
    assert "pas d'autre adversaire" in french and "seconde phrase" in french
    assert "no other opponent" in english and "second sentence" in english
    reading = [e for e in _round("cours-c10", 3) if isinstance(e, CriterionDropped)
               and e.rule == "C10"]
    assert [e.reading for e in reading] == [1, 1]
    told = explain(reading[0], "fr")
    assert "Lecture 1" in told and "passerait ici à C11" in told
    assert "would go on here to C11" in explain(reading[0], "en")


def test_c10_comes_before_c11_in_a_remainder() -> None:
    """cours-c10-adversaire, round 3, bracket 1 (3 moved down; 1 2 6), x = 1:
    C6 3-1 (one conflict, within x), leaving the remainder 2 6, who have met.
    Seed 000 tries, in its order, C6, C7, C8 and C9 on the remainder, then
    « C 10 : Dans le cas d'un niveau homogène résiduel, défaire l'appariement
    du plus petit flotteur descendant et essayer de lui trouver un
    adversaire différent, en reprenant en C7 »: 3-2, and the remainder 1-6.
    C11 (« Tant que x < p, augmenter x de 1 ») comes after C10 and is never
    reached: main's code raised x inside the remainder (2, 6) while 3-1 stood,
    before C10's line (reading 3).  The pairing is the same: 3-2, 1-6."""
    events = _round("cours-c10-adversaire", 3)
    one = [e for e in events if isinstance(b := getattr(e, "bracket", None), BracketView)
           and b.score == Decimal(1)]
    assert not any(isinstance(e, XIncreased) for e in one)
    undone = next(i for i, e in enumerate(one) if e.rule == "C10")
    again = one[undone + 1]
    assert isinstance(again, CandidateTried) and again.pairs == ((3, 2),)
    paired = [e for e in one if isinstance(e, BracketPaired) and not e.bracket.remainder]
    assert [e.pairs for e in paired] == [((3, 2), (1, 6))]


def test_c11_in_a_heterogeneous_bracket_undoes_every_pairing() -> None:
    """cours-c11-residuel, round 4, bracket 1 (5 8 moved down; 6 7 9): every
    candidate of 5 and 8 leaves 9 alone in the remainder, who may not have
    the bye (B1b), or misses a colour beyond x = 0; C10 has tried every other
    opponent for 8.  Seed 000's C11: « Tant que x < p, augmenter x de 1.
    Quand on apparie un groupe résiduel, défaire tous les appariements des
    joueurs, y compris ceux des flotteurs descendants. Recommencer en C3. »
    x rises for the whole bracket (no C11 inside the remainder group), and
    the sentence says every pairing is undone."""
    events = _round("cours-c11-residuel", 4)
    raised = [e for e in events if isinstance(e, XIncreased)]
    assert [(e.bracket.score, e.bracket.remainder, e.bracket.x, e.reading) for e in raised] == [
        (Decimal(1), False, 1, None)]
    assert "y compris ceux des flotteurs descendants, et recommence en C3" in explain(
        raised[0], "fr")
    assert "the downfloaters' included, and restarts at C3" in explain(raised[0], "en")


def _true_of(event: CandidateTried, rejection: Rejection, scores: dict[int, Decimal]) -> bool:
    """Does the candidate really break ``rejection``?  (B1a/B2: a pair of
    it; B4: pairs of it; B5/B6: a player it leaves over or pairs across
    scores in that direction.)"""
    pairs = {frozenset(p) for p in event.pairs}
    if rejection.criterion in ("B1a", "B2a", "B2b"):
        return frozenset(rejection.players[:2]) in pairs
    if rejection.criterion == "B4":
        named = rejection.players
        return all(frozenset(named[i:i + 2]) in pairs for i in range(0, len(named), 2))
    if rejection.criterion in ("B5", "B6"):
        player = rejection.players[0]
        if rejection.detail == "float_down" and player in event.leftover:
            return True
        for a, b in event.pairs:
            if player in (a, b):
                other = b if player == a else a
                higher = scores[player] > scores[other]
                return higher if rejection.detail == "float_down" else scores[player] < scores[other]
        return False
    return True   # B1b (the bye), the driver's C12/C13: not about the candidate's pairs


@pytest.mark.parametrize("name, round", [(c[0], c[1]) for c in COURSE], ids=[c[0] for c in COURSE])
def test_every_reason_told_for_a_candidate_is_true(name: str, round: int) -> None:
    """Issue 29's false reasons (« B6 : 11 a déjà flotté … » for a candidate
    pairing 11, « B4 : avec 5–7, le reste … » where 5-7, 8-6 has no colour
    conflict, « B1a : avec 1–8, 2 n'aurait plus d'adversaire »): every
    criterion the story names for a candidate, first or beside it, is one
    the candidate breaks."""
    events = _round(name, round)
    started = events[0]
    assert isinstance(started, RoundStarted)
    scores = {p.id: p.score for p in started.players}
    for event in events:
        if isinstance(event, CandidateTried) and event.rejection is not None and event.pairs:
            for rejection in (event.rejection, *event.also):
                assert _true_of(event, rejection, scores), (event.pairs, event.leftover,
                                                             rejection)
    assert not any(isinstance(e, CandidatesSkipped) and e.rule in ("C7", "C8")
                   for e in events)


def test_a_lone_players_refusal_is_not_told_twice_the_same(vectors: Path) -> None:
    """rtg-007 (dutch2017 vectors), round 3, bracket 1 (2 from 1.5; 1 6): 2
    floats down for the first time, C6 2-1; the remainder group is 6 alone,
    who floated down last round.  C6 refuses his float (B5); seed 000's C9,
    « Abandonner les critères B6 puis B5 pour les flotteurs descendants et
    reprendre en C4 », drops B6 and restarts at C4: C6 refuses him again,
    still for B5, since only B6 has gone.  The two refusals are two steps,
    not one sentence printed twice: the second says it comes again without
    B6.  (cours-c12 round 3 showed this before its moved-down players' own
    B5 was checked: there C9 now comes before the remainder group.)"""
    before = read_trf(vectors / "dutch2017" / "rtg-007-p07-r04.trf").tournament.truncated(2)
    events = list(trace(before, 3))
    lone = [e for e in events if isinstance(e, CandidateTried) and not e.pairs
            and e.rejection is not None and e.bracket.score == Decimal(1)]
    assert [(e.rejection.criterion if e.rejection else None, e.bracket.dropped)
            for e in lone] == [("B5", ()), ("B5", ("B6 down",))]
    told = [explain(e, "fr") for e in lone]
    assert told[0] != told[1]
    assert "même sans B6 pour les flotteurs descendants : B5 : 6" in told[1]
    assert "even without B6 for downfloaters: B5: 6" in explain(lone[1], "en")

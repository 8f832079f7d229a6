"""FIDE Swiss Team Pairing System C.04.6, applied from 1 February 2026
(``--system team-2026``, the text's reading; ``--system team-2026-sharly``,
the engine inside Sharly Chess: :mod:`.sharly`).

Entry points: :func:`swisslearn.team2026.procedure.trace` and
:func:`~swisslearn.team2026.procedure.pair` (the last event of ``trace``).
The text is ``/work/shared/rules/fide-team-swiss-2026-en.md``; the team
tournament comes from :func:`swisslearn.formats.teams.team_tournament`
(teams are the "players", ids are TPNs).

Approach: the text, step by step
--------------------------------
3.3.2 is followed literally: the PAB first (3.4), then, repeatedly, the
top-scoregroup with its set of upfloaters (3.5) makes a bracket that is
paired (3.6); colours last (4).  Each step is exact:

* "A legal pairing exists" ([C1] + [C3], 3.4.1, 3.5.5) is a perfect-matching
  test on bit masks, memoised for the round (:class:`.selection.Graph`).
* [C4] and [C5] for a top-scoregroup come from one maximum-weight matching of
  all the teams still to pair (fewest upfloaters, then the fewest of the
  lowest score, then of the next one...).  They fix how many upfloaters and
  of which scores (3.5.2's note); every set with that count and those scores
  is then listed in 3.5.3/3.5.4 order and judged: legal bracket ([C1]),
  others still pairable ([C3]), [C6] (the upfloaters the following
  scoregroup would then need, itself a matching), [C7]; the first set with
  the best ([C6], [C7]) is chosen (3.5.5).
* 3.6: one maximum-weight matching of the bracket whose weight holds [C8],
  [C9], [C10] and then the 3.6.2 identifier (a bit per top member, then for
  each top member in order the smallest bottom member), so the matching is
  the first pairing of 3.6.3 among the best for [C8]-[C10] (3.6.4).
* A brute-force version of the same reading (every set, every pairing) gives
  the same rounds on the reference files small enough to enumerate
  (``tests/test_team2026_rules.py``).

Rounds of up to 20 teams take a few milliseconds.

Readings of the text
--------------------
* [C4]-[C7] are criteria of the top-scoregroup being paired (2.3: "in order
  to best pair all teams of the top-scoregroup"; 3.5.2's note: they fix "the
  number of upfloaters in the set and their scores"); [C6] is the only look
  ahead ("Only the mentioned scoregroup is involved"), and [C3] only asks
  that the other teams stay pairable.  The reference engine of
  ``../shared/vectors/team2026`` pairs the whole round as one matching
  instead, so it minimises upfloaters and score gaps over the round
  (:mod:`.sharly` does the same, to replay rounds paired with it).  The
  rounds that differ, with the article that separates the readings at the
  first bracket where they part, are the generated
  ``data/equipes-ecarts-vecteurs.md`` (:mod:`swisslearn.teamcheck`,
  :mod:`.differences`).
* [C5] "maximise the scores (taken in ascending order)": the lowest
  upfloater score first, then the next.
* [C6]: the set is judged by the number of upfloaters the rest of the
  following scoregroup then needs (its own [C4] with [C1] and [C3]); no
  constraint when the set takes the whole following scoregroup.
* [C7]/[C10]: a floater (1.5) *played* an opponent with a different score; a
  PAB is no float (the reference engine counts it as one).  Neither applies
  when pairing the last two rounds (``142`` tells which they are).
* [C8]: a pair misses a preference when both teams prefer the same colour;
  [C9] (Type B) when both preferences are strong.  The allocation (4.3.2 -
  4.3.4) then grants every other preference, as the criteria assume.
* 1.7.2 Type B: a strong preference (CD 0 with the same colour twice) stands
  in the last round; only the mild one lapses (see
  :func:`.state.preference`).  The reference engine drops both.
* 3.4.3 counts matches actually played; [C2] bars a team that had the PAB,
  won a match by forfeit or had a full-point bye.
* Board order (C.04.2): the higher score of the pair, then the lower one,
  then the smaller TPN.

Trace
-----
The vocabulary of :mod:`swisslearn.trace` with C.04.6 labels (as subclasses
marked :class:`.events.TeamEvent`, so :mod:`swisslearn.explain.team2026`
words them for teams), plus three events of :mod:`.events`:

======================  ==================================================
event (rule)            meaning
======================  ==================================================
RoundStarted (3.3.2)    teams by score then TPN; scoregroups; absentees
PabCandidatesRanked     new: the teams allowed the PAB in 3.4.2-3.4.4
  (3.4)                 order, those 3.4.1 refuses, the chosen one
ByeAssigned (3.4)       the PAB
UpfloatersCounted       new: the top-scoregroup needs ``count`` upfloaters
  (3.5.2)               with these scores ([C4], [C5]); ``sets`` qualify
UpfloaterSetTried       new: one set in 3.5.4 order: refused ([C1], [C3],
  ([C1] [C3] [C6]       [C6], [C7]) or chosen (3.5.5); only the sets up to
  [C7] / 3.5.5)         the chosen one are traced
BracketOpened (1.3.2)   the bracket: residents, then upfloaters
                        (``moved_down`` holds the upfloaters' TPNs)
CandidateTried          the first pairing of 3.6.3 when [C8], [C9] or [C10]
  ([C8] [C9] [C10] /    refuses it (``rule`` = the criterion, detail
  3.6.4)                ``quality``), then the chosen pairing (3.6.4)
BracketPaired (3.6)     the pairs of the bracket
ColourAllocated         4.3.1 ... 4.3.9; ``higher`` is the first-team (4.2)
  (4.3.x)
BoardsOrdered (C.04.2)  board order
RoundPaired (C.04.6)    the result, ``system="team-2026"``
======================  ==================================================

Rejection details (catalogue keys): ``completion`` (3.4.1, [C3]),
``no_bracket_pairing`` ([C1]), ``following_scoregroup`` ([C6]), ``floated``
([C7]), ``quality`` ([C8]-[C10]).
"""

"""FIDE (Dutch) System C.04.3 as applied from 1 February 2026 (``--system dutch-2026``).

Entry points: :func:`swisslearn.dutch2026.procedure.trace` and
:func:`~swisslearn.dutch2026.procedure.pair` (the last event of ``trace``).
The text is ``/work/shared/rules/fide-dutch-2026-en.md``.

Approach
--------
Enumerating candidates in the order of Article 4 does not finish on real
brackets, so the engine does what the FIDE-endorsed engines do: each
criterion becomes a bit field of an integer edge weight, most important
first (:mod:`.criteria`: Article 2 as one table, each criterion once;
:mod:`.weights` turns such a table into the weight), and a maximum-weight
matching, exact on big integers (:mod:`swisslearn.matching`, shared with
the other engines: compiled, networkx as a fallback), satisfies them in
priority order.

The machinery is shared with the 2017 edition (:mod:`swisslearn.dutch2017`),
parameterised rather than copied: :class:`.procedure.Edition` gives an
edition's labels, its readings of a round without a game
(:class:`.scoring.Readings`) and its route through the brackets; the two
phases of one bracket (:func:`.brackets.pair_bracket`) and the completion
test (:class:`swisslearn.matching.Completion`) serve both.

* One matching covers *all* players not yet paired, so a bracket can only
  be paired in a way that leaves the round completable ([C4]); pairs inside
  the bracket carry the quality criteria [C6]-[C21], pairs with the next
  scoregroup [C8], every other pair only completion.
* A first matching of the whole round checks that a complete pairing exists
  (else :class:`~swisslearn.errors.PairingError` naming the players left
  out) and finds the lowest score the PAB can go to ([C5]); players allowed
  the PAB ([C2]) with at most that score are the PAB candidates, and the
  top field pays for pairing every other player.  [C9] (fewest unplayed
  games of the PAB assignee) is switched on for the bracket that will
  downfloat exactly the PAB assignee.
* Brackets are then paired from the top (1.9.2), two matchings each
  (:mod:`.brackets`): the MDP-Pairing (which MDPs: the first possible,
  4.4.2; whom they meet: the highest resident possible, 4.2.2), then the
  remainder or homogeneous bracket (resident exchanges in 4.3.2 order, then
  transpositions in 4.2.2 order).  The generation order of Article 4 is a
  lexicographic tie-break added under the criteria, so among the best
  candidates the one generated first wins (3.8.1).  The reference engine
  reaches the same matching greedily, one matching per decision ("try this
  player; keep it if the total weight stays the best"); folding the
  decisions into one weight per phase gives the same result with two
  matchings per bracket.  It was checked against a step-by-step replay of
  that greedy sequence on 1,900 random rounds (with forbidden pairs and
  accelerations) and against the 379 reference rounds: all identical.

Sizes and time: a matching is O(n³) in the players it sees; a round costs
about 2 × brackets matchings, each on the bracket and the next scoregroup
when the rest can still be completed (:mod:`.brackets`, "Speed").  The 379
reference rounds take a few seconds; a 1,000-player round, about 3 s (the
README's "Performance").

Large matchings (more than :data:`.brackets.DENSE_LIMIT` players, round 1
above all) are not built as the dense graph of every pair: players the
criteria cannot tell apart form classes (:mod:`.classes`), a bracket's
weights are computed by class when asked for (:mod:`.pairweights`), the
blossom algorithm runs on a few edges and its duals prove the matching
optimal on all of them (:mod:`.certified`), and the remainder's 4.2 order
is decided on the pairs tight under those duals (:mod:`.generation`).
Where several matchings are equally good and the choice would show, the
dense matching is kept: the results are the dense algorithm's, byte for
byte (``tests/test_dutch2026_giant.py``).  dutch-2017's brackets do not
use this route yet.

Readings of the text (where it is silent or ambiguous, as the reference
engines read it)
---------------------------------------------------------------------------
* [C1]: a game lost or won by forfeit is no meeting; only games played
  over the board forbid a rematch.  ``260``/``XXP`` forbidden pairs are
  absolute too.
* [C2]: no PAB after a PAB or after scoring a win's worth without playing
  (``+``, ``F``).  [C3]: in the last round a pair with at least one
  topscorer (1.8: over 50 % of the maximum score so far) is allowed even
  with the same absolute preference.
* 1.4.3: a round without a game gives a downfloat exactly when it scored
  more than a loss (PAB, ``+``, ``H``, ``F``); a zero-point bye, an
  absence or a forfeit loss gives no float.  Floats of played games compare
  the pairing scores (with acceleration) before that round.
* 1.7.1: when the colour difference and the last two colours disagree
  (``WWWWBB``), the difference decides.
* 1.1/5.2.5: the TPN in force numbers the players taking part in the
  tournament (to pair now, or paired before); a player never paired and
  absent now is not numbered.  5.1: the initial colour comes from
  ``152``/``XXC``, else is read back from the first round played, else
  White.
* 1.2.1: the pairing score includes the acceleration (``250``/``XXA``) of
  the round being paired only.
* [C10]/[C11] count pairs of topscorers that break Basic Rules 6/7; [C13]
  does not count two absolute preferences (that is [C10]/[C11]'s business).
* [C14]/[C16] count residents with an earlier downfloat who are paired in
  the bracket (so that they do not downfloat again); [C15]/[C17] MDP pairs
  whose resident upfloated then; [C18]-[C21] weigh the same by scores, as
  the reference engines encode "minimise the score differences".
* Board order (C.04.2): the higher score of the pair, then the lower one,
  then the higher player's rank.

Trace
-----
The vocabulary of :mod:`swisslearn.trace`, with 2026 rule labels, plus two
new events (:mod:`.events`):

=====================  ====================================================
event (rule)           meaning
=====================  ====================================================
RoundStarted (1.2)     players in 1.2 order (score = pairing score)
CompletionChecked      new: [C4] holds; PAB score [C5] and candidates; [C9]
  ([C4])               for the first bracket
BracketOpened (1.3.2)  a bracket: MDPs (``moved_down``) and residents
BracketParameters      new: M0, MaxPairs, M1, the Limbo, [C9] in force
  (3.1)
BracketSplit (3.2.2,   S1/S2 of the MDP-Pairing (3.2.2, heterogeneous), or
  3.3.3)               of the homogeneous bracket (3.2.2) or remainder
                       (3.3.3: S1R/S2R, ``bracket.remainder``)
ExchangeApplied (4.3)  the resident exchange: ``cell`` = ``"BSNs out↔in"``
CandidateTried         the first candidate (3.3) when it lost:
  ([Cn], 3.4.1, 3.8.1) ``rule`` = the deciding criterion ([C1], [C3],
                       [C4], [C5], [C6]-[C21], or ``4.2-4.3``), with a
                       Rejection; the chosen one: ``3.4.1`` (the first
                       candidate) or ``3.8.1`` (the best available), with
                       its 4.2.2 transposition rank and exchange
BracketPaired (3.4)    the pairs of the bracket and its downfloaters
ByeAssigned (1.5)      the PAB
ColourAllocated        5.2.1 ... 5.2.5
BoardsOrdered          C.04.2 board order
RoundPaired (C.04.3)   the result, ``system="dutch-2026"``
=====================  ====================================================

In :class:`~swisslearn.trace.BracketView`, ``p`` keeps its meaning (the
number of pairs the bracket, or S1, makes: MaxPairs) and ``x`` is always 0
(no colour-conflict allowance in 2026); M0, M1 and the Limbo are in
``BracketParameters``.  Rejection details (catalogue keys): ``met``,
``forbidden``, ``colours``, ``completion``, ``pab``, ``quality``, ``order``.
"""

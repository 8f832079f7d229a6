"""FIDE (Dutch) System C.04.3 as in force from 1 July 2017 to 31 January
2026 (``--system dutch-2017``): the Baku 2016 text, with the C.04.1 of that
period.  Entry points: :func:`swisslearn.dutch2017.procedure.trace` and
:func:`~swisslearn.dutch2017.procedure.pair`.  The text is
``../shared/rules/fide-dutch-2017-en.md``.

Approach
--------
The machinery of :mod:`swisslearn.dutch2026` (weighted matching on exact
big integers, the two phases of a bracket, the completion test, the event
procedure), given what the 2017 text says differently:

* :mod:`.criteria`: Section C as one table (C.1-C.19), each criterion once;
* :mod:`.definitions`: A.4.b (floats), C.2 (the bye), A.8 (the PSD's score
  differences);
* :mod:`.brackets`: A.9, the round bracket by bracket, with the PPB and the
  CLB when the normal route cannot complete it;
* :mod:`.procedure`: the 2017 article of each step;
* :mod:`.changes`: what the 2026 text changed, for
  :func:`swisslearn.compare.compare_editions`.

Checked: every round of the 60 reference tournaments of
``../shared/vectors/dutch2017`` (371 rounds, paired by bbpPairings v5.0.1,
55 of them through the PPB) is identical, pairs, colours and byes.

Readings of the text (where it is silent, as the reference engine reads it)
---------------------------------------------------------------------------
* C.1: a forfeited game is no meeting; ``260``/``XXP`` forbidden pairs are
  absolute too.  C.3: in the last round a pair with a topscorer (A.7) may
  have the same absolute preference.
* C.2: a PAB (``U``) or a forfeit win (``+``) bars the bye; a full-point bye
  asked for (``F``) does not (it is neither).
* A.4.b: every round without a game floats down (a bye of any kind, a
  forfeit won or lost, an absence); a game floats the higher pairing score
  of that round down and the lower up.
* A.8: the artificial value is the lowest score among the bracket's
  residents minus one point (in the CLB, the lowest of all).
* A.9: a bracket of the normal route is paired seeing only itself and the
  next scoregroup (C.7 looks "just in the following bracket"), then the
  completion of the round is checked (all the players left but one, who
  may have the bye, C.1-C.3 kept).  The PPB, the CLB and the last bracket
  have C.4's field on top (a complete round-pairing, the bye to a player
  allowed it).  Two MDPs of a bracket never meet in it.
* C.7: the pairs made in the next scoregroup, then this bracket's players
  paired (there, as MDPs) by their SD as downfloaters.
* C.12-C.15: a player paired in the bracket who would have received the
  same float again counts as kept from it; an MDP receives a downfloat
  whether paired here or not, so only residents make a difference (as in
  2026's [C14]-[C17]).  C.16-C.19: their SDs (A.8).
* Section D: as 2026's Article 4 (:mod:`swisslearn.dutch2026.brackets`): the
  MDPs of S1 the first possible by BSN (D.3.a is C.6's business), each
  against the highest resident possible (D.1), then the remainder's
  exchanges (D.2.a-d) and transpositions (D.1).
* Section E: as 2026's 5.2 (E.3 skips unplayed rounds, C.04.2.D.5).  The
  initial colour and the board order as 2026.

Trace
-----
The events of dutch-2026 with the 2017 articles:

=====================  ====================================================
event (rule)           meaning
=====================  ====================================================
RoundStarted (A.2)     players in A.2 order
CompletionChecked      a complete round-pairing exists (C.1-C.3); with an
  (A.9)                odd number, the players C.2 allows the bye
BracketOpened (A.3)    a bracket; the CLB: rule ``A.9``
BracketParameters      M0, MaxPairs, M1, the Limbo
  (B.1)
BracketSplit (B.2,     S1/S2, or S1R/S2R of the remainder (B.3)
  B.3)
ExchangeApplied (D.2)  the resident exchange
CandidateTried         the first candidate when it lost (``C.1``...``C.19``,
  (C.n, B.4, B.8)      ``D.1-D.3``); the one kept: ``B.4`` or ``B.8``
BracketPaired (B.4)    the pairs of the bracket and its downfloaters
BracketUndone (A.9)    the bracket just paired is the PPB, paired again
ByeAssigned (A.5)      the bye
ColourAllocated        E.1 ... E.5
BoardsOrdered          C.04.2 (:class:`.events.BoardsOrdered`)
RoundPaired (C.04.3)   the result, ``system="dutch-2017"``
=====================  ====================================================
"""

"""C.04.3 as in force 2017 - January 2026 as one rule table, :data:`RULES`
(``dutch-2017``): every article and criterion of the text once, with its
words, what it applies to, the function that applies it and its sentences
(:mod:`swisslearn.ruletable` says what a row holds).

The criteria C.1-C.19 (and Section D's order) keep their weights in
:data:`swisslearn.dutch2017.criteria.CRITERIA`; their rows here are made
from it.  The engine is 2026's (:mod:`swisslearn.dutch2026.procedure`) with
this edition's labels, :data:`swisslearn.dutch2017.procedure.LABELS`, each
taken from this table.

The same label does not mean the same rule in the two editions: 2017's C.10
("minimize the number of players who do not get their colour preference")
is 2026's [C12], not its [C10]; :mod:`swisslearn.dutch2017.changes` pairs
them.  No French seed: ``fr`` is empty; the French words are the
catalogue's (``c2017.*``).
"""

from __future__ import annotations

from swisslearn.dutch2017.criteria import CRITERIA
from swisslearn.dutch2026.weights import Criterion
from swisslearn.ruletable import Rule, RuleTable, where

__all__ = ["RULES", "SYSTEM"]

SYSTEM = "dutch-2017"

_P = "swisslearn.dutch2017."
_E = "swisslearn.dutch2026."   # the engine both editions share

# The criteria with no weight field of their own, and Section D's room.
_APPLIED = {"C.1": _E + "criteria:absolute_violation",
            "C.2": _P + "definitions:_pab_or_forfeit_win",
            "C.3": _E + "criteria:absolute_violation",
            "D.1-D.3": _E + "generation:first_in_order"}

# The sentences that cite a criterion besides its own words.
_CITED = {
    "C.1": ("c2017.rejection.met", "c2017.rejection.forbidden", "c2017.why.reason.absolute"),
    "C.2": ("c2017.rejection.bye", "c2017.why.reason.bye"),
    "C.3": ("c2017.rejection.colours",),
    "C.4": ("c2017.rejection.completion", "c2017.rejection.pab", "c2017.candidate_tried.pab",
            "c2017.why.reason.ppb", "c2017.completion_checked.even",
            "c2017.completion_checked.odd"),
    "D.1-D.3": ("c2017.rejection.order",),
}


def _criterion(row: Criterion) -> Rule:
    applied = _APPLIED.get(row.name) or where(row.fields[0].value)
    own = () if row.name == "soft-avoid" else (f"c2017.criterion.{row.key}",)
    return Rule(row.name, row.article, row.text, "a pair", applied,
                own + _CITED.get(row.name, ()))


RULES = RuleTable(SYSTEM, (
    # A. Introductory Remarks and Definitions
    Rule("A.1", "A.1", "Initial ranking list", "each player", _E + "scoring:effective_tpns"),
    Rule("A.2", "A.2", "Order", "the players to pair", _E + "colours:ranks_higher",
         ("c2017.round_started",)),
    Rule("A.3", "A.3", "Scoregroups and pairing brackets", "a bracket",
         _E + "brackets:scoregroups",
         ("c2017.bracket_opened.homogeneous", "c2017.bracket_opened.heterogeneous",
          "c2017.bracket_opened.lowest")),
    Rule("A.4", "A.4", "Floaters and floats", "each player", _E + "scoring:competitors"),
    Rule("A.4.a", "A.4.a", "A downfloater is a player who remains unpaired in a bracket, and is "
         "thus moved to the next bracket.", "a bracket", _E + "brackets:bracket_result",
         ("c2017.why.reason.downfloater",)),
    Rule("A.4.b", "A.4.b", "After two players with different scores have played each other in a "
         "round, the higher ranked player receives a downfloat, the lower one an upfloat.",
         "each player", _P + "definitions:_always", ("c2017.why.paired.floaters",)),
    Rule("A.5", "A.5", "Byes", "the round", _P + "procedure:_bye_candidates",
         ("c2017.bye", "c2017.why.fate.bye")),
    Rule("A.6", "A.6", "Colour differences and colour preferences", "each player",
         _E + "scoring:Competitor.preference"),
    Rule("A.7", "A.7", "Topscorers", "each player", _E + "scoring:topscore_threshold"),
    Rule("A.8", "A.8", "Pairing Score Difference (PSD)", "a bracket",
         _P + "definitions:score_differences"),
    Rule("A.9", "A.9", "Round-Pairing Outlook", "the round", _P + "brackets:pair_round",
         ("c2017.bracket_opened.collapsed", "c2017.bracket_undone",
          "c2017.why.reason.brackets")),
    # B. Pairing Process for a bracket
    Rule("B.1", "B.1", "Parameters definitions", "a bracket", _E + "brackets:bracket_result",
         ("c2017.bracket_parameters", "c2017.bracket_parameters.none",
          "c2017.bracket_parameters.limbo", "c2017.bracket_parameters.c9")),
    Rule("B.2", "B.2", "Subgroups (original composition)", "a bracket",
         _E + "brackets:bracket_result",
         ("c2017.bracket_split.homogeneous", "c2017.bracket_split.heterogeneous",
          "c2017.fmt.s1.bracket", "c2017.fmt.s2.bracket", "c2017.why.reason.limbo")),
    Rule("B.3", "B.3", "Preparation of the candidate", "a bracket",
         _E + "candidates:first_candidate",
         ("c2017.bracket_split.remainder", "c2017.fmt.s1.remainder", "c2017.fmt.s2.remainder",
          "c2017.why.paired.mdp", "c2017.why.paired.remainder")),
    Rule("B.4", "B.4", "Evaluation of the candidate", "a candidate", _E + "candidates:judge",
         ("c2017.candidate_tried.first", "c2017.candidate_tried.accepted",
          "c2017.candidate_tried.rejected", "c2017.bracket_paired",
          "c2017.bracket_paired.none", "c2017.bracket_paired.moved_down",
          "c2017.bracket_paired.unpaired", "c2017.why.choice.first")),
    Rule("B.5", "B.5", "Actions when the candidate is not perfect", "a bracket",
         _P + "brackets:_pair"),
    Rule("B.6", "B.6", "Alterations in homogeneous brackets or remainders", "a bracket",
         _P + "brackets:_pair"),
    Rule("B.7", "B.7", "Alterations in heterogeneous brackets", "a heterogeneous bracket",
         _E + "brackets:pair_mdps", ("c2017.why.reason.mdps",)),
    Rule("B.8", "B.8", "Actions when no perfect candidate exists", "a bracket",
         _P + "brackets:_pair",
         ("c2017.candidate_tried.best", "c2017.why.choice.best", "c2017.why.choice.best_plain")),
    # C. Pairing Criteria
    *(_criterion(row) for row in CRITERIA if row.name != "D.1-D.3"),
    # D. Rules for the sequential generation of the pairings
    Rule("D.1", "D.1", "Transpositions in S2", "a bracket", _E + "candidates:transposition_rank",
         ("c2017.how.transposition",)),
    Rule("D.2", "D.2", "Exchanges in homogeneous brackets or remainders (original S1 ↔ "
         "original S2)", "a bracket", _E + "candidates:exchange_label",
         ("c2017.exchange_applied", "c2017.how.exchange")),
    Rule("D.3", "D.3", "Exchanges in heterogeneous brackets (original S1 ↔ original Limbo)",
         "a heterogeneous bracket", _E + "brackets:pair_mdps"),
    *(_criterion(row) for row in CRITERIA if row.name == "D.1-D.3"),
    # E. Colour Allocation rules
    Rule("E.1", "E.1", "Grant both colour preferences.", "a pair", _E + "colours:allocate",
         ("c2017.colour.E.1", "c2017.colour.other")),
    Rule("E.2", "E.2", "Grant the stronger colour preference. If both are absolute (topscorers, "
         "see A.7) grant the wider colour difference (see A.6).", "a pair",
         _E + "colours:allocate", ("c2017.colour.E.2", "c2017.colour.E.2.plain")),
    Rule("E.3", "E.3", "Taking into account C.04.2.D.5, alternate the colours to the most "
         "recent time in which one player had white and the other black.", "a pair",
         _E + "colours:allocate", ("c2017.colour.E.3",)),
    Rule("E.4", "E.4", "Grant the colour preference of the higher ranked player.", "a pair",
         _E + "colours:allocate", ("c2017.colour.E.4",)),
    Rule("E.5", "E.5", "If the higher ranked player has an odd pairing number, give him the "
         "initial-colour; otherwise give him the opposite colour.", "a pair",
         _E + "colours:allocate", ("c2017.colour.E.5",)),
    # The texts C.04.3 leans on: the board order, and the round as a whole.
    Rule("C.04.2", "C.04.2", "General Handling Rules for Swiss Tournaments", "the round",
         _E + "procedure:_finish", ("c2017.boards_ordered",)),
    Rule("C.04.3", "C.04.3", "FIDE (Dutch) System", "the round", _P + "procedure:trace",
         ("c2017.round_paired", "c2017.round_paired.byes")),
))
"""C.04.3 (2017), in the text's order (Section C's criteria in its order)."""

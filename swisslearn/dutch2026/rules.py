"""C.04.3 (2026) as one rule table, :data:`RULES` (``dutch-2026``): every
article and criterion of the text once, with its words, what it applies to,
the function that applies it and its sentences (:mod:`swisslearn.ruletable`
says what a row holds).

The criteria [C1]-[C21] (and the order of Article 4 that closes them) keep
their weights in :data:`swisslearn.dutch2026.criteria.CRITERIA`; their rows
here are made from it, so that their words are written once.  The engine
(:mod:`swisslearn.dutch2026.procedure`, :mod:`.colours`, :mod:`.candidates`)
takes every label it writes from this table.

The C.04.3 texts have no French seed: ``fr`` is empty; their French words
are the catalogue's (``c2026.*``, the ``keys``).
"""

from __future__ import annotations

from swisslearn.dutch2026.criteria import CRITERIA
from swisslearn.dutch2026.weights import Criterion
from swisslearn.ruletable import Rule, RuleTable

__all__ = ["RULES", "SOFT_AVOID_FR", "SYSTEM"]

SYSTEM = "dutch-2026"

_P = "swisslearn.dutch2026."

SOFT_AVOID_FR = ("Souple : évitée autant que les règles d'appariement le permettent. Cette "
                 "contrainte est le critère de plus faible priorité du moteur d'appariement.")
"""Seed 002's words for the soft-avoid constraint (its own two first sentences)."""

# The function that applies each criterion: the value of its first weight
# field, or (an absolute criterion, [C2], [C5]) what removes the edge or the
# candidate.
_APPLIED = {
    "[C1]": "criteria:absolute_violation", "[C2]": "scoring:competitors",
    "[C3]": "criteria:absolute_violation", "[C4]": "criteria:_completion",
    "[C5]": "criteria:_completion", "[C6]": "criteria:_one", "[C7]": "criteria:_higher_score",
    "[C8]": "criteria:_one", "[C9]": "criteria:_unplayed", "[C10]": "criteria:keeps_c10",
    "[C11]": "criteria:keeps_c11", "[C12]": "criteria:keeps_c12",
    "[C13]": "criteria:keeps_c13", "[C14]": "criteria:resident_downfloaters",
    "[C15]": "criteria:mdp_opponents", "[C16]": "criteria:resident_downfloaters",
    "[C17]": "criteria:mdp_opponents", "[C18]": "criteria:_downfloat_scores",
    "[C19]": "criteria:_upfloat_scores", "[C20]": "criteria:_downfloat_scores",
    "[C21]": "criteria:_upfloat_scores", "soft-avoid": "criteria:not_avoided",
    "4.2-4.3": "generation:first_in_order",
}

# The sentences that cite a criterion besides its own words.
_CITED = {
    "[C1]": ("c2026.rejection.met", "c2026.rejection.forbidden", "c2026.why.reason.absolute"),
    "[C3]": ("c2026.rejection.colours",),
    "[C4]": ("c2026.rejection.completion", "c2026.completion_checked.even",
             "c2026.completion_checked.odd"),
    "[C5]": ("c2026.rejection.pab", "c2026.candidate_tried.pab", "c2026.why.reason.pab"),
    "[C9]": ("c2026.completion_checked.c9", "c2026.bracket_parameters.c9"),
    "4.2-4.3": ("c2026.rejection.order",),
}


def _criterion(row: Criterion) -> Rule:
    own = () if row.name == "soft-avoid" else (f"c2026.criterion.{row.key}",)
    return Rule(row.name, row.article, row.text, "a pair", _P + _APPLIED[row.name],
                own + _CITED.get(row.name, ()),
                fr=SOFT_AVOID_FR if row.name == "soft-avoid" else "")


def _criteria(*names: str) -> tuple[Rule, ...]:
    return tuple(_criterion(row) for row in CRITERIA if row.name in names)


_ABSOLUTE = ("[C1]", "[C2]", "[C3]", "[C4]", "[C5]")
_ORDER = ("4.2-4.3",)

RULES = RuleTable(SYSTEM, (
    # 1. Introductory Remarks and Definitions
    Rule("1.1", "1.1", "Tournament Pairing Number (TPN)", "each player",
         _P + "scoring:effective_tpns"),
    Rule("1.2", "1.2", "Order", "the players to pair", _P + "colours:ranks_higher",
         ("c2026.round_started",)),
    Rule("1.3", "1.3", "Scoregroups and Pairing Brackets", "the players to pair",
         _P + "brackets:scoregroups"),
    Rule("1.3.2", "1.3.2", "A (pairing) bracket is a group of players to be paired. It is "
         "composed of players coming from a non-empty scoregroup (called resident players) and "
         "(possibly) of players who remained unpaired after the pairing of the previous "
         "bracket.", "a bracket", _P + "brackets:pair_brackets",
         ("c2026.bracket_opened.homogeneous", "c2026.bracket_opened.heterogeneous",
          "c2026.bracket_opened.lowest")),
    Rule("1.4", "1.4", "Floaters and Floats", "each player", _P + "scoring:competitors"),
    Rule("1.5", "1.5", "Pairing-Allocated Bye (\"PAB\")", "the round",
         _P + "procedure:_pab_candidates_2026", ("c2026.bye", "c2026.why.fate.bye")),
    Rule("1.6", "1.6", "Colour Difference", "each player",
         _P + "scoring:Competitor.colour_difference"),
    Rule("1.7", "1.7", "Colour Preference", "each player", _P + "scoring:Competitor.preference"),
    Rule("1.8", "1.8", "Topscorers", "each player", _P + "scoring:topscore_threshold"),
    Rule("1.9", "1.9", "Round-Pairing Outlook", "the round", _P + "brackets:pair_brackets",
         ("c2026.why.reason.brackets",)),
    # 2. Pairing Criteria (2.1 absolute, 2.2 completion, 2.3 PAB, 2.4 quality)
    *_criteria(*_ABSOLUTE),
    *(_criterion(row) for row in CRITERIA if row.name not in _ABSOLUTE + _ORDER),
    # 3. Pairing Process for a Bracket
    Rule("3.1", "3.1", "Parameter Definitions", "a bracket", _P + "brackets:bracket_result",
         ("c2026.bracket_parameters", "c2026.bracket_parameters.none",
          "c2026.bracket_parameters.limbo")),
    Rule("3.2", "3.2", "Subgroups (Original Composition)", "a bracket",
         _P + "brackets:bracket_result", ("c2026.why.reason.limbo",)),
    Rule("3.2.2", "3.2.2", "S1 initially contains a group of players (sorted according to "
         "Article 1.2). If the bracket is homogeneous, the group consists of the first MaxPairs "
         "players in ascending order of TPN, otherwise it consists of the first set of M1 "
         "pairable MDPs as defined by Article 4.4.2.", "a bracket",
         _P + "brackets:bracket_result",
         ("c2026.bracket_split.homogeneous", "c2026.bracket_split.heterogeneous",
          "c2026.fmt.s1.bracket", "c2026.fmt.s2.bracket")),
    Rule("3.3", "3.3", "Preparation of the Candidate", "a bracket",
         _P + "candidates:first_candidate"),
    Rule("3.3.3", "3.3.3", "In a heterogeneous bracket: the pairs formed as explained in "
         "Article 3.3.1 match M1 MDPs from S1 with M1 resident players from S2. This is called "
         "an MDP-Pairing. The remaining resident players (if any) give rise to the remainder "
         "(see Article 1.3), which is then paired with the same rules used for a homogeneous "
         "bracket.", "a heterogeneous bracket", _P + "brackets:pair_remainder",
         ("c2026.bracket_split.remainder", "c2026.fmt.s1.remainder",
          "c2026.fmt.s2.remainder", "c2026.why.paired.remainder")),
    Rule("3.4", "3.4", "Evaluation of the Candidate", "a bracket", _P + "candidates:judge",
         ("c2026.bracket_paired", "c2026.bracket_paired.none",
          "c2026.bracket_paired.moved_down", "c2026.bracket_paired.unpaired")),
    Rule("3.4.1", "3.4.1", "If the candidate built as shown in Article 3.3 complies with all "
         "criteria from [C1] to [C5] (see Articles 2.1 to 2.3), and all the quality criteria "
         "from [C6] to [C21] (see Article 2.4) are fulfilled, the candidate is called "
         "\"perfect\" and is (immediately) accepted.", "a candidate", _P + "candidates:judge",
         ("c2026.candidate_tried.first", "c2026.candidate_tried.accepted",
          "c2026.candidate_tried.rejected", "c2026.why.choice.first")),
    Rule("3.5", "3.5", "Actions when the Candidate is not perfect", "a bracket",
         _P + "brackets:pair_bracket"),
    Rule("3.6", "3.6", "Alterations in Homogeneous Brackets or Remainders", "a bracket",
         _P + "brackets:pair_bracket"),
    Rule("3.7", "3.7", "Alterations in Heterogeneous Brackets", "a heterogeneous bracket",
         _P + "brackets:pair_mdps", ("c2026.why.paired.mdp",)),
    Rule("3.8", "3.8", "Actions when no Perfect Candidate Exists", "a bracket",
         _P + "brackets:pair_bracket"),
    Rule("3.8.1", "3.8.1", "Choose the best available candidate.", "a bracket",
         _P + "brackets:pair_bracket",
         ("c2026.candidate_tried.best", "c2026.why.choice.best", "c2026.why.choice.best_plain")),
    # 4. Rules for the Sequential Generation of the Pairings
    Rule("4.1", "4.1", "In-Bracket Sequence-Number (BSN)", "a bracket",
         _P + "candidates:exchange_label"),
    Rule("4.2", "4.2", "Transpositions in S2", "a bracket", _P + "candidates:transposition_rank",
         ("c2026.how.transposition",)),
    Rule("4.3", "4.3", "Exchanges in Homogeneous Brackets or Remainders (original S1 ↔ "
         "original S2)", "a bracket", _P + "candidates:exchange_label",
         ("c2026.exchange_applied", "c2026.how.exchange")),
    Rule("4.4", "4.4", "Set of pairable MDPs", "a heterogeneous bracket",
         _P + "brackets:pair_mdps", ("c2026.why.reason.mdps",)),
    Rule("4.5", "4.5", "Next Element (follow-up of all Articles 4.2 to 4.4)", "a bracket",
         _P + "generation:first_in_order"),
    *_criteria(*_ORDER),
    # 5. Colour Allocation Rules
    Rule("5.1", "5.1", "The initial-colour is the colour determined by drawing of lots before "
         "the pairing of the first round.", "the tournament", _P + "colours:initial_colour"),
    Rule("5.2", "5.2", "For each pair apply (with descending priority):", "a pair",
         _P + "colours:allocate", ("c2026.colour.other",)),
    Rule("5.2.1", "5.2.1", "Grant both colour preferences.", "a pair", _P + "colours:allocate",
         ("c2026.colour.5.2.1",)),
    Rule("5.2.2", "5.2.2", "Grant the stronger colour preference (see Article 1.7). If both are "
         "absolute (topscorers, see Article 1.8) grant the wider colour difference (see "
         "Article 1.6).", "a pair", _P + "colours:allocate",
         ("c2026.colour.5.2.2", "c2026.colour.5.2.2.plain")),
    Rule("5.2.3", "5.2.3", "Alternate the colours to the most recent time in which one player "
         "had White and the other Black.", "a pair", _P + "colours:allocate",
         ("c2026.colour.5.2.3",)),
    Rule("5.2.4", "5.2.4", "Grant the colour preference of the higher ranked player (see "
         "Article 1.2).", "a pair", _P + "colours:allocate", ("c2026.colour.5.2.4",)),
    Rule("5.2.5", "5.2.5", "If the higher ranked player has an odd TPN (see Article 1.1), give "
         "them the initial-colour; otherwise, give them the opposite colour.", "a pair",
         _P + "colours:allocate", ("c2026.colour.5.2.5",)),
    # The texts C.04.3 leans on: the board order, and the round as a whole.
    Rule("C.04.2", "C.04.2", "General Handling Rules for Swiss Tournaments", "the round",
         _P + "procedure:_finish", ("c2026.boards_ordered",)),
    Rule("C.04.3", "C.04.3", "FIDE (Dutch) System", "the round", _P + "procedure:run",
         ("c2026.round_paired", "c2026.round_paired.byes")),
))
"""C.04.3 (2026), in the text's order (the criteria in Article 2's)."""

"""C.04.6 (the Swiss Team Pairing System, 2026) as one rule table,
:data:`RULES` (``team-2026``), and the same with the whole-round reading's
own labels, :data:`SHARLY_RULES` (``team-2026-sharly``): every article and
criterion of the text once, with its words, what it applies to, the
function that applies it and its sentences (:mod:`swisslearn.ruletable`
says what a row holds).

The engines (:mod:`.procedure`, :mod:`.colours`, :mod:`.selection`,
:mod:`.sharly`, :mod:`.wholeround`) take every label they write from these
tables.  C.04.6's [C9] (a team's strong colour preference, type B only) is
not 2026 C.04.3's [C9] (the PAB assignee's unplayed games): each system's
labels are its own table's.  No French seed gives C.04.6: ``fr`` is empty;
the French words are the catalogue's (``team.*``, ``sharly.*``).
"""

from __future__ import annotations

from swisslearn.ruletable import Rule, RuleTable

__all__ = ["RULES", "SHARLY_RULES", "SYSTEM", "SHARLY"]

SYSTEM = "team-2026"
SHARLY = "team-2026-sharly"

_P = "swisslearn.team2026."


def _criterion(label: str, article: str, words: str, applied_by: str,
               *cited: str) -> Rule:
    return Rule(label, article, words, "a pair of teams", _P + applied_by,
                (f"team.criterion.{label.strip('[]')}",) + cited)


def _colour(label: str, words: str) -> Rule:
    return Rule(label, label, words, "a pair of teams", _P + "colours:allocate",
                (f"team.colour.{label}",))


_ROWS = (
    # 1. Definitions
    Rule("1.1", "1.1", "Tournament Pairing Number (TPN)", "each team", _P + "state:team_states"),
    Rule("1.2", "1.2", "Score", "each team", _P + "state:_score"),
    Rule("1.3", "1.3", "Scoregroups and brackets", "the teams to pair",
         _P + "procedure:score_order"),
    Rule("1.3.2", "1.3.2", "A (pairing) bracket is an even numbered group of teams all to be "
         "paired.", "a bracket", _P + "selection:pair_bracket",
         ("team.bracket_opened.homogeneous", "team.bracket_opened.heterogeneous",
          "team.bracket_opened.lowest")),
    Rule("1.4", "1.4", "Pairing-allocated-bye", "the round", _P + "procedure:assign_bye",
         ("sharly.parting.pab.1.4",)),
    Rule("1.5", "1.5", "Floater", "each team", _P + "state:team_states"),
    Rule("1.6", "1.6", "Colour and colour difference", "each team", _P + "state:team_states"),
    Rule("1.7", "1.7", "Colour preferences", "each team", _P + "state:preference"),
    # 2. Pairing criteria
    _criterion("[C1]", "2.1.1", "See the Basic Rules for Swiss, Article 2 (Two participants "
               "shall not play against each other more than once).", "selection:judge_sets",
               "team.rejection.no_bracket_pairing", "team.set.no_bracket_pairing"),
    _criterion("[C2]", "2.1.2", "A team that has already received a pairing-allocated bye or "
               "won a match by forfeit (or been given a FIDE-deprecated full-point bye) shall "
               "not receive the pairing-allocated bye.", "procedure:pab_step",
               "team.pab.excluded"),
    _criterion("[C3]", "2.2.1", "A pairing complying with all the absolute criteria (see "
               "Article 2.1) shall always exist for all teams not yet paired.",
               "selection:judge_sets", "team.rejection.completion",
               "team.rejection.pab_completion", "team.set.completion"),
    _criterion("[C4]", "2.3.1", "Minimise the number of upfloaters.",
               "selection:upfloaters_needed"),
    _criterion("[C5]", "2.3.2", "Minimise the score differences (taken in descending order) in "
               "the pairs involving upfloaters, i.e. maximise the scores (taken in ascending "
               "order) of the upfloaters.", "selection:upfloater_needs"),
    _criterion("[C6]", "2.3.3", "Unless all the teams in the following scoregroup became or are "
               "upfloaters (thus this scoregroup is now empty), choose the set of upfloaters so "
               "that criteria [C1], [C3] and [C4] (see Articles 2.1.1, 2.2.1 and 2.3.1) are "
               "complied with in the bracket where this (not empty) scoregroup is paired.",
               "selection:judge_sets", "team.set.c6", "team.rejection.following_scoregroup",
               "team.set.following_scoregroup"),
    _criterion("[C7]", "2.3.4", "With the exception of the last two rounds, minimise the number "
               "of upfloaters that were floaters in the previous round (see Article 1.5).",
               "selection:judge_sets", "team.set.c7", "team.set.c7_off",
               "team.rejection.floated", "team.set.floated"),
    _criterion("[C8]", "2.3.5", "Minimise the number of teams whose colour preference, if any, "
               "is not fulfilled.", "selection:misses", "team.rejection.quality"),
    _criterion("[C9]", "2.3.6", "(Type B only) Minimise the number of teams whose strong colour "
               "preference, if any, is not fulfilled.", "selection:misses"),
    _criterion("[C10]", "2.3.7", "With the exception of the last two rounds, minimise the number "
               "of upfloaters' opponents that were floaters in the previous round (see Article "
               "1.5).", "selection:misses"),
    Rule("soft-avoid", "seed 002", "Soft-avoid protection groups: among the pairings the rules "
         "judge equivalent, the fewest pairs of a same group.", "a pair of teams",
         _P + "procedure:_deciding", ("team.rejection.soft_avoid",)),
    # 3. Pairing process
    Rule("3.1", "3.1", "Legal pairing", "the round", _P + "selection:judge_sets"),
    Rule("3.2", "3.2", "Top-scoregroup", "the teams to pair", _P + "procedure:trace"),
    Rule("3.3", "3.3", "Outline of the pairing process", "the round", _P + "procedure:trace",
         ("team.why.reason.brackets",)),
    Rule("3.3.1", "3.3.1", "The pairing of a round (called round-pairing) is complete if all "
         "the teams (except at most one, which receives the pairing-allocated bye) have been "
         "paired and the absolute criteria [C1] and [C2] (see Article 2.1) have been complied "
         "with.", "the round", _P + "differences:parting", ("sharly.parting.incomplete",)),
    Rule("3.3.2", "3.3.2", "The first step in the pairing process is the assignment of the "
         "pairing-allocated-bye (if needed) by applying Article 3.4.", "the round",
         _P + "procedure:trace", ("team.round_started", "team.round_started.absent")),
    Rule("3.4", "3.4", "Assignment of the pairing-allocated-bye", "the round",
         _P + "procedure:pab_step",
         ("team.bye", "team.pab.candidates", "team.pab.refused", "team.pab.chosen",
          "team.pab.none", "team.why.fate.bye")),
    Rule("3.4.1", "3.4.1", "The pairing-allocated-bye is assigned to the team that: leaves a "
         "legal pairing for all teams", "the round", _P + "procedure:pab_step",
         ("sharly.parting.pab.3.4.1",)),
    Rule("3.4.2", "3.4.2", "The pairing-allocated-bye is assigned to the team that: has the "
         "lowest score", "the round", _P + "differences:_pab_article",
         ("sharly.parting.pab.3.4.2",)),
    Rule("3.4.3", "3.4.3", "The pairing-allocated-bye is assigned to the team that: has played "
         "the highest number of matches", "the round", _P + "differences:_pab_article",
         ("sharly.parting.pab.3.4.3",)),
    Rule("3.4.4", "3.4.4", "The pairing-allocated-bye is assigned to the team that: has the "
         "largest TPN", "the round", _P + "differences:_pab_article",
         ("sharly.parting.pab.3.4.4",)),
    Rule("3.5", "3.5", "Selection of the upfloaters", "a bracket",
         _P + "selection:candidate_sets",
         ("team.why.upfloat.none", "team.why.upfloat.score", "team.why.upfloat.set")),
    Rule("3.5.2", "3.5.2", "Consider all sets of potential upfloaters that comply with [C4] "
         "and [C5] (see Articles 2.3.1 and 2.3.2).", "a bracket",
         _P + "selection:upfloaters_needed", ("team.upfloaters_counted",)),
    Rule("3.5.4", "3.5.4", "These sets are then sorted among themselves by the lexicographic "
         "order of their TPNs.", "a bracket", _P + "selection:candidate_sets",
         ("sharly.parting.set.3.5.4",)),
    Rule("3.5.5", "3.5.5", "Choose the first set that, together with the top-scoregroup, "
         "produces a legal pairing that also complies with criteria [C6] and [C7] (see "
         "Articles 2.3.3 and 2.3.4) - besides [C4] and [C5] (see Articles 2.3.1 and 2.3.2), "
         "which it complies with by construction.", "a bracket", _P + "selection:judge_sets",
         ("team.set.accepted", "team.set.remaining", "team.set.refused")),
    Rule("3.6", "3.6", "Pairing of a bracket", "a bracket", _P + "selection:pair_bracket",
         ("team.bracket_paired", "team.why.paired.residents", "team.why.paired.upfloater",
          "team.why.paired.upfloaters")),
    Rule("3.6.2", "3.6.2", "A pairing is identified by the TPNs of the top members of each "
         "pair sorted in ascending order.", "a bracket", _P + "selection:pairing_identifier"),
    Rule("3.6.3", "3.6.3", "Pairings are sorted by the lexicographic order of their "
         "identifiers.", "a bracket", _P + "selection:pair_bracket",
         ("sharly.parting.pairing.3.6.3",)),
    Rule("3.6.4", "3.6.4", "Choose the first pairing that also complies with criteria [C1], "
         "[C8], [C9] and [C10] (see Articles 2.1.1 and 2.3.5 to 2.3.7 - besides the other "
         "criteria, which it complies with by construction).", "a bracket",
         _P + "selection:pair_bracket",
         ("team.candidate.accepted", "team.candidate.rejected", "team.why.paired.choice",
          "team.why.paired.refused")),
    # 4. Colour allocation
    Rule("4.1", "4.1", "The initial-colour is the colour determined by drawing of lots before "
         "the pairing of the first round.", "the tournament", _P + "colours:initial_colour"),
    Rule("4.2", "4.2", "The first-team is the team (first that applies):", "a pair of teams",
         _P + "colours:first_team"),
    Rule("4.3", "4.3", "For each pair apply (with descending priority):", "a pair of teams",
         _P + "colours:allocate", ("team.colour.other",)),
    _colour("4.3.1", "When both teams have yet to play a match, if the first-team has an odd "
            "TPN, give it the initial-colour; otherwise, give it the opposite colour."),
    _colour("4.3.2", "If only one team has a colour preference, grant it."),
    _colour("4.3.3", "If the two teams have opposite colour preferences, grant them."),
    _colour("4.3.4", "(Type B only) If only one team has a strong colour preference, grant it."),
    _colour("4.3.5", "Give White to the team with the lower colour difference."),
    _colour("4.3.6", "Alternate the colours to the most recent time in which one team had White "
            "and the other Black."),
    _colour("4.3.7", "Grant the colour preference of the first-team."),
    _colour("4.3.8", "Alternate the colour of the first-team from its last played round."),
    _colour("4.3.9", "Alternate the colour of the other team from its last played round."),
    # The texts C.04.6 leans on: the board order, and the round as a whole.
    Rule("C.04.2", "C.04.2", "General Handling Rules for Swiss Tournaments", "the round",
         _P + "procedure:finish", ("team.boards_ordered",)),
    Rule("C.04.6", "C.04.6", "Swiss Team Pairing System", "the round", _P + "procedure:finish",
         ("team.round_paired", "team.round_paired.byes", "team.round_paired.released")),
)

RULES = RuleTable(SYSTEM, _ROWS)
"""C.04.6, in the text's order."""

SHARLY_RULES = RuleTable(SHARLY, _ROWS[:-1] + (
    Rule("pairs", "3.3.1", "The pairing of a round (called round-pairing) is complete if all "
         "the teams (except at most one, which receives the pairing-allocated bye) have been "
         "paired and the absolute criteria [C1] and [C2] (see Article 2.1) have been complied "
         "with.", "the round", _P + "wholeround:measure", ("sharly.field.pairs",)),
    Rule("C.04.6", "C.04.6", "Swiss Team Pairing System: the whole round as one weighted "
         "matching (the engine inside Sharly Chess)", "the round", _P + "sharly:trace",
         ("sharly.round_started", "sharly.bracket_opened", "sharly.weighed",
          "sharly.candidate.accepted", "sharly.candidate.rejected", "sharly.bracket_paired",
          "team.round_paired", "team.round_paired.byes", "team.round_paired.released")),
))
"""``team-2026-sharly``: C.04.6's rows, the field of the pairs its weight
counts first, and the round as one matching (``C.04.6``, its own events)."""

"""Seed 003's simplified tool (``simple``) as one rule table, :data:`RULES`:
each rule of the seed's help page once, in the seed's French words and in
English, with what it applies to, the function that applies it and its
sentences (:mod:`swisslearn.ruletable` says what a row holds).

The seed names no rule; the labels (``S-groups``, ``S-halves``...) are the
project's, one per rule the help page states.  :mod:`swisslearn.simple`
takes every label it writes from this table (and keeps
:data:`swisslearn.simple.RULES`, label to English words, made from it).
"""

from __future__ import annotations

from swisslearn.ruletable import Rule, RuleTable

__all__ = ["RULES", "SYSTEM"]

SYSTEM = "simple"

_S = "swisslearn.simple:"
_SEED = "seed 003"

RULES = RuleTable(SYSTEM, (
    Rule("S-groups", _SEED, "score groups, from the highest to the lowest", "the players to pair",
         _S + "trace",
         ("simple.round_started", "simple.bracket_opened", "simple.bracket_opened.moved",
          "simple.bracket_opened.lowest", "simple.why.paired.group", "simple.why.reason.groups"),
         fr="Groupes de points : joueurs ayant les mêmes points, du groupe le plus haut au "
            "plus bas"),
    Rule("S-halves", _SEED, "in each group, the top half against the bottom half", "a group",
         _S + "_Group.natural",
         ("simple.bracket_split", "simple.bracket_split.alone", "simple.bracket_split.odd",
          "simple.fmt.half.top", "simple.fmt.half.bottom",
          "simple.candidate_tried.halves.accepted", "simple.candidate_tried.halves.rejected",
          "simple.bracket_paired.halves", "simple.why.paired.halves",
          "simple.why.reason.same_half", "simple.why.reason.halves"),
         fr="Moitié haute contre moitié basse : quatre joueurs à égalité donnent 1 contre 3 et "
            "2 contre 4"),
    Rule("S-rematch", _SEED, "never a rematch: other opponents are tried before a player moves "
         "down", "a group", _S + "_Group.search",
         ("simple.candidate_tried.other.accepted", "simple.candidate_tried.other.rejected",
          "simple.candidate_tried.other.none", "simple.candidate_tried.none",
          "simple.candidate_tried.leftover", "simple.candidates_skipped.one",
          "simple.candidates_skipped.many", "simple.candidates_skipped.rematches",
          "simple.candidates_skipped.none", "simple.rejection.met", "simple.rejection.lookahead",
          "simple.bracket_paired.other", "simple.bracket_paired.none",
          "simple.why.paired.other", "simple.why.paired.other.plain", "simple.why.reason.met",
          "simple.why.reason.other"),
         fr="Revanches : jamais ; l'outil essaie d'autres adversaires avant de faire descendre "
            "un joueur"),
    Rule("S-down", _SEED, "a player who cannot be paired in his group moves down to the next "
         "one", "a group", _S + "_pair_group",
         ("simple.player_moved_down", "simple.player_moved_down.met_all",
          "simple.player_moved_down.reason", "simple.bracket_paired.moved_down",
          "simple.why.paired.down", "simple.why.reason.down", "simple.why.reason.down.met_all"),
         fr="Un joueur qui ne peut pas être apparié dans son groupe descend au groupe suivant."),
    Rule("S-bye", _SEED, "odd number: the lowest-ranked player who has not had a bye gets it",
         "the round", _S + "_choose_bye", ("simple.bye", "simple.why.fate.bye"),
         fr="Avec un nombre impair de joueurs, le joueur le moins bien classé qui n'a pas eu "
            "d'exempt le reçoit."),
    Rule("S-colours", _SEED, "a player who played one colour more, or else the other colour "
         "last, gets the other colour", "a pair", _S + "allocate_colours",
         ("simple.colour.both", "simple.colour.one", "simple.colour.other"),
         fr="Couleurs : un joueur qui a joué davantage d'une couleur, ou l'inverse de la "
            "dernière couleur, reçoit l'autre."),
    Rule("S-colours-strong", _SEED, "the stronger preference wins first", "a pair",
         _S + "allocate_colours", ("simple.colour.strong", "simple.colour.strong.plain"),
         fr="Une forte préférence l'emporte d'abord"),
    Rule("S-colours-rank", _SEED, "no (deciding) preference: the higher-ranked player gets "
         "white", "a pair", _S + "allocate_colours",
         ("simple.colour.rank", "simple.colour.rank.first"),
         fr="sans préférence, le joueur le mieux classé a les blancs."),
    Rule("S-boards", _SEED, "boards from the top group down", "the round", _S + "trace",
         ("simple.boards_ordered", "simple.round_paired", "simple.round_paired.byes"),
         fr="Red Falcons et Blue Wave ont 3 points : ils sont appariés en premier"),
))
"""Seed 003's rules, in the order of its help page."""

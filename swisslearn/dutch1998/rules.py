"""The 1998 rules (seed 000) as one rule table, :data:`RULES` (``dutch-1998``):
every article of the text once (A1-A9, B1-B6, C1-C14, D1, D2, E1-E4,
F1-F10: the 45 labels of seed 000), and the sub-articles the engine cites on
their own (B1a, B1b, B2a, B2b), each with the seed's French words, the
English text's, what it applies to, the function that applies it and its
sentences (:mod:`swisslearn.ruletable` says what a row holds).

``fr`` is seed 000's text of the article, verbatim but for its line breaks
(each run of spaces and line breaks is one space; an A article keeps its
heading, « ELO : »); ``en`` is ``../shared/rules/fide-dutch-1998-en.md``'s,
likewise without its Markdown, its [sic] notes and its article numbers.
Seed 000 follows the 1992 layout for E: the first-round rule is E4's last
sentence, the English text's E.5; the engine cites it as E4, as the course
does.

Every module of :mod:`swisslearn.dutch1998` takes the labels it writes
(events' ``rule``, rejections' ``criterion``, the criteria C9/C10 drop) from
this table, checked when the module is imported (:meth:`RuleTable.label`).
The README's readings ("How we read the 1998 text") are no labels: an event
names the one it keeps by its number (``reading``), said by the sentences
``reading.N`` listed in the rows of the rules they read.
"""

from __future__ import annotations

from swisslearn.ruletable import Rule, RuleTable

__all__ = ["RULES", "SYSTEM"]

SYSTEM = "dutch-1998"

_P = "swisslearn.dutch1998."

RULES = RuleTable(SYSTEM, (
    Rule("A1", "A1",
         "It is advisable to check all ratings supplied by players. If no reliable rating is "
         "known for a player the arbiters should make an estimation of it as accurately as "
         "possible before the start of the tournament. (to convert German Ingo or British BCF "
         "use rating = 2840 - 8 x INGO = 600 + 8 x BCF)",
         "each player", "swisslearn.model:Tournament.pairing_number",
         fr="ELO : Il est conseillé de vérifier tous les classements Elo fournis par les "
            "joueurs. Si le joueur n'a pas de classement Elo, l'arbitre doit faire une "
            "estimation aussi précise que possible, avant le début du tournoi. (Pour convertir "
            "l'INGO allemand ou le BCR britannique : Elo = 2840 - 8 x INGO = 600 + 8 x BCR)"),
    Rule("A2", "A2",
         "For pairing purposes only, the players are ranked in order of, respectively a. score b. "
         "rating c. FIDE-title (IGM-WGM-IM-WIM-FM-WFM-no title) d. alphabetically (unless it has "
         "been previously stated that this criterion has been replaced by another one) The order "
         "made before the first round (when all scores are obviously zero) is used to determine "
         "the pairing numbers: the highest one gets #1 etc.",
         "the players to pair", _P + "state:RoundState.a2_key",
         ("round_started",),
         fr="Classement initial et numéros d'appariement - Ordre de présentation des joueurs : "
            "Pour les appariements, les joueurs sont rangés d'après les critères suivants (par "
            "ordre décroissant) : a) Score. b) Classement Elo. c) Titre FIDE : GMI - GMF - MI - "
            "MIF - MFide - MFideF - non titré d) Ordre alphabétique, à moins que le règlement "
            "intérieur du tournoi n'ait prévu un autre critère à la place de celui-ci. Le "
            "classement fait avant la première ronde (alors qu'aucun point n'a été marqué) "
            "déterminera les numéros d'appariement, le plus grand Classement Elo étant le numéro "
            "1 ."),
    Rule("A3", "A3",
         "Players with equal scores constitute a homogeneous score bracket. Players who remain "
         "unpaired after the pairing of a score bracket will be moved down to the next score "
         "bracket, which will therefore be heterogeneous. When pairing a heterogeneous score "
         "bracket these players moved down are always paired first whenever possible, giving "
         "rise to a remainder score bracket which is always treated as a homogeneous one. A "
         "heterogeneous score bracket of which at least half of the players have come from a "
         "higher score bracket is also treated as though it was homogeneous.",
         "the players to pair", _P + "bracket:bracket",
         ("bracket_opened.homogeneous", "bracket_opened.heterogeneous",
          "bracket_opened.as_homogeneous", "bracket_opened.lowest", "why.reason.brackets"),
         fr="NIVEAUX DE POINTS : Les joueurs ayant le même nombre de points constituent un "
            "niveau de points homogène. Les joueurs restant non appariés après l'appariement de "
            "leur niveau seront transférés dans le niveau immédiatement inférieur. Ce niveau "
            "deviendra alors un niveau de points hétérogène. Lorsqu'on apparie un niveau "
            "hétérogène, ces joueurs transférés vers le bas sont toujours appariés en priorité "
            "si cela est possible, les joueurs restants forment alors de nouveau un niveau "
            "homogène (que l'on appellera niveau résiduel). Un niveau de point hétérogène dans "
            "lequel la moitié des joueurs au moins provient des niveaux supérieurs, est "
            "également traité comme un niveau homogène."),
    Rule("A4", "A4",
         "By pairing a heterogeneous score bracket, players with unequal scores will be paired. "
         "To ensure that this will not happen to the same players again in the next round this "
         "is written down on the pairing card. The higher ranked player receives a downfloat ( "
         "), the lower one an upfloat ( ).",
         "a pair of different scores", _P + "state:pair_float_rejections",
         ("why.paired.floaters",),
         fr="FLOTTEURS : En appariant un niveau hétérogène, des joueurs de scores différents "
            "seront appariés ensemble. De tels joueurs sont appelés flotteurs. Pour éviter qu'un "
            "joueur ne flotte deux fois de suite, l'arbitre devra inscrire sur la fiche "
            "d'appariement une flèche (\"basse\") pour le joueur ayant le score le plus élevé et "
            "une flèche (\"haute\") pour le joueur ayant le score le plus faible."),
    Rule("A5", "A5",
         "Should the total number of players be (or become) odd, one player ends up unpaired. "
         "This player receives a bye: no opponent, no colour, 1 point. A bye is considered to be "
         "a downfloat.",
         "the round", _P + "procedure:_finish",
         ("bye_assigned", "why.fate.bye", "rejection.one_bye"),
         fr="EXEMPTS : Si le nombre de joueurs est impair (ou le devient), un joueur restera "
            "inapparié lorsque tous les niveaux auront été traités. Ce joueur sera alors exempté "
            "il n'aura ni adversaire, ni couleur. Il recevra 1 point. Il sera considéré comme un "
            "flotteur descendant."),
    Rule("A6", "A6",
         "To make the pairing, each score bracket will be divided into two subgroups, to be "
         "called S1 and S2. In a heterogeneous score bracket S1 contains all players moved down "
         "from a higher score bracket. In a homogeneous score bracket S1 contains the higher "
         "half (rounding downwards) of the number of players in the score bracket. The number of "
         "players in S1 will be indicated by \"p\", indicating the number of pairings to be "
         "made. In both cases S2 contains all other players of the score bracket. In both S1 and "
         "S2 players are ordered according to A2.",
         "a bracket", _P + "tables:split",
         ("rejection.alone", "stuck.alone", "fmt.subgroup.s1", "fmt.subgroup.s2"),
         fr="SOUS-GROUPES (Lots de joueurs): Pour apparier, chaque niveau de points sera divisé "
            "en deux lots, appelés S1 et S2. Dans un niveau de points hétérogène, S1 contient "
            "tous les joueurs issus des niveaux supérieurs. Dans un niveau de points homogène, "
            "S1 contient la moitié des joueurs, ces joueurs étant les plus \"forts\" du niveau. "
            "Si le nombre de joueurs du niveau est impair, le nombre de joueurs de S1 est "
            "arrondi au nombre entier inférieur. Le nombre de joueurs de S1 sera appelé p, "
            "indiquant également le nombre d'appariements à réaliser dans ce niveau de points. "
            "Dans les deux cas, S2 contiendra tous les autres joueurs du niveau de points. Dans "
            "les lots S1 et S2, les joueurs seront ordonnés selon la règle A2."),
    Rule("A7", "A7",
         "The colour difference of a player is the number of games played with white minus the "
         "number of games played with black by this player. After a round the colour preference "
         "can be determined for every player. a. An absolute colour preference occurs when a "
         "player's colour difference is greater that 1 or less than -1, or when a player played "
         "with the same colour in the two latest rounds. The preference is white when the colour "
         "difference is << 0 or when the last two games were played with black, otherwise black. "
         "In this case the (obligatory) colour is already written down on the score card. (This "
         "rule is not in effect when pairing players with a score of over 50% in the last "
         "round). b. A strong colour preference occurs when a player's colour difference is "
         "unequal to zero. The preference is white when the colour difference is < 0, black "
         "otherwise. c. A mild colour preference occurs when a player's colour difference is "
         "zero, the preference being to alternate the colour with respect to the previous game. "
         "In this case the colour difference is written down as +0 or -0 depending on the colour "
         "of the previous game (white or black respectively). Before the first round the colour "
         "preference of one player (often the highest one) is determined by lot.",
         "each player", "swisslearn.model:colour_preference",
         ("fmt.strength.absolute", "fmt.strength.strong", "fmt.strength.mild", "fmt.mark.absolute",
          "fmt.mark.strong", "fmt.mark.mild", "fmt.preference"),
         fr="DIFFERENCE DE COULEURS ET COULEURS PREFERENTIELLES : La différence de couleurs d'un "
            "joueur est le nombre de parties jouées avec les blancs moins le nombre de parties "
            "jouées avec les noirs. Après chaque ronde, on détermine la couleur préférentielle "
            "de chaque joueur: a) La couleur préférentielle est absolue quand un joueur a une "
            "différence de couleurs plus grande que 1 ou plus petite que -1, ou quand un joueur "
            "vient de jouer les deux dernières rondes avec la même couleur. La préférence est "
            "blanche quand la différence de couleur est négative, ou quand les deux dernières "
            "rondes ont été jouées avec les noirs. Elle est noire dans le cas contraire. En cas "
            "de préférence absolue, la couleur (obligatoire) est déjà marquée sur la fiche du "
            "joueur. Cette règle ne s'applique pas lors de la dernière ronde, pour l'appariement "
            "des joueurs ayant plus de 50 % des points. b) La couleur préférentielle est forte "
            "quand la différence de couleur d'un joueur est différente de zéro. La préférence "
            "est blanche quand la différence de couleur est négative. Elle est noire dans le cas "
            "contraire. c) La couleur préférentielle est faible quand la différence de couleur "
            "est égale à zéro. On essaie alors d'alterner la couleur par rapport à la ronde "
            "précédente. Dans ce cas, la différence de couleurs est notée +0 ( coul. préf. "
            "noire) ou -0 (coul. préf. blanche) selon la couleur de la ronde précédente . Avant "
            "la première ronde, la couleur préférentielle d'un joueur (souvent le plus fort "
            "Elo), est tirée au sort (Voir règle E)."),
    Rule("A8", "A8",
         "The number of pairings which can be made in a score bracket, either homogeneous or "
         "heterogeneous, not fulfilling all colour preferences, is represented by the symbol x. "
         "x can be calculated as follows: w = number of players having a colour preference "
         "white. b = number of players having a colour preference black. q = number of players "
         "in the score bracket divided by 2, rounded upwards. If b >> w then x = b-q, else x = "
         "w-q.",
         "a bracket", _P + "colours:x_value",
         fr="DEFINITION DE X : Le nombre d'appariements possibles dans un niveau de points "
            "(homogène ou hétérogène) et ne respectant pas les couleurs préférentielles des "
            "joueurs est représenté par la variable x. x peut être calculée comme suit : b = "
            "nombre de joueurs ayant une couleur préférentielle blanche. n = nombre de joueurs "
            "ayant une couleur préférentielle noire. q = moitié du nombre de joueurs du niveau "
            "de points ,arrondie au nombre entier supérieur. Si n > b , alors x = n - q, sinon x "
            "= b - q"),
    Rule("A9", "A9",
         "a. In order to make a sound pairing it is often necessary to change the order in S2. "
         "The Rules to make such a change, called a transposition, are in D1. b. In a "
         "homogeneous score bracket it may be necessary to exchange players from S1 and S2. "
         "rules for exchanges are found under D2. After each exchange both S1 and S2 are to be "
         "ordered according to A2.",
         "a bracket", _P + "candidates:level_candidates",
         fr="PERMUTATIONS ET ECHANGES : a) Pour parvenir à un appariement convenable, il est "
            "souvent nécessaire d'opérer des changements dans S2. De tels changements, appelés "
            "permutations, sont expliqués au paragraphe D1. b) Dans un niveau de points "
            "homogène, il peut être nécessaire d'échanger des joueurs entre S1 et S2. Les règles "
            "d'échange sont expliquées au paragraphe D2. Après chaque échange, S1 et S2 seront "
            "réordonnés suivant la règle A2."),
    Rule("B1", "B1",
         "a. Two players shall not meet more than once. b. A player who has received a point "
         "without playing, either through a bye or due to an opponent not appearing in time, "
         "shall not receive a bye.",
         "a pair", _P + "criteria:pair_rejection",
         ("why.reason.absolute",),
         fr="a) Deux joueurs ne se rencontreront pas plus d'une seule fois. b) Un joueur qui a "
            "reçu un point sans jouer, par exemption ou à cause de l'absence d'un adversaire, ne "
            "pourra plus être exempt."),
    Rule("B1a", "B1 a)",
         "Two players shall not meet more than once.",
         "a pair", _P + "criteria:pair_rejection",
         ("rejection.met", "rejection.forbidden", "stuck.met", "stuck.forbidden", "why.short.B1a"),
         fr="Deux joueurs ne se rencontreront pas plus d'une seule fois."),
    Rule("B1b", "B1 b)",
         "A player who has received a point without playing, either through a bye or due to an "
         "opponent not appearing in time, shall not receive a bye.",
         "the player left over in the lowest bracket", _P + "criteria:bye_rejection",
         ("rejection.unplayed_point", "why.short.B1b"),
         fr="Un joueur qui a reçu un point sans jouer, par exemption ou à cause de l'absence "
            "d'un adversaire, ne pourra plus être exempt."),
    Rule("B2", "B2",
         "a. No player's colour difference will become >+2 or <-2. b. No player will receive the "
         "same colour three times in row.",
         "a pair", _P + "criteria:b2_pair_rejection",
         ("round_started.last_round", "round_started.last_round.one", "why.paired.last_round"),
         fr="a) La différence de couleurs d'un joueur ne pourra pas être supérieure à +2 ou "
            "inférieure à -2. b) Un joueur ne recevra pas trois fois de suite la même couleur."),
    Rule("B2a", "B2 a)",
         "No player's colour difference will become >+2 or <-2.",
         "a player and a colour", _P + "criteria:b2_rejection",
         ("rejection.colour_difference.one", "rejection.colour_difference.pair",
          "stuck.colour_difference", "colour.last_round.difference", "why.short.B2a"),
         fr="La différence de couleurs d'un joueur ne pourra pas être supérieure à +2 ou "
            "inférieure à -2."),
    Rule("B2b", "B2 b)",
         "No player will receive the same colour three times in row.",
         "a player and a colour", _P + "criteria:b2_rejection",
         ("rejection.three_in_a_row.one", "rejection.three_in_a_row.pair", "stuck.three_in_a_row",
          "colour.last_round.third", "why.short.B2b"),
         fr="Un joueur ne recevra pas trois fois de suite la même couleur."),
    Rule("B3", "B3",
         "The difference of the scores of two players paired against each other should be as "
         "small as possible and ideally zero.",
         "the round", _P + "driver:drive",
         fr="La différence de points entre deux joueurs appariés l'un contre l'autre sera la "
            "plus petite possible, l'idéal étant zéro."),
    Rule("B4", "B4",
         "As many players as possible receive their colour preference. (Whenever x of a score "
         "bracket is unequal to zero this rule will have to be ignored. x is deducted by one "
         "each time a colour preference cannot be granted.)",
         "a pair", _P + "criteria:colour_conflict",
         ("rejection.colour_conflicts", "rejection.colour_conflicts.x", "rejection.beyond_x",
          "rejection.beyond_x.one", "why.short.B4", "why.short.beyond_x"),
         fr="Le plus grand nombre possible de joueurs recevront leur couleur préférentielle. "
            "(Tant que x n'est pas nul, cette règle ne doit pas être prise en compte. On retire "
            "1 à x à chaque fois que la couleur préférentielle ne peut pas être respectée.)"),
    Rule("B5", "B5",
         "No player shall receive an identical float in two consecutive rounds.",
         "a floater", _P + "criteria:float_rejections",
         ("rejection.B5", "rejection.B5.float_down", "rejection.B5.float_up", "why.short.B5",
          "why.paired.dropped.b5.down", "why.paired.dropped.b5.up"),
         fr="Aucun joueur ne flottera deux fois de suite dans le même sens ."),
    Rule("B6", "B6",
         "No player shall have an identical float as two rounds before.",
         "a floater", _P + "criteria:float_rejections",
         ("rejection.B6", "rejection.B6.float_down", "rejection.B6.float_up", "why.short.B6",
          "why.paired.dropped.b6.down", "why.paired.dropped.b6.up"),
         fr="Un joueur ayant flotté à une ronde ne pourra être flotteur dans le même sens deux "
            "rondes plus tard."),
    Rule("C1", "C1",
         "If the score bracket contains a player for whom no opponent can be found within this "
         "score bracket without violating B1 or B2 then: if this player was moved down from a "
         "higher score bracket apply C12. if this score bracket is the lowest one apply C13. in "
         "all other cases: move this player down to the next score bracket.",
         "a bracket", _P + "bracket:bracket",
         ("stuck.c12", "stuck.c13", "stuck.bye", "player_moved_down", "player_moved_down.reason",
          "player_moved_down.reasons", "player_moved_down.alone", "player_moved_down.c12",
          "why.reason.c1", "reading.6", "reading.18"),
         fr="Si, dans un niveau de points, un joueur ne peut être apparié sans violer les "
            "critères B1 ou B2, alors : - si ce joueur venait d'un niveau supérieur, appliquer "
            "la règle C12. - si l'on est en train d'apparier le dernier niveau, appliquer la "
            "règle C13. - dans tous les autres cas, faire flotter le joueur posant problème dans "
            "le niveau inférieur le plus proche."),
    Rule("C2", "C2",
         "Determine x according to A8.",
         "a bracket", _P + "colours:x_value",
         fr="Calculer x suivant la règle A 8."),
    Rule("C3", "C3",
         "Determine p according to A6.",
         "a bracket", _P + "tables:split",
         fr="Calculer p suivant la règle A 6."),
    Rule("C4", "C4",
         "Put the highest players in S1, all other players in S2.",
         "a bracket", _P + "candidates:split_positions",
         ("bracket_split", "bracket_split.heterogeneous", "bracket_split.remainder",
          "bracket_split.empty", "bracket_split.raised", "bracket_split.heterogeneous.raised",
          "bracket_split.remainder.raised"),
         fr="Placer les p joueurs les plus forts en S1, et tous les autres joueurs en S2."),
    Rule("C5", "C5",
         "Order the players in S1 and S2 according to A2.",
         "a bracket", _P + "state:RoundState.sort",
         fr="Ordonner les joueurs de S1 et S2 suivant A2."),
    Rule("C6", "C6",
         "Pair the highest player of S1 against the highest one of S2, the second highest one of "
         "S1 against the second highest one of S2, etc. If now p pairings are obtained in "
         "compliance with B1 and B2 the pairing of this score bracket is considered complete. in "
         "case of a homogeneous score bracket: remaining players are moved down to the next "
         "score bracket. With this score bracket restart at C1. in case of a heterogeneous score "
         "bracket: only players moved down were paired so far. Start at C2 with the homogeneous "
         "remainder group.",
         "a bracket", _P + "candidates:walk",
         ("candidate_tried.first.accepted", "candidate_tried.first.rejected_pair",
          "candidate_tried.first.rejected", "candidate_tried.none.rejected",
          "candidate_tried.none.still", "candidate_tried.also", "candidate_tried.leftover",
          "bracket_paired", "bracket_paired.remainder", "bracket_paired.none",
          "bracket_paired.remainder_none", "bracket_paired.moved_down", "bracket_paired.unpaired",
          "how.first", "why.how.first", "why.paired", "why.paired.bracket",
          "why.paired.heterogeneous", "why.paired.remainder", "reading.1"),
         fr="Apparier le joueur le plus fort de S1 contre le joueur le plus fort de S2, et ainsi "
            "de suite. Si les appariements sont réalisés en respectant B1 et B2, l'appariement "
            "de ce niveau est provisoirement terminé. - Dans le cas d'un niveau de points "
            "homogène: les joueurs restants flottent vers le niveau immédiatement inférieur pour "
            "lequel on recommence en C1. - Dans le cas d'un niveau de points hétérogène, seuls "
            "les flotteurs sont appariés pour l'instant. Recommencer en C2 avec les joueurs "
            "restants qui forment maintenant un niveau homogène (niveau résiduel)."),
    Rule("C7", "C7",
         "Apply a new transposition of S2 according to D1 and restart at C6.",
         "a bracket", _P + "candidates:walk",
         ("candidate_tried.transposition.accepted", "candidate_tried.transposition.rejected",
          "candidates_skipped.range", "candidates_skipped.one", "candidates_skipped.empty",
          "candidates_skipped.reasons", "candidates_skipped.counted", "orders_skipped",
          "orders_skipped.one", "how.transposition", "rejection.same_pairing",
          "why.short.same_pairing", "why.reason.candidate", "why.reason.candidate.one",
          "why.reason.refused", "why.how.refused", "why.how.refused.one", "why.how.after"),
         fr="Procéder à une nouvelle permutation dans S2 suivant la règle D1 et recommencer en "
            "C6."),
    Rule("C8", "C8",
         "In case of a homogeneous (remainder) group: apply a new exchange between S1 and S2 "
         "according to D2. Restart at C5.",
         "a homogeneous bracket or remainder group", _P + "candidates:exchange_order",
         ("candidates_skipped.no_exchange", "rejection.no_exchange", "exchange_applied",
          "exchange_applied.infeasible", "exchange_applied.infeasible.reason", "how.exchange_first",
          "how.exchange", "candidate_tried.exchange", "why.paired.exchange", "why.how.exchange"),
         fr="Dans le cas d'un niveau homogène (ou niveau résiduel), faire un nouvel échange "
            "entre S1 et S2 suivant D2 et recommencer en C5."),
    Rule("C9", "C9",
         "Drop criterion B6 and B5 (in this order) for downfloats and restart at C4.",
         "a bracket's downfloaters", _P + "ladder:ladder",
         ("criterion_dropped.down", "steps1998.dropped.down", "steps1998.dropped.sep", "reading.5"),
         fr="Abandonner les critères B6 puis B5 pour les flotteurs descendants et reprendre en "
            "C4."),
    Rule("C10", "C10",
         "In case of a homogeneous remainder group: undo the pairing of the lowest moved down "
         "player paired and try to find a different opponent for this player by restarting at "
         "C7. If no alternative pairing for this player exists then drop criterion B6 first and "
         "then B5 for upfloats and restart at C2.",
         "a remainder group's moved-down players", _P + "ladder:ladder",
         ("criterion_dropped.up", "criterion_dropped.up.no_alternative", "steps1998.dropped.up",
          "remainder_unpaired", "remainder_unpaired.empty", "pairings_tried.c10",
          "pairings_tried.c10.one", "pairings_tried.reasons.c10", "reading.1.c10", "reading.16"),
         fr="Dans le cas d'un niveau homogène résiduel, défaire l'appariement du plus petit "
            "flotteur descendant et essayer de lui trouver un adversaire différent, en reprenant "
            "en C7. S'il n'y a pas d'autre alternative pour ce joueur, abandonner le critère B6 "
            "puis B5 pour les flotteurs montants et recommencer en C2."),
    Rule("C11", "C11",
         "As long as x is less than p: increase x by 1. When pairing a remainder group undo all "
         "pairings of players moved down also. Restart at C3.",
         "a bracket", _P + "ladder:ladder",
         ("x_increased", "x_increased.remainder", "x_increased.undo_all", "reading.3"),
         fr="Tant que x < p, augmenter x de 1. Quand on apparie un groupe résiduel, défaire tous "
            "les appariements des joueurs, y compris ceux des flotteurs descendants. Recommencer "
            "en C3."),
    Rule("C12", "C12",
         "In case of a heterogeneous group: undo the pairing of the previous score bracket. If in "
         "this previous score bracket a pairing can be made whereby another player will be moved "
         "down to the current one, and this now allows p pairing to be made then this pairing in "
         "the previous score bracket will be accepted.",
         "a heterogeneous bracket and the bracket above", _P + "driver:_c12",
         ("undone.c12.undone", "undone.c12.kept", "undone.c12.restored", "pairings_tried.c12",
          "pairings_tried.c12.one", "bracket_undone.previous.accepted",
          "bracket_undone.previous.rejected", "rejection.no_p_pairs",
          "rejection.moved_down_before.c12", "rejection.moved_down_before.c12.none",
          "rejection.same_pairing.c12", "rejection.failed_below.c12",
          "why.short.moved_down_before.c12", "why.short.same_pairing.c12",
          "why.short.failed_below.c12", "why1998.undone.c12", "why1998.moved.c12",
          "player1998.undone.c12", "player1998.moved.c12"),
         fr="Dans le cas d'un niveau de points hétérogène, défaire l'appariement du précédent "
            "niveau. Si dans ce niveau de point précédent, un appariement peut être fait dans "
            "lequel un autre joueur sera flotteur descendant et que cela permet p appariements "
            "dans le niveau en cours, alors ce nouvel appariement dans le niveau de point "
            "précédent sera conservé."),
    Rule("C13", "C13",
         "In case of the lowest score bracket: the pairing of the penultimate score bracket is "
         "undone. Try to find another pairing in the penultimate score bracket which will allow "
         "a pairing in the lowest score bracket. If in the penultimate score bracket p becomes "
         "zero (i.e. no pairing can be found which will allow a correct pairing for the lowest "
         "score bracket) then the two lowest score brackets are joined into a new lowest score "
         "bracket. Because now another score bracket is the penultimate one C13 can be repeated "
         "until an acceptable pairing is obtained.",
         "the lowest bracket and the penultimate one", _P + "driver:_solve",
         ("undone.c13.lowest", "undone.c13.above", "undone.c13.kept.lowest",
          "undone.c13.kept.above", "undone.c13.kept.joined", "undone.c13.exhausted",
          "undone.c13.proved", "undone.c13.capped", "undone.c13.capped_below", "pairings_tried.c13",
          "pairings_tried.c13.one", "pairings_tried.failed.lowest", "pairings_tried.failed.above",
          "pairings_tried.reasons", "bracket_undone.penultimate.accepted",
          "bracket_undone.penultimate.rejected", "brackets_merged", "brackets_merged.penultimate",
          "rejection.moved_down_before", "rejection.moved_down_before.none",
          "rejection.failed_below", "why.short.moved_down_before", "why.short.failed_below",
          "why1998.undone.c13", "why1998.moved.c13", "player1998.undone.c13",
          "player1998.moved.c13"),
         fr="Dans le cas du niveau de point le plus bas, l'appariement de l'avant dernier niveau "
            "est annulé, essayer de trouver un autre appariement dans cet avant dernier niveau "
            "de points, qui permettra l'appariement du dernier niveau de points. Si, dans "
            "l'avant dernier niveau de points, p devient égal à zéro (c'est à dire qu'aucun "
            "appariement n'est possible pour que l'appariement du dernier niveau de points soit "
            "réalisable), alors les deux niveaux les plus bas seront regroupés en un seul. Etant "
            "donné que c'est maintenant un autre niveau qui devient l'avant-dernier, C13 peut "
            "être répété jusqu'à obtenir un appariement réalisable."),
    Rule("C14", "C14",
         "Decrease p by 1 (and if the original value of x was greater than zero decrease x by 1 "
         "as well). As long as p is unequal to zero restart at C4. If p equals zero the entire "
         "score bracket is moved down to the next one. Restart with this score bracket at C1.",
         "a bracket", _P + "ladder:ladder",
         ("p_decreased", "p_decreased.zero", "p_decreased.x_follows", "p_decreased.x_stays",
          "last_resort"),
         fr="Diminuer p de 1 (si la valeur première de x était positive, retirer 1 à x aussi). "
            "Tant que p n'est pas égal à 0, recommencer en C4. Si p = 0, tout le niveau de "
            "points est descendu au niveau suivant. Recommencer la procédure avec ce niveau en "
            "C1."),
    Rule("D1", "D1",
         "Transpositions within S2 should start with the lowest players, with descending "
         "priority: 1. 5-6-8-7; 2. 5-7-6-8; 3. 5-7-8-6; 4. 5-8-6-7; 5. 5-8-7-6; 6. 6-5-7-8; 7. "
         "6-5-8-7, etc. Hint: put all numbers constructable with the digits 5, 6, 7 and 8 in "
         "ascending order.",
         "S2", _P + "transpositions:transpositions",
         ("rejection.no_completion", "rejection.no_completion.one",
          "rejection.no_completion.plain", "why.short.no_completion", "rejection.no_opponent_left",
          "rejection.no_opponent_left.one", "why.short.no_opponent_left"),
         fr="Les permutations dans S2 commenceront avec le joueur le plus \"faible\" (plus grand "
            "numéro) dans l'ordre des priorités décroissantes suivantes : a) 5-6-8-7; b) "
            "5-7-6-8; c) 5-7-8-6; d) 5-8-6-7; e) 5-8-7-6; f) 6-5-7-8 g) 6-5-8-7 etc. Note : Cela "
            "revient à écrire tous les nombres possibles avec 5, 6, 7 et 8 dans l'ordre "
            "croissant."),
    Rule("D2", "D2",
         "When applying an exchange between S1 and S2 the difference between the numbers "
         "exchanged should be as small as possible. When differences of various options are "
         "equal take the one concerning the lowest player of S1.",
         "a homogeneous bracket or remainder group", _P + "exchanges:iter_exchanges",
         ("candidates_skipped.exchange", "candidates_skipped.exchanges",
          "candidates_skipped.exchange_one", "candidates_skipped.exchanges.reasons",
          "candidates_skipped.counted_exchanges", "candidates_skipped.exchange_criteria",
          "rejection.no_split", "fmt.cell_letter", "fmt.cell_positions", "fmt.cell_none"),
         fr="Quand on procède à un échange entre S1 et S2, la différence entre les numéros "
            "échangés doit être la plus petite possible. Lorsque les différents choix proposés "
            "donnent la même différence, prendre celui qui concerne le joueur le plus \"faible\" "
            "possible de S1."),
    Rule("E1", "E1",
         "Grant both colour preferences.",
         "a pair", _P + "colours:allocate",
         ("colour.E1", "colour.E1.views", "colour.E1.one"),
         fr="Satisfaire la couleur préférentielle aux deux joueurs."),
    Rule("E2", "E2",
         "Grant the stronger colour preference.",
         "a pair", _P + "colours:allocate",
         ("colour.E2", "colour.E2.plain", "colour.E2.views", "colour.E2.both"),
         fr="Satisfaire la plus forte couleur préférentielle."),
    Rule("E3", "E3",
         "Alternate the colours to the most recent round in which they played with different "
         "colours.",
         "a pair", _P + "colours:allocate",
         ("colour.E3", "colour.E3.views", "colour.E3.aligned"),
         fr="Alterner les couleurs de la plus récente ronde dans laquelle ils ont joué avec des "
            "couleurs différentes (Historiques de couleurs)."),
    Rule("E4", "E4 (E.5 in the English text)",
         "Grant the colour preference of the higher ranked player. In the first round all even "
         "numbered players in S1 will receive a colour different from all odd numbered players "
         "in S1.",
         "a pair", _P + "colours:allocate",
         ("colour.E4", "colour.E4.initial", "colour.E4.views", "colour.E4.initial.views",
          "colour.E4.both", "colour.E4.first", "colour.E5"),
         fr="Satisfaire la couleur préférentielle au joueur le plus \"fort\". A la première "
            "ronde tous les joueurs pairs en S1 auront la couleur opposée des joueurs impairs de "
            "S1 (Voir règle A7)."),
    Rule("F1", "F1",
         "After a pairing is complete sort the pairing before making them public. The sorting "
         "criteria are (with descending priority) the score of the higher player of the pairing "
         "involved; the sum of the scores of both players of the pairing involved; the rank "
         "according to A2 of the higher player of the pairing involved.",
         "the round", _P + "procedure:_finish",
         ("boards_ordered", "round_paired", "round_paired.byes"),
         fr="A l'issue de l'appariement, classer les matchs avant de les publier. Le critère de "
            "classement est, en priorité : - le score du plus \"fort\" joueur. - la somme des "
            "scores des deux joueurs du match concerné. - le classement suivant A2 du plus "
            "\"fort\" joueur du match concerné."),
    Rule("F2", "F2",
         "Byes, and pairing not actually played, or lost by one of the players due to arriving "
         "late or not at all, will not be taken into account with respect to colour, Such a "
         "pairing is not considered to be illegal in future rounds.",
         "each player", "swisslearn.model:PlayerState.played_colours",
         fr="Une exemption, ou l'absence d'un joueur (forfait) ne seront pas pris en compte "
            "quant aux couleurs. Un nouvel appariement entre les deux joueurs ne sera pas "
            "considéré comme illégal pour les rondes suivantes."),
    Rule("F3", "F3",
         "A player who after five round has a colour history of BWW-B (i.e. no valid game in "
         "round 4) will be treated as -BWWB with respect to E3. So WB-WB will count as -WBWB and "
         "BWW-B-W as - - BWWBW.",
         "a pair", "swisslearn.model:e3_history",
         fr="Un joueur qui, après cinq rondes a un historique de couleur NBB-N (partie non jouée "
            "à la ronde 4) sera considéré comme -NBBN en respectant E3. De même, BN-BN sera "
            "traité comme -BNBN et NBB-N-B comme --NBBNB"),
    Rule("F4", "F4",
         "Because all players are in one homogeneous score bracket before the start of round one "
         "and are ordered according to A2 the highest player of S1 will play against the highest "
         "player of S2 and if the number of players is odd the lowest ranked player will receive "
         "a bye.",
         "the first round", _P + "candidates:walk",
         fr="Comme tous les joueurs sont dans un niveau de points homogène avant le début de la "
            "première ronde et sont classés suivant A2, le premier joueur de S1 jouera contre le "
            "premier joueur de S2. Si le nombre est impair, le dernier joueur de S2 sera exempt."),
    Rule("F5", "F5",
         "Players who withdraw from the tournament will no longer be paired. Players known in "
         "advance not to play in a particular round are not paired in that round and score 0.",
         "the players", "swisslearn.model:Tournament.states",
         ("round_started.absent", "round_started.withdrawn", "why.absent"),
         fr="Les joueurs qui se retirent ne sont plus appariés. Les joueurs dont on sait qu'ils "
            "ne participeront pas à une ronde particulière ne seront pas appariés pour cette "
            "ronde et marqueront 0 point."),
    Rule("F6", "F6",
         "A pairing officially made public shall not be changed unless it violates the absolute "
         "pairing criteria (B1 and B2).",
         "a published pairing", _P + "criteria:pair_rejection",
         fr="Un appariement officiellement publié ne sera pas changé, à moins qu'il ne respecte "
            "pas les règles impératives B1 ou B2."),
    Rule("F7", "F7",
         "If either result was written down incorrectly, or a game was played with the wrong "
         "colours, or a player's rating has to be corrected, then this will only affect pairing "
         "yet to be made. Whether it will affect a pairing already made public but not yet "
         "played should be decided by the arbiter.",
         "the tournament", "swisslearn.model:Tournament.truncated",
         fr="Si l'un des cas suivants se produit: - un résultat n'a pas été enregistré "
            "correctement - un match a été joué avec les mauvaises couleurs - un Elo doit être "
            "corrigé alors la correction n'affectera que les appariements encore à faire Si "
            "toutefois, cela affectait un appariement déjà publié mais pas encore joué, la "
            "décision serait prise par l'arbitre."),
    Rule("F8", "F8",
         "Players who are absent during a round without notification to the arbiter will be "
         "considered to have withdrawn themselves.",
         "each player", "swisslearn.model:_withdrawn",
         fr="Les joueurs absents lors d'une ronde, sans avoir prévenu l'arbitre, seront "
            "considérés comme ayant abandonné et ne seront donc plus appariés."),
    Rule("F9", "F9",
         "Adjourned games are considered draws for pairing purposes only.",
         "the games before the round", _P + "procedure:_adjourned",
         ("round_started.adjourned",),
         fr="Les parties ajournées sont considérées comme nulles, pour les besoins de "
            "l'appariement seulement."),
    Rule("F10", "F10",
         "In order to make the final standings the following criteria apply (in descending "
         "priority): the highest number of points scored; should this be equal for several "
         "participants prize money should be shared; where it concerns the first place: the best "
         "result in games played against each other; the highest average rating of the "
         "opponents; the drawing of lots.",
         "the final standings", "swisslearn.standings:standings",
         fr="Pour dresser le classement final, les critères suivants seront appliqués - le plus "
            "grand score. Si plusieurs joueurs ont ce même score, les prix seront partagés. - en "
            "ce qui concerne la première place, le départage se fera d'après les résultats des "
            "matchs entre les joueurs ex aequo. - la plus grande moyenne des Elo des adversaires "
            "- le tirage au sort."),
))
"""Seed 000's rules, in the order of the text (each article's sub-articles
after it)."""

"""The words of the 1998 trace: what an arbiter can say out loud.

Each test builds (or traces) an event and checks the French and English
sentences the catalogue gives for it.
"""

from __future__ import annotations

from decimal import Decimal

import pytest

from swisslearn.explain import explain
from swisslearn.explain.catalogue import catalogue
from swisslearn.trace import BracketView, CandidateTried


@pytest.mark.parametrize("lang, value, text", [
    ("fr", 10 ** 33, "1" + "\u202f000" * 11),
    ("en", 10 ** 33 + 7, "1" + ",000" * 10 + ",007"),
    ("fr", -1234567, "-1\u202f234\u202f567"),
    ("fr", Decimal("1.50"), "1,5"),
    ("en", Decimal("2.0"), "2"),
    ("fr", Decimal("0.00"), "0"),
    ("en", Decimal("1" + "0" * 40 + ".5"), "10" + ",000" * 13 + ".5"),
])
def test_numbers_are_exact_at_any_size(lang: str, value: int | Decimal, text: str) -> None:
    """Issue 22: a D1 rank of 33+ digits overflowed Decimal's precision
    (``decimal.InvalidOperation``); counts are integers, written exactly."""
    assert catalogue(lang).number(value) == text


def test_a_huge_transposition_number_is_explained() -> None:
    """The rank of a transposition of a large S2 (here 40!) is explained, not a crash."""
    import math

    view = BracketView(index=0, score=Decimal(5), players=(), s1=(1,), s2=(2,), p=1)
    event = CandidateTried(rule="C7", bracket=view, pairs=((1, 2),),
                           transposition=math.factorial(40), accepted=True)
    assert "815,915,283,247,897,734,345,611,269,596,115,894,272,000,000,000" in explain(event, "en")


# -- every event kind, in both languages ------------------------------------------------

from pathlib import Path  # noqa: E402

from swisslearn.dutch1998 import candidates, state  # noqa: E402
from swisslearn.dutch1998.procedure import trace  # noqa: E402
from swisslearn.formats.trf import read_trf  # noqa: E402
from swisslearn.trace import (EVENT_KINDS, Event, LastResort, PairingsTried,  # noqa: E402
                              Rejection, SoftAvoidChosen)

DATA = Path(__file__).resolve().parent.parent / "data"


#: Steps only the pruned search tells (a C8 gate, a range of transpositions, an
#: exchange skipped as infeasible): taken from the trace with no bracket told
#: by the literal walk (STORY_SIZE 0), the accelerator of big brackets.
_PRUNED = {("cours-definitions", 3, 15), ("cours-definitions", 3, 18)}

#: Of them, steps of a level with the C8 gate, used where a level has more
#: than SEQUENTIAL exchanges (issue 29: below, each exchange is told with
#: its candidates' reasons): here, SEQUENTIAL 0.
_GATED = {("cours-c13-fusion", 3, 13)}


def _event(name: str, round: int, index: int) -> Event:
    story, sequential = state.STORY_SIZE, candidates.SEQUENTIAL
    if (name, round, index) in _PRUNED | _GATED:
        state.STORY_SIZE = 0
    if (name, round, index) in _GATED:
        candidates.SEQUENTIAL = 0
    try:
        return list(trace(read_trf(DATA / f"{name}.trf").tournament, round))[index]
    finally:
        state.STORY_SIZE, candidates.SEQUENTIAL = story, sequential


_FUSION = "cours-c13-fusion"
# (where the event comes from, French, English): the whole sentence.
SENTENCES: list[tuple[tuple[str, int, int], str, str]] = [
    ((_FUSION, 3, 0),
     "A2 : ronde 3 (dutch-1998) : 6 joueurs à apparier, rangés selon A2 (score, Elo, titre, "
     "nom) ; niveaux de points : 1,5, 1, 0,5.",
     "A2: round 3 (dutch-1998): 6 players to pair, in A2 order (score, rating, title, name); "
     "score brackets: 1.5, 1, 0.5."),
    ((_FUSION, 3, 1), "A3 : niveau de points 1,5, homogène : 1, 5.",
     "A3: score bracket 1.5, homogeneous: 1, 5."),
    ((_FUSION, 3, 2), "C4 : S1 = 1, S2 = 5 ; p = 1, x = 1 (A8 : b = 2, n = 0, q = 1).",
     "C4: S1 = 1, S2 = 5; p = 1, x = 1 (A8: w = 2, b = 0, q = 1)."),
    ((_FUSION, 3, 3),
     "C6 : on apparie S1 contre S2 dans l'ordre : 1–5 ; les critères sont respectés, "
     "appariement retenu.",
     "C6: S1 paired against S2 in order: 1–5; the criteria are met, pairing kept."),
    ((_FUSION, 3, 4), "C6 : niveau 1,5 apparié (S2 dans l'ordre) : 1–5.",
     "C6: score bracket 1.5 paired (S2 in order): 1–5."),
    ((_FUSION, 3, 10),
     "C1 : 3 ne peut être apparié dans le dernier niveau (0,5) : il a déjà rencontré 6 (B1a). "
     "On applique C13 : l'avant-dernier niveau est refait.",
     "C1: 3 cannot be paired in the lowest bracket (0.5): he has already met 6 (B1a). C13 "
     "applies: the penultimate bracket is paired again."),
    ((_FUSION, 3, 12),
     "C13 : le dernier niveau (0,5) ne peut être apparié : on défait l'appariement de "
     "l'avant-dernier niveau (1) et on y cherche un autre appariement.",
     "C13: the lowest bracket (0.5) cannot be paired: the pairing of the penultimate bracket "
     "(1) is undone and another pairing is looked for there."),
    ((_FUSION, 3, 13),
     "C8 : aucun échange entre S1 et S2 ne peut donner un appariement acceptable : on passe à "
     "la règle suivante.",
     "C8: no exchange between S1 and S2 can give an acceptable pairing: on to the next rule."),
    ((_FUSION, 3, 15), "C9 : on abandonne B6 pour les flotteurs descendants.",
     "C9: B6 is dropped for downfloaters."),
    ((_FUSION, 3, 25), "C14 : p passe à 0 : tout le niveau 1 descend au niveau suivant.",
     "C14: p is lowered to 0: the whole of score bracket 1 moves down to the next one."),
    ((_FUSION, 3, 28),
     "C13 : p de l'avant-dernier niveau (1) est tombé à 0 : les deux niveaux les plus bas sont "
     "regroupés en un seul, le niveau 0,5 : 2, 4, 3, 6.",
     "C13: p of the penultimate bracket (1) has fallen to 0: the two lowest brackets are "
     "joined into one, score bracket 0.5: 2, 4, 3, 6."),
    ((_FUSION, 3, 33),
     "C13 : les deux derniers niveaux regroupés en un seul, le niveau 0,5, peuvent être "
     "appariés : c'est ce qui est conservé.",
     "C13: the two lowest brackets joined into one, score bracket 0.5, can be paired: this is "
     "kept."),
    ((_FUSION, 3, 35),
     "E1 : 3 (−0, B) a les blancs et 2 (+0, N) les noirs : chacun reçoit sa couleur "
     "préférentielle.",
     "E1: 3 (−0, W) has white and 2 (+0, B) black: each gets his colour preference."),
    ((_FUSION, 3, 37),
     "F1 : ordre des échiquiers (score du plus fort, somme des scores, rang A2 du plus fort) : "
     "1. 1–5, 2. 3–2, 3. 6–4.",
     "F1: board order (score of the higher player, sum of scores, A2 rank of the higher "
     "player): 1. 1–5, 2. 3–2, 3. 6–4."),
    ((_FUSION, 3, 38), "F1 : ronde 3 appariée (dutch-1998) : 3 échiquiers.",
     "F1: round 3 paired (dutch-1998): 3 boards."),
    (("cours-c12", 3, 2),
     "C1 : 1 est seul dans le niveau 2 : personne à y rencontrer (A6 : p = 0) ; il flotte vers "
     "le niveau inférieur.",
     "C1: 1 is alone in score bracket 2: nobody to play there (A6: p = 0); he moves down to "
     "the next bracket."),
    (("cours-c12", 3, 12),
     "C1 : 5, descendu d'un niveau supérieur, ne peut être apparié dans le niveau 0,5 : il a "
     "déjà rencontré 2 et 6 (B1a). On applique C12 : le niveau précédent est refait.",
     "C1: 5, moved down from a higher bracket, cannot be paired in score bracket 0.5: he has "
     "already met 2 and 6 (B1a). C12 applies: the previous bracket is paired again."),
    (("cours-c12-refus", 4, 8),
     "C12 : aucun autre appariement du niveau 3 ne permet p appariements dans le niveau 2 : "
     "l'appariement précédent est conservé, et le niveau 2 continue (ses flotteurs sans "
     "adversaire descendent encore).",
     "C12: no other pairing of score bracket 3 gives score bracket 2 its p pairs: the earlier "
     "pairing stays, and score bracket 2 goes on (its moved-down players without an opponent "
     "move down again)."),
    (("cours-c12-refus", 4, 9),
     "C1 : 1 ne peut être apparié dans le niveau 2 : il a déjà rencontré 2 et 3 (B1a) ; C12 n'a "
     "trouvé aucun autre appariement du niveau précédent : il flotte vers le niveau inférieur. "
     "Lecture 18 : le texte (C1, C12) ne dit pas ce que devient ce joueur quand C12 garde "
     "l'appariement du niveau précédent ; il flotte vers le niveau inférieur.",
     "C1: 1 cannot be paired in score bracket 2: he has already met 2 and 3 (B1a); C12 found "
     "no other pairing of the previous bracket: he moves down to the next bracket. Reading 18: "
     "the text (C1, C12) does not say what becomes of this player when C12 keeps the previous "
     "bracket's pairing; he floats down to the next bracket."),
    (("cours-c12-refus", 4, 21),
     "E2 : 3 (−1, B!!) et 2 (−1, B!) veulent tous deux les blancs (E1 ne peut les satisfaire "
     "tous deux) ; 3 a une préférence absolue, 2 une préférence forte : celle de 3 l'emporte, "
     "il a les blancs et 2 les noirs.",
     "E2: 3 (−1, W!!) and 2 (−1, W!) both want white (E1 cannot satisfy both); 3's preference "
     "is absolute, 2's strong: 3's wins, he has white and 2 black."),
    (("cours-procedure", 4, 5),
     "D2 : échange n° 1 (case a) entre S1 et S2 : 2 ↔ 5 ; S1 = 1, 5, S2 = 2, 7.",
     "D2: exchange no. 1 (cell a) between S1 and S2: 2 ↔ 5; S1 = 1, 5, S2 = 2, 7."),
    (("cours-definitions", 3, 15),
     # What the literal walk refuses each candidate of the split for (issue 29).
     "D2 : échange n° 1 (case a) : 6 ↔ 9 ; aucune permutation ne peut aboutir (B4 : "
     "couleurs préférentielles non satisfaites pour 5–6, 9–10 (2 > x = 0) — 1 ; B4 : "
     "couleurs préférentielles non satisfaites pour 5–6 (1 > x = 0) — 1 ; B1a : 5 et "
     "10 se sont déjà rencontrés — 2 ; B4 : couleurs préférentielles non satisfaites "
     "pour 5–11 (1 > x = 0) — 1 ; B4 : couleurs préférentielles non satisfaites pour "
     "5–11, 9–10 (2 > x = 0) — 1) : on passe à l'échange suivant.",
     "D2: exchange no. 1 (cell a): 6 ↔ 9; no transposition can work (B4: colour "
     "preferences not met for 5–6, 9–10 (2 > x = 0) — 1; B4: colour preferences not "
     "met for 5–6 (1 > x = 0) — 1; B1a: 5 and 10 have already met — 2; B4: colour "
     "preferences not met for 5–11 (1 > x = 0) — 1; B4: colour preferences not met for "
     "5–11, 9–10 (2 > x = 0) — 1): on to the next exchange."),
    (("cours-definitions", 3, 18),
     "C7 : ordres de S2 écartés, avec 5–6, tous ceux qui donnent 11 à 10 ; avec 5–9, tous ceux "
     "qui donnent 6 à 10 (D1 n° 1 à 2 : 2) ; aucun n'est acceptable. Motifs "
     "rencontrés, et combien de permutations chacun écarte : B4 : couleurs préférentielles "
     "non satisfaites pour 5–6 (1 > x = 0) — 1 ; B6 : 11 a déjà flotté vers le bas deux rondes "
     "plus tôt — 1. Après l'échange case b (D2).",
     "C7: orders of S2 skipped, with 5–6, every one pairing 10 with 11; with 5–9, every one "
     "pairing 10 with 6 (D1 no. 1 to 2: 2); none is acceptable. Reasons met, and "
     "how many transpositions each rules out: B4: colour preferences not met for 5–6 (1 > x = "
     "0) — 1; B6: 11 already floated down two rounds before — 1. After exchange cell b (D2)."),
    (("cours-c10-adversaire", 3, 29),
     "C10 : le niveau résiduel (2, 6) ne peut être apparié : on défait l'appariement du plus "
     "petit flotteur descendant (3–1) et on essaie de lui trouver un adversaire différent, en "
     "reprenant en C7.",
     "C10: the remainder group (2, 6) cannot be paired: the pairing of the lowest moved down "
     "player (3–1) is undone and a different opponent is sought for this player, restarting "
     "at C7."),
    (("cours-c14", 5, 105),
     "C11 : x passe à 2 (p = 2) : un appariement de plus peut ne pas respecter les couleurs "
     "préférentielles.",
     "C11: x is raised to 2 (p = 2): one more pair may miss the colour preferences."),
    (("cours-c14", 5, 159),
     "C1 : 5 ne peut être apparié dans le dernier niveau (0,5) : il est seul dans ce niveau : "
     "personne à y rencontrer (A6 : p = 0) ; il ne peut qu'être l'exempt (A5).",
     "C1: 5 cannot be paired in the lowest bracket (0.5): he is alone in his bracket: nobody "
     "to play there (A6: p = 0); he can only be the one with the bye (A5)."),
    (("cours-c14", 5, 162), "A5 : 5 est exempt (1 point, compté comme flotteur descendant).",
     "A5: 5 gets the bye (1 point, counted as a downfloat)."),
    (("cours-c14", 5, 163),
     "E3 : 3 (+0, N) et 4 (+0, N) veulent la même couleur avec la même force ; leurs couleurs "
     "ont différé pour la dernière fois quand 3 avait les noirs et 4 les blancs : on alterne, "
     "3 a les blancs, 4 les noirs.",
     "E3: 3 (+0, B) and 4 (+0, B) want the same colour as strongly; their colours last "
     "differed when 3 had black and 4 white: colours alternate, 3 has white, 4 black."),
]


@pytest.mark.parametrize("where, french, english", SENTENCES,
                         ids=[f"{w[0]}-{w[1]}-{w[2]}" for w, _, _ in SENTENCES])
def test_the_sentence_of_a_step(where: tuple[str, int, int], french: str, english: str) -> None:
    event = _event(*where)
    assert explain(event, "fr") == french
    assert explain(event, "en") == english


HAND = BracketView(index=2, score=Decimal(1), players=(), s1=(1,), s2=(2,), p=1)
LOWEST = BracketView(index=3, score=Decimal(0), players=(), lowest=True)
HAND_SENTENCES: list[tuple[Event, str, str]] = [
    (PairingsTried(rule="C13", bracket=HAND, because_of=LOWEST, count=3,
                   moved_down=((4,), (8,), ()), reasons=(Rejection("B1a", (7, 8), "met"),),
                   counts=(3,), steps=40),
     "C13 : 3 autres appariements du niveau 1 essayés, l'un après l'autre : aucun ne permet "
     "d'apparier le dernier niveau (0). Joueurs descendus par les premiers : 4 ; 8 ; personne. "
     "Ce qui bloquait plus bas, et dans combien de ces appariements : B1a : 7 et 8 se sont "
     "déjà rencontrés — 3.",
     "C13: 3 other pairings of score bracket 1 tried, one after another: none lets the lowest "
     "bracket (0) be paired. Moved down by the first of them: 4; 8; nobody. What stopped the "
     "brackets below, and in how many of these pairings: B1a: 7 and 8 have already met — 3."),
    (PairingsTried(rule="C12", bracket=HAND, because_of=HAND.with_(score=Decimal("0.5")),
                   count=1, moved_down=((5,),),
                   reasons=(Rejection("C12", (5,), "no_p_pairs"),), counts=(1,)),
     "C12 : un autre appariement du niveau 1 essayé : les joueurs qu'il fait descendre ne "
     "permettent pas au niveau 0,5 de faire ses p appariements. Joueurs descendus : 5. Ce qui "
     "bloquait plus bas, et dans combien de ces appariements : C12 : avec 5 descendus à la "
     "place, le niveau suivant ne peut toujours pas apparier tous ses flotteurs descendants — 1.",
     "C12: one other pairing of score bracket 1 tried: the players it moves down do not let "
     "score bracket 0.5 make its p pairs. Moved down: 5. What stopped the brackets below, and "
     "in how many of these pairings: C12: with 5 moved down instead, the next bracket still "
     "cannot pair all its moved-down players — 1."),
    (LastResort(rule="C14", bracket=LOWEST),
     "C14 : aucun appariement de la ronde n'a été trouvé (C12 à C14, regroupements de C13) : "
     "la ronde est reprise du haut, le dernier niveau (0) pouvant laisser sans adversaire le "
     "seul joueur qui y est descendu, qui est alors exempt (p = 0 ; README, lecture 20).",
     "C14: no pairing of the round was found (C12 to C14, C13's joins): the round is paired "
     "again from the top, the lowest bracket (0) now allowed to leave without an opponent the "
     "single player moved down into it, who then gets the bye (p = 0; README, reading 20)."),
]


@pytest.mark.parametrize("event, french, english", HAND_SENTENCES,
                         ids=[e.kind + "-" + e.rule for e, _, _ in HAND_SENTENCES])
def test_the_sentence_of_a_rare_step(event: Event, french: str, english: str) -> None:
    assert explain(event, "fr") == french
    assert explain(event, "en") == english


def test_every_event_kind_has_its_sentences_asserted() -> None:
    kinds = {_event(*where).kind for where, _, _ in SENTENCES}
    kinds |= {event.kind for event, _, _ in HAND_SENTENCES}
    assert kinds == set(EVENT_KINDS), set(EVENT_KINDS) - kinds
    # soft-avoid's own event (seed 002) is told in tests/test_protections_dutch1998.py.
    assert SoftAvoidChosen.kind not in EVENT_KINDS


# -- issue 29, item 6: sentences a person would say -------------------------------------

from swisslearn.explain.dutch1998 import _order_groups  # noqa: E402
from swisslearn.generate import GeneratorSettings, generate  # noqa: E402
from swisslearn.trace import CandidatesSkipped, ColourAllocated, RoundStarted  # noqa: E402


def test_a_range_of_orders_is_told_by_the_opponents_it_gives() -> None:
    """D1 orders S2 « dans l'ordre croissant »: with S1 = 3, 4, 8 and S2 =
    9, 11, 12, 14, 15, the ranks 24 to 95 are every order giving 3 one of 11,
    12 or 14 (24 orders each), not « permutations n° 24 à 95 »."""
    view = BracketView(index=1, score=Decimal(1), players=(), s1=(3, 4, 8),
                       s2=(9, 11, 12, 14, 15), p=3)
    event = CandidatesSkipped(rule="C7", bracket=view, first=24, last=95, count=72,
                              reasons=(Rejection("B5", (11,), "float_up"),), counts=(72,))
    french = explain(event, "fr")
    assert french.startswith("C7 : ordres de S2 écartés, tous ceux qui donnent à 3 l'un de 11, "
                             "12 ou 14 (D1 n° 24 à 95 : 72) ; aucun n'est acceptable.")
    assert "permutations n°" not in french
    assert explain(event, "en").startswith(
        "C7: orders of S2 skipped, every one pairing 3 with one of 11, 12 or 14 (D1 no. 24 to "
        "95: 72); none is acceptable.")
    # A range starting inside a block: the other orders keeping the pairs of
    # S2 untouched (rank 1), then 8's other opponents, 4's, 3's.
    assert _order_groups(3, 5, 1, 95) == [((0, 1, 2), ()), ((0, 1), (3, 4)),
                                          ((0,), (2, 3, 4)), ((), (1, 2, 3))]
    said = explain(CandidatesSkipped(rule="C7", bracket=view, first=1, last=95, count=95),
                   "fr")
    assert said == ("C7 : ordres de S2 écartés, les autres ordres qui donnent encore 3–9, 4–11, "
                    "8–12 ; avec 3–9, 4–11, tous ceux qui donnent à 8 l'un de 14 ou 15 ; avec "
                    "3–9, tous ceux qui donnent à 4 l'un de 12, 14 ou 15 ; tous ceux qui donnent "
                    "à 3 l'un de 11, 12 ou 14 (D1 n° 1 à 95 : 95) ; aucun n'est acceptable.")


def _colours(name: str, round: int) -> list[ColourAllocated]:
    return [e for e in trace(read_trf(DATA / f"{name}.trf").tournament, round)
            if isinstance(e, ColourAllocated)]


def test_e2_says_why_e1_did_not_decide_without_a_stutter() -> None:
    for name, round in (("cours-c12-refus", 4), ("cours-c14", 5), ("cours-procedure", 4)):
        for event in _colours(name, round):
            text = explain(event, "fr")
            assert "forte, forte" not in text and "plus forte, " not in text
            if event.rule == "E2":
                assert "veulent tous deux les" in text and "(E1 ne peut" in text


def test_e4_says_why_e1_to_e3_did_not_decide() -> None:
    """E4 comes after E1 (both want the same colour), E2 (as strongly) and E3
    (their colours never differed); the first-round rule is E4's last
    sentence in seed 000, not an « E5 »."""
    found: dict[bool, str] = {}
    for seed in range(6):
        tournament = generate(GeneratorSettings(players=8, rounds=4, seed=seed)).tournament
        for round in range(1, tournament.rounds_paired + 1):
            for event in trace(tournament.truncated(round - 1), round):
                if isinstance(event, ColourAllocated):
                    assert event.rule != "E5"
                    if event.rule == "E4":
                        found.setdefault(round == 1, explain(event, "fr"))
    assert "(ni E1, ni E2, ni E3 ne décident)" in found[True]
    assert "comme à la première ronde" in found[True]
    assert "avec la même force (ni E1 ni E2 ne décident)" in found[False]
    assert "leurs couleurs n'ont différé à aucune ronde (E3 ne décide pas)" in found[False]


def test_a_withdrawn_player_is_not_absent() -> None:
    """F5: « Les joueurs qui se retirent ne sont plus appariés »; « les
    joueurs dont on sait qu'ils ne participeront pas à une ronde » are absent."""
    tournament = generate(GeneratorSettings(players=10, rounds=5, seed=0, withdrawal_rate=0.15,
                                            absence_rate=0.1)).tournament
    started = next(iter(trace(tournament.truncated(2), 3)))
    assert isinstance(started, RoundStarted)
    assert started.absent == (4, 7) and started.withdrawn == (7,)
    assert explain(started, "fr").endswith(
        "Absents, non appariés : 4. Retirés du tournoi, plus appariés (F5) : 7.")
    assert explain(started, "en").endswith(
        "Absent, not paired: 4. Withdrawn from the tournament, no longer paired (F5): 7.")


def test_e1_with_a_player_who_has_no_preference_yet() -> None:
    """A late entrant has no colour preference (no game): E1 satisfies the
    other player's alone, and says so instead of « chacun reçoit sa couleur »."""
    from swisslearn.trace import PlayerView

    def view(pid: int, colours: str, preference: str) -> PlayerView:
        return PlayerView(id=pid, name=f"P{pid}", rating=2000, score=Decimal(1),
                          colours=colours, preference=preference, floats="")

    event = ColourAllocated(rule="E1", white=5, black=2, higher=2,
                            white_view=view(5, "", "-"), black_view=view(2, "BNB", "N"))
    text = explain(event, "fr")
    assert text.startswith("E1 : 5 n'a pas encore de couleur préférentielle (aucune partie "
                           "jouée) : 2 (")
    assert "reçoit la sienne, les noirs ; 5 a les blancs, 2 les noirs." in text
    assert "chacun reçoit" not in text
    assert explain(event, "en").startswith("E1: 5 has no colour preference yet (no game played)")

"""Exercise checkers for the course notebooks (``notebooks/07-exercices.ipynb``).

Each function builds a :class:`Question` from the engine's own answer: the
question's text, the answer an arbiter would write (``answer``), and a
checker for :class:`swisslearn.widgets.Exercise` that accepts that answer
(written freely: spaces, dashes, order of the pairs) and, for a wrong one,
gives the working (``explanation``) in French, rule labels first.

Everything here is pure: no widgets, no pictures.  A notebook shows
``Exercise(q.text, q.check)`` (the widget) and asserts ``q.check(q.answer)``
in an ordinary cell, so nbval checks every answer against the engine.

=================================  =========================================
:func:`preference_question`        A7: the colour preference of a history
:func:`x_question`                 A8: x of a score bracket
:func:`p_question`                 A6: p, S1 and S2 of a score bracket
:func:`transposition_question`     D1: the transposition after a given one
:func:`exchange_question`          D2: the exchange after a given one
:func:`colour_question`            E1-E4: who has white in a pair
:func:`pairs_question`             C6-C8: the pairs of a bracket (or a round)
:func:`round_question`             a whole round, White first, the bye after
=================================  =========================================
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from decimal import Decimal

from swisslearn.dutch1998.colours import allocate, x_value
from swisslearn.dutch1998.exchanges import Exchange, iter_exchanges
from swisslearn.dutch1998.transpositions import transposition_at, transposition_rank
from swisslearn.words import Catalogue, catalogue
from swisslearn.model import Colour, PlayerId, PlayerState, PreferenceStrength, colour_preference
from swisslearn.card.answers import players
from swisslearn.card.rounds import check_round, round_text
from swisslearn.card.sheet import CardSheet, difference_notation
from swisslearn.trace import BracketPaired, BracketView, Event, RoundPaired
from swisslearn.widgets import normalise_answer, parse_pairs

__all__ = [
    "Checker", "Question", "accepting", "colour_question", "drill_question", "exchange_question",
    "history", "players_checker",
    "next_exchange", "next_transposition", "p_question", "pairs_question",
    "preference_label", "preference_question", "round_question", "transposition_question",
    "x_question",
]

Checker = Callable[[str], tuple[bool, str]]
"""What :class:`swisslearn.widgets.Exercise` calls: (right?, explanation)."""


@dataclass(frozen=True)
class Question:
    """A question, the engine's answer, and the checker of a trainee's answer.

    ``hint`` is what a wrong answer is told first (the rule, not the answer;
    empty: the checker's explanation); ``sheet`` the card a question needs
    to be solved from (:class:`swisslearn.card.sheet.CardSheet`), if any."""

    text: str
    answer: str
    explanation: str
    check: Checker
    hint: str = ""
    sheet: CardSheet | None = None


def accepting(accepted: Sequence[str], explanation: str) -> Checker:
    """A checker right for any of ``accepted`` (written freely: case, spaces,
    dashes), answering ``explanation`` either way."""
    wanted = {normalise_answer(a) for a in accepted}

    def check(answer: str) -> tuple[bool, str]:
        return (normalise_answer(answer) in wanted, explanation)
    return check


def players_checker(expected: Sequence[PlayerId], explanation: str) -> Checker:
    """A checker right for the players ``expected``, in any order (« personne »
    for none)."""

    def check(answer: str) -> tuple[bool, str]:
        given = players(answer)
        return (given is not None and sorted(given) == sorted(expected), explanation)
    return check


def drill_question(cat: Catalogue, text: str, answer: str, explanation: str, hint_key: str,
                   accepted: Sequence[str] = (), **extra: object) -> Question:
    """A drill question whose answer is one of a few words (``answer`` and
    ``accepted``); the hint is the catalogue's ``hint_key``."""
    return Question(text=text, answer=answer, explanation=explanation,
                    check=accepting([answer, *accepted], explanation),
                    hint=cat.text(hint_key), **extra)  # type: ignore[arg-type]


def _hint(key: str) -> str:
    """The rule a wrong answer is reminded of (the catalogue's ``drill.*`` words)."""
    return catalogue("fr").text(key)


def _ids(players: Sequence[int]) -> str:
    return ", ".join(str(p) for p in players)


# ---------------------------------------------------------------------------
# A7: colour preferences


_LETTERS = {"B": Colour.WHITE, "N": Colour.BLACK, "W": Colour.WHITE}


def history(text: str) -> tuple[Colour | None, ...]:
    """A colour history in the course's letters (``"BN-B"``: B blancs, N
    noirs, ``-`` no game) as the model's colours."""
    return tuple(_LETTERS.get(c.upper()) for c in text if not c.isspace())


def preference_label(text: str, *, last_round_exception: bool = False) -> str:
    """A7 for a history written ``"BNN"``: ``"B!!"`` (absolute white),
    ``"N!"`` (strong black), ``"B"`` (mild white) or ``"-"`` (no game yet)."""
    played = tuple(c for c in history(text) if c is not None)
    preference = colour_preference(played, exception=last_round_exception)
    if preference.colour is None:
        return "-"
    marks = {PreferenceStrength.ABSOLUTE: "!!", PreferenceStrength.STRONG: "!"}
    letter = "B" if preference.colour is Colour.WHITE else "N"
    return letter + marks.get(preference.strength, "")


_STRENGTH_WORDS = {"!!": "absolue", "!": "forte", "": "faible"}


def preference_question(text: str) -> Question:
    """A7: « Quelle est la couleur préférentielle d'un joueur dont l'historique est BNN ? »"""
    label = preference_label(text)
    played = [c for c in history(text) if c is not None]
    if label == "-":
        why = "A7 : aucune partie jouée, pas de couleur préférentielle (tirage au sort, règle E)."
    else:
        colour = "blanche" if label[0] == "B" else "noire"
        strength = _STRENGTH_WORDS[label[1:]]
        why = (f"A7 : différence de couleurs {difference_notation(played)}, dernières couleurs "
               f"{''.join('B' if c is Colour.WHITE else 'N' for c in played[-2:])} : "
               f"préférence {colour} {strength} ({label}).")
    words = {"B!!": ["B!!", "blanc absolu", "blanche absolue", "blancs absolue"],
             "N!!": ["N!!", "noir absolu", "noire absolue", "noirs absolue"],
             "B!": ["B!", "blanc fort", "blanche forte", "blancs forte"],
             "N!": ["N!", "noir fort", "noire forte", "noirs forte"],
             "B": ["B", "blanc faible", "blanche faible", "blancs faible"],
             "N": ["N", "noir faible", "noire faible", "noirs faible"],
             "-": ["-", "aucune"]}[label]
    return Question(
        text=(f"Historique de couleurs {text} (B = blancs, N = noirs, - = pas de partie) : "
              "quelle couleur préférentielle ? Écrivez B ou N, suivi de !! si elle est "
              "absolue, de ! si elle est forte (ex. : N!)."),
        answer=label, explanation=why, check=accepting(words, why),
        hint=_hint("drill.preference.hint"))


# ---------------------------------------------------------------------------
# A6, A8: p and x


def x_question(players: Sequence[PlayerState], *, score: Decimal | None = None) -> Question:
    """A8: x of a bracket of these players (x below zero is read as 0)."""
    x, w, b, q = x_value(players)
    raw = b - q if b > w else w - q
    why = (f"A8 : b = {w} préfèrent les blancs, n = {b} les noirs, q = {q} "
           f"(moitié de {len(players)}, arrondie au-dessus) ; "
           f"{'n - q' if b > w else 'b - q'} = {raw}"
           + (" ; négatif, on prend 0" if raw < 0 else "") + f" : x = {x}.")
    where = "Niveau de points" if score is None else f"Niveau {_score(score)}"
    prefs = ", ".join(f"{p.id} {_pref(p)}" for p in players)
    return Question(
        text=(f"{where}, les joueurs et leur couleur préférentielle : {prefs}. "
              "Combien vaut x (A8) ?"),
        answer=str(x), explanation=why,
        check=accepting([str(x), f"x={x}"], why), hint=_hint("drill.x.hint"))


def _score(value: Decimal) -> str:
    """A score as an arbiter writes it in French: ``2``, ``1,5``."""
    return catalogue("fr").number(value)


def _pref(player: PlayerState) -> str:
    pref = player.preference
    if pref.colour is None:
        return "-"
    marks = {PreferenceStrength.ABSOLUTE: "!!", PreferenceStrength.STRONG: "!"}
    return ("B" if pref.colour is Colour.WHITE else "N") + marks.get(pref.strength, "")


def p_question(view: BracketView) -> Question:
    """A6: p of a bracket as it opens (moved-down players count for a
    heterogeneous bracket; the smaller half of a homogeneous one)."""
    players = [p.id for p in view.players]
    if view.moved_down and not view.homogeneous:
        s1 = [p for p in players if p in view.moved_down]
        who = ("le joueur venu" if len(s1) == 1
               else f"les {len(s1)} joueurs venus")
        why = (f"A6 : niveau hétérogène, S1 contient {who} des niveaux supérieurs "
               f"({_ids(s1)}) : p = {len(s1)}.")
    else:
        s1 = players[:len(players) // 2]
        why = (f"A6 : niveau homogène de {len(players)} joueurs, S1 en contient la moitié "
               f"arrondie au-dessous ({_ids(s1)}) : p = {len(s1)}.")
    moved = f" (descendus : {_ids(view.moved_down)})" if view.moved_down else ""
    return Question(
        text=f"Niveau {_score(view.score)} : {_ids(players)}{moved}. Combien vaut p (A6) ?",
        answer=str(len(s1)), explanation=why,
        check=accepting([str(len(s1)), f"p={len(s1)}"], why), hint=_hint("drill.p.hint"))


# ---------------------------------------------------------------------------
# D1, D2


def next_transposition(s2: Sequence[int], current: Sequence[int]) -> tuple[int, ...]:
    """D1: the order of S2 tried after ``current`` (S2 in its original order first)."""
    return transposition_at(s2, transposition_rank(s2, current) + 1)


def transposition_question(s2: Sequence[int], current: Sequence[int]) -> Question:
    """D1: « S2 = 5, 6, 7, 8 ; après 5-7-8-6, quelle permutation ? »"""
    following = next_transposition(s2, current)
    answer = "-".join(map(str, following))
    why = ("D1 : on écrit les ordres de S2 comme des nombres, dans l'ordre croissant ; "
           f"après {'-'.join(map(str, current))} vient {answer} "
           f"(n° {transposition_rank(s2, following)}).")
    return Question(
        text=(f"S2 = {_ids(s2)}. Après la permutation {'-'.join(map(str, current))}, "
              "quelle est la suivante (D1) ? Écrivez-la comme 5-6-8-7."),
        answer=answer, explanation=why,
        check=accepting([answer, answer.replace("-", " "), answer.replace("-", "")], why),
        hint=_hint("drill.d1.hint"))


def next_exchange(n_s1: int, n_s2: int, current: Exchange | None = None) -> Exchange:
    """D2: the exchange tried after ``current`` (the first one if ``None``)."""
    wanted = None if current is None else (current.from_s1, current.from_s2)
    found = wanted is None
    for exchange in iter_exchanges(n_s1, n_s2):
        if found:
            return exchange
        found = (exchange.from_s1, exchange.from_s2) == wanted
    raise ValueError("no exchange after the last one")


def _exchange_words(exchange: Exchange) -> list[str]:
    s1 = "+".join(map(str, exchange.from_s1))
    s2 = "+".join(map(str, exchange.from_s2))
    words = [f"{s1}<->{s2}", f"{s1}-{s2}", f"{s1}/{s2}", f"{s1} {s2}", f"{s1}↔{s2}"]
    if exchange.cell:
        words.append(exchange.cell)
    return words


def exchange_question(n_s1: int, n_s2: int, current: Exchange | None = None) -> Question:
    """D2: the next exchange of a homogeneous bracket (S1 = 1..n_s1, S2 = the rest)."""
    following = next_exchange(n_s1, n_s2, current)
    label = following.label()
    cell = f" (case {following.cell})" if following.cell else " (hors des tableaux du texte)"
    why = (f"D2 : différence des numéros échangés la plus petite ({following.difference}), "
           f"puis le joueur de S1 le plus faible : {label}{cell}.")
    after = ("Quel est le premier échange" if current is None
             else f"Après l'échange {current.label()}, quel est le suivant")
    n = n_s1 + n_s2
    return Question(
        text=(f"Niveau homogène de {n} joueurs numérotés 1 à {n} : S1 = 1 à {n_s1}, "
              f"S2 = {n_s1 + 1} à {n}. {after} (D2) ? Écrivez-le comme 3+4<->5+6 "
              "(ou la lettre de la case du texte)."),
        answer=label, explanation=why, check=accepting(_exchange_words(following), why),
        hint=_hint("drill.d2.hint"))


# ---------------------------------------------------------------------------
# E1-E4, and the pairs of a bracket or a round


def colour_question(higher: PlayerState, lower: PlayerState,
                    initial: Colour = Colour.WHITE) -> Question:
    """E1-E4: who has white when ``higher`` (A2) meets ``lower``."""
    decision = allocate(higher, lower, initial)
    white = decision.white.id
    why = (f"{decision.rule} : {white} a les blancs contre {decision.black.id} "
           f"({higher.id} : {higher.history_string} {_pref(higher)} ; "
           f"{lower.id} : {lower.history_string} {_pref(lower)}).")
    return Question(
        text=(f"{higher.id} (mieux classé, historique {higher.history_string}, préférence "
              f"{_pref(higher)}) rencontre {lower.id} (historique {lower.history_string}, "
              f"préférence {_pref(lower)}). Qui a les blancs (E1-E4) ? Écrivez son numéro."),
        answer=str(white), explanation=why, check=accepting([str(white)], why),
        hint=_hint("drill.colour.hint"))


def pairs_question(event: BracketPaired | RoundPaired, text: str, explanation: str = ""
                   ) -> Question:
    """C6-C8: the pairs of a bracket (``BracketPaired``) or of a round
    (``RoundPaired``), in any order and either way round."""
    if isinstance(event, RoundPaired):
        pairs: list[tuple[PlayerId, PlayerId]] = [(b.white, b.black) for b in event.boards]
    else:
        pairs = list(event.pairs)
    answer = ", ".join(f"{a}-{b}" for a, b in pairs)
    expected = frozenset(frozenset(p) for p in pairs)
    why = explanation or f"Le moteur apparie : {answer}."

    def check(given: str) -> tuple[bool, str]:
        return (parse_pairs(given) == expected, why)
    return Question(text=text, answer=answer, explanation=why, check=check)


def round_question(events: Sequence[Event], text: str, explanation: str = "",
                   lang: str = "fr") -> Question:
    """A whole round, written White first with the bye after (« 3-1, 2-7 ;
    exempt 12 »): right only with the colours; a wrong answer is told the
    first wrong board and why() for it (:func:`swisslearn.card.rounds.check_round`,
    any system's trace)."""
    result = events[-1]
    if not isinstance(result, RoundPaired):
        raise ValueError("the trace has no round_paired event")
    answer = round_text(result, lang)

    def check(given: str) -> tuple[bool, str]:
        verdict = check_round(events, given, lang)
        return verdict.correct, (explanation or answer) if verdict.correct else verdict.message
    return Question(text=text, answer=answer, explanation=explanation or answer, check=check,
                    hint=_hint("drill.round.hint"))

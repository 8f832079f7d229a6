"""The answer to a player (``tell_player``): two plain sentences, citing
the article, for any pair of any round, in French and in English."""

from __future__ import annotations

from swisslearn.trace import Event

import re

import pytest

from conftest import DATA
from swisslearn import systems
from swisslearn.dutch1998.procedure import trace
from swisslearn.explain import tell_player, why
from swisslearn.formats.trf import read_trf

ARTICLE = re.compile(r"\b(?:[A-F]\d{1,2}[ab]?)\b")


@pytest.fixture(scope="module")
def club4() -> list[object]:
    return list(trace(read_trf(DATA / "club-12-joueurs.trf").tournament, 4))


def test_a_pair_made_in_its_bracket(club4: list[Event]) -> None:
    assert tell_player(club4, 1, 3) == (
        "1 et 3 étaient dans le même niveau de points (3) : l'article C6 apparie chaque niveau "
        "moitié haute contre moitié basse, dans l'ordre. 3 a les blancs par l'article E4 : 1, "
        "le mieux classé, reçoit sa couleur préférentielle, les noirs.")
    assert tell_player(club4, 1, 3, "en") == (
        "1 and 3 were in the same score bracket (3): article C6 pairs each bracket top half "
        "against bottom half, in order. 3 has White by article E4: 1, the higher ranked, gets "
        "their colour preference, black.")


def test_a_floater(club4: list[Event]) -> None:
    text = tell_player(club4, 7, 2)
    assert text.startswith("2 est resté non apparié dans le niveau 2 : l'article A3 le "
                           "transfère dans le niveau inférieur, le niveau 1,5")
    assert "ici contre 7" in text and "E4" in text


def test_pairs_kept_apart(club4: list[Event]) -> None:
    assert tell_player(club4, 4, 9) == (
        "4 et 9 se sont déjà rencontrés : l'article B1a interdit que deux joueurs se "
        "rencontrent plus d'une fois. 4 joue contre 11 ; 9 joue contre 6.")
    assert tell_player(club4, 1, 2).startswith(
        "1 était dans le niveau 3 et 2 dans le niveau 2 : l'article A3 apparie chaque niveau")


def test_the_bye_and_an_absent_player() -> None:
    events = list(trace(read_trf(DATA / "cours-definitions.trf").tournament, 3))
    assert tell_player(events, 8, 7).startswith("8 est exempt (article A5)")


def test_every_pair_of_every_course_round_gets_two_sentences_and_an_article() -> None:
    count = 0
    for path in sorted(DATA.glob("c*.trf")):
        tournament = read_trf(path).tournament
        ids = [p.id for p in tournament.players]
        for round_number in range(2, tournament.rounds_paired + 1):
            events = list(trace(tournament, round_number))
            for a in ids:
                for b in ids:
                    if a >= b:
                        continue
                    for lang in ("fr", "en"):
                        text = tell_player(events, a, b, lang)
                        sentences = [s for s in re.split(r"(?<=\.) ", text) if s]
                        assert len(sentences) == 2, (path.name, round_number, a, b, text)
                        assert ARTICLE.search(text), (path.name, round_number, a, b, text)
                        count += 1
    assert count > 3000


def test_another_system_keeps_why_s_first_sentences() -> None:
    tournament = read_trf(DATA / "club-12-joueurs.trf").tournament
    events = list(systems.get("dutch-2026").trace(tournament, 4))
    text = tell_player(events, 1, 3)
    assert text and why(events, 1, 3).startswith(text.rstrip("."))

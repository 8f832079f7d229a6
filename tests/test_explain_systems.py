"""swisslearn.explain for the other systems: seed 003's simplified tool
(``simple``) and C.04.3 as applied from 2026 (``dutch-2026``).

Real traces come from random tournaments played by each engine
(:func:`swisslearn.generate.generate`), every round traced again through
:mod:`swisslearn.systems`; a few events are built by hand for the variants
the messages distinguish.
"""

from __future__ import annotations

import re
from decimal import Decimal
from pathlib import Path

import pytest

from swisslearn import systems
from swisslearn.dutch2026.events import BracketParameters, CompletionChecked
from swisslearn.explain import (explain, explain_pair, explain_rejection, system_of_event,
                                system_of_trace, why, why_labels)
from swisslearn.explain.catalogue import catalogue, placeholders
from swisslearn.explain.common import DUTCH_1998, DUTCH_2026, SIMPLE, system_of_label
from swisslearn.generate import GeneratorSettings, generate
from swisslearn.trace import (Board, BracketOpened, BracketPaired, BracketView, ByeAssigned,
                              CandidateTried, ColourAllocated, Event, ExchangeApplied,
                              PlayerView, Rejection, RoundPaired, RoundStarted)

LANGS = ("fr", "en")
EXPLAIN_DIR = Path(__file__).resolve().parents[1] / "swisslearn" / "explain"

# Small tournaments whose traces hold every variant we check: rematches and
# look-ahead in the simple tool; the Limbo, [C9], resident exchanges and
# first candidates lost on [C1], [C4], [C5] and quality criteria in 2026.
TOURNAMENTS = [(9, 6, 1), (14, 7, 2), (20, 7, 3), (13, 7, 4)]

# A 1998 rule label standing alone (A2, B1a, C6, D2, E3, F1...), not a 2026
# criterion in brackets ([C6]) nor an article (C.04.2).
LABEL_1998 = re.compile(r"(?<![\[\w.])(?:A\d|B\d[ab]?|C\d{1,2}|D\d|E\d|F\d)(?![\w\]])")
# A point credited ("1 point", "un point", "a point"), which the simple bye must not claim.
ONE_POINT = {"fr": re.compile(r"\b(?:1|un|une|½)\s+points?\b", re.I),
             "en": re.compile(r"\b(?:1|a|one|½)\s+points?\b", re.I)}


def _prefix(rule: str, lang: str) -> str:
    return f"{rule} : " if lang == "fr" else f"{rule}: "


def _traces(name: str) -> list[list[Event]]:
    system = systems.get(name)
    traces = []
    for players, rounds, seed in TOURNAMENTS:
        settings = GeneratorSettings(players=players, rounds=rounds, seed=seed,
                                     absence_rate=0.05, half_bye_rate=0.05)
        tournament = generate(settings, pair_round=system.pair).tournament
        for number in range(1, (tournament.rounds or rounds) + 1):
            traces.append(list(system.trace(tournament, number)))
    return traces


@pytest.fixture(scope="module")
def simple_traces() -> list[list[Event]]:
    return _traces("simple")


@pytest.fixture(scope="module")
def traces_2026() -> list[list[Event]]:
    return _traces("dutch-2026")


def _events(traces: list[list[Event]]) -> list[Event]:
    return [event for trace in traces for event in trace]


# -- which system ---------------------------------------------------------------------


def test_system_from_the_label_shape() -> None:
    for rule in ("S-groups", "S-halves", "S-colours-rank", "S-boards"):
        assert system_of_label(rule) == SIMPLE
    for rule in ("1.2", "1.3.2", "3.1", "3.4.1", "3.8.1", "[C4]", "[C12]", "4.2-4.3", "4.3",
                 "5.2.5", "C.04.2", "C.04.3"):
        assert system_of_label(rule) == DUTCH_2026
    for rule in ("A2", "A3", "C6", "C7", "C14", "D2", "E3", "F1", "B1a"):
        assert system_of_label(rule) == DUTCH_1998


def test_system_field_wins() -> None:
    started = RoundStarted(rule="A2", round=1, system="simple", players=())
    assert system_of_event(started) == SIMPLE
    assert system_of_trace([BracketOpened(rule="A3", bracket=_view()), started]) == SIMPLE
    assert system_of_trace([]) == DUTCH_1998
    assert system_of_event(CompletionChecked(rule="x", round=1, players=4)) == DUTCH_2026


def test_the_team_systems_are_named_once() -> None:
    """explain.common names the team systems so that a sentence of another
    system loads no team module (tests/test_viz.py checks it in a fresh
    interpreter): the same names as the team explainers'."""
    from swisslearn.explain import sharly, team2026
    from swisslearn.explain.common import TEAM_SYSTEMS
    assert TEAM_SYSTEMS == team2026.SYSTEMS and TEAM_SYSTEMS[0] == team2026.SYSTEM
    assert sharly.SYSTEM in TEAM_SYSTEMS


def test_real_traces_name_their_system(simple_traces: list[list[Event]],
                                       traces_2026: list[list[Event]]) -> None:
    assert {system_of_trace(t) for t in simple_traces} == {SIMPLE}
    assert {system_of_trace(t) for t in traces_2026} == {DUTCH_2026}
    # Every event, even without a system field, is read as its system's.
    assert {system_of_event(e) for e in _events(simple_traces)} == {SIMPLE}
    assert {system_of_event(e) for e in _events(traces_2026)} == {DUTCH_2026}


# -- every event of real traces ---------------------------------------------------------


@pytest.mark.parametrize("name", ["simple", "dutch-2026"])
def test_every_real_event_explained(name: str, simple_traces: list[list[Event]],
                                    traces_2026: list[list[Event]]) -> None:
    events = _events(simple_traces if name == "simple" else traces_2026)
    kinds = {event.kind for event in events}
    common = {"round_started", "bracket_opened", "bracket_split", "candidate_tried",
              "bracket_paired", "bye_assigned", "colour_allocated", "boards_ordered",
              "round_paired"}
    if name == "simple":
        assert common | {"player_moved_down", "candidates_skipped"} <= kinds
    else:
        assert common | {"completion_checked", "bracket_parameters", "exchange_applied"} <= kinds
    for event in events:
        for lang in LANGS:
            cat = catalogue(lang)
            text = explain(event, lang)
            # It mentions its rule label, and never falls back to the generic message.
            assert text.startswith(_prefix(event.rule, lang)), text
            body = text[len(_prefix(event.rule, lang)):]
            assert body and cat.text("event.generic", kind=event.kind) not in text
            # Nothing of the 1998 rules: no A2 order, no A8 x, no B1/B2, no C6...
            assert not LABEL_1998.findall(body), text
        assert explain(event, "fr") != explain(event, "en")


def test_every_2026_rule_label_on_real_traces(traces_2026: list[list[Event]]) -> None:
    rules = {event.rule for event in _events(traces_2026)}
    assert {"1.2", "[C4]", "1.3.2", "3.1", "3.2.2", "3.3.3", "4.3", "3.4.1", "3.8.1", "3.4",
            "1.5", "C.04.2", "C.04.3"} <= rules
    assert {r for r in rules if r.startswith("5.2.")} >= {"5.2.1", "5.2.2", "5.2.4", "5.2.5"}
    assert {r for r in rules if r.startswith("[C") and r != "[C4]"}  # a first candidate lost


def test_2026_messages_speak_the_2026_text(traces_2026: list[list[Event]]) -> None:
    french = " ".join(explain(e, "fr") for e in _events(traces_2026))
    english = " ".join(explain(e, "en") for e in _events(traces_2026))
    for word in ("MDP", "Limbo", "MaxPairs", "M0", "M1", "PAB",
                 "exempt attribué par l'appariement", "S1R", "BSN", "[C5]", "[C9]"):
        assert word in french, word
    for word in ("MDPs", "Limbo", "MaxPairs", "M1", "pairing-allocated bye", "resident-exchange",
                 "remainder", "[C5]"):
        assert word in english, word
    assert "meilleurs scoreurs" in " ".join(catalogue("fr").messages.values())
    assert "topscorers" in " ".join(catalogue("en").messages.values())
    # No 1998 vocabulary: no "niveau de points", no "flotteurs montants" criteria.
    assert "niveau de points" not in french and "A2" not in french


def test_simple_messages_cite_the_seed(simple_traces: list[list[Event]]) -> None:
    texts = [explain(e, "fr") for e in _events(simple_traces)]
    joined = " ".join(texts).lower()
    for words in ("groupes de points", "moitié haute contre moitié basse", "jamais de revanche",
                  "moins bien classé qui n'en a pas eu", "sans changer les points",
                  "descend au groupe suivant", "couleur"):
        assert words in joined, words
    # The simple tool has no S1/S2, no transpositions, no floaters, no A2 order.
    for words in ("s1", "s2", "permutation", "flotteur", "a2"):
        assert words not in joined, words
    for event in _events(simple_traces):
        if isinstance(event, ColourAllocated):
            assert "couleur" in explain(event, "fr") and "colour" in explain(event, "en")


# -- the bye ------------------------------------------------------------------------------


def test_simple_bye_changes_no_points(simple_traces: list[list[Event]]) -> None:
    byes = [e for e in _events(simple_traces) if isinstance(e, ByeAssigned)]
    byes.append(ByeAssigned(rule="S-bye", player=9))
    for bye in byes:
        for lang in LANGS:
            text = explain(bye, lang)
            assert text.startswith(_prefix("S-bye", lang))
            assert not ONE_POINT[lang].search(text), text
            assert "flott" not in text and "float" not in text
        assert "sans changer les points" in explain(bye, "fr")
        assert "no points change" in explain(bye, "en")
        assert f"{bye.player} est exempt" in explain(bye, "fr")
    # The 1998 bye keeps its point, the 2026 PAB a win's points (1.5).
    assert "1 point" in explain(ByeAssigned(rule="A5", player=9), "fr")
    assert "1.4.3" in explain(ByeAssigned(rule="1.5", player=9), "fr")


# -- events built by hand -------------------------------------------------------------------


def _pv(pid: int, score: str = "1", colours: str = "BN", preference: str = "-") -> PlayerView:
    return PlayerView(id=pid, name=f"Player {pid}", rating=2000 - pid, score=Decimal(score),
                      colours=colours, preference=preference, floats="··")


def _view(**changes: object) -> BracketView:
    view = BracketView(index=1, score=Decimal("1.5"),
                       players=tuple(_pv(i, "1.5") for i in (1, 2, 3, 4, 5)),
                       moved_down=(1,), homogeneous=False, p=2)
    return view.with_(**changes)


HAND_2026: list[tuple[Event, tuple[str, ...]]] = [
    (CompletionChecked(rule="[C4]", round=3, players=8), ("[C1]–[C3]", "pas de PAB")),
    (CompletionChecked(rule="[C4]", round=3, players=9, pab_score=Decimal("0.5"),
                       pab_candidates=(8, 9), c9=True),
     ("[C5]", "0,5", "8, 9", "[C2]", "[C9]")),
    (BracketParameters(rule="3.1", bracket=_view(), m0=3, max_pairs=2, m1=1, limbo=(4, 5),
                       c9=True),
     ("M0 = 3", "MaxPairs = 2", "M1 = 1", "Limbo (3.2.4) : 4, 5", "[C9]")),
    (BracketParameters(rule="3.1", bracket=_view(p=0), m0=0, max_pairs=0, m1=0),
     ("MaxPairs = 0", "descendent")),
    (ExchangeApplied(rule="4.3", bracket=_view(remainder=True, s1=(4,), s2=(3, 5)),
                     cell="3↔4", from_s1=(3,), from_s2=(4,)),
     ("échange de résidents (4.3)", "S1R", "BSN 3↔4", "4.3.2")),
    (CandidateTried(rule="3.4.1", bracket=_view(), pairs=((1, 3), (2, 4)), transposition=0,
                    accepted=True, leftover=(5,)),
     ("premier candidat", "1–3, 2–4", "Flotteurs descendants (1.4.1) : 5")),
    (CandidateTried(rule="3.8.1", bracket=_view(s1=(2,), s2=(4, 5)), pairs=((1, 3), (2, 5)),
                    transposition=1, exchange="2↔3", accepted=True),
     ("meilleur candidat disponible", "transposition n° 1 (4.2.2)", "2↔3")),
    (CandidateTried(rule="[C1]", bracket=_view(), pairs=((1, 2), (3, 4)), transposition=0,
                    rejection=Rejection("[C1]", (1, 2), "met")),
     ("premier candidat", "1 et 2 se sont déjà rencontrés")),
    (CandidateTried(rule="[C1]", bracket=_view(), pairs=((1, 2), (3, 4)), transposition=0,
                    rejection=Rejection("[C1]", (3, 4), "forbidden")), ("interdit",)),
    (CandidateTried(rule="[C3]", bracket=_view(), pairs=((1, 2), (3, 4)), transposition=0,
                    rejection=Rejection("[C3]", (3, 4), "colours")),
     ("meilleurs scoreurs", "préférence de couleur absolue")),
    (CandidateTried(rule="[C4]", bracket=_view(), pairs=((1, 2), (3, 4)), transposition=0,
                    rejection=Rejection("[C4]", (1, 2), "completion")), ("[C1]–[C3]", "1–2")),
    (CandidateTried(rule="[C5]", bracket=_view(), pairs=((1, 2), (3, 4)), transposition=0,
                    rejection=Rejection("[C5]", (3, 4), "pab")), ("PAB", "score plus élevé")),
    (CandidateTried(rule="[C14]", bracket=_view(), pairs=((1, 2), (3, 4)), transposition=0,
                    rejection=Rejection("[C14]", (1, 2, 3, 4), "quality")),
     ("satisfait mieux [C14]", "flotté vers le bas", "1–2, 3–4")),
    (CandidateTried(rule="4.2-4.3", bracket=_view(), pairs=((1, 2),), transposition=0,
                    rejection=Rejection("4.2-4.3", (1, 2), "order")),
     ("ordre de génération",)),
    (BracketPaired(rule="3.4", bracket=_view(lowest=True), pairs=((1, 3),), moved_down=(5,)),
     ("PAB", "5")),
    (ColourAllocated(rule="5.2.2", white=1, black=2, higher=1,
                     white_view=_pv(1, preference="B!!"), black_view=_pv(2, preference="B")),
     ("absolue de 1 pour les blancs",)),
    (ColourAllocated(rule="5.2.5", white=1, black=2, higher=1), ("TPN", "couleur initiale")),
    (RoundPaired(rule="C.04.3", round=3, system="dutch-2026", boards=(Board(1, 1, 2),),
                 byes=(9,)), ("PAB : 9",)),
]


@pytest.mark.parametrize("event, fragments", HAND_2026,
                         ids=[f"{e.kind}-{i}" for i, (e, _) in enumerate(HAND_2026)])
def test_2026_events_by_hand(event: Event, fragments: tuple[str, ...]) -> None:
    for lang in LANGS:
        text = explain(event, lang)
        assert text.startswith(_prefix(event.rule, lang)), text
        assert catalogue(lang).text("event.generic", kind=event.kind) not in text
    text = explain(event, "fr")
    for fragment in fragments:
        assert fragment in text, (fragment, text)


HAND_SIMPLE: list[tuple[Event, tuple[str, ...]]] = [
    (CandidateTried(rule="S-halves", bracket=_view(s1=(1, 2), s2=(3, 4, 5)),
                    pairs=((1, 3), (2, 4)), transposition=0,
                    rejection=Rejection("S-rematch", (2, 4), "met"), leftover=(5,)),
     ("moitié haute contre moitié basse", "2 et 4 se sont déjà rencontrés", "jamais de revanche")),
    (CandidateTried(rule="S-halves", bracket=_view(s1=(1, 2), s2=(3, 4)),
                    pairs=((1, 3), (2, 4)), transposition=0,
                    rejection=Rejection("S-rematch", (6, 7))),
     ("groupes suivants", "6, 7", "sans revanche")),
    (ColourAllocated(rule="S-colours", white=1, black=2, higher=1,
                     white_view=_pv(1, colours="N"), black_view=_pv(2, colours="")),
     ("seul 1 a déjà joué",)),
    (ColourAllocated(rule="S-colours-strong", white=2, black=1, higher=1,
                     white_view=_pv(2, colours="NNB"), black_view=_pv(1, colours="NB")),
     ("tous deux demandent les blancs", "celle de 2")),
    (ColourAllocated(rule="S-colours-rank", white=1, black=2, higher=1,
                     white_view=_pv(1, colours=""), black_view=_pv(2, colours="")),
     ("mieux classé, 1, a les blancs",)),
]


@pytest.mark.parametrize("event, fragments", HAND_SIMPLE,
                         ids=[f"{e.kind}-{i}" for i, (e, _) in enumerate(HAND_SIMPLE)])
def test_simple_events_by_hand(event: Event, fragments: tuple[str, ...]) -> None:
    assert explain(event, "en").startswith(_prefix(event.rule, "en"))
    text = explain(event, "fr")
    assert text.startswith(_prefix(event.rule, "fr"))
    for fragment in fragments:
        assert fragment in text, (fragment, text)


def test_rejections_by_system() -> None:
    assert explain_rejection(Rejection("S-rematch", (3, 5), "met")) == \
        "S-rematch : 3 et 5 se sont déjà rencontrés ; jamais de revanche"
    assert explain_rejection(Rejection("[C1]", (3, 5), "met"), "en") == \
        "[C1]: 3 and 5 have already played each other"
    quality = explain_rejection(Rejection("[C12]", (1, 2), "quality"))
    assert quality.startswith("[C12] : ") and "couleur préférentielle" in quality
    # The 1998 criteria keep their own words.
    assert explain_rejection(Rejection("B1a", (3, 5), "met")) == \
        "B1a : 3 et 5 se sont déjà rencontrés"


# -- the catalogue --------------------------------------------------------------------------


def test_one_catalogue_per_language_with_namespaces() -> None:
    fr, en = catalogue("fr").messages, catalogue("en").messages
    assert fr.keys() == en.keys()
    for key in fr:
        assert placeholders(fr[key]) == placeholders(en[key]), key
    assert any(k.startswith("simple.") for k in fr) and any(k.startswith("c2026.") for k in fr)
    # Every key the code names is in the catalogue (f-string keys are checked below).
    for module in ("simple.py", "dutch1998.py", "common.py"):
        source = (EXPLAIN_DIR / module).read_text(encoding="utf-8")
        for key in re.findall(r'"((?:simple|c2026|why)\.[\w.\-]*[\w\-])"', source):
            assert key in fr, (module, key)
    # The C.04.3 explainer names its keys without the edition's prefix:
    # each one is there for both editions (but 2017's A.9 route, which 2026
    # does not have), and core keys as they are.
    source = (EXPLAIN_DIR / "dutch2026.py").read_text(encoding="utf-8")
    relative = re.findall(r'self\.(?:text\(cat, |key\()"([\w.\-]*[\w\-])"', source)
    assert len(relative) > 25
    only_2017 = {"bracket_undone", "bracket_opened.collapsed", "why.reason.ppb"}
    for key in relative:
        for prefix in ("c2026.", "c2017."):
            assert prefix + key in fr or (prefix == "c2026." and key in only_2017), (prefix, key)
    for key in re.findall(r'cat\.text\("((?:why|fmt|event|rejection)\.[\w.\-]*[\w\-])"', source):
        assert key in fr, key
    for rule in ("5.2.1", "5.2.2", "5.2.3", "5.2.4", "5.2.5"):
        assert f"c2026.colour.{rule}" in fr
    for number in range(1, 22):
        assert f"c2026.criterion.C{number}" in fr
    for detail in ("met", "forbidden", "colours", "completion", "pab", "quality", "order"):
        assert f"c2026.rejection.{detail}" in fr
    # Every 2026 criterion and every 2026 event message cites an article or criterion.
    for key, text in fr.items():
        if key.startswith("c2026.why.reason.") or key.startswith("c2026.why.paired."):
            assert re.search(r"\d\.\d|\[C\d+\]|\{rule\}", text), key


# -- why() ------------------------------------------------------------------------------------


def _check_why(traces: list[list[Event]], own: str, paired_rules: set[str]) -> None:
    unknown = catalogue("fr").text("why.reason.unknown", a="{a}", b="{b}").split("{a}")[0]
    for events in traces:
        result = events[-1]
        assert isinstance(result, RoundPaired)
        started = events[0]
        assert isinstance(started, RoundStarted)
        players = sorted({p.id for p in started.players} | set(result.byes))
        for board in result.boards:
            answer = explain_pair(events, board.white, board.black)
            assert answer.paired
            assert paired_rules & set(answer.labels), answer
            assert any(system_of_label(label) == own for label in answer.labels)
        for i, a in enumerate(players):
            for b in players[i + 1:]:
                answer = explain_pair(events, a, b)
                assert answer.labels, answer.text
                # Every label cited is one of this system's.
                assert {system_of_label(label) for label in answer.labels} == {own}, answer
                assert unknown not in answer.text, answer.text
                assert why_labels(events, a, b, "en") == answer.labels


def test_why_on_simple_traces(simple_traces: list[list[Event]]) -> None:
    _check_why(simple_traces, SIMPLE, {"S-halves", "S-rematch"})


def test_why_on_2026_traces(traces_2026: list[list[Event]]) -> None:
    _check_why(traces_2026, DUTCH_2026, {"3.3.1", "3.3.3"})


def test_why_simple_examples(simple_traces: list[list[Event]]) -> None:
    events = next(t for t in simple_traces
                  if isinstance(t[-1], RoundPaired) and t[-1].byes and t[-1].boards)
    result = events[-1]
    assert isinstance(result, RoundPaired)
    bye, board = result.byes[0], result.boards[0]
    answer = explain_pair(events, bye, board.white)
    assert not answer.paired and answer.labels == ("S-bye",)
    assert "sans changer les points" in answer.text
    assert not ONE_POINT["en"].search(why(events, bye, board.white, "en"))
    labels = why_labels(events, board.white, board.black)
    assert labels[-1].startswith("S-colours")
    assert "A5" not in labels and "C6" not in labels


def test_why_2026_examples(traces_2026: list[list[Event]]) -> None:
    events = next(t for t in traces_2026 if isinstance(t[-1], RoundPaired) and t[-1].byes)
    result = events[-1]
    assert isinstance(result, RoundPaired)
    bye, board = result.byes[0], result.boards[0]
    answer = explain_pair(events, bye, board.white)
    assert not answer.paired and "1.5" in answer.labels
    assert "PAB" in answer.text
    paired = explain_pair(events, board.white, board.black, "en")
    assert paired.labels[-1].startswith("5.2.")
    assert paired.text.startswith(f"{board.white} and {board.black} are paired")
    # A first candidate that lost: why() names the deciding criterion ([Cn]).
    cited = {label for t in traces_2026 for e in t if isinstance(e, RoundPaired)
             for b in e.boards for label in why_labels(t, b.white, b.black)}
    assert {"3.4.1", "3.8.1", "1.4.2"} <= cited
    assert any(label.startswith("[C") for label in cited)


def test_protections_are_explained_in_both_languages() -> None:
    """Seed 002's ten-team round 2: the threshold, the released teams and the
    released field of the result are said, not "not paired"."""
    from conftest import DATA
    from swisslearn.cli import read_input
    from swisslearn.protections import Protections
    from swisslearn.protections import trace as protected_trace
    from swisslearn.systems import get

    document = read_input(str(DATA / "equipes-dix.trf"))
    events = list(protected_trace(document.tournament, 2, system=get("team-2026"),
                                  protections=Protections.from_document(document)))
    first, last = explain(events[0], "fr"), explain(events[-1], "en")
    assert "N = 5" in first and "Libérés de leurs protections : 9" in first
    assert "Released from their protections" in last and "Not paired" not in last
    assert "N = 5" in explain(events[0], "en")

"""dutch-2017 on small tournaments, one rule at a time, and what it says.

A.4.b floats, C.2 (a full-point bye asked for does not bar the bye; a
forfeit win does), A.8's PSD offsets, A.9's other route (the PPB paired
again, the CLB), the 2017 labels and sentences (no 2026 article cited), the
criteria tables of both editions (issue 24 item 3: each criterion once, its
words those of the rule file), the edition a file gets without ``--system``
and how the command line says it, protections and ``generate`` on
dutch-2017, and compare_editions.
"""

from __future__ import annotations

import json
import re
from decimal import Decimal
from pathlib import Path

import pytest

from conftest import SHARED
from swisslearn import systems
from swisslearn.cli import main
from swisslearn.compare import compare_editions
from swisslearn.dutch2017 import criteria as criteria2017
from swisslearn.dutch2017.definitions import READINGS, score_differences
from swisslearn.dutch2017.procedure import pair, trace
from swisslearn.dutch2026 import criteria as criteria2026
from swisslearn.dutch2026.scoring import Drift, competitors
from swisslearn.errors import PairingError
from swisslearn.explain import explain, why, why_labels
from swisslearn.explain.catalogue import catalogue
from swisslearn.explain.common import system_of_event
from swisslearn.formats.trf import parse_trf
from swisslearn.generate import GeneratorSettings, generate
from swisslearn.trace import (BracketOpened, BracketUndone, CandidateTried, ColourAllocated,
                              RoundPaired, event_to_json)
from helpers import pairs_of
from test_dutch2026_rules import make

RULES = SHARED / "rules"

# Round 4 of a 7-player tournament (generated, paired by dutch-2017): after
# the bracket 1.5 is paired (4-3), its downfloater 5 and 6, 7 cannot be
# completed (none of them may get the bye: all had it), so 1.5 is the PPB.
PPB = """012 A.9
001    1 w    Joueur 001                        2440 LUX    78497349 1994/02/16  3.5    1     4 w 1     7 b 1     3 w 1     2 b =
001    2 m    Joueur 002                        2425 ESP    56145971 1971/04/14  2.5    3     5 b =     3 w =     6 b 1     1 w =
001    3 w    Joueur 003                        2322 CAN    62736224 1985/09/25  2.5    4     6 w 1     2 b =     1 b 0     5 w 1
001    4 w    Joueur 004                        1908 BEL    65766651 1989/05/19  3.0    2     1 b 0     5 w 1     7 w 1  0000 - U
001    5 w    Joueur 005                        1791 SUI    12503450 1997/03/09  1.5    6     2 w =     4 b 0  0000 - U     3 b 0
001    6 m    Joueur 006                        1377 GER    14341146 1970/07/21  1.0    7     3 b 0  0000 - U     2 w 0     7 b 0
001    7 m    Joueur 007                        1355 BEL    23922765 1991/12/28  2.0    5  0000 - U     1 w 0     4 b 0     6 w 1
XXR 4
XXC white1
"""


def test_round_one_and_the_colour_labels() -> None:
    t = make(3, {i: [] for i in range(1, 7)}, "XXC white1")
    paired = pair(t, 1)
    assert [(b.white, b.black) for b in paired.boards] == [(1, 4), (5, 2), (3, 6)]
    assert paired.system == "dutch-2017"
    rules = {e.rule for e in trace(t, 1) if isinstance(e, ColourAllocated)}
    assert rules == {"E.5"}


def test_a4b_every_round_without_a_game_is_a_downfloat() -> None:
    # Round 1: 1 beat 2; 3 half-point bye; 4 absent; 5 forfeit win over 6.
    t = make(3, {1: ["2 w 1"], 2: ["1 b 0"], 3: ["H"], 4: ["Z"], 5: ["6 w +"], 6: ["5 b -"]})
    table = competitors(t, 2, (1, 2, 3, 4, 5, 6), READINGS)
    assert [table[p].floats for p in (3, 4, 5, 6)] == [(Drift.DOWN,)] * 4
    assert table[1].floats == (None,)
    # 2026 (1.4.3) keeps only the rounds that scored more than a loss.
    assert [competitors(t, 2, (4, 6))[p].floats for p in (4, 6)] == [(None,), (None,)]


def test_c2_a_forfeit_win_bars_the_bye_a_full_point_bye_asked_for_does_not() -> None:
    # 5 asked for a full-point bye (F) in round 1, 3 won by forfeit: under
    # 2017's C.2 only 3 is barred; 2026's [C2] bars both.
    t = make(3, {1: ["2 w 1"], 2: ["1 b 0"], 3: ["4 w +"], 4: ["3 b -"], 5: ["F"]})
    ids = (1, 2, 3, 4, 5)
    assert {p for p, c in competitors(t, 2, ids, READINGS).items() if not c.bye_eligible} == {3}
    assert {p for p, c in competitors(t, 2, ids).items() if not c.bye_eligible} == {3, 5}
    bye_2017 = pair(t, 2).byes
    assert bye_2017 and bye_2017[0] != 3
    assert systems.get("dutch-2026").pair(t, 2).byes[0] not in (3, 5)


def test_c1_no_rematch_is_found_and_named() -> None:
    t = make(3, {1: ["3 b ="], 2: ["4 b ="], 3: ["1 w ="], 4: ["2 w ="]})
    assert pairs_of(pair(t, 2)) == {frozenset((1, 4)), frozenset((2, 3))}
    rejected = [e for e in trace(t, 2) if isinstance(e, CandidateTried) and not e.accepted]
    assert rejected[0].rule == "C.1" and rejected[0].rejection is not None
    assert rejected[0].rejection.players == (1, 3)
    assert "C.1 : le premier candidat" in explain(rejected[0])


def test_an_impossible_round_names_the_players_and_the_2017_criteria() -> None:
    t = make(2, {1: ["2 w 1"], 2: ["1 b 0"]})
    with pytest.raises(PairingError, match=r"dutch-2017: players 1, 2 .*C\.1-C\.3"):
        pair(t, 2)


def test_a8_score_differences_are_lexicographic_bit_ranges() -> None:
    t = make(3, {1: ["2 w 1"], 2: ["1 b 0"], 3: ["4 w ="], 4: ["3 b ="]})
    table = competitors(t, 2, (1, 2, 3, 4), READINGS)
    floor, offsets, width = score_differences([table[1]], [table[3], table[4]])
    assert floor == Decimal("-0.5")                  # one point under the residents' ½
    # SDs: downfloaters 1.5 (the MDP), 1 (residents); pairs 0.5, 0.
    assert sorted(offsets) == [Decimal(0), Decimal("0.5"), Decimal(1), Decimal("1.5")]
    assert [offsets[v] for v in sorted(offsets)] == sorted(offsets.values())
    assert width == sum(1 if v != Decimal(1) else 2 for v in offsets)


def test_a9_the_ppb_is_paired_again_and_the_clb_completes_the_round() -> None:
    t = parse_trf(PPB).tournament
    events = list(trace(t, 4))
    undone = [e for e in events if isinstance(e, BracketUndone)]
    assert [e.rule for e in undone] == ["A.9"]
    assert undone[0].bracket.score == Decimal("1.5")
    assert [p.id for p in undone[0].because_of.players] == [5, 6, 7]
    clb = [e for e in events if isinstance(e, BracketOpened) and e.rule == "A.9"]
    assert len(clb) == 1 and clb[0].bracket.lowest
    assert [p.id for p in clb[0].bracket.players] == [4, 6, 7]
    result = events[-1]
    assert isinstance(result, RoundPaired)
    assert pairs_of(result) == {frozenset((1, 2)), frozenset((3, 5)), frozenset((6, 7))}
    assert result.byes == (4,)
    assert "PPB" in explain(undone[0]) and "C.4" in explain(undone[0])
    assert explain(clb[0]).startswith("A.9 : dernier groupe, effondré (CLB)")
    # why(): 4-3 was made, then undone with the PPB.
    assert why_labels(events, 4, 3) == ("A.5", "A.9", "C.4")
    assert "apparié à nouveau comme PPB" in why(events, 4, 3)
    # 2026 ([C5]) gives the PAB to the lowest score possible, 3.
    assert systems.get("dutch-2026").pair(t, 4).byes == (3,)


def test_the_trace_speaks_2017_and_every_event_is_json() -> None:
    t = parse_trf(PPB).tournament
    events = list(trace(t, 4))
    assert events[-1] == pair(t, 4) == systems.get("dutch-2017").pair(t, 4)
    # French writes scores 1,5: any "1.5" is an article (English: in brackets).
    article_2026 = re.compile(r"(?<![A-E0-9.])[1-5]\.[1-9]|\[C\d+\]")
    english_2026 = re.compile(r"\([1-5]\.[1-9]|\[C\d+\]")
    for event in events:
        assert system_of_event(event) == "dutch-2017", event
        data = event_to_json(event)
        json.dumps(data, ensure_ascii=False)
        for lang, pattern in (("fr", article_2026), ("en", english_2026)):
            text = explain(event, lang)
            assert text.startswith(event.rule), text
            assert not pattern.search(text), text
    answer = why(events, 4, 6)
    assert not article_2026.search(answer)
    assert set(why_labels(events, 1, 2)) <= {"B.3", "B.4", "B.8", "A.4.b", "E.1", "E.2"}


def test_no_2017_sentence_cites_a_2026_article() -> None:
    article_2026 = re.compile(r"(?<![A-E0-9.])[1-5]\.[1-9]|\[C\d+\]")
    for lang in ("fr", "en"):
        for key, text in catalogue(lang).messages.items():
            if key.startswith("c2017.") and not key.startswith("c2017.criterion."):
                assert not article_2026.search(text), (key, text)


# -- the criteria tables (issue 24 item 3) --------------------------------------------


def _words(text: str) -> str:
    return re.sub(r"\s+", " ", text.replace("*", "")).strip()


@pytest.mark.parametrize("module, rules", [(criteria2017, "fide-dutch-2017-en.md"),
                                           (criteria2026, "fide-dutch-2026-en.md")])
def test_each_criterion_once_with_the_words_of_the_text(module: object, rules: str) -> None:
    table = getattr(module, "CRITERIA")
    names = [row.name for row in table]
    assert len(names) == len(set(names))
    path = RULES / rules
    if not path.exists():
        pytest.skip(f"{path} is absent")
    text = _words(path.read_text(encoding="utf-8"))
    for row in table:
        if row.article in ("seed 002",):
            continue
        assert _words(row.text).rstrip(".") in text, row.name
        assert row.measure


def test_the_layouts_are_derived_from_the_tables() -> None:
    t = parse_trf(PPB).tournament
    players = tuple(competitors(t, 4, tuple(range(1, 8)), READINGS).values())
    layout = criteria2017.make_layout(players[:1], players[1:3], 7, special=False, played=3,
                                      forbidden=frozenset())
    rows = [row for row in criteria2017.CRITERIA if row.fields and row.applies(layout)]
    assert layout.names == tuple(row.name for row in rows for _ in row.fields)
    assert "C.4" not in layout.names and layout.names.count("C.7") == 2
    assert len(layout.widths) == len(layout.names) - 1
    special = criteria2017.make_layout(players[:1], players[1:3], 7, special=True, played=3,
                                       forbidden=frozenset())
    assert special.names[0] == "C.4" and "C.7" not in special.names
    layout26 = criteria2026.make_layout(players, 3, frozenset())
    assert layout26.names == tuple(row.name for row in criteria2026.CRITERIA
                                   if row.fields and row.applies(layout26)
                                   for _ in row.fields)
    for lang in ("fr", "en"):
        cat = catalogue(lang)
        for prefix, table in (("c2017.", criteria2017.CRITERIA),
                              ("c2026.", criteria2026.CRITERIA)):
            for row in table:
                if row.name != "soft-avoid":
                    assert f"{prefix}criterion.{row.key}" in cat, row.name


# -- which edition pairs a file ---------------------------------------------------------


def _file(*records: str) -> str:
    head = "\n".join(records)
    return head + "\n" + "\n".join(PPB.splitlines()[1:]) + "\n"


@pytest.mark.parametrize("records, system, source", [
    (("192 FIDE_DUTCH_2017",), "dutch-2017", "code"),
    (("192 FIDE_DUTCH_2017_BAKU",), "dutch-2017", "code"),
    (("192 FIDE_DUTCH_2025", "042 2019/05/04"), "dutch-2026", "code"),
    (("092 Individual: Swiss-System (FIDE Dutch 1998, swisslearn course)", "042 2019/05/04"),
     "dutch-1998", "statement"),
    (("092 Individual Swiss Dutch 2017 rules",), "dutch-2017", "statement"),
    (("092 Individual: Swiss-System", "042 2019/05/04"), "dutch-2017", "start"),
    (("042 14.05.2024",), "dutch-2017", "start"),
    (("042 2026/02/01",), "dutch-2026", "start"),
    (("042 2026-03-07", "052 2026-03-09"), "dutch-2026", "start"),
    (("052 2025/12/20",), "dutch-2017", "end"),
    (("052 2026/12/20",), "dutch-1998", "default"),
    (("042 05/06/2021",), "dutch-2017", "start"),       # 5 June or 6 May: both 2017
    (("042 01/02/2026",), "dutch-1998", "default"),     # 1 Feb or 2 Jan 2026: undecided
    (("042 soon",), "dutch-1998", "default"),
    (("192 FIDE_DUBOV", "042 2023/01/01"), "dutch-2017", "start"),
    ((), "dutch-1998", "default"),
])
def test_the_edition_a_file_gets(records: tuple[str, ...], system: str, source: str) -> None:
    choice = systems.choose(None, parse_trf(_file(*records)).tournament)
    assert (choice.name, choice.source) == (system, source)
    assert not choice.older


def test_before_mid_2017_the_closest_edition_with_a_warning() -> None:
    choice = systems.choose(None, parse_trf(_file("042 24/09/2010")).tournament)
    assert (choice.name, choice.older) == ("dutch-2017", True)
    undecided = systems.choose(None, parse_trf(_file("042 01/02/2026")).tournament)
    assert undecided.notes == (("date", "01/02/2026"),)
    assert systems.choose("dutch-2026", None).source == "option"


def test_check_on_a_pre_2026_file_uses_the_2017_rules_and_says_so(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "2025.trf"
    path.write_text(_file("042 2025/11/08"), encoding="utf-8")
    assert main(["check", str(path), "--lang", "fr"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == ("Système : dutch-2017 — le tournoi a commencé le 2025/11/08 (042), avant "
                      "le 1er février 2026 : il a été apparié selon le C.04.3 de 2017, en vigueur "
                      "jusqu'au 31 janvier 2026.")
    assert out[1:] == [f"ronde {r} : identique" for r in range(1, 5)]
    assert main(["check", str(path), "--system", "dutch-2026", "--json", "--lang", "en"]) == 1
    report = json.loads(capsys.readouterr().out)
    assert report["system_choice"]["reason"] == "asked with --system"
    assert not report["rounds"][3]["identical"]
    assert main(["why", str(path), "4", "3", "--round", "4", "--lang", "en"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("System: dutch-2017 — the tournament started on 2025/11/08")
    assert "A.5" in lines[1]


def test_an_old_file_is_paired_with_a_warning(tmp_path: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "2010.trf"
    path.write_text(_file("042 24/09/2010"), encoding="utf-8")
    assert main(["pair", str(path), "--round", "4", "--lang", "en"]) == 0
    captured = capsys.readouterr()
    assert "older than 1 July 2017" in captured.err
    assert captured.out.splitlines()[1].startswith("System: dutch-2017 — the tournament started")
    assert main(["show", str(path), "--round", "4", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["system_choice"]["older"] is True


# -- protections, generate, compare -------------------------------------------------------


def test_protections_on_dutch_2017(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    document = generate(GeneratorSettings(players=16, rounds=3, seed=21),
                        systems.get("dutch-2017").pair)
    path = tmp_path / "g.trf"
    document.write(path)
    assert main(["pair", str(path), "--round", "3", "--system", "dutch-2017", "--json",
                 "--avoid", "federation:strict"]) in (0, 1)
    printed = capsys.readouterr().out
    if printed:
        federation = {p.id: p.federation for p in document.tournament.players}
        boards = json.loads(printed)["boards"]
        assert all(federation[b["white"]] != federation[b["black"]] for b in boards)
    assert main(["trace", str(path), "--round", "3", "--system", "dutch-2017", "--jsonl",
                 "--avoid", "federation:soft-avoid"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert json.loads(lines[-1])["kind"] == "round_paired"


def test_generate_with_dutch_2017_and_check_it(tmp_path: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "g.trf"
    assert main(["generate", "--players", "13", "--rounds", "5", "--seed", "4", "--system",
                 "dutch-2017", "-o", str(out)]) == 0
    assert main(["check", str(out), "--system", "dutch-2017", "--json"]) == 0
    assert all(r["identical"] for r in json.loads(capsys.readouterr().out)["rounds"])


def test_compare_editions_explains_each_board_from_both_traces() -> None:
    t = parse_trf(PPB).tournament
    comparison = compare_editions(t, 4)
    assert comparison.systems == ("dutch-1998", "dutch-2017", "dutch-2026")
    difference, = comparison.differences
    assert difference.rule_2026 == "[C5]"
    assert [c.key for c in difference.changes] == ["change.c5"]
    made = {frozenset(b.players) for b in difference.boards}
    assert made == (comparison.pairing("dutch-2017").pairs()
                    ^ comparison.pairing("dutch-2026").pairs())
    for board in difference.boards:
        assert board.why_2017.startswith(f"{board.players[0]} et {board.players[1]}")
        assert board.why_2026.startswith(f"{board.players[0]} et {board.players[1]}")
    text = comparison.text("en")
    assert "What changed (— → [C5], item 14" in text
    same = make(3, {i: [] for i in range(1, 7)}, "XXC white1")
    assert compare_editions(same, 1).explanation() == [catalogue("fr").text("editions.same")]

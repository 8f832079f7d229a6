"""The 1998 trace tells the text's story: each way it used to tell it wrongly.

Every test here failed on the engine before the rebuild (commit 307c5ce):
the C12/C13 sentences that named the wrong bracket or a merge that did not
happen, C12 told after the bracket above was re-paired, skipped ranges
without B4, the lone player "without breaking B1 or B2", E4 read as if the
higher player wanted his opponent's colour, hidden candidates, silent rules
(the last-round note, F9, F3's alignment, the reasons of C1), ranks in the
millions in ``why``, French letters in the JSON, the literal mode out of
reach of the command line, recursion on a long S1, and a million events in
one round.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Sequence
from decimal import Decimal
from pathlib import Path

import pytest

from swisslearn.cli import main, read_input
from swisslearn.dutch1998 import state
from swisslearn.dutch1998.procedure import pair, trace
from swisslearn.explain import explain, why
from swisslearn.explain.catalogue import catalogue
from swisslearn.explain.dutch1998 import preference_text
from swisslearn.formats.trf import read_trf
from swisslearn.generate import GeneratorSettings, generate, generate_traced
from swisslearn.trace import (BracketPaired, CriterionDropped, BracketsMerged, BracketUndone, CandidatesSkipped,
                              BracketSplit, CandidateTried, ColourAllocated, Event,
                              PlayerMovedDown, PlayerStuck, PlayerView, RemainderUnpaired,
                              RoundStarted, event_to_json)
from trfbuild import tournament

DATA = Path(__file__).resolve().parent.parent / "data"


def events(name: str, round: int) -> list[Event]:
    return list(trace(read_trf(DATA / f"{name}.trf").tournament, round))


def said(found: Sequence[Event], lang: str = "en") -> list[str]:
    return [explain(e, lang) for e in found]


def told(event: Event, french: str, english: str) -> None:
    """The event's sentence in both languages."""
    assert (explain(event, "fr"), explain(event, "en")) == (french, english)


def test_a_summary_lists_its_reasons_in_the_same_order_whatever_the_hash_seed() -> None:
    """C13's summary of the pairings given up lists what stopped the brackets
    below in the order met, not in a set's order (which follows the strings'
    hashes: round 4 of cours-c10 told its three reasons in another order
    under another PYTHONHASHSEED)."""
    code = ("import sys; from swisslearn.cli import main; "
            "sys.exit(main(['trace', sys.argv[1], '--round', '4', '--system', 'dutch-1998', "
            "'--lang', 'fr']))")
    told: set[str] = set()
    for seed in ("0", "1", "2"):
        out = subprocess.run([sys.executable, "-c", code, str(DATA / "cours-c10.trf")],
                             capture_output=True, text=True, check=True,
                             env={**os.environ, "PYTHONHASHSEED": seed})
        told.add(out.stdout)
    assert len(told) == 1
    summary = next(line for line in told.pop().splitlines() if "Ce qui bloquait" in line)
    # 6, moved down to 1 from 1.5 where he floated down last round, floats
    # down again whoever he meets (B5, met first), then colours, then the byes.
    assert (summary.index("B5 : 6") < summary.index("B4 :") < summary.index("B1b : 7")
            < summary.index("B1b : 5")), summary


# -- C12 and C13: the right brackets, in the right order -------------------------------


def test_c13_names_the_lowest_bracket_and_joins_nothing_that_is_not_joined() -> None:
    """club-12 round 4: the lowest bracket is 0; bracket 1 is paired again
    (another transposition), nothing is joined."""
    found = events("club-12-joueurs", 4)
    undone = [e for e in found if isinstance(e, BracketUndone)]
    assert [(e.step, e.bracket.score, e.because_of.score) for e in undone] == [
        ("undone", Decimal(1), Decimal(0)), ("kept", Decimal(1), Decimal(0))]
    assert not any(isinstance(e, BracketsMerged) for e in found)
    text = " ".join(said(undone))
    assert "the lowest bracket (0) cannot be paired" in text and "joined" not in text


def test_c13_merge_is_told_with_the_merged_bracket() -> None:
    """cours-c13-fusion round 3: p of bracket 1 falls to 0; the new lowest
    bracket is 0.5 with 2, 4, 3, 6; no "criterion not met (none)"."""
    found = events("cours-c13-fusion", 3)
    merged = [e for e in found if isinstance(e, BracketsMerged)]
    assert len(merged) == 1
    assert merged[0].bracket.score == Decimal("0.5") and merged[0].bracket.lowest
    assert {p.id for p in merged[0].bracket.players} == {2, 3, 4, 6}
    assert merged[0].penultimate is not None and merged[0].penultimate.score == 1
    for lang in ("fr", "en"):
        assert not any("(none)" in s or "(aucun)" in s for s in said(found, lang))


def test_c12_comes_right_after_c1_and_names_the_failing_bracket() -> None:
    """cours-c12 round 3: 5 (moved down) has met 2 and 6: C1 sends the
    procedure to C12 at once; the C12 events name 0.5 as the failing bracket
    (not 1.5) and 1.5 as the one paired again."""
    found = events("cours-c12", 3)
    stuck = next(i for i, e in enumerate(found) if isinstance(e, PlayerStuck))
    event = found[stuck]
    assert isinstance(event, PlayerStuck) and event.then == "C12" and event.player == 5
    undone = found[stuck + 1]
    assert isinstance(undone, BracketUndone) and undone.rule == "C12"
    assert (undone.bracket.score, undone.because_of.score) == (Decimal("1.5"), Decimal("0.5"))
    assert "score bracket 0.5 cannot pair all its moved-down players" in explain(undone, "en")
    kept = next(e for e in found if isinstance(e, BracketUndone) and e.step == "kept")
    assert "score bracket 0.5 makes its p pairs" in explain(kept, "en")
    between = found[stuck:found.index(kept)]
    assert not any(e.rule in ("C10", "C11") for e in between)
    # C9 only in 1.5's remainder group: 3 alone there would float down twice
    # (B5), until C9 drops it (seed 000: C6 "start at C2 with the remainder").
    assert all(isinstance(e, CriterionDropped) and e.bracket.remainder
               and e.bracket.score == Decimal("1.5") for e in between if e.rule == "C9")


# -- every reason, every candidate -----------------------------------------------------


def test_a_skipped_range_lists_b4_with_the_count_of_each_reason(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """cours-procedure round 4, bracket 1, told by the pruned search (the
    accelerator of brackets beyond the story's size): C6's 3-4 is refused
    (B5), and so are the 23 orders after it, which pair 3 with 4 too: the
    range is 24-95, refused for 3-8 (B6) and 3-9, 3-11 (B4 beyond x):
    24 + 24 + 24, as the literal walk refuses those candidates."""
    monkeypatch.setattr(state, "STORY_SIZE", 0)
    found = list(trace(read_trf(DATA / "cours-procedure.trf").tournament, 4))
    skipped = next(e for e in found if isinstance(e, CandidatesSkipped) and e.last == 95)
    assert skipped.first == 24
    counted = {(r.criterion, r.players): n for r, n in zip(skipped.reasons, skipped.counts)}
    assert counted == {("B6", (8,)): 24, ("B4", (3, 9)): 24, ("B4", (3, 11)): 24}
    text = explain(skipped, "en")
    assert "B4: colour preferences not met for 3–9 (1 > x = 0) — 24" in text


def test_every_kept_candidate_is_told_and_every_remainder_follows_one() -> None:
    """Over generated rounds: a bracket's pairing comes after the accepted
    candidate that gives it (no candidate "without events"), and a
    remainder group's S1/S2 after the candidate of the moved-down players
    that leaves it."""
    for seed in range(1, 40):
        # Each round's trace as the generation made it (generate_traced).
        document, traces = generate_traced(GeneratorSettings(players=12, rounds=5, seed=seed),
                                           trace)
        t = document.tournament
        for round in range(2, t.rounds_paired + 1):
            found = list(traces[round]) if round in traces else list(trace(t, round))
            accepted = [e for e in found if isinstance(e, CandidateTried) and e.accepted]
            for event in found:
                if isinstance(event, BracketPaired) and event.pairs and event.rule == "C6":
                    assert any(c.transposition == event.transposition
                               and c.exchange == event.exchange
                               and set(c.pairs) <= set(event.pairs) for c in accepted), event
            for i, event in enumerate(found):
                if isinstance(event, BracketSplit) and event.bracket.remainder:
                    before = [e for e in found[:i] if isinstance(e, CandidateTried)
                              and not e.bracket.remainder]
                    assert before and before[-1].accepted, (seed, round, event)


def test_c10_undoes_the_lowest_downfloaters_pairing_after_a_failed_remainder() -> None:
    """cours-c10-adversaire round 3, bracket 1 (3 moved down; 1 2 6): C6
    3-1 leaves the remainder 2 6, who have met, and which fails at every
    level (C6 to C9; C11 comes after C10 in seed 000, and is not reached
    here).  C10's first sentence is then a step of its own,
    naming the remainder and the pairing undone, before C7 gives 3-2; it
    used to go straight from the remainder's last C8 to C7."""
    found = events("cours-c10-adversaire", 3)
    c10 = [e for e in found if isinstance(e, RemainderUnpaired)]
    assert len(c10) == 1
    step = c10[0]
    assert (step.rule, step.bracket.score, step.remainder, step.undone, step.pairs) == (
        "C10", Decimal(1), (2, 6), (3, 1), ((3, 1),))
    assert step.bracket.s1 == (3,) and not step.bracket.remainder
    at = found.index(step)
    before, after = found[at - 1], found[at + 1]
    # The remainder's last step: C8's exchange (6 <-> 2) once C9 has dropped
    # B6 and B5, x = 0 (no C11 inside the remainder), 6-2 met.
    assert isinstance(before, CandidateTried) and before.exchange == "a"
    assert before.rejection is not None and before.rejection.criterion == "B1a"
    assert before.bracket.remainder and before.bracket.x == 0
    assert before.bracket.dropped == ("B6 down", "B5 down")
    assert isinstance(after, CandidateTried) and after.rule == "C7" and after.accepted
    assert after.pairs == ((3, 2),)
    told(step,
         "C10 : le niveau résiduel (2, 6) ne peut être apparié : on défait l'appariement du "
         "plus petit flotteur descendant (3–1) et on essaie de lui trouver un adversaire "
         "différent, en reprenant en C7.",
         "C10: the remainder group (2, 6) cannot be paired: the pairing of the lowest moved "
         "down player (3–1) is undone and a different opponent is sought for this player, "
         "restarting at C7.")
    line = event_to_json(step)
    assert (line["kind"], line["rule"], line["remainder"], line["undone"]) == (
        "remainder_unpaired", "C10", [2, 6], [3, 1])


def test_a_lone_player_is_alone_in_his_bracket() -> None:
    found = events("cours-c12", 3)
    moved = next(e for e in found if isinstance(e, PlayerMovedDown))
    assert moved.reason is not None and moved.reason.detail == "alone"
    assert explain(moved, "fr") == ("C1 : 1 est seul dans le niveau 2 : personne à y rencontrer "
                                    "(A6 : p = 0) ; il flotte vers le niveau inférieur.")
    assert "B1 ou B2" not in explain(moved, "fr")


def test_player_moved_down_says_why() -> None:
    found = events("cours-procedure", 4)
    moved = next(e for e in found if isinstance(e, PlayerMovedDown))
    assert [r.criterion for r in moved.reasons] == ["B1a", "B1a"]
    assert event_to_json(moved)["reason"] is not None
    assert explain(moved, "en") == ("C1: 3 cannot be paired in score bracket 2: he has already "
                                    "met 6 and 10 (B1a); he moves down to the next bracket.")


def test_a_pairing_already_tried_is_refused_by_the_drivers_rule() -> None:
    """A candidate that meets the criteria but gives again a pairing the
    driver has tried is refused by C12 while C12 looks for another
    downfloater (« un appariement dans lequel un autre joueur sera flotteur
    descendant »), by C13 when C13 asks for another pairing: never by C6/C7,
    whose criteria it meets (it used to read « C6 … refusé, C13 »)."""
    t = generate(GeneratorSettings(players=14, rounds=6, seed=21)).tournament
    found = list(trace(t, 6))
    again = [e for e in found if isinstance(e, CandidateTried) and e.rejection is not None
             and e.rejection.detail in ("same_pairing", "moved_down_before")]
    assert again and all(e.rule == e.rejection.criterion in ("C12", "C13")
                         for e in again if e.rejection is not None)
    c12 = next(e for e in again if e.rule == "C12")
    # C12's refusals come while C12 has undone a bracket, before it is settled.
    undone = [i for i, e in enumerate(found) if isinstance(e, BracketUndone) and e.rule == "C12"]
    assert undone and undone[0] < found.index(c12)
    told(c12,
         "C12 : on apparie S1 contre S2 dans l'ordre (3–11) : refusé, C12 : c'est un "
         "appariement que ce niveau a déjà donné (mêmes paires, mêmes joueurs descendus : 12) : "
         "C12 cherche un appariement où un autre joueur descend.",
         "C12: S1 paired against S2 in order (3–11): rejected, C12: it is a pairing this "
         "bracket already gave (the same pairs, the same players moved down: 12): C12 looks "
         "for a pairing in which another player moves down.")


# -- sentences an arbiter can say out loud ---------------------------------------------


def test_e4_says_who_gets_his_preference() -> None:
    found = events("club-12-joueurs", 4)
    colour = next(e for e in found if isinstance(e, ColourAllocated) and e.white == 3)
    # Issue 29: E4 says why E1, E2 and E3 did not decide.
    assert explain(colour, "fr") == (
        "E4 : 1 (+1, N!) et 3 (+1, N!) veulent tous deux les noirs avec la même force (ni E1 ni "
        "E2 ne décident) et leurs couleurs n'ont différé à aucune ronde (E3 ne décide pas) : 1, "
        "le mieux classé, reçoit sa couleur préférentielle, les noirs ; 3 a les blancs.")
    assert explain(colour, "en") == (
        "E4: 1 (+1, B!) and 3 (+1, B!) both want black as strongly (neither E1 nor E2 decides) "
        "and their colours never differed in a round (E3 does not decide): 1, the higher ranked "
        "player, gets his colour preference, black; 3 has white.")


def test_a7_writes_a_mild_preference_as_the_seed_does() -> None:
    """« +0 (coul. préf. noire) ou -0 (coul. préf. blanche) selon la couleur de
    la ronde précédente »; each language's letters."""
    fr, en = catalogue("fr"), catalogue("en")
    after_white = PlayerView(id=1, name="", rating=0, score=Decimal(1), colours="NB",
                             preference="N", floats="··")
    after_black = after_white.__class__(**{**after_white.__dict__, "colours": "BN",
                                           "preference": "B"})
    strong = after_white.__class__(**{**after_white.__dict__, "colours": "BB-N",
                                      "preference": "N!"})
    assert preference_text(after_white, fr) == "+0, N"
    assert preference_text(after_black, fr) == "−0, B"
    assert preference_text(after_black, en) == "−0, W"
    assert preference_text(strong, en) == "+1, B!"


def test_why_on_a_large_bracket_speaks_in_pairs() -> None:
    """A 21-player remainder group whose kept order is D1 rank 4,355,306:
    why says which opponents were refused for 24 and why, never the rank."""
    t = generate(GeneratorSettings(players=48, rounds=6, seed=1)).tournament
    found = list(trace(t, 2))
    assert any(isinstance(e, BracketPaired) and e.transposition == 4_355_306 for e in found)
    answer = why(found, 24, 38, "en")
    assert ("the orders of S2 that would give 24 the opponent 37 are refused (37: colours "
            "beyond x, B4); the first acceptable one gives 24–38") in answer
    assert "4,355,306" not in answer and "transposition no." not in answer
    assert "3–12" in why(events("cours-procedure", 4), 3, 12, "en")


def test_why_names_the_refusal_of_a_pair_not_made() -> None:
    answer = why(events("cours-procedure", 4), 3, 9, "fr")
    assert answer.endswith("C7 : dans le niveau 1, le candidat 3–9 a été refusé, B4 : "
                           "couleurs préférentielles non satisfaites pour 3–9 (1 > x = 0).")


def test_the_last_round_note_is_said() -> None:
    found = events("cours-derniere-ronde", 5)
    started = found[0]
    assert isinstance(started, RoundStarted) and started.last_round == (1, 5, 2, 3)
    assert "B2, B5 et B6 ne s'appliquent pas à eux (note sous B6)" in explain(started, "fr")
    colour = next(e for e in found if isinstance(e, ColourAllocated) and e.white == 5)
    assert colour.last_round == (5,)
    assert explain(colour, "en").endswith(
        "Last round: 5 has over 50% of the points, B2 does not apply to him (note under B6): "
        "he has white a third time in a row.")
    assert "note under B6" in why(found, 5, 4, "en")


def test_an_adjourned_game_counted_as_a_draw_is_said() -> None:
    t = tournament(4, ["1-3 1, 4-2"], declared=3)
    started = next(iter(trace(t, 2)))
    assert isinstance(started, RoundStarted) and started.adjourned == ((1, 4, 2),)
    assert explain(started, "fr").endswith(
        "F9 : parties non terminées, comptées nulles pour l'appariement : 4–2 (ronde 1).")


def test_e3_says_the_histories_were_aligned() -> None:
    t = generate(GeneratorSettings(players=10, rounds=6, seed=3, absence_rate=0.15)).tournament
    colour = next(e for e in trace(t, 6) if isinstance(e, ColourAllocated) and e.rule == "E3")
    assert explain(colour, "en").endswith(
        "F3: the histories are aligned over the rounds not played, moved to the front: "
        "2 BWBWB, 4 -BWBB.")


# -- letters and JSON -------------------------------------------------------------------


def test_the_trace_json_is_language_neutral() -> None:
    found = events("cours-c14", 5)
    players = event_to_json(found[0])["players"]
    nine = next(p for p in players if p["id"] == 9)
    assert nine["colours"] == "-wbb" and nine["preference"] == "w!!"
    assert nine["preference_colour"] == "w" and nine["preference_strength"] == "absolute"
    assert nine["colour_difference"] == -1
    assert not any(set(p["colours"]) & set("BNW") for p in players)


# -- the literal mode from the command line --------------------------------------------


def test_the_literal_mode_is_on_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    path = str(DATA / "cours-c10.trf")
    assert main(["trace", path, "--round", "3", "--jsonl", "--literal"]) == 0
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert not any(o["kind"] == "candidates_skipped" and o["rule"] == "C7" for o in lines)
    tried = [o for o in lines if o["kind"] == "candidate_tried"]
    # A course-sized round: the default mode tells the literal procedure too.
    assert len(tried) == len([e for e in events("cours-c10", 3) if isinstance(e, CandidateTried)])
    assert main(["pair", path, "--round", "3", "--json", "--literal"]) == 0
    assert json.loads(capsys.readouterr().out)["boards"] == [
        {"board": b.board, "white": b.white, "black": b.black}
        for b in pair(read_trf(path).tournament, 3).boards]
    assert main(["why", path, "7", "4", "--round", "3", "--literal"]) == 0
    assert "7" in capsys.readouterr().out
    assert main(["pair", path, "--round", "3", "--literal", "--system", "dutch-2026"]) == 2
    assert "literal mode of dutch-1998" in capsys.readouterr().err


# -- sizes a person (and a stack) can follow -------------------------------------------


def test_a_long_s1_is_walked_without_recursion(tmp_path: Path) -> None:
    """4,000 players, each has met his untouched-order opponent (i and
    i + 2,000): the walk fixes 2,000 S1 players one after the other, it
    used to recurse once per player (RecursionError)."""
    lines = [f"Player {i:04d} | 0.5 | Player {(i + 1999) % 4000 + 1:04d} | "
             f"{'W' if i <= 2000 else 'B'}" for i in range(1, 4001)]
    path = tmp_path / "long.txt"
    path.write_text("\n".join(lines) + "\n")
    paired = pair(read_input(str(path)).tournament, 2)
    assert [(b.white, b.black) for b in paired.boards[:2]] == [(2002, 1), (2001, 2)]
    assert len(paired.boards) == 2000


@pytest.mark.skipif(sys.platform != "linux", reason="peak RSS read from /usr/bin/time")
def test_the_first_round_of_9999_players_fits_in_memory(tmp_path: Path) -> None:
    """One bracket of 9,999 players (49,985,001 pairs): paired in bounded
    memory (it used to end in MemoryError at 8.4 GB)."""
    lines = ["012 large", "XXR 9"] + [
        f"001 {pid:4d}      {'Player ' + str(pid):<33} {max(1000, 2800 - pid // 6):4d}".rstrip()
        for pid in range(1, 10000)]
    path = tmp_path / "large.trf"
    path.write_text("\n".join(lines) + "\n")
    code = ("import resource, sys; from swisslearn.cli import main; "
            "code = main(['pair', sys.argv[1], '--json']); "
            "print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss, file=sys.stderr); "
            "sys.exit(code)")
    out = subprocess.run([sys.executable, "-c", code, str(path)], capture_output=True,
                         text=True, timeout=600)
    assert out.returncode == 0, out.stderr
    boards = json.loads(out.stdout)["boards"]
    assert len(boards) == 4999 and boards[0] == {"board": 1, "white": 1, "black": 5000}
    assert int(out.stderr.split()[-1]) < 2 * 1024 * 1024   # KiB: under 2 GiB

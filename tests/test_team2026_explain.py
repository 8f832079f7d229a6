"""Explanations of team traces (swisslearn/explain/team2026.py, sharly.py).

Every event a team trace yields (``team-2026`` and ``team-2026-sharly``) on
the reference team tournaments, on seed 002's ten teams and on the six-team
protections example has its own sentence (not the generic one) in French
and in English, cites the team text, and speaks of teams: no « joueur », no
"player".
"""

from __future__ import annotations

import itertools
import re

import pytest

from conftest import DATA, vector_files
from swisslearn import cli
from swisslearn.explain import explain, explain_pair, explain_rejection, why
from swisslearn.explain.catalogue import catalogue
from swisslearn.explain.team2026 import is_team_event, is_team_trace
from swisslearn.formats.teams import team_tournament
from swisslearn.formats.trf import read_trf
from swisslearn.team2026.events import NEW_EVENT_KINDS
from swisslearn.team2026 import sharly
from swisslearn.team2026.procedure import trace
from swisslearn.trace import Event, Rejection

FILES = vector_files("team2026")
LANGS = ("fr", "en")
PLAYER = re.compile(r"\bjoueur|\bplayer", re.IGNORECASE)


def generic(lang: str) -> tuple[str, ...]:
    """The beginnings of the fallback sentences (no event kind may end there)."""
    cat = catalogue(lang)
    return tuple(cat.text(key, kind="").split("«")[0] for key in ("event.generic",
                                                                  "team.event.other"))


def traces() -> list[tuple[str, list[Event]]]:
    found = []
    for engine, run in (("", trace), ("sharly:", sharly.trace)):
        for path in FILES:
            tournament = team_tournament(read_trf(path))
            assert tournament.rounds is not None
            for round in range(1, tournament.rounds + 1):
                found.append((f"{engine}{path.name}:{round}", list(run(tournament, round))))
        for name in ("equipes-dix.trf", "protections-six-equipes.trf"):
            tournament = team_tournament(read_trf(DATA / name))
            for round in range(1, tournament.rounds_paired + 2):
                if tournament.rounds is not None and round > tournament.rounds:
                    break
                found.append((f"{engine}{name}:{round}", list(run(tournament, round))))
    return found


@pytest.fixture(scope="module")
def all_traces() -> list[tuple[str, list[Event]]]:
    if not FILES:
        pytest.skip("reference vectors not found: ../shared/vectors/team2026 is absent")
    return traces()


def test_every_event_kind_of_a_team_trace_has_its_own_sentence(
        all_traces: list[tuple[str, list[Event]]]) -> None:
    kinds: set[str] = set()
    for lang in LANGS:
        fallback = generic(lang)
        for name, events in all_traces:
            for event in events:
                assert is_team_event(event) or event.kind == "round_started", (name, event.kind)
                text = explain(event, lang)
                kinds.add(event.kind)
                body = text.split(" : ", 1)[-1].split(": ", 1)[-1]
                assert not body.startswith(fallback), (name, lang, text)
                assert not PLAYER.search(text), (name, lang, text)
                assert text.startswith(event.rule), (name, text)
    # The three events of the team procedure, and the shared vocabulary it uses.
    assert set(NEW_EVENT_KINDS) <= kinds
    assert {"round_started", "bye_assigned", "bracket_opened", "candidate_tried",
            "bracket_paired", "colour_allocated", "boards_ordered", "round_paired"} <= kinds


def test_the_three_team_events_name_their_articles() -> None:
    if not FILES:
        pytest.skip("reference vectors not found")
    path = next(p for p in FILES if p.name == "rtg-018-t11-r09.trf")
    events = list(trace(team_tournament(read_trf(path)), 4))
    texts = {e.kind: explain(e, "fr") for e in reversed(events)}
    assert texts["pab_candidates_ranked"].startswith("3.4 : ")
    assert "3.4.2" in texts["pab_candidates_ranked"] and "[C2]" in texts["pab_candidates_ranked"]
    assert "PAB revient à 10" in texts["pab_candidates_ranked"]
    assert texts["upfloaters_counted"].startswith("3.5.2 : ")
    assert "[C4]" in texts["upfloaters_counted"] and "[C5]" in texts["upfloaters_counted"]
    assert "équipes" in texts["round_started"]
    english = {e.kind: explain(e, "en") for e in events}
    assert "upfloater" in english["upfloaters_counted"]
    assert "3.5.4" in english["upfloater_set_tried"]


def test_refused_sets_say_which_criterion(all_traces: list[tuple[str, list[Event]]]) -> None:
    """A set refused in 3.5.5 names [C1], [C3], [C6] or [C7] (on the traces
    of the module's fixture: they were traced a second time here)."""
    seen = set()
    for name, events in all_traces:
        for event in events:
            if event.kind == "upfloater_set_tried" and not getattr(event, "accepted"):
                for lang in LANGS:
                    text = explain(event, lang)
                    assert event.rule in ("[C1]", "[C3]", "[C6]", "[C7]")
                    assert text.startswith(event.rule) and event.rule in text.split(" ", 1)[1]
                seen.add(event.rule)
    assert seen, "no refused set on these files"


def test_why_speaks_of_teams(all_traces: list[tuple[str, list[Event]]]) -> None:
    engine = [t for t in all_traces if t[0].startswith("sharly:")]
    for name, events in all_traces[:40] + engine[:40]:
        assert is_team_trace(events)
        teams = sorted({p.id for e in events if e.kind == "round_started"
                        for p in getattr(e, "players")})
        for a, b in itertools.combinations(teams, 2):
            for lang in LANGS:
                answer = explain_pair(events, a, b, lang)
                assert answer.labels, (name, a, b, answer.text)
                assert not PLAYER.search(answer.text), (name, lang, answer.text)


def test_why_an_upfloater_and_a_set() -> None:
    """rtg-005 round 5: 3 has the PAB; the top-scoregroup {1, 2} (7 points)
    takes the third set of 3.5.4 order, {5, 6} (the first two break [C3] and
    [C1]); 4 (3 points) is not in it and is paired later."""
    if not FILES:
        pytest.skip("reference vectors not found")
    path = next(p for p in FILES if p.name == "rtg-005-t07-r06.trf")
    events = list(trace(team_tournament(read_trf(path)), 5))
    paired = why(events, 1, 5, "fr")
    assert "sont appariées" in paired and "3.5.5" in paired and "monte" in paired
    apart = explain_pair(events, 1, 4, "en")
    assert apart.labels[:2] == ("3.3.2", "3.5.4")
    assert "set of upfloaters chosen" in apart.text
    bye = why(events, 3, 1, "fr")
    assert "PAB" in bye and "3.4" in bye


def test_team_rejections() -> None:
    found = Rejection("[C6]", (7, 9), "following_scoregroup")
    assert explain_rejection(found, "fr").startswith("[C6] : ")
    assert "groupe de score suivant" in explain_rejection(found, "fr")
    assert "following scoregroup" in explain_rejection(found, "en")


def test_team_keys_in_both_languages() -> None:
    fr, en = catalogue("fr"), catalogue("en")
    team_fr = {k for k in fr.messages if k.startswith(("team.", "sharly."))}
    team_en = {k for k in en.messages if k.startswith(("team.", "sharly."))}
    assert team_fr == team_en
    for key in team_fr:
        for cat in (fr, en):
            words = re.sub(r"\{[^}]*\}", "", cat.messages[key])  # not the {player} field
            assert not PLAYER.search(words), (cat.lang, key)


def test_cli_trace_of_a_team_file_speaks_of_teams(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["trace", str(DATA / "equipes-dix.trf"), "--lang", "fr"]) == 0
    text = capsys.readouterr().out
    assert "équipes à apparier" in text and "flotteurs montants" in text
    assert not PLAYER.search(text)

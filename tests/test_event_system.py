"""Every event says its system (issue 34): :attr:`swisslearn.trace.Event.system`,
set by :meth:`swisslearn.systems.System.trace` on every event of every
engine, never written by ``trace --jsonl``, and read by the explainers in
place of the look of a rule label."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from conftest import need_shared
from swisslearn import systems
from swisslearn.cli import read_input
from swisslearn.explain import explain, explain_rejection, why
from swisslearn.explain.common import system_of_event, system_of_trace
from swisslearn.trace import (Board, ByeAssigned, Event, Rejection, RoundPaired, RoundStarted,
                              event_to_json)

DATA = Path(__file__).resolve().parents[1] / "data"

# A file of each kind, and the systems that pair it.
FILES = [("club-12-joueurs.trf", ("dutch-1998", "dutch-2017", "dutch-2026")),
         ("six-joueurs.txt", ("simple",)),
         ("equipes-dix.trf", ("team-2026", "team-2026-sharly"))]


@pytest.mark.parametrize(("name", "names"), FILES)
def test_every_event_of_every_engine_says_its_system(name: str, names: tuple[str, ...]) -> None:
    tournament = read_input(str(DATA / name)).tournament
    for system in names:
        events = list(systems.get(system).trace(tournament, 2))
        assert events and {event.system for event in events} == {system}, system
        assert system_of_trace(events) == system


def test_trace_jsonl_does_not_write_the_system_of_each_event() -> None:
    bye = ByeAssigned(rule="1.5", player=3, system="dutch-2026")
    assert list(event_to_json(bye)) == ["kind", "rule", "player", "view"]
    # The first and last events wrote their own system, after the round: still so.
    started = RoundStarted(rule="1.2", round=2, system="dutch-2026", players=())
    assert list(event_to_json(started))[:5] == ["kind", "rule", "round", "system", "players"]
    paired = RoundPaired(rule="C.04.3", round=2, system="dutch-2026", boards=(Board(1, 1, 2),))
    assert json.dumps(event_to_json(paired)) == (
        '{"kind": "round_paired", "rule": "C.04.3", "round": 2, "system": "dutch-2026", '
        '"boards": [{"board": 1, "white": 1, "black": 2}], "byes": [], "released": []}')


def test_another_systems_field_named_like_a_1998_one_is_always_written() -> None:
    # trace --jsonl leaves out the 1998 story's fields when empty ("refused",
    # "reading"...), so that other engines' lines stay as they were; a
    # team-2026 event's own "refused" (the PAB candidates 3.4.1 refuses) is
    # written even when empty, as it always was (CONTRACT: never remove).
    from swisslearn.team2026.events import PabCandidatesRanked

    ranked = PabCandidatesRanked(rule="3.4", round=3, candidates=(7, 8), chosen=7,
                                 system="team-2026")
    assert event_to_json(ranked)["refused"] == []
    vectors = DATA.parents[1] / "shared" / "vectors" / "team2026" / "rtg-003-t19-r07.trf"
    need_shared(vectors)   # 19 teams: a PAB every round
    tournament = read_input(str(vectors)).tournament
    for system in ("team-2026", "team-2026-sharly"):
        lines = [event_to_json(e) for e in systems.get(system).trace(tournament, 1)
                 if isinstance(e, PabCandidatesRanked)]
        assert lines and all("refused" in line for line in lines), system


def test_the_system_is_not_part_of_an_events_identity() -> None:
    plain = ByeAssigned(rule="1.5", player=3)
    said = plain.with_system("dutch-2026")
    assert plain.system is None and said.system == "dutch-2026"
    assert said == plain and hash(said) == hash(plain)


def test_the_explainer_is_the_events_system_not_the_look_of_its_label() -> None:
    # "A5" looks like a 1998 label; the event says dutch-2026: its words are 2026's.
    bye = ByeAssigned(rule="A5", player=3)
    assert system_of_event(bye) == "dutch-1998"
    said = bye.with_system("dutch-2026")
    assert system_of_event(said) == "dutch-2026"
    assert "(PAB)" in explain(said, "en") and "(PAB)" not in explain(bye, "en")


def test_a_rejection_is_worded_by_the_system_it_is_given() -> None:
    met = Rejection("[C1]", (1, 2), "met")
    assert explain_rejection(met, "en", system="dutch-2026") == explain_rejection(met, "en")
    looks_1998 = Rejection("B1a", (1, 2), "met")
    assert (explain_rejection(looks_1998, "en", system="dutch-2026")
            != explain_rejection(looks_1998, "en"))


def test_why_follows_the_traces_system() -> None:
    tournament = read_input(str(DATA / "equipes-dix.trf")).tournament
    events: list[Event] = list(systems.get("team-2026-sharly").trace(tournament, 2))
    assert system_of_trace(events) == "team-2026-sharly"
    assert why(events, 1, 2, "en")

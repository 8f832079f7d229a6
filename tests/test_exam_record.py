"""Practice that remembers (issue 30, item 4): the trainee's record file,
what to practise next, the room's table and picture, the drill that writes
its answers down."""

from __future__ import annotations

import datetime
import json
from pathlib import Path

import pytest

from swisslearn.errors import InputError
from swisslearn.exam.record import (Record, default_path, next_rule, next_rules, practice,
                                    progress_table, read_record, record_answer, record_text,
                                    write_record)
from swisslearn.exam.targets import RULES

DAY = datetime.date(2026, 12, 2)


def test_a_record_is_written_and_read_back_one_answer_a_line(tmp_path: Path) -> None:
    path = tmp_path / "sous" / "alice.json"
    assert read_record(path) == Record("alice")            # no file yet: empty, named so
    record_answer(path, "E3", False, datetime.date(2026, 12, 1))
    record = record_answer(path, "E3", True, DAY)
    assert read_record(path) == record
    text = path.read_text(encoding="utf-8")
    assert text == record_text(record)
    assert '  {"rule": "E3", "right": false, "date": "2026-12-01"},\n' in text
    assert json.loads(text)["format"] == "swisslearn-record"
    write_record(record, path)
    assert path.read_text(encoding="utf-8") == text          # same record, same bytes
    assert [p.name for p in path.parent.iterdir()] == ["alice.json"]   # no temporary left


def test_the_default_record_is_under_the_home(monkeypatch: pytest.MonkeyPatch,
                                               tmp_path: Path) -> None:
    monkeypatch.setenv("HOME", str(tmp_path))
    assert default_path() == tmp_path / "swisslearn" / "record.json"


@pytest.mark.parametrize("text, where, words", [
    ('{\n "format": "swisslearn-record",\n "version": 1,\n "answers": [\n'
     '  {"rule": "E3", "right": "oui", "date": "2026-12-01"}\n ]\n}\n', ":5:3:",
     "réponse n° 1 : il faut « rule »"),
    ('{\n "format": "swisslearn-record",\n "version": 1,\n "answers": [\n'
     '  {"rule": "E3", "right": true, "date": "2026-12-01"},\n'
     '  {"rule": "E3", "right": true, "date": "hier"}\n ]\n}\n', ":6:3:", "réponse n° 2"),
    ('{\n "format": "swisslearn-record",\n "version": 1,\n "answers": [\n'
     '  {"rule": "E3" "right": true}\n ]\n}\n', ":5:17:", "pas du JSON valide"),
    ('{"format": "autre chose", "answers": []}\n', ":1:1:", "pas une fiche de progression"),
])
def test_a_file_that_is_not_a_record_is_told_at_its_line(tmp_path: Path, text: str, where: str,
                                                          words: str) -> None:
    path = tmp_path / "fiche.json"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(InputError) as raised:
        read_record(path)
    said = raised.value.line_text("fr")
    assert said.startswith(str(path) + where) and words in said, said


def test_the_most_missed_rules_come_next_deterministically() -> None:
    record = Record("bob")
    for day in range(3):
        record = record.answered("C12", False, DAY + datetime.timedelta(days=day))
    record = record.answered("E3", False, DAY).answered("E1", True, DAY)
    assert next_rules(record, 2, seed=0) == ("C12", "E3")
    assert next_rule(record, seed=7) == "C12"
    # Right five times since: C12 is no longer first (only the latest five count).
    for _ in range(5):
        record = record.answered("C12", True, DAY)
    assert next_rules(record, 1, 0) == ("E3",)
    # Rules missed alike (never answered) are ordered by the seed, the same each time.
    fresh = Record()
    assert next_rules(fresh, len(RULES), 3) == next_rules(fresh, len(RULES), 3)
    assert sorted(next_rules(fresh, len(RULES), 3)) == sorted(RULES)
    assert {next_rule(fresh, seed) for seed in range(10)} != {next_rule(fresh, 0)}
    # Rules answered right come after those never answered, the surest last.
    assert next_rules(record, len(RULES), 0)[-2:] == ("E1", "C12")


def test_the_room_table_puts_records_side_by_side() -> None:
    alice = Record("Alice").answered("E3", False, DAY).answered("E3", True, DAY)
    bob = Record("Bob").answered("last-round", False, DAY).answered("C12", True, DAY)
    table = progress_table([alice, bob])
    assert table.rules == ("E3", "C12", "last-round")          # the text's order
    assert table.text().splitlines() == [
        "Progression par règle (justes sur posées)",
        "règle                          Alice  Bob",
        "E3                               1/2    —",
        "C12                                —  1/1",
        "note sous B6 (dernière ronde)      —  0/1",
        "total                            1/2  1/2",
    ]
    html = progress_table([alice, bob], "en")._repr_html_()
    assert "<caption>Progress by rule (right out of asked)</caption>" in html
    assert "note under B6 (last round)" in html and "#eeeeee" in html   # never asked: grey
    assert str(progress_table(alice)).splitlines()[1].split() == ["règle", "Alice"]


def test_the_picture_shows_each_rule_and_trainee() -> None:
    pytest.importorskip("matplotlib")
    from swisslearn.viz.progress import progress_figure
    alice = Record("Alice").answered("E3", False, DAY).answered("B2a", True, DAY)
    bob = Record("Bob").answered("E3", True, DAY)
    figure = progress_figure([alice, bob])
    ax = figure.axes[0]
    assert [t.get_text() for t in ax.get_yticklabels()] == ["E3", "B2a"]
    assert [t.get_text() for t in ax.get_xticklabels()] == ["Alice", "Bob"]
    written = sorted(t.get_text() for t in ax.texts)
    assert written == ["0/1", "1/1", "1/1", "—"]
    assert ax.get_title() == "Progression par règle : justes sur posées"
    empty = progress_figure(Record("Carla"), "en")
    assert [t.get_text() for t in empty.axes[0].texts] == ["no answer yet"]


def test_practice_writes_each_question_s_first_answer(tmp_path: Path) -> None:
    pytest.importorskip("ipywidgets")
    path = tmp_path / "alice.json"
    write_record(Record("Alice").answered("A5", False, DAY), path)
    drill = practice(path, seed=0, count=2, today=DAY)
    assert "A5" in drill.question.hint                      # the rule most missed
    drill.check("1-2")                                       # wrong: written down
    drill.check(drill.question.answer)                       # a retry: not written
    drill.next()
    drill.check(drill.question.answer)                       # right: written down
    assert [(a.rule, a.right) for a in read_record(path).answers] == [
        ("A5", False), ("A5", False), ("A5", True)]

"""Every rule has one home (issue 34): each system's rule table
(:mod:`swisslearn.ruletable`) has a row for every label of its text, every
row names a function that exists and sentences both catalogues have, every
row is used, and every label a trace cites is a row of its system's table."""

from __future__ import annotations

import importlib
from functools import cached_property
import re
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from swisslearn import systems
from swisslearn.cli import read_input
from swisslearn.dutch2017.criteria import CRITERIA as CRITERIA_2017
from swisslearn.dutch2017.rules import RULES as RULES_2017
from swisslearn.dutch2026.criteria import CRITERIA as CRITERIA_2026
from swisslearn.dutch2026.rules import RULES as RULES_2026
from swisslearn.generate import GeneratorSettings, generate
from swisslearn.ruletable import Rule, RuleTable
from swisslearn.simplerules import RULES as RULES_SIMPLE
from swisslearn.team2026.rules import RULES as RULES_TEAM, SHARLY_RULES
from swisslearn.trace import Event, Rejection
from swisslearn.words import catalogue

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "data"
SHARED_RULES = ROOT.parent / "shared" / "rules"

TABLES: dict[str, RuleTable] = {
    "dutch-2026": RULES_2026, "dutch-2017": RULES_2017, "team-2026": RULES_TEAM,
    "team-2026-sharly": SHARLY_RULES, "simple": RULES_SIMPLE}


def _numbered(prefix: str, first: int, last: int, brackets: bool = False) -> list[str]:
    return [f"[{prefix}{i}]" if brackets else f"{prefix}{i}" for i in range(first, last + 1)]


# Every label of each text: its articles (to the depth of its headings, and
# the sub-articles that decide something on their own) and its criteria.
TEXT_LABELS: dict[str, list[str]] = {
    "dutch-2026": (_numbered("1.", 1, 9) + _numbered("C", 1, 21, brackets=True)
                   + _numbered("3.", 1, 8) + _numbered("4.", 1, 5) + ["5.1", "5.2"]
                   + _numbered("5.2.", 1, 5)),
    "dutch-2017": (_numbered("A.", 1, 9) + _numbered("B.", 1, 8) + _numbered("C.", 1, 19)
                   + _numbered("D.", 1, 3) + _numbered("E.", 1, 5)),
    "team-2026": (_numbered("1.", 1, 7) + _numbered("C", 1, 10, brackets=True)
                  + _numbered("3.", 1, 6) + _numbered("3.4.", 1, 4) + ["4.1", "4.2", "4.3"]
                  + _numbered("4.3.", 1, 9)),
    # Seed 003's help page: score groups, halves, no rematch, moving down, the
    # bye, the colours (a preference, a strong one, the rank), the boards.
    "simple": ["S-groups", "S-halves", "S-rematch", "S-down", "S-bye", "S-colours",
               "S-colours-strong", "S-colours-rank", "S-boards"],
}
TEXT_LABELS["team-2026-sharly"] = TEXT_LABELS["team-2026"]

# The English texts, where the shared folder is beside the repository: the
# headings and criteria read from them must be the ones listed above.
TEXT_FILES = {"dutch-2026": "fide-dutch-2026-en.md", "dutch-2017": "fide-dutch-2017-en.md",
              "team-2026": "fide-team-swiss-2026-en.md"}
HEADING = {"dutch-2026": re.compile(r"^#### (\d\.\d) ", re.M),
           "dutch-2017": re.compile(r"^### ([A-E]\.\d) ", re.M),
           "team-2026": re.compile(r"^#### (\d\.\d) ", re.M)}
CRITERION = {"dutch-2026": re.compile(r"\[C\d+\]"), "team-2026": re.compile(r"\[C\d+\]"),
             "dutch-2017": re.compile(r"^- \*\*([CE]\.\d+)\*\*", re.M)}

# Rows neither cited by a trace nor said by a sentence: definitions the
# engine applies (each through its ``applied_by``) and nothing else.
DEFINITIONS: dict[str, set[str]] = {
    "dutch-2026": {"1.1", "1.3", "1.4", "1.6", "1.7", "1.8", "3.3", "3.5", "3.6", "3.8", "4.1",
                   "4.5", "5.1"},
    "dutch-2017": {"A.1", "A.4", "A.6", "A.7", "A.8", "B.5", "B.6", "D.3"},
    "team-2026": {"1.1", "1.2", "1.3", "1.5", "1.6", "1.7", "3.1", "3.2", "3.6.2", "4.1", "4.2"},
    "simple": set(),
}
DEFINITIONS["team-2026-sharly"] = DEFINITIONS["team-2026"]

# The criteria the C.04.3 engines' matching weighs (a field of the weight
# each: used on every pair, whether or not a trace happens to cite them).
WEIGHTS = {"dutch-2026": CRITERIA_2026, "dutch-2017": CRITERIA_2017}


def _resolve(path: str) -> object:
    module, _, name = path.partition(":")
    found: object = importlib.import_module(module)
    for part in name.split("."):
        found = getattr(found, part)
    return found


@pytest.mark.parametrize("system", sorted(TABLES))
def test_every_label_of_the_text_has_a_row(system: str) -> None:
    table = TABLES[system]
    missing = [label for label in TEXT_LABELS[system] if label not in table]
    assert not missing, f"{system}: no row for {missing}"
    assert table.system == system


@pytest.mark.parametrize("system", sorted(TEXT_FILES))
def test_the_listed_labels_are_the_texts(system: str) -> None:
    path = SHARED_RULES / TEXT_FILES[system]
    if not path.exists():
        pytest.skip("the shared rule texts are not beside the repository")
    text = path.read_text(encoding="utf-8")
    text = text.split("\n## C.04.1")[0].split("\n## Differences")[0]
    found = set(HEADING[system].findall(text)) | set(CRITERION[system].findall(text))
    # Article 2's headings (2.1 absolute criteria...) are its criteria's rows.
    listed = set(TEXT_LABELS[system]) | {row.article.rsplit(".", 1)[0]
                                         for row in TABLES[system] if row.label.startswith("[C")}
    assert found <= listed, sorted(found - listed)


@pytest.mark.parametrize("system", sorted(TABLES))
def test_every_row_names_a_function_and_sentences_that_exist(system: str) -> None:
    french, english = catalogue("fr"), catalogue("en")
    for row in TABLES[system]:
        assert row.en and row.article and row.applies_to, row
        found = _resolve(row.applied_by)
        assert callable(found) or isinstance(found, (property, cached_property)), row.applied_by
        for key in row.keys:
            assert key in french and key in english, (row.label, key)


def _individual(system: str) -> Iterator[list[Event]]:
    engine = systems.get(system)
    for name in ("club-12-joueurs.trf", "cours-definitions.trf", "cours-derniere-ronde.trf",
                 "chysteme-36-joueurs.trf"):
        tournament = read_input(str(DATA / name)).tournament
        for number in range(1, tournament.rounds_paired + 1):
            yield list(engine.trace(tournament, number))
    for players, rounds, seed in ((9, 6, 1), (14, 7, 2), (20, 7, 3), (13, 7, 4), (7, 5, 5)):
        settings = GeneratorSettings(players=players, rounds=rounds, seed=seed,
                                     absence_rate=0.05, half_bye_rate=0.05)
        tournament = generate(settings, pair_round=engine.pair).tournament
        for number in range(1, tournament.rounds_paired + 1):
            yield list(engine.trace(tournament, number))


def _files(system: str, *names: str) -> Iterator[list[Event]]:
    engine = systems.get(system)
    for name in names:
        tournament = read_input(str(DATA / name)).tournament
        for number in range(1, tournament.rounds_paired + 1):
            yield list(engine.trace(tournament, number))


TRACES: dict[str, Callable[[], Iterator[list[Event]]]] = {
    "dutch-2026": lambda: _individual("dutch-2026"),
    "dutch-2017": lambda: _individual("dutch-2017"),
    "simple": lambda: _individual("simple"),
    "team-2026": lambda: _files("team-2026", "equipes-dix.trf", "equipes-deux-lectures.trf",
                                "protections-six-equipes.trf"),
    "team-2026-sharly": lambda: _files("team-2026-sharly", "equipes-dix.trf",
                                       "equipes-deux-lectures.trf",
                                       "protections-six-equipes.trf"),
}


def _cited(event: Event) -> Iterator[str]:
    yield event.rule
    for value in vars(event).values():
        items = value if isinstance(value, tuple) else (value,)
        for item in items:
            if isinstance(item, Rejection):
                yield item.criterion


@pytest.mark.parametrize("system", sorted(TABLES))
def test_every_label_a_trace_cites_is_a_row_and_every_row_is_used(system: str) -> None:
    table = TABLES[system]
    cited = {label for trace in TRACES[system]() for event in trace for label in _cited(event)}
    assert cited <= set(table.labels), sorted(cited - set(table.labels))
    weighed = {row.name for row in WEIGHTS.get(system, ()) if row.fields}
    unused = [row.label for row in table
              if row.label not in cited and not row.keys and row.label not in weighed
              and row.label not in DEFINITIONS[system]]
    assert not unused, f"{system}: rows neither cited, said nor a definition: {unused}"
    # A definition that gains a sentence or a citation leaves the list.
    stale = [label for label in DEFINITIONS[system] if label in cited or table[label].keys]
    assert not stale, stale


def test_a_label_is_written_once_and_checked_when_taken() -> None:
    row = Rule("X.1", "X.1", "words", "a pair", "swisslearn.ruletable:where")
    with pytest.raises(ValueError, match="two rows"):
        RuleTable("test", (row, row))
    with pytest.raises(KeyError):
        RULES_2026.label("C.10")   # 2017's C.10 is no label of 2026: its [C12] is
    assert RULES_2017["C.10"].applied_by == RULES_2026["[C12]"].applied_by
    assert RULES_2017["C.10"].en != RULES_2026["[C10]"].en


def test_the_french_words_are_the_seeds() -> None:
    seed = ROOT.parent / "shared" / "seeds" / "003_45dfcd879d6ff8c3.txt"
    if not seed.exists():
        pytest.skip("the seeds are not beside the repository")
    text = seed.read_text(encoding="utf-8")
    for row in RULES_SIMPLE:
        assert row.fr and row.fr in text, row.label
    rows_2026 = [row for row in RULES_2026 if row.fr]
    seed_002 = (ROOT.parent / "shared" / "seeds" / "002_e42f2de293ecb86d.txt").read_text(
        encoding="utf-8").replace("’", "'")
    for row in rows_2026:
        first = row.fr.split(". ")[0]
        assert first in seed_002, row.label

"""The engine protocol of :mod:`swisslearn.systems`: every system is called the
same way, ``trace(tournament, round, *, forbidden, avoid)``, and keeps the
pairs it is told to keep apart."""

from __future__ import annotations

import pytest

from conftest import DATA
from swisslearn import systems
from swisslearn.errors import UsageError
from swisslearn.formats.teams import with_teams
from swisslearn.formats.trf import read_trf
from swisslearn.model import Tournament
from swisslearn.systems import Engine, System
from swisslearn.trace import RoundPaired

INDIVIDUAL = ("dutch-1998", "dutch-2017", "dutch-2026", "simple")
TEAMS = ("team-2026", "team-2026-sharly")


def _file(name: str) -> Tournament:
    return with_teams(read_trf(DATA / name)).tournament


@pytest.mark.parametrize("name", INDIVIDUAL + TEAMS)
def test_every_system_is_an_engine_whose_pair_is_its_last_event(name: str) -> None:
    engine: Engine = systems.get(name)
    tournament = _file("club-12-joueurs.trf" if name in INDIVIDUAL else "equipes-dix.trf")
    events = list(engine.trace(tournament, 3))
    assert isinstance(events[-1], RoundPaired) and events[-1].system == engine.name
    assert engine.pair(tournament, 3) == events[-1]


@pytest.mark.parametrize("name", INDIVIDUAL + TEAMS)
def test_forbidden_pairs_are_kept_apart_by_every_system(name: str) -> None:
    engine = systems.get(name)
    tournament = _file("club-12-joueurs.trf" if name in INDIVIDUAL else "equipes-dix.trf")
    first = engine.pair(tournament, 3).boards[0]
    pair = frozenset((first.white, first.black))
    again = engine.pair(tournament, 3, forbidden={pair})
    assert pair not in {frozenset(p) for p in again.pairs()}
    # The tournament handed in is not changed (the pairs are this call's only).
    assert engine.pair(tournament, 3).boards[0] == first


def test_simple_alone_ignores_the_file_interdictions() -> None:
    assert [n for n in systems.available() if not systems.get(n).file_interdictions] \
        == ["simple"]


def test_a_system_not_implemented_says_so() -> None:
    planned = System("dutch-2040", "a future edition")
    assert not planned.available
    with pytest.raises(UsageError, match="not available yet"):
        planned.pair(_file("club-12-joueurs.trf"), 3)

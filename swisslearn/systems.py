"""The registry of pairing systems: the only module that knows them all.

A system is a module with ``trace(tournament, round) -> Iterator[Event]`` and
``pair(tournament, round) -> RoundPaired``; ``pair`` keeps the last event of
``trace`` (one code path).
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Callable, Iterator

from swisslearn.errors import UsageError
from swisslearn.model import RoundNumber, Tournament
from swisslearn.trace import Event, RoundPaired


@dataclass(frozen=True)
class System:
    name: str
    title: str
    module: str | None  # None: not implemented yet

    def _load(self) -> object:
        if self.module is None:
            raise UsageError(f"the system {self.name!r} ({self.title}) is not available yet; "
                             f"available: {', '.join(available())}")
        return importlib.import_module(self.module)

    def trace(self, tournament: Tournament, round: RoundNumber | None = None) -> Iterator[Event]:
        run: Callable[[Tournament, RoundNumber | None], Iterator[Event]]
        run = getattr(self._load(), "trace")
        return run(tournament, round)

    def pair(self, tournament: Tournament, round: RoundNumber | None = None) -> RoundPaired:
        run: Callable[[Tournament, RoundNumber | None], RoundPaired]
        run = getattr(self._load(), "pair")
        return run(tournament, round)


SYSTEMS: dict[str, System] = {
    "dutch-1998": System("dutch-1998", "FIDE Dutch system, 1998 wording (seed 000)",
                         "swisslearn.dutch1998.procedure"),
    "dutch-2026": System("dutch-2026", "FIDE Dutch system C.04.3, applied from 1 Feb 2026",
                         "swisslearn.dutch2026.procedure"),
    "team-2026": System("team-2026", "FIDE Swiss Team Pairing System C.04.6 (2026)",
                        "swisslearn.team2026.procedure"),
    "team-2026-sharly": System("team-2026-sharly", "C.04.6 as the engine inside Sharly Chess "
                               "pairs it (the whole round as one weighted matching)",
                               "swisslearn.team2026.sharly"),
    "simple": System("simple", "the simplified tool of seed 003", "swisslearn.simple"),
}

DEFAULT = "dutch-1998"

# 192 codes (TRF-2026) that name a system we know.
_TYPE_CODES = {
    "FIDE_DUTCH_2025": "dutch-2026", "FIDE_DUTCH_2026": "dutch-2026", "FIDE_DUTCH": "dutch-2026",
}


def available() -> tuple[str, ...]:
    return tuple(name for name, system in SYSTEMS.items() if system.module is not None)


def get(name: str | None, tournament: Tournament | None = None) -> System:
    """The system named ``name``; with no name, the file's ``192`` code if we
    implement it, else the default (``dutch-1998``, the course's system)."""
    if name is None:
        code = tournament.system if tournament is not None else ""
        named = "team-2026" if code.startswith("FIDE_TEAM") else _TYPE_CODES.get(code)
        if named is not None and SYSTEMS[named].module is not None:
            return SYSTEMS[named]
        return SYSTEMS[DEFAULT]
    try:
        return SYSTEMS[name]
    except KeyError:
        raise UsageError(f"unknown system {name!r}: expected one of "
                         f"{', '.join(SYSTEMS)}") from None

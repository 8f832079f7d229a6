"""Why a file's rounds may not be re-paired as they stand (issue 32): the
hints ``check`` adds when a round differs for a reason that is the file's.

* **numbers that are not pairing numbers**: the Dutch rules pair round 1
  from the initial order (ratings, highest first).  A file whose numbers
  follow the final standing (Lichess exports: points never increase with the
  number) or whose ratings do not decrease with the numbers was renumbered:
  round 1 cannot be the pairing of its numbers, and nothing after it is
  compared on the same ground.
"""

from __future__ import annotations

from dataclasses import dataclass

from swisslearn.model import Tournament

__all__ = ["Hint", "numbering_hint"]


@dataclass(frozen=True)
class Hint:
    """A catalogue key and its fields."""

    key: str
    fields: tuple[tuple[str, object], ...] = ()


def numbering_hint(tournament: Tournament) -> Hint | None:
    """Why the file's numbers are not its pairing numbers, or None (a team
    tournament's numbers are its teams' and follow other rules)."""
    if getattr(tournament, "teams", ()):
        return None
    players = sorted(tournament.players, key=lambda p: tournament.pairing_number(p.id))
    if len(players) < 4:
        return None
    points = [tournament.standing_points(p.id) for p in players]
    if (tournament.rounds_paired >= 2 and len(set(points)) > 1
            and all(a >= b for a, b in zip(points, points[1:]))):
        return Hint("real.hint.standing", (("first", players[0].id),
                                            ("last", players[-1].id)))
    rated = [p for p in players if p.rating > 0]
    for higher, lower in zip(rated, rated[1:]):
        if lower.rating > higher.rating:
            return Hint("real.hint.ratings", (("a", higher.id), ("a_rating", higher.rating),
                                              ("b", lower.id), ("b_rating", lower.rating)))
    return None

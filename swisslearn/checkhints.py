"""Why a file's rounds may not be re-paired as they stand (issue 32): the
hints ``check`` adds when a round differs for a reason that is the file's.

* **numbers that are not pairing numbers**: the Dutch rules pair round 1
  from the initial order (ratings, highest first).  A file whose numbers
  follow the final standing (Lichess exports: points never increase with the
  number) or whose ratings do not decrease with the numbers was renumbered:
  round 1 cannot be the pairing of its numbers, and nothing after it is
  compared on the same ground.
* **a player absent but paired** (:func:`absence_hints`): the file announces
  an absence or a bye for a round (``240``) and that round pairs the player
  all the same (the reader keeps the round block and warns); or the
  reverse, a round block that gives a player a game's result (a forfeit
  win « 0000 - + », a win) without an opponent: the file says he was not
  paired, but the result says he was (the pairing-allocated bye written as
  a forfeit win, or a forfeit written without its opponent).  The engine
  pairs the round without him, so it cannot be the round the file records.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from swisslearn.model import RoundNumber, Tournament
from swisslearn.results import Result

__all__ = ["Hint", "absence_hints", "numbering_hint"]


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


#: Results that give points as a game does: written without an opponent,
#: the player was paired (a forfeit, the pairing-allocated bye) or the file is wrong.
_WON_WITHOUT_OPPONENT = (Result.FORFEIT_WIN, Result.WIN, Result.WIN_UNPLAYED_MOVE)


def absence_hints(tournament: Tournament, round: RoundNumber,
                  warnings: Iterable[object] = ()) -> list[Hint]:
    """Why round ``round`` may differ because of what the file says of who
    was paired: ``240`` announcements its round blocks contradict (the
    reader's ``trf.240_contradicts`` warnings, among ``warnings``) for a
    player the round pairs, and players with a won result but no opponent
    (with those who lost without one, a forfeit written without its
    opponent)."""
    hints: list[Hint] = []
    for warning in warnings:
        fields = getattr(warning, "fields", {})
        if getattr(warning, "key", "") != "trf.240_contradicts" or fields.get("round") != round:
            continue
        player = fields.get("player")
        if not isinstance(player, int) or player not in tournament:
            continue
        entry = tournament.player(player).entry(round)
        if entry is None or not entry.paired:
            continue
        opponent = entry.opponent
        hints.append(Hint("real.hint.absent_paired" if opponent is not None
                          else "real.hint.absent_bye",
                          (("round", round), ("player", player),
                           ("kind", fields.get("kind", "")),
                           ("line", getattr(warning, "line", 0)),
                           ("opponent", opponent if opponent is not None else ""))))
    winners: list[int] = []
    losers: list[int] = []
    for player in sorted(tournament.players, key=lambda p: p.id):
        entry = player.entry(round)
        if entry is None or entry.opponent is not None:
            continue
        if entry.result in _WON_WITHOUT_OPPONENT:
            winners.append(player.id)
        elif entry.result is Result.FORFEIT_LOSS:
            losers.append(player.id)
    if winners:
        listed = ", ".join(map(str, winners))
        if losers:
            hints.append(Hint("real.hint.forfeit_unpaired",
                              (("round", round), ("winners", listed),
                               ("losers", ", ".join(map(str, losers))))))
        else:
            hints.append(Hint("real.hint.win_unpaired", (("round", round), ("winners", listed))))
    return hints

"""Article 2 as numbers: the absolute criteria [C1]-[C3] decide whether two
players may meet; [C4]-[C21] become fields of one integer edge weight, most
important first, so that a maximum-weight matching satisfies them in
priority order (the technique of the FIDE-endorsed engines).

The weight of a pair, from the most significant field down::

    [C4]/[C5]   1 + (higher not a PAB candidate) + (lower not a PAB candidate)
    [C6]        1 if the pair is made in the current bracket
    [C7]        2**shift(score of the higher player)   (current bracket)
    [C8]        1 if the pair is made in the next bracket
    [C8]        2**shift(score of the higher player)   (next bracket)
    [C9]        rank of each PAB-score player by unplayed games (paired: kept from the PAB)
    [C10]-[C13] 1 if the pair does not break the criterion
    [C14]/[C15] residents paired who downfloated / MDP opponents not upfloated, last round
    [C16]/[C17] the same, two rounds before
    [C18]/[C19] the same weighted by score (2**shift), last round
    [C20]/[C21] the same, two rounds before
    soft-avoid  1 if the pair is not two members of a soft-avoid protection
                group (seed 002; only when such groups are given)
    (4.2-4.3)   room for the generation order of the candidates

``shift(score)`` gives every score its own bit range, wide enough to count
the players of that score, higher scores in higher bits: maximising the sum
maximises the scores paired, higher scores first ([C7]).  A PAB candidate
is a player allowed the PAB ([C2]) whose score is at most the lowest score
the PAB can go to ([C5]); pairing every non-candidate leaves the PAB to a
candidate.  Only pairs inside the bracket being paired (lower player a
resident of it) get the quality fields; every other pair keeps only what
completion needs ([C4]).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from decimal import Decimal
from typing import Mapping, Sequence

from swisslearn.dutch2026.scoring import Competitor
from swisslearn.model import PlayerId

__all__ = ["Layout", "absolute_violation", "compatible", "FIELD_NAMES", "make_layout"]


def absolute_violation(a: Competitor, b: Competitor,
                       forbidden: frozenset[frozenset[PlayerId]]) -> str | None:
    """The absolute criterion that forbids ``a``-``b``, or ``None``.

    ``"[C1]"``: they played each other; ``"forbidden"``: a ``260``/``XXP``
    record; ``"[C3]"``: same absolute colour preference, neither a topscorer.
    """
    if b.id in a.opponents:
        return "[C1]"
    if forbidden and frozenset((a.id, b.id)) in forbidden:
        return "forbidden"
    if (a.absolute and b.absolute and a.preference is b.preference
            and not (a.topscorer or b.topscorer)):
        return "[C3]"
    return None


def compatible(a: Competitor, b: Competitor, forbidden: frozenset[frozenset[PlayerId]]) -> bool:
    return absolute_violation(a, b, forbidden) is None


def _bits(n: int) -> int:
    """Bits needed to write ``n`` (at least 1)."""
    return max(n.bit_length(), 1)


@dataclass(frozen=True)
class Layout:
    """The widths of the weight fields for one round.

    ``group_bits`` counts the players of the largest score group;
    ``shifts`` gives each pairing score its bit offset in a score field of
    ``score_bits`` bits; ``played`` is the number of rounds already played
    (the float criteria need one, resp. two, earlier rounds).
    """

    group_bits: int
    shifts: Mapping[Decimal, int]
    score_bits: int
    played: int
    forbidden: frozenset[frozenset[PlayerId]]
    avoid: frozenset[frozenset[PlayerId]] = frozenset()

    @cached_property
    def widths(self) -> tuple[int, ...]:
        """Widths of the fields below the top one, in :data:`FIELD_NAMES` order."""
        g, s = self.group_bits, self.score_bits
        widths = [g, s, g, s, 2 * g, g, g, g, g]
        if self.played >= 1:
            widths += [g, g]
        if self.played >= 2:
            widths += [g, g]
        if self.played >= 1:
            widths += [s, s]
        if self.played >= 2:
            widths += [s, s]
        if self.avoid:
            widths += [g]
        widths += [3 * g + 1]
        return tuple(widths)

    @cached_property
    def names(self) -> tuple[str, ...]:
        names = ["[C4]", "[C6]", "[C7]", "[C8]", "[C8]", "[C9]", "[C10]", "[C11]", "[C12]",
                 "[C13]"]
        if self.played >= 1:
            names += ["[C14]", "[C15]"]
        if self.played >= 2:
            names += ["[C16]", "[C17]"]
        if self.played >= 1:
            names += ["[C18]", "[C19]"]
        if self.played >= 2:
            names += ["[C20]", "[C21]"]
        if self.avoid:
            names += ["soft-avoid"]
        names += ["4.2-4.3"]
        return tuple(names)

    @property
    def low_bits(self) -> int:
        """Bits reserved under the criteria for the generation order."""
        return 3 * self.group_bits + 1

    def pack(self, fields: Sequence[int]) -> int:
        """The weight of the field values ``fields`` (top field first)."""
        total = 0
        for value, offset in zip(fields, self._offsets):
            if value:
                total += value << offset
        return total

    @cached_property
    def _offsets(self) -> tuple[int, ...]:
        """Where each field starts, top field first (computed once: every pair
        of every bracket is packed)."""
        offsets = []
        total = sum(self.widths)
        for width in (0,) + self.widths:
            total -= width
            offsets.append(total)
        return tuple(offsets)

    def shift(self, score: Decimal) -> int:
        return self.shifts[score]

    def pair_fields(self, higher: Competitor, lower: Competitor, *, in_current: bool,
                    in_next: bool, bye_score: Decimal, c9: bool,
                    unplayed_ranks: Mapping[int, int]) -> tuple[int, ...] | None:
        """The field values of the pair, ``None`` if [C1]-[C3] forbid it.

        ``higher`` ranks above ``lower`` (1.2); ``in_current``: ``lower`` is
        a resident of the bracket being paired (``higher`` is a resident or
        an MDP); ``in_next``: ``lower`` belongs to the next scoregroup.
        """
        if not compatible(higher, lower, self.forbidden):
            return None
        hs, ls = higher.pairing_score, lower.pairing_score
        shifts = self.shifts
        completion = (1 + (not _candidate(higher, bye_score))
                      + (not _candidate(lower, bye_score)))
        c9_value = 0
        if c9:
            if hs == bye_score:
                c9_value += unplayed_ranks[higher.played_games]
            if ls == bye_score:
                c9_value += unplayed_ranks[lower.played_games]
        if not in_current:
            # Only the pairs made in the current bracket have quality fields
            # (most pairs of a round are not: keep them quick).
            return (completion, 0, 0, int(in_next), (1 << shifts[hs]) if in_next else 0,
                    c9_value) + self._no_quality
        fields = [completion, 1, 1 << shifts[hs], 0, 0, c9_value]
        fields += _colour_fields(lower, higher)
        backs = range(min(self.played, 2))
        lower_down, higher_down, lower_up = lower.downfloated, higher.downfloated, lower.upfloated
        for back in backs:
            # [C14]/[C16]: residents paired here who downfloated then.
            fields.append(int(lower_down[back]) + int(hs <= ls and higher_down[back]))
            # [C15]/[C17]: pairs that do not upfloat again a resident who upfloated then.
            fields.append(int(not (hs > ls and lower_up[back])))
        for back in backs:
            # [C18]/[C20]: scores of the players with that downfloat, paired here.
            fields.append((int(lower_down[back]) << shifts[ls])
                          + (int(higher_down[back]) << shifts[hs]))
            # [C19]/[C21]: scores of MDPs whose opponent did not upfloat then.
            fields.append(0 if (lower_up[back] and hs > ls) else 1 << shifts[hs])
        if self.avoid:
            # Seed 002's soft-avoid: the lowest criterion, above the order.
            fields.append(int(frozenset((higher.id, lower.id)) not in self.avoid))
        fields.append(0)  # the room for 4.2-4.3
        return tuple(fields)

    @cached_property
    def _no_quality(self) -> tuple[int, ...]:
        """The fields after [C9] of a pair not made in the current bracket."""
        return (0,) * (len(self.widths) - 5)

    def weight(self, higher: Competitor, lower: Competitor, *, in_current: bool,
               in_next: bool, bye_score: Decimal, c9: bool,
               unplayed_ranks: Mapping[int, int]) -> int:
        fields = self.pair_fields(higher, lower, in_current=in_current, in_next=in_next,
                                  bye_score=bye_score, c9=c9, unplayed_ranks=unplayed_ranks)
        return 0 if fields is None else self.pack(fields)

    def completion_weight(self, higher: Competitor, lower: Competitor, top: Decimal) -> int:
        """[C4]/[C5] alone, for the first matching of an odd round: pair all
        players not allowed the PAB, then the highest scores, then the top
        scoregroup among itself, so that the one left out has the lowest
        score possible."""
        if not compatible(higher, lower, self.forbidden):
            return 0
        weight = 1 + (not higher.bye_eligible) + (not lower.bye_eligible)
        weight = (weight << self.score_bits) + self.shift(higher.pairing_score) \
            + self.shift(lower.pairing_score)
        return (weight << self.group_bits) + int(lower.pairing_score >= top)


FIELD_NAMES = ("[C4]", "[C6]", "[C7]", "[C8]", "[C8]", "[C9]", "[C10]", "[C11]", "[C12]",
               "[C13]", "[C14]", "[C15]", "[C16]", "[C17]", "[C18]", "[C19]", "[C20]",
               "[C21]", "4.2-4.3")


def _candidate(player: Competitor, bye_score: Decimal) -> bool:
    """Could this player be left with the PAB ([C2], [C5])?"""
    return player.bye_eligible and player.pairing_score <= bye_score


def _colour_fields(a: Competitor, b: Competitor) -> list[int]:
    """[C10]-[C13] for the pair: 1 when the pair keeps the criterion."""
    same = a.preference is not None and a.preference is b.preference
    # [C10]: both already two colours off in the same direction: one ends three off.
    c10 = not (a.absolute_imbalance and b.absolute_imbalance and same)
    # [C11]: one of them would get the same colour a third time.  Both
    # absolute with the same preference: the wider colour difference gets
    # its colour (5.2.2), the other the colour it repeated, if it did.
    if a.absolute and b.absolute and same:
        assert a.preference is not None
        if a.imbalance == b.imbalance:
            c11 = a.repeated is None or a.repeated is not b.repeated
        else:
            loser = b if a.imbalance > b.imbalance else a
            c11 = loser.repeated is not a.preference.opposite
    else:
        c11 = True
    # [C12]: both get their preference.
    c12 = not same
    # [C13]: both get a strong preference (absolute against absolute is [C10]/[C11]).
    strongish_a = a.strong or a.absolute
    strongish_b = b.strong or b.absolute
    c13 = not (same and strongish_a and strongish_b and not (a.absolute and b.absolute))
    return [int(c10), int(c11), int(c12), int(c13)]


def make_layout(players: Sequence[Competitor], played: int,
                forbidden: frozenset[frozenset[PlayerId]],
                avoid: frozenset[frozenset[PlayerId]] = frozenset()) -> Layout:
    """The layout for the players to pair (sorted by 1.2 or not)."""
    sizes: dict[Decimal, int] = {}
    for p in players:
        sizes[p.pairing_score] = sizes.get(p.pairing_score, 0) + 1
    shifts: dict[Decimal, int] = {}
    total = 0
    for score in sorted(sizes):  # lowest score in the lowest bits
        shifts[score] = total
        total += _bits(sizes[score])
    largest = max(sizes.values(), default=1)
    return Layout(group_bits=_bits(largest), shifts=shifts, score_bits=max(total, 1),
                  played=played, forbidden=forbidden, avoid=avoid)

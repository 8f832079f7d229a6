"""The reference engine's measure of a whole round: the fields of its edge weight.

The engine inside Sharly Chess (the reference of ``../shared/vectors/team2026``,
its README, "Known limits") pairs every team but the PAB at once, as one
maximum-weight matching.  Each field of its edge weight is counted over the
whole round; most significant first (:data:`FIELDS`, the one table of them):

=========  ===========================================================
field      what a pairing of the round is measured by (better first)
=========  ===========================================================
pairs      the number of pairs (as many as the legal pairs allow)
[C4]       pairs inside a scoregroup, i.e. the fewest upfloaters
[C5]       upfloaters per score level, the highest level first: more
           upfloaters at a higher level outrank any number lower down
           (the upfloater's own score; the resident's is not looked at)
[C7]       upfloaters that did not float in the previous round
[C8]       pairs whose colour preferences are compatible
[C9]       (Type B) pairs that are not two equal strong preferences
[C10]      upfloaters' opponents that did not float in the previous round
soft-avoid (protections, seed 002) pairs not of a same soft-avoid group
3.6.2      the set of top members (smaller TPN of each pair), a bit per
           TPN, the lower TPNs more significant
3.6.3      the sum over the pairs of (TPN(top) − 1) × (TPN(bottom) − 1)
=========  ===========================================================

No [C6]; a PAB counts as a float for [C7] and [C10] (that is the team
states' :data:`~swisslearn.team2026.state.SHARLY` reading); [C7] and [C10]
do not count in the last two rounds.  Seed 002 (Sharly Chess's own page)
puts its "soft-avoid" protection as the lowest criterion, "before the order
in which the rules would try them": a field between [C10] and the top
members (all pairs count 1 there when there is no such group).

Two pairings may tie on every field (the product of TPN 1 is 0 whatever its
partner, and different products may add up to the same sum); the engine
then keeps whatever its matching routine finds, and so does
:func:`best_pairing`: the project's compiled matching returns the
reference's pairing in all six such rounds of the vectors (rtg-001, -002,
-004, -010, -012, -019, round 2), the networkx fallback in four.
``text_order=True`` adds one field below all the others, the 3.6.3 order of
the whole round (top members ascending, then for each the smallest bottom
member): the trace uses it to tell a tie and to show the tied pairing the
text's order puts first.

:func:`measure` gives the fields of a pairing (:class:`RoundFields`, in the
text's counts: upfloaters, floaters, preferences missed...);
:func:`best_pairing` the pairing with the greatest weight.  Both use the
same per-pair contributions (:class:`Measure`), so a trace that compares
two pairings field by field compares exactly what the matching maximised.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from typing import Iterable, Sequence

from swisslearn.teams import PreferenceType
from swisslearn.matching import max_weight_matching
from swisslearn.team2026.rules import SHARLY_RULES
from swisslearn.team2026.state import TeamState

__all__ = ["Field", "FIELDS", "RoundFields", "Measure", "measure", "best_pairing",
           "first_difference", "floats_apply"]


@dataclass(frozen=True)
class Field:
    """One field of the engine's weight: ``key`` (an attribute of
    :class:`RoundFields`), ``label`` (the criterion or article it stands for)."""

    key: str
    label: str


_R = SHARLY_RULES.label
FIELDS: tuple[Field, ...] = (
    Field("pairs", _R("pairs")),
    Field("upfloaters", _R("[C4]")),
    Field("levels", _R("[C5]")),
    Field("floated", _R("[C7]")),
    Field("colour_misses", _R("[C8]")),
    Field("strong_misses", _R("[C9]")),
    Field("opponents_floated", _R("[C10]")),
    Field("avoided", _R("soft-avoid")),
    Field("top", _R("3.6.2")),
    Field("products", _R("3.6.3")),
)
"""The fields of the engine's weight, most significant first."""


@dataclass(frozen=True)
class RoundFields:
    """A pairing of the round measured field by field, in the text's counts.

    ``levels``: (score, upfloaters of that score), every score level of the
    round, highest first; ``top``: the top members ascending; ``floated`` and
    ``opponents_floated`` are 0 where [C7]/[C10] do not apply; ``avoided``
    the pairs of a soft-avoid protection group."""

    pairs: int
    upfloaters: int
    levels: tuple[tuple[Decimal, int], ...]
    floated: int
    colour_misses: int
    strong_misses: int
    opponents_floated: int
    avoided: int
    top: tuple[int, ...]
    products: int

    def key(self, field: Field) -> tuple[int, ...]:
        """The value of ``field`` as the engine compares it: greater is better."""
        if field.key == "levels":
            return tuple(count for _, count in self.levels)
        if field.key == "top":
            # A bit per TPN, the lower TPN more significant: the set whose
            # smallest member not in the other is smaller wins.
            return _bits_of(self.top)
        value = getattr(self, field.key)
        assert isinstance(value, int)
        # Counted as the text counts them (upfloaters, preferences missed...):
        # fewer is better, but pairs and the sum of products are maximised.
        return (value,) if field.key in ("pairs", "products") else (-value,)


def _bits_of(members: Iterable[int]) -> tuple[int, ...]:
    # Comparing the ascending members with "absent is worse" would need the
    # universe; the tuple of negated members, compared lexicographically,
    # orders sets exactly as the bit field does once both hold as many
    # members (they do: every pair has one top member).
    return tuple(-m for m in sorted(members))


def first_difference(ours: RoundFields, theirs: RoundFields) -> Field | None:
    """The most significant field on which two pairings of the same teams differ."""
    for field in FIELDS:
        if ours.key(field) != theirs.key(field):
            return field
    return None


def floats_apply(rounds: int | None, round: int) -> bool:
    """[C7] and [C10] count: not one of the last two rounds (``142``; both
    readings agree on this)."""
    return rounds is None or round < rounds - 1


def _bits(n: int) -> int:
    return max(n.bit_length(), 1)


class Measure:
    """The per-pair contributions of the engine's weight for one round.

    ``teams``: the teams to pair (the PAB team left out); ``kind`` the colour
    preferences in use; ``floats_apply``: [C7] and [C10] count (not in the
    last two rounds); ``avoid`` the pairs of soft-avoid protection groups."""

    def __init__(self, teams: Sequence[TeamState], kind: PreferenceType,
                 floats_apply: bool, avoid: frozenset[frozenset[int]] = frozenset()) -> None:
        self.avoid = avoid
        self.ordered = sorted(teams, key=lambda t: t.tpn)
        self.by_tpn = {t.tpn: t for t in self.ordered}
        self.rank = {t.tpn: i for i, t in enumerate(self.ordered)}
        self.kind = kind
        self.floats_apply = floats_apply
        self.levels = tuple(sorted({t.score for t in self.ordered}, reverse=True))
        self.level_index = {s: i for i, s in enumerate(self.levels)}
        n = len(self.ordered)
        self.n = n
        self.count_bits = _bits(n // 2) + 1
        largest = max((t.tpn for t in self.ordered), default=1) - 1
        self.product_bits = _bits(max(n // 2, 1) * largest * largest) + 1
        self.partner_bits = _bits(n)

    def contributions(self, a: TeamState, b: TeamState) -> tuple[int, ...]:
        """What the pair adds to each field, "good" counts (greater is
        better), in :data:`FIELDS` order with one entry per score level for
        [C5]."""
        top, bottom = (a, b) if a.tpn < b.tpn else (b, a)
        across = a.score != b.score
        levels = [0] * len(self.levels)
        c7 = c10 = 0
        if across:
            upfloater, resident = (a, b) if a.score < b.score else (b, a)
            levels[self.level_index[upfloater.score]] = 1
            if self.floats_apply:
                c7 = int(not upfloater.floated_last_round)
                c10 = int(not resident.floated_last_round)
        same_preference = a.preference is not None and a.preference is b.preference
        c8 = int(not same_preference)
        c9 = int(not (self.kind is PreferenceType.B and same_preference
                      and a.strong and b.strong))
        apart = int(frozenset((a.tpn, b.tpn)) not in self.avoid)
        top_bit = 1 << (self.n - 1 - self.rank[top.tpn])
        product = (top.tpn - 1) * (bottom.tpn - 1)
        return (1, int(not across), *levels, c7, c8, c9, c10, apart, top_bit, product)

    def widths(self) -> tuple[int, ...]:
        count = self.count_bits
        return (count, count, *([count] * len(self.levels)), count, count, count, count, count,
                self.n, self.product_bits)

    def weight(self, a: TeamState, b: TeamState, text_order: bool = False) -> int:
        """The edge weight: the contributions packed, most significant first
        (``text_order``: then the 3.6.3 order of the whole round)."""
        weight = 0
        for value, width in zip(self.contributions(a, b), self.widths()):
            weight = (weight << width) + value
        if not text_order:
            return weight
        top, bottom = (a, b) if a.tpn < b.tpn else (b, a)
        ra, rb = self.rank[top.tpn], self.rank[bottom.tpn]
        partner = (self.n - rb) << (self.partner_bits * (self.n - 1 - ra))
        return (weight << (self.partner_bits * self.n)) + partner

    def fields(self, pairs: Iterable[tuple[int, int]]) -> RoundFields:
        """The fields of a pairing (pairs of TPNs of these teams)."""
        pairs = [(min(a, b), max(a, b)) for a, b in pairs]
        totals = [0] * len(self.widths())
        for a, b in pairs:
            for i, value in enumerate(self.contributions(self.by_tpn[a], self.by_tpn[b])):
                totals[i] += value
        k = len(self.levels)
        count = len(pairs)
        level_counts = tuple(zip(self.levels, totals[2:2 + k]))
        c7, c8, c9, c10, apart = totals[2 + k:7 + k]
        across = count - totals[1]
        return RoundFields(
            pairs=count, upfloaters=across, levels=level_counts,
            floated=across - c7 if self.floats_apply else 0,
            colour_misses=count - c8, strong_misses=count - c9,
            opponents_floated=across - c10 if self.floats_apply else 0,
            avoided=count - apart, top=tuple(sorted(a for a, _ in pairs)), products=totals[-1])


def measure(teams: Sequence[TeamState], pairs: Iterable[tuple[int, int]],
            kind: PreferenceType, floats_apply: bool,
            avoid: frozenset[frozenset[int]] = frozenset()) -> RoundFields:
    """The engine's fields of the pairing ``pairs`` of ``teams``."""
    return Measure(teams, kind, floats_apply, avoid).fields(pairs)


def best_pairing(teams: Sequence[TeamState], legal: Iterable[tuple[int, int]],
                 kind: PreferenceType, floats_apply: bool,
                 avoid: frozenset[frozenset[int]] = frozenset(),
                 text_order: bool = False) -> tuple[tuple[int, int], ...]:
    """The pairing of greatest weight over the ``legal`` pairs (TPNs, any
    order), as ``(top, bottom)`` pairs in TPN order; it may leave teams
    unpaired when the legal pairs allow no complete pairing.  Ties: whatever
    the matching finds, or (``text_order``) the first in 3.6.3 order."""
    scale = Measure(teams, kind, floats_apply, avoid)
    weights: dict[tuple[int, int], int] = {}
    for a, b in legal:
        key = (min(a, b), max(a, b))
        weights[key] = scale.weight(scale.by_tpn[key[0]], scale.by_tpn[key[1]], text_order)
    mates = max_weight_matching((t.tpn for t in scale.ordered), weights)
    return tuple(sorted({(min(a, b), max(a, b)) for a, b in mates.items()}))

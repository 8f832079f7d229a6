"""Section C of C.04.3 (2017) as one table, :data:`CRITERIA`: every
criterion C.1-C.19 once, with its words, when it applies and how it is
measured (:mod:`swisslearn.dutch2026.weights` says what a row holds).

The same technique as 2026 (:mod:`swisslearn.dutch2026.criteria`): C.1-C.3
remove the edge, the others are bit fields of one integer weight, most
important first.  What differs is what the 2017 criteria measure, and that
the layout belongs to one bracket (the PSD's artificial value is one point
under the bracket's lowest resident, A.8)::

    C.4         (PPB, CLB, last bracket) 1 + the players of the pair not allowed the PAB
    C.5         1 if the pair is made in the bracket
    C.6         PSD: 2**sd(higher) + 2**sd(lower) - 2**sd(their difference)
    C.7         (neither PPB nor CLB) 1 if the pair is made in the next scoregroup
    C.7         2**sd of each player of the bracket the pair pairs (next bracket's PSD)
    C.8-C.11    1 if the pair does not break the criterion (2026's [C10]-[C13])
    C.12/C.13   players kept from the same downfloat / upfloat as last round
    C.14/C.15   the same, two rounds before
    C.16/C.17   the score differences of those floats (PSD-like), last round
    C.18/C.19   the same, two rounds before
    soft-avoid  1 if the pair is not two members of a soft-avoid group (seed 002)
    (D.1-D.3)   room for the generation order of the candidates

``sd(x)`` is the bit offset of a score difference (A.8: a downfloater's
score minus the artificial value, or a pair's difference), higher SDs in
higher bits (:func:`swisslearn.dutch2017.definitions.score_differences`).
Maximising the sum of C.6 minimises the PSD: each pair saves the two SDs its
players would have as downfloaters and costs its own SD.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from decimal import Decimal
from typing import Callable, Mapping, Sequence

from swisslearn.dutch2017.definitions import score_differences
from swisslearn.dutch2026 import criteria as criteria2026
from swisslearn.dutch2026.criteria import compatible, mdp_opponents, resident_downfloaters
from swisslearn.dutch2026.scoring import Competitor
from swisslearn.dutch2026.weights import Criterion, Field, Scope, TableLayout, both_rounds
from swisslearn.model import PlayerId

__all__ = ["CRITERIA", "Layout", "criterion", "make_layout"]


@dataclass(frozen=True)
class Layout(TableLayout):
    """The shape of the weight for one bracket, from :data:`CRITERIA`.

    ``group_bits`` counts the players the bracket's matching sees;
    ``floor`` is A.8's artificial value; ``sd`` the bit offset of each
    score difference in an SD field of ``sd_bits`` bits; ``score`` the
    residents' score (the bracket's players have at least it); ``special``:
    the PPB, the CLB or the last bracket (C.4 applies, C.7 does not);
    ``played``: rounds already played; ``final``: an ordinary bracket whose
    next scoregroup is the lowest, so that the bracket C.7 looks at is the
    last one, whose pairing includes the bye (A.9's note).
    """

    group_bits: int
    floor: Decimal
    sd: Mapping[Decimal, int]
    sd_bits: int
    score: Decimal
    special: bool
    played: int
    forbidden: frozenset[frozenset[PlayerId]]
    avoid: frozenset[frozenset[PlayerId]] = frozenset()
    final: bool = False

    @property
    def table(self) -> Sequence[Criterion]:
        return CRITERIA

    def weigher(self) -> Callable[[Competitor, Competitor, bool, bool], int]:
        """``weigh(higher, lower, in_current, in_next)``: the weight of a pair
        (0: C.1-C.3 forbid it)."""
        forbidden = self.forbidden
        return self.checked_weigher(self, lambda higher, lower: compatible(higher, lower,
                                                                         forbidden))

    def weighers(self) -> tuple[Callable[[Competitor, Competitor, bool, bool], int],
                                Callable[[Competitor, Competitor, bool, bool], int]]:
        """:meth:`weigher` without C.1-C.3 (the caller checks them, see
        :mod:`swisslearn.dutch2026.pairweights`), and the same for two
        players standing for their classes (no pair of them a soft-avoid
        pair: the soft-avoid pairs are weighed by the first).  The fields
        stay this layout's: only what the measures read loses the pairs."""
        return (self.fields.weigher(self),
                self.fields.weigher(dataclasses.replace(self, avoid=frozenset())))

    def down(self, player: Competitor) -> int:
        """2**sd of the player as a downfloater."""
        return 1 << self.sd[player.pairing_score - self.floor]

    def pair(self, higher: Competitor, lower: Competitor) -> int:
        """2**sd of the pair's score difference.

        A difference that A.8's table does not hold belongs to no pair the
        bracket can make: the large-bracket route weighs a class of players
        against itself, and a class of one resident (a bracket of a single
        resident) has no such pair.  Its weight is never a pair's, so 0."""
        offset = self.sd.get(higher.pairing_score - lower.pairing_score)
        return 0 if offset is None else 1 << offset


# ---------------------------------------------------------------------------
# How each criterion is measured (a pair: higher ranked player first)


def _completion(h: Competitor, l: Competitor, c: Layout) -> int:
    return 1 + (not h.bye_eligible) + (not l.bye_eligible)


def _one(h: Competitor, l: Competitor, c: Layout) -> int:
    return 1


def _psd(h: Competitor, l: Competitor, c: Layout) -> int:
    """C.6: the two downfloater SDs the pair saves, less its own SD."""
    return c.down(h) + c.down(l) - c.pair(h, l)


def _next_pairs(h: Competitor, l: Competitor, c: Layout) -> int:
    """C.7's pairs in the following bracket.

    When the following bracket is the last one, its pairing includes the
    pairing-allocated bye (A.9's note: "independently from the route
    followed, the assignment of the pairing-allocated bye (see C.2) is part
    of the pairing of the last bracket").  The pairs of the bracket and of
    the next scoregroup are then counted together with C.4's measure (1, and
    1 more for each player of the pair C.2 bars from the bye): a set of
    downfloaters that leaves the bye to a player allowed it beats one that
    does not, before the colours.  The reference engine (bbpPairings v5)
    weighs these brackets so.  Otherwise: 1 for a pair made in the next
    scoregroup (its lower player is not a resident)."""
    if c.final:
        return _completion(h, l, c)
    return int(l.pairing_score < c.score)


def _next_pairs_width(layout: Layout) -> int:
    return layout.group_bits + (2 if layout.final else 0)


def _next_psd(h: Competitor, l: Competitor, c: Layout) -> int:
    """C.7: the players of this bracket the pair pairs (in it, or in the
    next bracket as MDPs), by their SD as downfloaters: the next bracket's
    PSD is smallest when the highest MDPs are paired there."""
    value = 0
    if h.pairing_score >= c.score:
        value += c.down(h)
    if l.pairing_score >= c.score:
        value += c.down(l)
    return value


def _repeated_downfloat_sd(back: int) -> Callable[[Competitor, Competitor, Layout], int]:
    """C.16/C.18: a player with that downfloat kept in the bracket saves its
    SD as a downfloater; an MDP paired down again costs the pair's SD."""
    def value(h: Competitor, l: Competitor, c: Layout) -> int:
        result = c.down(l) if l.downfloated[back] else 0
        if h.downfloated[back]:
            result += c.down(h)
            if h.pairing_score > l.pairing_score:
                result -= c.pair(h, l)
        return result
    return value


def _repeated_upfloat_sd(back: int) -> Callable[[Competitor, Competitor, Layout], int]:
    """C.17/C.19: a resident with that upfloat paired up again costs the
    pair's SD."""
    def value(h: Competitor, l: Competitor, c: Layout) -> int:
        if l.upfloated[back] and h.pairing_score > l.pairing_score:
            return -c.pair(h, l)
        return 0
    return value


def _group(layout: Layout) -> int:
    return layout.group_bits


def _sds(layout: Layout) -> int:
    return layout.sd_bits


def _top(layout: Layout) -> int:
    return 0


def _special(layout: Layout) -> bool:
    return layout.special


def _ordinary(layout: Layout) -> bool:
    return not layout.special


def _renumbered(name_2026: str, name: str, text: str) -> Criterion:
    """A 2026 row under its 2017 name and words (the measure is the same)."""
    return dataclasses.replace(criteria2026.criterion(name_2026), name=name, article=name,
                               text=text)


_SAME_DOWN = "counts the players of a pair kept from downfloating again (both, in a pair of equals)"
_SAME_UP = "1 for a pair that does not upfloat again a player who upfloated then"
_DOWN_SD = ("2**sd of each player with that downfloat kept in the bracket, less the pair's SD "
            "when an MDP with it is paired down again")
_UP_SD = "minus 2**sd of the pair when it upfloats again a player who upfloated then"

_C12, _C14 = both_rounds(("C.12", "C.12"), ("C.14", "C.14"), "minimize the number of players "
                         "who receive the same downfloat as {when}.", _SAME_DOWN, _group,
                         resident_downfloaters)
_C13, _C15 = both_rounds(("C.13", "C.13"), ("C.15", "C.15"), "minimize the number of players "
                         "who receive the same upfloat as {when}.", _SAME_UP, _group,
                         mdp_opponents)
_C16, _C18 = both_rounds(("C.16", "C.16"), ("C.18", "C.18"), "minimize the score differences "
                         "of players who receive the same downfloat as {when}.", _DOWN_SD, _sds,
                         _repeated_downfloat_sd)
_C17, _C19 = both_rounds(("C.17", "C.17"), ("C.19", "C.19"), "minimize the score differences "
                         "of players who receive the same upfloat as {when}.", _UP_SD, _sds,
                         _repeated_upfloat_sd)

CRITERIA: tuple[Criterion, ...] = (
    Criterion("C.1", "C.1", "see C.04.1.b (Two players shall not play against each other more "
              "than once)",
              "no edge between two players who played each other over the board; a 260/XXP "
              "forbidden pair is absolute too"),
    Criterion("C.2", "C.2", "see C.04.1.d (A player who has already received a "
              "pairing-allocated bye, or has already scored a (forfeit) win due to an opponent "
              "not appearing in time, shall not receive the pairing-allocated bye).",
              "in the C.4 field: a pair with such a player counts one more, so that they are "
              "paired and the bye goes to another"),
    Criterion("C.3", "C.3", "non-topscorers (see A.7) with the same absolute colour preference "
              "(see A6.a) shall not meet (see C.04.1.f and C.04.1.g).",
              "no edge between two non-topscorers with the same absolute preference"),
    Criterion("C.4", "C.4", "if the current bracket is the PPB (see A.9): choose the set of "
              "downfloaters in order to complete the round-pairing.",
              "the top field of the PPB and of the last bracket (the CLB, or the lowest "
              "scoregroup's): 1 per pair of all the players not yet paired (a complete "
              "round-pairing, A.9), plus 1 per player paired who may not get the bye (C.2)",
              (Field(_top, _completion, Scope.EVERY,
                     "1 + the players of the pair not allowed the PAB"),), _special),
    Criterion("C.5", "C.5", "maximize the number of pairs (equivalent to: minimize the number "
              "of downfloaters).",
              "1 for each pair made in the bracket",
              (Field(_group, _one, Scope.CURRENT, "1 for a pair made in the bracket"),)),
    Criterion("C.6", "C.6", "minimize the PSD (This basically means: maximize the number of "
              "paired MDP(s); and, as far as possible, pair the ones with the highest scores).",
              "for each pair made in the bracket, 2**sd of each player as a downfloater, less "
              "2**sd of the pair's score difference (A.8)",
              (Field(_sds, _psd, Scope.CURRENT, "the SDs a pair saves, less its own"),)),
    Criterion("C.7", "C.7", "if the current bracket is neither the PPB nor the CLB (see A.9): "
              "choose the set of downfloaters in order first to maximize the number of pairs "
              "and then to minimize the PSD (see C.5 and C.6) in the following bracket (just "
              "in the following bracket).",
              "C.5 then C.6 looked at in the next scoregroup: 1 per pair made there, then the "
              "players of this bracket paired (as MDPs there), by their SD",
              (Field(_next_pairs_width, _next_pairs, Scope.WINDOW,
                     "1 for a pair made in the next scoregroup (when it is the last one: "
                     "every pair, 1 + its players not allowed the PAB)"),
               Field(_sds, _next_psd, Scope.WINDOW,
                     "2**sd of each player of this bracket the pair pairs")),
              _ordinary),
    # C.8-C.11 are 2026's [C10]-[C13] renumbered: the same measure, 2017's words.
    _renumbered("[C10]", "C.8", "minimize the number of topscorers or topscorers' opponents who "
                "get a colour difference higher than +2 or lower than -2."),
    _renumbered("[C11]", "C.9", "minimize the number of topscorers or topscorers' opponents who "
                "get the same colour three times in a row."),
    _renumbered("[C12]", "C.10", "minimize the number of players who do not get their colour "
                "preference."),
    _renumbered("[C13]", "C.11", "minimize the number of players who do not get their strong "
                "colour preference."),
    _C12, _C13, _C14, _C15,
    _C16, _C17, _C18, _C19,
    criteria2026.criterion("soft-avoid"),
    Criterion("D.1-D.3", "D", "Any time a sorting has been established, any application of the "
              "corresponding D.1, D.2 or D.3 rule, will pick the next element in the sorting "
              "order.",
              "left empty: each phase of a bracket's pairing adds its order (D.3, D.2, D.1) in "
              "these low bits",
              (Field(lambda layout: 3 * layout.group_bits + 1, scope=Scope.EVERY,
                     counts="the generation order, added by the bracket's phases"),)),
)
"""Section C of the 2017 text, in priority order (plus seed 002's soft-avoid
and the room for Section D's order)."""


def criterion(name: str) -> Criterion:
    """The row of :data:`CRITERIA` named ``name`` (``"C.10"``)."""
    for row in CRITERIA:
        if row.name == name:
            return row
    raise KeyError(name)


def _bits(n: int) -> int:
    return max(n.bit_length(), 1)


def make_layout(mdps: Sequence[Competitor], residents: Sequence[Competitor], seen: int, *,
                special: bool, played: int, forbidden: frozenset[frozenset[PlayerId]],
                avoid: frozenset[frozenset[PlayerId]] = frozenset(),
                final: bool = False) -> Layout:
    """The layout of one bracket: its MDPs and residents, ``seen`` players in
    its matching (the bracket and the next scoregroup, or everybody left);
    ``final``: the next scoregroup is the lowest (see :class:`Layout`)."""
    floor, sd, sd_bits = score_differences(mdps, residents)
    return Layout(group_bits=_bits(seen), floor=floor, sd=sd, sd_bits=sd_bits,
                  score=min(p.pairing_score for p in residents), special=special,
                  played=played, forbidden=forbidden, avoid=avoid,
                  final=final and not special)

"""Article 2 of C.04.3 (2026) as one table, :data:`CRITERIA`: every
criterion [C1]-[C21] once, with its words, when it applies and how it is
measured (:mod:`swisslearn.dutch2026.weights` says what a row holds).

The absolute criteria [C1]-[C3] decide whether two players may meet (no
edge); [C4]-[C21] become fields of one integer edge weight, most important
first, so that a maximum-weight matching satisfies them in priority order
(the technique of the FIDE-endorsed engines).  The weight of a pair, from
the most significant field down (the table's order)::

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

import dataclasses
from dataclasses import dataclass
from decimal import Decimal
from typing import Callable, Mapping, Sequence

from swisslearn.dutch2026.scoring import Competitor
from swisslearn.dutch2026.weights import Criterion, Field, Scope, TableLayout, both_rounds
from swisslearn.model import PlayerId

__all__ = ["CRITERIA", "Layout", "PairContext", "absolute_violation", "compatible",
           "criterion", "keeps_c10", "keeps_c11", "keeps_c12",
           "keeps_c13", "make_layout", "mdp_opponents", "not_avoided", "resident_downfloaters"]


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
class PairContext:
    """What the fields of one bracket read besides the two players: the
    score shifts, the lowest score the PAB can go to ([C5]), whether [C9]
    applies and the ranks it uses, the soft-avoid pairs."""

    shifts: Mapping[Decimal, int]
    bye_score: Decimal
    c9: bool
    ranks: Mapping[int, int]
    avoid: frozenset[frozenset[PlayerId]]


# ---------------------------------------------------------------------------
# How each criterion is measured (a pair: higher ranked player first)


def _candidate(player: Competitor, bye_score: Decimal) -> bool:
    """Could this player be left with the PAB ([C2], [C5])?"""
    return player.bye_eligible and player.pairing_score <= bye_score


def _completion(h: Competitor, l: Competitor, c: PairContext) -> int:
    return 1 + (not _candidate(h, c.bye_score)) + (not _candidate(l, c.bye_score))


def _one(h: Competitor, l: Competitor, c: PairContext) -> int:
    return 1


def _higher_score(h: Competitor, l: Competitor, c: PairContext) -> int:
    return 1 << c.shifts[h.pairing_score]


def _unplayed(h: Competitor, l: Competitor, c: PairContext) -> int:
    if not c.c9:
        return 0
    value = 0
    if h.pairing_score == c.bye_score:
        value += c.ranks[h.played_games]
    if l.pairing_score == c.bye_score:
        value += c.ranks[l.played_games]
    return value


def _same(a: Competitor, b: Competitor) -> bool:
    return a.preference is not None and a.preference is b.preference


def keeps_c10(h: Competitor, l: Competitor, c: object = None) -> int:
    """[C10]: not both already two colours off in the same direction (one
    would end three off)."""
    return int(not (l.absolute_imbalance and h.absolute_imbalance and _same(l, h)))


def keeps_c11(h: Competitor, l: Competitor, c: object = None) -> int:
    """[C11]: nobody gets the same colour a third time.  Both absolute with
    the same preference: the wider colour difference gets its colour
    (5.2.2), the other the colour it repeated, if it did."""
    a, b = l, h
    if a.absolute and b.absolute and _same(a, b):
        assert a.preference is not None
        if a.imbalance == b.imbalance:
            return int(a.repeated is None or a.repeated is not b.repeated)
        loser = b if a.imbalance > b.imbalance else a
        return int(loser.repeated is not a.preference.opposite)
    return 1


def keeps_c12(h: Competitor, l: Competitor, c: object = None) -> int:
    """[C12]: both get their preference."""
    return int(not _same(l, h))


def keeps_c13(h: Competitor, l: Competitor, c: object = None) -> int:
    """[C13]: both get a strong preference (absolute against absolute is
    [C10]/[C11]'s business)."""
    strongish_a = l.strong or l.absolute
    strongish_b = h.strong or h.absolute
    return int(not (_same(l, h) and strongish_a and strongish_b
                    and not (l.absolute and h.absolute)))


def resident_downfloaters(back: int) -> Callable[[Competitor, Competitor, PairContext], int]:
    """[C14]/[C16]: residents paired here who downfloated ``back`` rounds ago
    (a resident paired does not downfloat again)."""
    def value(h: Competitor, l: Competitor, c: PairContext) -> int:
        return int(l.downfloated[back]) + int(h.pairing_score <= l.pairing_score
                                              and h.downfloated[back])
    return value


def mdp_opponents(back: int) -> Callable[[Competitor, Competitor, PairContext], int]:
    """[C15]/[C17]: pairs that do not upfloat again a resident who upfloated then."""
    def value(h: Competitor, l: Competitor, c: PairContext) -> int:
        return int(not (h.pairing_score > l.pairing_score and l.upfloated[back]))
    return value


def _downfloat_scores(back: int) -> Callable[[Competitor, Competitor, PairContext], int]:
    """[C18]/[C20]: the scores of the players with that downfloat, paired here."""
    def value(h: Competitor, l: Competitor, c: PairContext) -> int:
        return ((int(l.downfloated[back]) << c.shifts[l.pairing_score])
                + (int(h.downfloated[back]) << c.shifts[h.pairing_score]))
    return value


def _upfloat_scores(back: int) -> Callable[[Competitor, Competitor, PairContext], int]:
    """[C19]/[C21]: the scores of MDPs whose opponent did not upfloat then."""
    def value(h: Competitor, l: Competitor, c: PairContext) -> int:
        if l.upfloated[back] and h.pairing_score > l.pairing_score:
            return 0
        return 1 << c.shifts[h.pairing_score]
    return value


def not_avoided(h: Competitor, l: Competitor, c: PairContext) -> int:
    """Seed 002's soft-avoid: the pair is not two members of one group."""
    return int(frozenset((h.id, l.id)) not in c.avoid)


def _group(layout: Layout) -> int:
    return layout.group_bits


def _scores(layout: Layout) -> int:
    return layout.score_bits


def _top(layout: Layout) -> int:
    return 0  # the top field: not limited


_RESIDENT = "counts the residents a pair keeps from downfloating again (both, in a pair of equals)"
_MDP_OPP = "1 for a pair that does not upfloat again a resident who upfloated then"
_DOWN_SCORES = "2**shift(score) of each player with that downfloat a pair keeps in the bracket"
_UP_SCORES = "2**shift(score of the MDP) for each MDP pair whose resident did not upfloat then"

_C14, _C16 = both_rounds(("[C14]", "2.4.9"), ("[C16]", "2.4.11"), "Minimise the number of "
                         "resident downfloaters who received a downfloat {when}.", _RESIDENT,
                         _group, resident_downfloaters)
_C15, _C17 = both_rounds(("[C15]", "2.4.10"), ("[C17]", "2.4.12"), "Minimise the number of MDP "
                         "opponents who received an upfloat {when}.", _MDP_OPP, _group,
                         mdp_opponents)
_C18, _C20 = both_rounds(("[C18]", "2.4.13"), ("[C20]", "2.4.15"), "Minimise the score "
                         "differences (taken in descending order) of MDPs who received a "
                         "downfloat {when}.", _DOWN_SCORES, _scores, _downfloat_scores)
_C19, _C21 = both_rounds(("[C19]", "2.4.14"), ("[C21]", "2.4.16"), "Minimise the score "
                         "differences (taken in descending order) of MDP opponents who received "
                         "an upfloat {when}.", _UP_SCORES, _scores, _upfloat_scores)

CRITERIA: tuple[Criterion, ...] = (
    Criterion("[C1]", "2.1.1", "See the Basic Rules for Swiss, Article 2 (Two participants "
              "shall not play against each other more than once).",
              "no edge between two players who played each other over the board; a 260/XXP "
              "forbidden pair is absolute too"),
    Criterion("[C2]", "2.1.2", "See the Basic Rules for Swiss, Article 4 (A participant who "
              "has already received a pairing-allocated bye, or has already scored in one "
              "single round, without playing, as many points as rewarded for a win, shall not "
              "receive the pairing-allocated bye).",
              "such a player is no PAB candidate: the [C4] field pays for pairing them"),
    Criterion("[C3]", "2.1.3", "Non-topscorers (see Article 1.8) with the same absolute colour "
              "preference (see Article 1.7.1) shall not meet (see the Basic Rules for Swiss, "
              "Articles 6 and 7).",
              "no edge between two non-topscorers with the same absolute preference"),
    Criterion("[C4]", "2.2.1", "A pairing complying with all the absolute criteria (see "
              "Article 2.1) shall always exist for all players not yet paired.",
              "the top field, on every pair: 1 per pair (a maximum matching of all players "
              "not yet paired), plus 1 per player paired who is no PAB candidate ([C5])",
              (Field(_top, _completion, Scope.EVERY,
                     "1 + the players of the pair who are no PAB candidate"),)),
    Criterion("[C5]", "2.3.1", "Minimise the score of the assignee of the pairing-allocated-bye.",
              "in the [C4] field: only players allowed the PAB with at most the lowest score "
              "the PAB can go to are candidates; every other player is paid to be paired"),
    Criterion("[C6]", "2.4.1", "Minimise the number of downfloaters (equivalent to: maximise "
              "the number of pairs).",
              "1 for each pair made in the bracket",
              (Field(_group, _one, Scope.CURRENT, "1 for a pair made in the bracket"),)),
    Criterion("[C7]", "2.4.2", "Minimise the scores (taken in descending order) of the "
              "downfloaters.",
              "2**shift(score of the higher player) for each pair made in the bracket: the "
              "scores paired, higher scores in higher bits",
              (Field(_scores, _higher_score, Scope.CURRENT,
                     "2**shift(score of the higher player)"),)),
    Criterion("[C8]", "2.4.3", "Choose the set of downfloaters so that in the following "
              "bracket every criterion from [C1] to [C7] (see Articles 2.1 to 2.4.2) is complied "
              "with.",
              "[C6] then [C7] measured on the pairs made in the next scoregroup",
              (Field(_group, _one, Scope.NEXT, "1 for a pair made in the next scoregroup"),
               Field(_scores, _higher_score, Scope.NEXT,
                     "2**shift(score of the higher player), next scoregroup"))),
    Criterion("[C9]", "2.4.4", "Minimise the number of unplayed games of the assignee of the "
              "pairing-allocated-bye.",
              "when the bracket downfloats exactly the PAB assignee: for each player of the "
              "PAB score paired, their rank by games played (the most games, rank 0)",
              (Field(lambda layout: 2 * layout.group_bits, _unplayed, Scope.EVERY,
                     "the ranks of the PAB-score players paired",
                     active=lambda context: bool(context.c9)),)),
    Criterion("[C10]", "2.4.5", "Minimise the number of topscorers or topscorers' opponents "
              "who get a colour difference higher than +2 or lower than -2.",
              "1 for a pair that does not put both players beyond two colours off",
              (Field(_group, keeps_c10, Scope.CURRENT, "1 if kept"),)),
    Criterion("[C11]", "2.4.6", "Minimise the number of topscorers or topscorers' opponents "
              "who get the same colour three times in a row.",
              "1 for a pair that gives no player the same colour a third time",
              (Field(_group, keeps_c11, Scope.CURRENT, "1 if kept"),)),
    Criterion("[C12]", "2.4.7", "Minimise the number of players who do not get their colour "
              "preference.",
              "1 for a pair whose players prefer different colours",
              (Field(_group, keeps_c12, Scope.CURRENT, "1 if kept"),)),
    Criterion("[C13]", "2.4.8", "Minimise the number of players who do not get their strong "
              "colour preference.",
              "1 for a pair that does not pit two strong preferences for one colour",
              (Field(_group, keeps_c13, Scope.CURRENT, "1 if kept"),)),
    _C14, _C15, _C16, _C17,
    _C18, _C19, _C20, _C21,
    Criterion("soft-avoid", "seed 002", "Soft-avoid protection groups: among the candidates the "
              "rules judge equivalent, the fewest pairs of a same group.",
              "1 for a pair that is not two members of a soft-avoid group",
              (Field(_group, not_avoided, Scope.CURRENT, "1 if kept"),),
              lambda layout: bool(layout.avoid)),
    Criterion("4.2-4.3", "4.2-4.3", "Any time an order has been established in accordance with "
              "Articles 4.2 to 4.4, any application of the corresponding article will pick the "
              "next element in the sorting order.",
              "left empty: each phase of a bracket's pairing adds its order (4.4.2, 4.3.2, "
              "4.2.2) in these low bits",
              (Field(lambda layout: 3 * layout.group_bits + 1, scope=Scope.EVERY,
                     counts="the generation order, added by the bracket's phases"),)),
)
"""Article 2 of the 2026 text, in priority order (plus seed 002's soft-avoid
and the room for Article 4's order)."""


def criterion(name: str) -> Criterion:
    """The row of :data:`CRITERIA` named ``name`` (``"[C12]"``)."""
    for row in CRITERIA:
        if row.name == name:
            return row
    raise KeyError(name)


@dataclass(frozen=True)
class Layout(TableLayout):
    """The shape of the weight for one round, from :data:`CRITERIA`.

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

    @property
    def table(self) -> Sequence[Criterion]:
        return CRITERIA

    def pack(self, fields: Sequence[int]) -> int:
        """The weight of the field values ``fields`` (top field first)."""
        return self.fields.pack(fields)

    def shift(self, score: Decimal) -> int:
        return self.shifts[score]

    def context(self, *, bye_score: Decimal, c9: bool,
                unplayed_ranks: Mapping[int, int]) -> PairContext:
        return PairContext(self.shifts, bye_score, c9, unplayed_ranks, self.avoid)

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
        context = self.context(bye_score=bye_score, c9=c9, unplayed_ranks=unplayed_ranks)
        return self.fields.values(higher, lower, context, current=in_current, next=in_next)

    def weigher(self, *, bye_score: Decimal, c9: bool, unplayed_ranks: Mapping[int, int]
                ) -> Callable[[Competitor, Competitor, bool, bool], int]:
        """``weigh(higher, lower, in_current, in_next)``: the weight of a pair
        in one bracket (0: [C1]-[C3] forbid it)."""
        forbidden = self.forbidden
        return self.checked_weigher(
            self.context(bye_score=bye_score, c9=c9, unplayed_ranks=unplayed_ranks),
            lambda higher, lower: compatible(higher, lower, forbidden))

    def weighers(self, *, bye_score: Decimal, c9: bool, unplayed_ranks: Mapping[int, int]
                 ) -> tuple[Callable[[Competitor, Competitor, bool, bool], int],
                            Callable[[Competitor, Competitor, bool, bool], int]]:
        """:meth:`weigher` without [C1]-[C3] (the caller checks them, see
        :mod:`swisslearn.dutch2026.pairweights`), and the same for two
        players standing for their classes (no pair of them a soft-avoid
        pair: the soft-avoid pairs are weighed by the first)."""
        context = self.context(bye_score=bye_score, c9=c9, unplayed_ranks=unplayed_ranks)
        return (self.fields.weigher(context),
                self.fields.weigher(dataclasses.replace(context, avoid=frozenset())))

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

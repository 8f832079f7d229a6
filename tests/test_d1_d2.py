"""D1 (transpositions of S2) and D2 (exchanges between S1 and S2), against seed 000."""

from __future__ import annotations

import importlib.util
import itertools
import json
import math

import pytest

from swisslearn.dutch1998.exchanges import (
    Exchange,
    apply_exchange,
    english_obsolete,
    exchanges,
    iter_exchanges,
    priority_key,
    seed_cell,
)
from swisslearn.dutch1998.tables import MAX_TRANSPOSITIONS, format_tables, tables
from swisslearn.dutch1998.transpositions import (
    Prefix,
    count_transpositions,
    distinct_prefixes,
    transposition_at,
    transposition_rank,
    transpositions,
)

# hypothesis is a test extra; without it the plain loops below still cover the round trips.
HAVE_HYPOTHESIS = importlib.util.find_spec("hypothesis") is not None
if HAVE_HYPOTHESIS:
    from hypothesis import given
    from hypothesis import strategies as st

# Seed 000, D1: "a) 5-6-8-7; b) 5-7-6-8; ... g) 6-5-8-7 etc." after the untouched S2.
SEED_D1 = ["5-6-7-8", "5-6-8-7", "5-7-6-8", "5-7-8-6", "5-8-6-7", "5-8-7-6",
           "6-5-7-8", "6-5-8-7"]

# Seed 000, D2, 8 players, read cell by cell (columns S1, rows S2).
SEED_ONE_8 = {"a": (4, 5), "b": (4, 6), "c": (3, 5), "d": (4, 7), "e": (3, 6),
              "f": (2, 5), "g": (3, 7), "h": (2, 6), "i": (2, 7)}
SEED_TWO_8 = {"j": ((3, 4), (5, 6)), "k": ((3, 4), (5, 7)), "l": ((2, 4), (5, 6)),
              "m": ((3, 4), (6, 7)), "n": ((2, 4), (5, 7)), "o": ((2, 3), (5, 6)),
              "p": ((2, 4), (6, 7)), "q": ((2, 3), (5, 7)), "r": ((2, 3), (6, 7))}
# Seed 000, D2, 7 players ("réduisant de 1 tous les nombres").
SEED_ONE_7 = {"a": (3, 4), "b": (3, 5), "c": (2, 4), "d": (3, 6), "e": (2, 5),
              "f": (1, 4), "g": (2, 6), "h": (1, 5), "i": (1, 6)}
SEED_TWO_7 = {"j": ((2, 3), (4, 5)), "k": ((2, 3), (4, 6)), "l": ((1, 3), (4, 5)),
              "m": ((2, 3), (5, 6)), "n": ((1, 3), (4, 6)), "o": ((1, 2), (4, 5)),
              "p": ((1, 3), (5, 6)), "q": ((1, 2), (4, 6)), "r": ((1, 2), (5, 6))}


def dashed(order: tuple[int, ...]) -> str:
    return "-".join(map(str, order))


# --- D1 -------------------------------------------------------------------

def test_seed_d1_list_for_eight_players() -> None:
    orders = [dashed(o) for o in itertools.islice(transpositions([5, 6, 7, 8]), 8)]
    assert orders == SEED_D1


def test_d1_is_ascending_numbers_and_complete() -> None:
    orders = list(transpositions([5, 6, 7, 8]))
    assert len(orders) == count_transpositions(4) == 24
    as_numbers = [int("".join(map(str, o))) for o in orders]
    assert as_numbers == sorted(as_numbers)  # the D.1 hint
    assert len(set(orders)) == 24


def test_d1_is_on_positions_not_numbers() -> None:
    # After an exchange S2 is e.g. 3, 4, 7, 8 in A2 order; still lexicographic on positions.
    orders = list(transpositions(["x", "b", "a"]))
    assert orders[0] == ("x", "b", "a")
    assert orders[1] == ("x", "a", "b")
    assert orders[-1] == ("a", "b", "x")


def test_transpositions_are_lazy() -> None:
    first = next(iter(transpositions(range(1, 30))))
    assert first == tuple(range(1, 30))


def test_rank_round_trip_loop() -> None:
    s2 = ["p", "q", "r", "s", "t"]
    for rank, order in enumerate(transpositions(s2)):
        assert transposition_rank(s2, order) == rank
        assert transposition_at(s2, rank) == order
    assert transposition_rank(s2, s2) == 0
    assert transposition_at(s2, 119) == ("t", "s", "r", "q", "p")


if HAVE_HYPOTHESIS:
    @given(st.integers(min_value=0, max_value=12).flatmap(
        lambda n: st.tuples(st.just(n), st.integers(min_value=0, max_value=math.factorial(n) - 1))))
    def test_rank_round_trip_property(case: tuple[int, int]) -> None:
        n, rank = case
        s2 = list(range(100, 100 + n))
        order = transposition_at(s2, rank)
        assert sorted(order) == s2
        assert transposition_rank(s2, order) == rank

    @given(st.permutations(list(range(9))))
    def test_unrank_round_trip_property(order: list[int]) -> None:
        original = list(range(9))
        assert transposition_at(original, transposition_rank(original, order)) == tuple(order)


def test_rank_errors() -> None:
    with pytest.raises(ValueError):
        transposition_rank([1, 2, 3], [1, 2])
    with pytest.raises(ValueError):
        transposition_rank([1, 2, 3], [1, 2, 4])
    with pytest.raises(ValueError):
        transposition_rank([1, 2, 3], [1, 1, 2])
    with pytest.raises(ValueError):
        transposition_at([1, 2, 3], 6)
    with pytest.raises(ValueError):
        count_transpositions(-1)


def test_count_transpositions() -> None:
    assert [count_transpositions(n) for n in range(6)] == [1, 1, 2, 6, 24, 120]


def test_distinct_prefixes_odd_bracket() -> None:
    s2 = [4, 5, 6, 7]
    prefixes = list(distinct_prefixes(s2, 3))
    assert len(prefixes) == 24  # 4!/1!
    full = list(transpositions(s2))
    for prefix in prefixes:
        assert full[prefix.rank][:3] == prefix.players
        assert prefix.span == 1
    prefixes2 = list(distinct_prefixes(s2, 2))
    assert [p.players for p in prefixes2[:3]] == [(4, 5), (4, 6), (4, 7)]
    assert prefixes2[1] == Prefix(rank=2, players=(4, 6), span=2)
    assert prefixes2[1].last_rank == 3


@pytest.mark.parametrize("n,k", [(5, 2), (6, 3), (4, 0), (4, 4), (6, 5)])
def test_distinct_prefixes_match_first_appearance(n: int, k: int) -> None:
    s2 = list(range(1, n + 1))
    first_seen: dict[tuple[int, ...], int] = {}
    covered: dict[tuple[int, ...], int] = {}
    for rank, order in enumerate(transpositions(s2)):
        first_seen.setdefault(order[:k], rank)
        covered[order[:k]] = covered.get(order[:k], 0) + 1
    prefixes = list(distinct_prefixes(s2, k))
    assert [p.players for p in prefixes] == list(first_seen)  # D1 order, each once
    for prefix in prefixes:
        assert prefix.rank == first_seen[prefix.players]
        assert prefix.span == covered[prefix.players]
        assert transposition_rank(s2, transposition_at(s2, prefix.rank)) == prefix.rank
    with pytest.raises(ValueError):
        next(distinct_prefixes(s2, n + 1))


# --- D2 -------------------------------------------------------------------

def lettered(ex: tuple[Exchange, ...], size: int) -> list[str]:
    return [e.cell for e in ex if e.size == size and e.cell is not None]


def test_seed_one_player_cells_eight_players() -> None:
    ex = exchanges(4, 4)
    assert lettered(ex, 1) == list("abcdefghi")
    for e in ex:
        if e.size == 1 and e.cell is not None:
            assert (e.from_s1[0], e.from_s2[0]) == SEED_ONE_8[e.cell]
    # Without players 1 and 8 (the seed's window) the order is exactly a..i.
    window = [e for e in ex if e.size == 1 and 1 not in e.from_s1 and 8 not in e.from_s2]
    assert [e.cell for e in window] == list("abcdefghi")


def test_seed_two_player_cells_eight_players() -> None:
    ex = exchanges(4, 4)
    assert lettered(ex, 2) == list("jklmnopqr")
    for e in ex:
        if e.size == 2 and e.cell is not None:
            assert (e.from_s1, e.from_s2) == SEED_TWO_8[e.cell]
    window = [e for e in ex if e.size == 2 and 1 not in e.from_s1 and 8 not in e.from_s2]
    assert [e.cell for e in window] == list("jklmnopqr")


def test_where_players_one_and_eight_fall() -> None:
    ones = [e.label() for e in exchanges(4, 4) if e.size == 1]
    assert ones == ["4<->5", "4<->6", "3<->5", "4<->7", "3<->6", "2<->5", "4<->8",
                    "3<->7", "2<->6", "1<->5", "3<->8", "2<->7", "1<->6", "2<->8",
                    "1<->7", "1<->8"]
    twos = [e for e in exchanges(4, 4) if e.size == 2]
    # Tie on difference and S1 players: the S2 players nearest the boundary first.
    assert twos.index(Exchange((3, 4), (5, 8))) < twos.index(Exchange((3, 4), (6, 7), "m"))
    # Tie on difference: {1,4} holds the lowest S1 player 4, so it precedes {2,3}.
    assert twos.index(Exchange((1, 4), (5, 6))) < twos.index(Exchange((2, 3), (5, 6), "o"))


def test_seed_seven_player_variant() -> None:
    ex = exchanges(3, 4)
    assert lettered(ex, 1) == list("abcdefghi")
    assert lettered(ex, 2) == list("jklmnopqr")
    for e in ex:
        if e.size == 1 and e.cell is not None:
            assert (e.from_s1[0], e.from_s2[0]) == SEED_ONE_7[e.cell]
        if e.size == 2 and e.cell is not None:
            assert (e.from_s1, e.from_s2) == SEED_TWO_7[e.cell]
    # The "minus 1" reading: the 7-player cells are the 8-player ones shifted down.
    for letter, (x, y) in SEED_ONE_8.items():
        assert SEED_ONE_7[letter] == (x - 1, y - 1)
    obsolete = [e.cell for e in ex if english_obsolete(e, 3, 4)]
    assert obsolete == ["o", "q", "r"]
    assert not any(english_obsolete(e, 4, 4) for e in exchanges(4, 4))


def test_exchange_repr_pastes_back() -> None:
    e = Exchange(from_s1=(3, 4), from_s2=(5, 6), cell="j")
    assert repr(e) == "Exchange(from_s1=(3, 4), from_s2=(5, 6), cell='j')"
    assert eval(repr(e)) == e
    assert eval(repr(Exchange((1,), (8,)))) == Exchange((1,), (8,), None)


def test_exchange_validation() -> None:
    with pytest.raises(ValueError):
        Exchange((), ())
    with pytest.raises(ValueError):
        Exchange((1, 2), (5,))
    with pytest.raises(ValueError):
        Exchange((4, 3), (5, 6))
    with pytest.raises(ValueError):
        Exchange((5,), (4,))
    with pytest.raises(ValueError):
        Exchange((0,), (4,))


@pytest.mark.parametrize("n", range(0, 13))
def test_every_exchange_listed_once(n: int) -> None:
    p, q = n // 2, n - n // 2
    ex = exchanges(p, q)
    expected = {(xs, ys)
                for k in range(1, min(p, q) + 1)
                for xs in itertools.combinations(range(1, p + 1), k)
                for ys in itertools.combinations(range(p + 1, n + 1), k)}
    listed = [(e.from_s1, e.from_s2) for e in ex]
    assert len(listed) == len(set(listed)) == len(expected)
    assert set(listed) == expected
    assert len(ex) == (math.comb(n, p) - 1 if n else 0)
    # The lazy generator emits exactly the order the key defines.
    assert list(ex) == sorted(ex, key=priority_key)
    # Letters: each at most once, a..i then j..r in order, only where the seed has cells.
    letters = [e.cell for e in ex if e.cell is not None]
    assert len(letters) == len(set(letters))
    assert letters == sorted(letters)
    for e in ex:
        assert e.cell == seed_cell(e.from_s1, e.from_s2, p, q)


def test_priority_key_rules() -> None:
    ex = exchanges(6, 6)
    for a, b in zip(ex, ex[1:]):
        assert (a.size, a.difference) <= (b.size, b.difference)


def test_max_size_and_laziness() -> None:
    assert all(e.size <= 2 for e in exchanges(5, 6, max_size=2))
    assert len(exchanges(4, 4, max_size=1)) == 16
    first = list(itertools.islice(iter_exchanges(40, 40), 3))  # huge bracket, still instant
    assert [e.label() for e in first] == ["40<->41", "40<->42", "39<->41"]
    assert [e.cell for e in first] == ["a", "b", "c"]


def test_apply_exchange_resorts() -> None:
    s1 = ["A", "B", "C", "D"]
    s2 = ["E", "F", "G", "H"]
    assert apply_exchange(s1, s2, Exchange((4,), (5,), "a")) == (
        ("A", "B", "C", "E"), ("D", "F", "G", "H"))
    assert apply_exchange(s1, s2, Exchange((2,), (6,), "h")) == (
        ("A", "C", "D", "F"), ("B", "E", "G", "H"))
    assert apply_exchange(s1, s2, Exchange((2, 3), (5, 7), "q")) == (
        ("A", "D", "E", "G"), ("B", "C", "F", "H"))
    # Odd bracket: S2 keeps the extra player.
    assert apply_exchange([1, 2, 3], [4, 5, 6, 7], Exchange((1,), (4,), "f")) == (
        (2, 3, 4), (1, 5, 6, 7))
    with pytest.raises(ValueError):
        apply_exchange([1, 2], [3, 4], Exchange((3,), (4,)))
    with pytest.raises(ValueError):
        apply_exchange([1, 2], [3, 4], Exchange((1,), (5,)))


def test_apply_exchange_all_splits() -> None:
    bracket = list(range(10, 18))
    for e in exchanges(4, 4):
        new_s1, new_s2 = apply_exchange(bracket[:4], bracket[4:], e)
        assert list(new_s1) == sorted(new_s1) and list(new_s2) == sorted(new_s2)
        assert sorted(new_s1 + new_s2) == bracket
        assert {bracket[y - 1] for y in e.from_s2} <= set(new_s1)
        assert {bracket[x - 1] for x in e.from_s1} <= set(new_s2)


# --- tables ---------------------------------------------------------------

def check_contract_shape(data: object, n: int) -> None:
    assert isinstance(data, dict)
    assert list(data) == ["s1", "s2", "transpositions", "exchanges"]
    assert data["s1"] == list(range(1, n // 2 + 1))
    assert data["s2"] == list(range(n // 2 + 1, n + 1))
    assert data["transpositions"][0] == data["s2"]
    for entry in data["exchanges"]:
        assert list(entry) == ["cell", "from_s1", "from_s2"]
        assert entry["cell"] is None or isinstance(entry["cell"], str)
        assert all(isinstance(x, int) for x in entry["from_s1"] + entry["from_s2"])
    assert json.loads(json.dumps(data)) == data


def test_tables_eight() -> None:
    data = tables(8)
    check_contract_shape(data, 8)
    assert data["s1"] == [1, 2, 3, 4] and data["s2"] == [5, 6, 7, 8]
    assert ["-".join(map(str, t)) for t in data["transpositions"][:8]] == SEED_D1
    assert len(data["transpositions"]) == 24
    assert data["exchanges"][0] == {"cell": "a", "from_s1": [4], "from_s2": [5]}
    assert [e["cell"] for e in data["exchanges"] if e["cell"]] == list("abcdefghijklmnopqr")
    assert len(data["exchanges"]) == 16 + 36  # CONTRACT: one-player, then two-player
    assert len(tables(8, max_exchange_size=None)["exchanges"]) == 69


def test_tables_seven() -> None:
    data = tables(7)
    check_contract_shape(data, 7)
    assert data["s1"] == [1, 2, 3] and data["s2"] == [4, 5, 6, 7]
    assert data["transpositions"][:2] == [[4, 5, 6, 7], [4, 5, 7, 6]]
    cells = {e["cell"]: (e["from_s1"], e["from_s2"]) for e in data["exchanges"] if e["cell"]}
    assert cells["a"] == ([3], [4]) and cells["i"] == ([1], [6])
    assert cells["o"] == ([1, 2], [4, 5]) and cells["r"] == ([1, 2], [5, 6])


def test_tables_transpositions_capped() -> None:
    data = tables(14)
    check_contract_shape(data, 14)
    assert len(data["transpositions"]) == MAX_TRANSPOSITIONS == 720
    assert data["transpositions"] == [list(t) for t in itertools.islice(
        transpositions(range(8, 15)), 720)]
    assert len(tables(12)["transpositions"]) == 720  # 6! exactly


@pytest.mark.parametrize("n", [0, 1, 2, 3])
def test_tables_small(n: int) -> None:
    check_contract_shape(tables(n), n)
    assert format_tables(n)
    with pytest.raises(ValueError):
        tables(-1)


def test_format_tables_layout() -> None:
    text = format_tables(8)
    assert "S1 = 1 2 3 4" in text and "S2 = 5 6 7 8" in text
    for i, order in enumerate(SEED_D1[1:]):
        assert f"{'abcdefg'[i]}) {order}" in text
    assert "4  3  2" in text
    assert "3+4  2+4  2+3" in text
    lines = text.splitlines()
    row5 = next(line for line in lines if line.split()[:2] == ["S2", "5"])
    assert row5.split()[2:] == ["a", "c", "f"]
    row56 = next(line for line in lines if line.split()[:2] == ["S2", "5+6"])
    assert row56.split()[2:] == ["j", "l", "o"]
    assert "1+2<->7+8" in text  # the full list goes beyond the seed's window
    assert "obsolete" in format_tables(7)
    assert all(line == line.rstrip() for line in lines)

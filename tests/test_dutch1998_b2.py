"""B2 written once (issue 34): the bracket's table (numpy, every pair at once)
and the pair's own check (plain Python) give the same answer on random
colour histories, and both agree with B2 read from the text here.

``criteria.b2_rejection`` is B2 for one player and one colour and
``criteria.b2_allows`` B2 for a pair from what each player may receive;
``criteria.pair_rejection`` applies them to two players, and
``state.Table.build`` to a whole bracket with numpy arrays.
"""

from __future__ import annotations

import random
from dataclasses import replace
from decimal import Decimal
from types import SimpleNamespace
from typing import cast

import numpy as np
import pytest

from swisslearn.dutch1998.criteria import (b2_allows, b2_pair_rejection, b2_rejection,
                                           colour_conflict, pair_rejection)
from swisslearn.dutch1998.state import RoundState, Table
from swisslearn.model import Colour, PlayerState, colour_preference

_COLOURS = (Colour.WHITE, Colour.BLACK, None)


def _player(rng: random.Random, pid: int, opponents: tuple[int, ...] = ()) -> PlayerState:
    rounds = rng.randint(0, 8)
    # Mostly played games, some unplayed rounds (F2: no colour), and runs of
    # one colour so that B2a and B2b are both met often.
    history: list[Colour | None] = []
    for _ in range(rounds):
        if history and rng.random() < 0.4:
            history.append(history[-1])
        else:
            history.append(rng.choices(_COLOURS, weights=(45, 45, 10))[0])
    exception = rng.random() < 0.1
    played = tuple(c for c in history if c is not None)
    return PlayerState(id=pid, name=f"P{pid}", rating=2000, title="", round=rounds + 1,
                       score=Decimal(0), colour_history=tuple(history), floats=(),
                       opponents=opponents, had_bye=False, unplayed_point=False,
                       available=True, withdrawn=False, last_round_exception=exception,
                       preference=colour_preference(played, exception=exception))


def _may_receive(player: PlayerState, colour: Colour) -> bool:
    """B2 for one player, read from the text: the colour difference stays
    within +-2, no third colour in a row (played games only); the last-round
    note exempts him."""
    if player.last_round_exception:
        return True
    played = [c for c in player.colour_history if c is not None]
    difference = sum(1 if c is Colour.WHITE else -1 for c in played + [colour])
    return abs(difference) <= 2 and played[-2:] != [colour, colour]


@pytest.mark.parametrize("seed", range(40))
def test_the_table_and_the_pair_check_agree_on_random_histories(seed: int) -> None:
    rng = random.Random(seed)
    count = rng.randint(2, 16)
    met = {frozenset(rng.sample(range(1, count + 1), 2)) for _ in range(rng.randint(0, count))}
    players = tuple(_player(rng, pid, tuple(sorted(other for pair in met if pid in pair
                                                   for other in pair if other != pid)))
                    for pid in range(1, count + 1))
    forbidden = frozenset(frozenset(rng.sample(range(1, count + 1), 2))
                          for _ in range(rng.randint(0, 2)))
    context = cast(RoundState, SimpleNamespace(forbidden=forbidden))
    table = Table.build(context, players)
    for i, a in enumerate(players):
        assert not table.allowed[i, i]
        for j, b in enumerate(players):
            if i == j:
                continue
            plain = pair_rejection(a, b, forbidden)
            assert bool(table.allowed[i, j]) == (plain is None), (seed, a, b, plain)
            assert bool(table.cost[i, j]) == (plain is None and colour_conflict(a, b))
            by_text = any(_may_receive(a, c) and _may_receive(b, c.opposite)
                          for c in (Colour.WHITE, Colour.BLACK))
            assert (b2_pair_rejection(a, b) is None) == by_text, (seed, a, b)


def test_each_player_and_colour_is_read_as_the_text_says() -> None:
    rng = random.Random(34)
    for pid in range(1, 400):
        player = _player(rng, pid)
        for colour in (Colour.WHITE, Colour.BLACK):
            assert (b2_rejection(player, colour) is None) == _may_receive(player, colour)


def test_the_pair_rule_is_the_same_on_booleans_and_on_arrays() -> None:
    values = (False, True)
    cases = [(wa, ba, wb, bb) for wa in values for ba in values for wb in values
             for bb in values]
    columns = [np.array([case[k] for case in cases]) for k in range(4)]
    together = b2_allows(columns[0], columns[1], columns[2], columns[3])
    assert [b2_allows(*case) for case in cases] == together.tolist()
    # White for a and black for b, or the reverse: nothing else.
    assert [b2_allows(*case) for case in cases] == [
        (wa and bb) or (ba and wb) for wa, ba, wb, bb in cases]


def test_a_refused_pair_names_the_first_criterion_with_white_for_the_first() -> None:
    # Both have played black, white, white: a third white breaks B2b (not
    # B2a: the difference would be +2), so neither way works; white for a is
    # tried first, and a's breach is named for the pair.
    history = (Colour.BLACK, Colour.WHITE, Colour.WHITE)
    a, b = (replace(_player(random.Random(0), pid), colour_history=history,
                    last_round_exception=False) for pid in (1, 2))
    found = pair_rejection(a, b)
    assert found is not None and found.criterion == "B2b" and found.players == (1, 2)

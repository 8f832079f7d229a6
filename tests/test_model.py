"""Derived player state against cases computed by hand from seed 000.

Seed 000 is the French course text: B = Blanc (white), N = Noir (black), so
``PlayerState.history_string`` writes ``NBB-N``.  Every tournament here is a
small TRF read with ``parse_trf``, as a trainee's file would be.
"""

from __future__ import annotations

from decimal import Decimal

import pytest

from swisslearn.formats.trf import parse_trf
from trfbuild import player_line, tournament
from swisslearn.model import (Colour, ColourPreference, Float, PlayerState, PreferenceStrength,
                              Tournament, colour_preference, e3_history)

W, B = Colour.WHITE, Colour.BLACK
ABSOLUTE, STRONG, MILD, NONE = (PreferenceStrength.ABSOLUTE, PreferenceStrength.STRONG,
                                PreferenceStrength.MILD, PreferenceStrength.NONE)

def state(t: Tournament, pid: int, round: int) -> PlayerState:
    (found,) = [s for s in t.states(round) if s.id == pid]
    return found


# -- A7: colour difference and preference ------------------------------------


@pytest.mark.parametrize("played, expected", [
    # none before any game
    ((), ColourPreference(NONE, None)),
    # absolute: difference > 1 or < -1 (the last two differ)
    ((W, W, B, W), ColourPreference(ABSOLUTE, B)),
    ((B, B, W, B), ColourPreference(ABSOLUTE, W)),
    # absolute: the same colour in the last two games
    ((W, B, B), ColourPreference(ABSOLUTE, W)),
    ((B, W, W), ColourPreference(ABSOLUTE, B)),
    ((W, W), ColourPreference(ABSOLUTE, B)),
    # strong: difference not zero
    ((B,), ColourPreference(STRONG, W)),
    ((W,), ColourPreference(STRONG, B)),
    ((W, B, W), ColourPreference(STRONG, B)),
    ((B, W, B), ColourPreference(STRONG, W)),
    # mild: difference zero, alternate the last colour ("-0" wants white, "+0" black)
    ((W, B), ColourPreference(MILD, W)),
    ((B, W), ColourPreference(MILD, B)),
    ((W, B, B, W), ColourPreference(MILD, B)),
])
def test_a7_preference(played: tuple[Colour, ...], expected: ColourPreference) -> None:
    assert colour_preference(played) == expected


@pytest.mark.parametrize("played, colour", [
    # A7a word for word: "white when the difference is negative, or when the
    # last two rounds were played with black; black otherwise".
    ((W, W, W, B, B), W),   # difference +1, but the last two black: white
    ((B, B, B, W, W), W),   # difference -1 wins over the last two white
    ((W, B, W, B, B), W),   # difference -1 and the last two black
    ((B, W, B, W, W), B),   # difference +1 and the last two white
    ((B, W, W, B, W, W), B),  # difference +2, the last two white
])
def test_a7a_colour_rule(played: tuple[Colour, ...], colour: Colour) -> None:
    assert colour_preference(played) == ColourPreference(ABSOLUTE, colour)


def test_a7_preference_printing() -> None:
    assert str(ColourPreference(NONE, None)) == "-"
    assert str(colour_preference((W, W))) == "B!!"
    assert str(colour_preference((B,))) == "W!"
    assert str(colour_preference((W, B))) == "W"


def test_a7_preference_strength_order() -> None:
    assert NONE < MILD < STRONG < ABSOLUTE


# Rounds 1-2 of a 4-player event: 1 has WW and 2 points, 4 BB and 1 point
# (exactly 50 %), 2 WW and 0 points, 3 BB and 1 point.
_FOUR = ["1-3 1, 2-4 0", "1-4 1, 2-3 0"]


def test_a7_in_a_tournament_before_any_game() -> None:
    t = tournament(4, _FOUR, declared=5)
    for s in t.states(1):
        assert s.preference == ColourPreference(NONE, None)
        assert s.colour_history == () and s.colour_difference == 0 and s.history_string == ""


def test_a7_in_a_tournament() -> None:
    t = tournament(4, _FOUR, declared=5)
    one, two, three, four = t.states(3)
    assert (one.history_string, one.colour_difference, one.score) == ("BB", 2, Decimal(2))
    assert one.preference == ColourPreference(ABSOLUTE, B)
    assert four.history_string == "NN" and four.preference == ColourPreference(ABSOLUTE, W)
    assert two.preference == ColourPreference(ABSOLUTE, B)
    assert state(t, 1, 2).preference == ColourPreference(STRONG, B)
    assert not any(s.last_round_exception for s in t.states(3))


def test_a7a_last_round_exception() -> None:
    # Round 3 is the last: the absolute preference is "not in effect" for a
    # player over 50 % (player 1, 2 of 2), who keeps a strong one.
    t = tournament(4, _FOUR, declared=3)
    one, two, three, four = t.states(3)
    assert one.last_round_exception
    assert one.preference == ColourPreference(STRONG, B)
    # Exactly 50 % is not over 50 %: player 4 (1 of 2) keeps the absolute one.
    assert not four.last_round_exception
    assert four.preference == ColourPreference(ABSOLUTE, W)
    assert not two.last_round_exception and two.preference == ColourPreference(ABSOLUTE, B)


def test_a7a_last_round_exception_only_in_the_last_round() -> None:
    t = tournament(4, _FOUR + ["1-2 1, 3-4 ="], declared=4)
    assert not state(t, 1, 3).last_round_exception  # round 3 of 4
    assert state(t, 1, 3).preference == ColourPreference(ABSOLUTE, B)
    last = state(t, 1, 4)  # 3 of 3: over 50 %
    assert last.last_round_exception and last.preference.strength is STRONG
    # Without a declared number of rounds no round is known to be the last.
    t = tournament(4, _FOUR)
    assert not state(t, 1, 3).last_round_exception


# -- F3: unplayed rounds move to the front ------------------------------------


@pytest.mark.parametrize("history, e3", [
    ("NBB-N", "-NBBN"), ("BN-BN", "-BNBN"), ("NBB-N-B", "--NBBNB"), ("BNB", "BNB"),
    ("--B", "--B"), ("B--", "--B"), ("", "")])
def test_f3_e3_history(history: str, e3: str) -> None:
    colours = {"B": W, "N": B, "-": None}
    got = e3_history(colours[c] for c in history)
    assert "".join("-" if c is None else ("B" if c is W else "N") for c in got) == e3


def _history_tournament(history: str, unplayed: str) -> Tournament:
    """Player 1 plays ``history`` (B/N, ``-`` = ``unplayed``) against a new opponent each round."""
    rounds = []
    for r, letter in enumerate(history, 1):
        opponent = r + 1
        if letter == "-":
            rounds.append(f"1-{opponent} {unplayed}" if unplayed in "+-" else f"1 {unplayed}")
        elif letter == "B":
            rounds.append(f"1-{opponent} =")
        else:
            rounds.append(f"{opponent}-1 =")
    return tournament(len(history) + 1, rounds)


@pytest.mark.parametrize("history, e3", [
    ("NBB-N", "-NBBN"), ("BN-BN", "-BNBN"), ("NBB-N-B", "--NBBNB")])
@pytest.mark.parametrize("unplayed", ["H", "U", "Z", "+", "-"])
def test_f3_in_a_tournament(history: str, e3: str, unplayed: str) -> None:
    t = _history_tournament(history, unplayed)
    s = state(t, 1, len(history) + 1)
    assert s.history_string == history
    assert "".join("-" if c is None else ("B" if c is W else "N") for c in s.e3_history) == e3


def test_f3_hand_written_trf() -> None:
    # NBB-N: round 4 a half-point bye.
    text = "\n".join([
        "012 F3",
        player_line(1, ["   2 b =", "   3 w =", "   4 w =", "0000 - H", "   5 b ="]),
        player_line(2, ["   1 w ="]),
        player_line(3, ["        ", "   1 b ="]),
        player_line(4, ["        ", "        ", "   1 b ="]),
        player_line(5, ["        ", "        ", "        ", "        ", "   1 w ="]),
    ])
    s = state(parse_trf(text).tournament, 1, 6)
    assert s.history_string == "NBB-N"
    assert s.e3_history == (None, B, W, W, B)
    assert s.colour_difference == 0
    assert s.preference == ColourPreference(MILD, W)


# -- forfeits (F2, B1b) -----------------------------------------------------------


def test_forfeit_is_not_a_game() -> None:
    t = tournament(2, ["1-2 +"])
    winner, loser = t.states(2)
    assert winner.colour_history == (None,) and loser.colour_history == (None,)
    assert winner.opponents == () and not winner.has_met(2)  # F2: may meet again
    assert winner.score == Decimal(1) and loser.score == Decimal(0)
    assert winner.unplayed_point and not loser.unplayed_point  # B1b
    assert not winner.had_bye
    assert winner.floats == (None,) and loser.floats == (None,)
    assert winner.preference == ColourPreference(NONE, None)


def test_forfeit_then_the_same_pair_plays() -> None:
    # F2: after a forfeit the two may be paired again; a played game then counts.
    t = tournament(2, ["1-2 -", "2-1 1", "1-2 +"])
    one, two = t.states(4)
    assert one.opponents == (2,) and two.opponents == (1,)
    assert one.history_string == "-N-" and two.history_string == "-B-"
    assert one.score == Decimal(1) and two.score == Decimal(2)
    # B1b: each won one of the forfeits, so each had a point without playing.
    assert one.unplayed_point and two.unplayed_point


def test_double_forfeit() -> None:
    text = "\n".join(["012 Double forfeit", player_line(1, ["   2 w -"]),
                      player_line(2, ["   1 b -"])])
    one, two = parse_trf(text).tournament.states(2)
    assert one.score == two.score == Decimal(0)
    assert not one.unplayed_point and one.opponents == ()


def test_game_of_less_than_one_move_is_played() -> None:
    # W/D/L: the players sat down with their colours.
    one, two = tournament(2, ["1-2 W"]).states(2)
    assert one.history_string == "B" and one.opponents == (2,) and not one.unplayed_point
    assert one.score == Decimal(1) and two.score == Decimal(0)


# -- byes (A5, B1b) -------------------------------------------------------------


def test_pairing_allocated_bye() -> None:
    t = tournament(3, ["1-2 1, 3 U"])
    s = state(t, 3, 2)
    assert s.had_bye and s.unplayed_point  # B1b: may not get it again
    assert s.floats == (Float.DOWN,)  # A5: a bye is a downfloat
    assert s.colour_history == (None,) and s.opponents == ()
    assert s.score == Decimal(1)
    assert s.available


def test_half_point_bye() -> None:
    s = state(tournament(3, ["1-2 1, 3 H"]), 3, 2)
    assert not s.had_bye and not s.unplayed_point
    assert s.floats == (None,) and s.score == Decimal("0.5")


def test_full_point_bye() -> None:
    s = state(tournament(3, ["1-2 1, 3 F"]), 3, 2)
    assert not s.had_bye and s.unplayed_point and s.floats == (None,)
    assert s.score == Decimal(1)


def test_pairing_allocated_bye_under_another_point_system() -> None:
    t = tournament(3, ["1-2 =, 3 U"], extra=("162  W 3.0    D 1.0    L 0.0    P 1.0",))
    assert [s.score for s in t.states(2)] == [Decimal(1), Decimal(1), Decimal(1)]


# -- floats (A4, A5; readings point 10) ------------------------------------------


def test_floats() -> None:
    # Round 1: everybody on 0, no floats.  Round 2: 1 (1 pt) - 4 (0): 1 down,
    # 4 up; 5 (1) - 2 (0) drawn: 5 down, 2 up; 3 (1) - 6 (0) a forfeit: no float.
    t = tournament(6, ["1-2 1, 3-4 1, 5-6 1", "1-4 1, 5-2 =, 3-6 +"])
    floats = {s.id: s.floats for s in t.states(3)}
    assert floats == {1: (None, Float.DOWN), 2: (None, Float.UP), 3: (None, None),
                      4: (None, Float.UP), 5: (None, Float.DOWN), 6: (None, None)}
    one = state(t, 1, 3)
    assert one.last_float is Float.DOWN and one.float_two_rounds_before is None
    assert state(t, 1, 2).last_float is None


def test_floats_between_equal_scores_and_for_absence() -> None:
    # Round 2: 1 and 3 both on 1 point: no float; 2 absent (Z): no float.
    t = tournament(4, ["1-2 1, 3-4 1", "1-3 =, 2 Z, 4 U"])
    floats = {s.id: s.floats for s in t.states(3)}
    assert floats == {1: (None, None), 2: (None, None), 3: (None, None),
                      4: (None, Float.DOWN)}
    assert state(t, 4, 3).last_float is Float.DOWN


def test_float_two_rounds_before() -> None:
    t = tournament(4, ["1-2 1, 3-4 1", "1-4 1, 3-2 1", "1-3 1, 2-4 ="])
    one = state(t, 1, 4)
    assert one.floats == (None, Float.DOWN, None)
    assert one.float_two_rounds_before is Float.DOWN and one.last_float is None


# -- F5: absence from the round to pair ----------------------------------------


def test_absence_in_the_round_column() -> None:
    # JaVaFo: "0000 - Z" in the column of the round to pair.
    t = tournament(3, ["1-2 1, 3 U", "3 Z"])
    assert t.next_round() == 2
    assert not state(t, 3, 2).available
    assert state(t, 1, 2).available


@pytest.mark.parametrize("record", ["240 Z 002    3", "XXZ 3", "240 H 002    3"])
def test_absence_announced_by_a_record(record: str) -> None:
    t = tournament(3, ["1-2 1, 3 U"], extra=(record,))
    assert not state(t, 3, 2).available
    assert state(t, 1, 2).available and state(t, 2, 2).available


def test_trf_example_absence() -> None:
    lines = [
        "012 Tiny", "142 3",
        player_line(1, ["   4 w 1", "   6 b ="], points="1.5"),
        player_line(2, ["   5 b =", "   3 w 1"], points="1.5"),
        player_line(3, ["   6 w 0", "   2 b 0"], points="0.0"),
        player_line(4, ["   1 b 0", "0000 - Z"], points="0.0"),
        player_line(5, ["   2 w =", "0000 - H"], points="1.0"),
        player_line(6, ["   3 b 1", "   1 w ="], points="1.5"),
    ]
    for absence in (["240 Z 003    4"], ["XXZ 4"]):
        t = parse_trf("\n".join(lines + absence)).tournament
        s = {x.id: x for x in t.states(3)}
        assert not s[4].available
        assert all(s[pid].available for pid in (1, 2, 3, 5, 6))
        assert s[5].score == Decimal(1) and s[5].history_string == "B-"


def test_zero_point_bye_counts_nothing() -> None:
    s = state(tournament(3, ["1-2 1, 3 Z"]), 3, 2)
    assert s.score == 0 and not s.unplayed_point and not s.had_bye and s.floats == (None,)


# -- F9: a pending (adjourned) game counts as a draw for pairing --------------


def test_pending_game_counts_as_a_draw() -> None:
    t = tournament(4, ["1-2 1, 3-4 =", "1-3, 2-4 0"])
    one, two, three, four = t.states(3)
    assert one.score == Decimal("1.5") and three.score == Decimal(1)
    assert four.score == Decimal("1.5") and two.score == Decimal(0)
    # The game was paired: colours and opponents count.
    assert one.history_string == "BB" and one.has_met(3)
    assert t.rounds_paired == 2 and t.next_round() == 3


def test_pending_game_with_another_point_system() -> None:
    t = tournament(2, ["1-2"], extra=("162  W 3.0    D 1.0    L 0.0    X 1.5",))
    assert [s.score for s in t.states(2)] == [Decimal("1.5"), Decimal("1.5")]


# -- opponents, order and the round argument --------------------------------------


def test_opponents_are_games_played() -> None:
    t = tournament(4, ["1-2 1, 3-4 1", "3-1 0, 4-2 +"])
    s = {x.id: x for x in t.states(3)}
    assert s[1].opponents == (2, 3) and s[2].opponents == (1,) and s[4].opponents == (3,)


def test_states_are_in_pairing_number_order() -> None:
    t = tournament(4, _FOUR)
    assert [s.id for s in t.states(3)] == [1, 2, 3, 4]
    assert all(s.round == 3 for s in t.states(3))


def test_round_zero_is_refused() -> None:
    from swisslearn.errors import UsageError
    with pytest.raises(UsageError):
        tournament(2, ["1-2 1"]).states(0)

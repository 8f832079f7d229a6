"""Issue 29, item 3: rounds where every white player won the first rounds
(the top group all need Black, the bottom group all need White) pair in
seconds, with a pairing that breaks neither B1 nor B2.

The hostile files are ``../shared/hostile/1998-hang-*.trf`` (pair ran for
minutes before the lowest bracket was proved unpairable at once); the
siblings are generated here with the same pattern at other sizes.
"""

from __future__ import annotations

import random
from decimal import Decimal
import time
from pathlib import Path

import pytest

from conftest import need_shared

from swisslearn.dutch1998 import feasibility
from swisslearn.dutch1998.procedure import pair, trace
from swisslearn.formats.trf import parse_trf, read_trf
from swisslearn.model import Colour, PlayerId, Tournament
from swisslearn.explain import explain
from swisslearn.trace import BracketOpened, BracketUndone, RoundPaired
from helpers import run
from trfbuild import player_line

HOSTILE = Path(__file__).resolve().parents[2] / "shared" / "hostile"
DATA = Path(__file__).resolve().parents[1] / "data"
HANG_FILES = sorted(HOSTILE.glob("1998-hang-*.trf"))

#: The bar: CPU seconds for one round (the issue's "under 10 s of CPU").
CPU_LIMIT = 10.0


def _history(tournament: Tournament, round: int) -> dict[PlayerId, tuple[set[PlayerId], str, bool]]:
    """Each player's opponents, colours (played games) and whether he had a
    point without playing, before ``round``."""
    found: dict[PlayerId, tuple[set[PlayerId], str, bool]] = {}
    for state in tournament.truncated(round - 1).states(round):
        colours = "".join("W" if c is Colour.WHITE else "B" for c in state.played_colours)
        found[state.id] = (set(state.opponents), colours, state.had_bye or state.unplayed_point)
    return found


def breaches(tournament: Tournament, round: int, result: RoundPaired) -> list[str]:
    """B1a, B1b, B2a and B2b, checked from the histories alone (not with the
    engine's own criteria): what the pairing breaks, empty if nothing."""
    history = _history(tournament, round)
    found = []
    for board in result.boards:
        white, black = board.white, board.black
        if black in history[white][0]:
            found.append(f"B1a {white}-{black}")
        for player, colour in ((white, "W"), (black, "B")):
            colours = history[player][1] + colour
            if abs(colours.count("W") - colours.count("B")) > 2:
                found.append(f"B2a {player} {colours}")
            if colours[-3:] in ("WWW", "BBB"):
                found.append(f"B2b {player} {colours}")
    for player in result.byes:
        if history[player][2]:
            found.append(f"B1b {player}")
    paired = {p for b in result.boards for p in (b.white, b.black)} | set(result.byes)
    if paired != set(history):
        found.append("not everyone paired")
    return found


def _timed_pair(tournament: Tournament, round: int) -> tuple[RoundPaired, float]:
    start = time.process_time()
    result = pair(tournament, round)
    return result, time.process_time() - start


@pytest.mark.parametrize("path", HANG_FILES, ids=lambda p: p.name)
def test_hang_file_pairs_in_seconds_breaking_neither_b1_nor_b2(path: Path) -> None:
    tournament = read_trf(path).tournament
    round = tournament.round_to_pair(None)
    result, cpu = _timed_pair(tournament, round)
    assert cpu < CPU_LIMIT, f"{path.name}: {cpu:.1f} s of CPU"
    assert breaches(tournament, round, result) == []


def test_the_hostile_files_are_there() -> None:
    need_shared(HOSTILE)
    assert len(HANG_FILES) == 3


def test_the_lowest_bracket_proved_unpairable_is_told_as_c13() -> None:
    """20 players: 3-1, 5-20 in bracket 1 send 7 players who all need Black
    to 9 who all need White; two of those 9 would have to meet (B2): the
    lowest bracket opens, C13 follows at once (no pairing of it exists),
    and the bracket above is paired again."""
    path = HOSTILE / "1998-hang-20p-2r.trf"
    if not path.exists():
        pytest.skip("no hostile file")
    events = list(trace(read_trf(path).tournament, 3))
    proved = [e for e in events if isinstance(e, BracketUndone) and e.step == "proved"]
    assert proved and proved[0].bracket.lowest and proved[0].rule == "C13"
    at = events.index(proved[0])
    opened = events[at - 1]
    assert isinstance(opened, BracketOpened)
    assert opened.bracket.moved_down == (7, 9, 11, 13, 15, 17, 19)
    assert any(isinstance(e, BracketUndone) and e.step == "undone" for e in events[at:])
    # Bracket 1 (11 players) can hold at most one pair in any pairing of it
    # and bracket 0 together (the 9 who need White each need one of the 10
    # who can take Black): its pairings of p = 5 to 2 are not tried.
    capped = [e for e in events if isinstance(e, BracketUndone) and e.step == "capped"]
    assert len(capped) == 1 and capped[0].bracket.index == 1 and capped[0].bracket.p == 1
    result = events[-1]
    assert isinstance(result, RoundPaired)
    assert (1, 3) in result.pairs() or (3, 1) in result.pairs()


# ---------------------------------------------------------------------------
# Siblings: the same pattern at other sizes


def white_wins(players: int, rounds: int, seed: int) -> Tournament:
    """Odd players have White against even players and win; each round a few
    games are odd-odd and even-even (the one with White wins), so a small
    middle bracket forms, as in the hostile files.  No rematch; an odd
    number of players gives one a bye (``U``)."""
    rng = random.Random(seed)
    met: dict[int, set[int]] = {i: set() for i in range(1, players + 1)}
    blocks: dict[int, list[str]] = {i: [] for i in range(1, players + 1)}
    for _ in range(rounds):
        for _attempt in range(10_000):
            odd = [i for i in met if i % 2]
            even = [i for i in met if not i % 2]
            rng.shuffle(odd)
            rng.shuffle(even)
            games: list[tuple[int, int]] = []
            for _ in range(rng.choice((0, 1, 1, 2))):
                games += [(odd.pop(), odd.pop()), (even.pop(), even.pop())]
            bye = None
            if len(odd) != len(even):
                bye = (odd if len(odd) > len(even) else even).pop()
            games += list(zip(odd, even))
            if all(b not in met[w] for w, b in games):
                break
        else:
            raise AssertionError("no round without a rematch")
        for white, black in games:
            met[white].add(black)
            met[black].add(white)
            blocks[white].append(f"{black:4d} w 1")
            blocks[black].append(f"{white:4d} b 0")
        if bye is not None:
            blocks[bye].append("0000 - U")
    lines = ["012 Every white player won", "XXR 9"]
    lines += [player_line(pid, b) for pid, b in blocks.items()]
    return parse_trf("\n".join(lines) + "\n").tournament


SIBLINGS = [(16, 2, 1), (20, 2, 7), (22, 3, 3), (26, 2, 7), (28, 3, 11), (34, 2, 6),
            (40, 3, 5), (17, 2, 2), (31, 3, 9), (30, 3, 770075)]


@pytest.mark.parametrize("players,rounds,seed", SIBLINGS)
def test_siblings_pair_in_seconds_breaking_neither_b1_nor_b2(players: int, rounds: int,
                                                            seed: int) -> None:
    tournament = white_wins(players, rounds, seed)
    result, cpu = _timed_pair(tournament, rounds + 1)
    assert cpu < CPU_LIMIT, f"{players} players, seed {seed}: {cpu:.1f} s of CPU"
    assert breaches(tournament, rounds + 1, result) == []


# ---------------------------------------------------------------------------
# A bound on the work of a round


@pytest.mark.parametrize("lang,words", [("fr", "limite de travail du moteur dutch-1998"),
                                        ("en", "dutch-1998 engine's work limit")])
def test_a_round_past_the_work_limit_stops_with_a_message(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], lang: str,
        words: str) -> None:
    """Past WORK_LIMIT candidates and exchanges the round stops: the
    catalogue's message in the language asked, exit 2 (as the literal
    mode's limit), no traceback.  cours-c14 round 6 looks at 107."""
    monkeypatch.setattr(feasibility, "WORK_LIMIT", 50)
    code, out, err = run(capsys, "pair", str(DATA / "cours-c14.trf"), "--round", "6",
                         "--lang", lang)
    assert code == 2
    assert words in err and "cours-c14.trf" in err and "50" in err
    assert "Traceback" not in err and out == ""


def test_the_course_rounds_stay_far_below_the_work_limit(monkeypatch: pytest.MonkeyPatch
                                                         ) -> None:
    monkeypatch.setattr(feasibility, "WORK_LIMIT", 1000)
    for path in sorted(DATA.glob("cours-*.trf")):
        tournament = read_trf(path).tournament
        for round_number in range(2, tournament.rounds_paired + 1):
            pair(tournament, round_number)


def test_c13_climbing_past_the_penultimate_bracket_is_capped() -> None:
    """30 players, round 4 (the desk's former long round): the lowest bracket
    (0) is proved unpairable, so is bracket 1 with what comes down to it:
    C13 joins it with the lowest (seed 000: « les deux niveaux les plus bas
    seront regroupés en un seul ») and climbs to bracket 2 (score 2: 16
    players, 10 moved down), now the penultimate one, whose pairings of
    five pairs each leave six players in the joined lowest bracket that
    cannot all be paired (B1/B2, the bye): one matching of brackets 2 to 0
    together says so, and those pairings are not tried (13 s of CPU before,
    461 of them tried one after another).  The pairing is the one they led
    to.  (Before the join was kept, the cap was told as reckoned with
    several brackets below, step ``capped_below``.)"""
    tournament = white_wins(30, 3, 770075)
    events = list(trace(tournament, 4))
    capped = [e for e in events if isinstance(e, BracketUndone)
              and e.step in ("capped", "capped_below")]
    assert [(e.bracket.score, e.bracket.p, e.step) for e in capped] == [
        (Decimal(2), 4, "capped")]
    assert "au dernier niveau" in explain(capped[0], "fr")
    assert "the lowest bracket" in explain(capped[0], "en")
    result = events[-1]
    assert isinstance(result, RoundPaired)
    assert {frozenset(p) for p in result.pairs()} >= {
        frozenset(p) for p in ((3, 1), (5, 7), (9, 19), (11, 14))}
    assert breaches(tournament, 4, result) == []


def test_the_lowest_brackets_proof_lets_two_moved_down_players_meet() -> None:
    """C13's proof that the lowest bracket cannot be paired must not forbid
    what the procedure can do: once C14 has lowered p in a heterogeneous
    bracket, the moved-down players it takes out of S1 go to S2 (C4: « tous
    les autres joueurs en S2 ») and may meet the others.  Here 1 and 2 came
    down onto 3, 4, 5, 6 and the only pairing is 1–2, 3–4, 5–6: the bracket
    can be paired, so the proof must not say it cannot (it used to)."""
    from types import SimpleNamespace

    players = [SimpleNamespace(id=PlayerId(n)) for n in range(1, 7)]
    allowed = {frozenset((1, 2)), frozenset((3, 4)), frozenset((5, 6))}
    context = SimpleNamespace(
        hopeless={}, sort=lambda ps: sorted(ps, key=lambda p: p.id),
        pair_check=lambda a, b: None if frozenset((a.id, b.id)) in allowed else "B1a",
        bye_check=lambda p: None)
    moved, residents = tuple(players[:2]), tuple(players[2:])
    assert feasibility.lowest_hopeless(context, 3, residents, moved) is False  # type: ignore[arg-type]
    # Without 1–2, both need 3: no pairing at all, and the proof says so.
    allowed.discard(frozenset((1, 2)))
    allowed |= {frozenset((1, 3)), frozenset((2, 3))}
    context.hopeless.clear()
    assert feasibility.lowest_hopeless(context, 3, residents, moved) is True  # type: ignore[arg-type]
